/**
 * Table types for Kysely, in `mall`'s naming (snake_case columns; the API speaks camelCase).
 * Tables an entity declares (src/schema/entities.ts) take their types from the declaration
 * (./declared.ts); only the tables no entity declares (sessions, role grants, login throttle,
 * uploads, jobs...) and the admin account's VIP expiry are written out here.
 * Timestamps are stored as ISO-8601 UTC text with milliseconds on both dialects (see ./time.ts),
 * so every column type here is the same whatever the database.
 */
import type { Generated } from 'kysely';
import type { ENTITIES } from '../../src/schema/entities';
import { entityList } from '../../src/schema/entities';
import { tableColumnsOf } from '../../src/schema/engine/entity';
import type { DeclaredTables, Timestamp } from './declared';

export type { Timestamp } from './declared';

/**
 * The admin account columns its declaration (src/schema/ums/admin.ts) does not carry: the rest of
 * `ums_admin` is derived from it like every declared table.
 */
export type UmsAdminExtraColumns = {
  /** When the seller's VIP ends (ISO-8601 UTC); null: never bought one. Confirmed payments move it (server/areas/vip). */
  vip_expire_time: Timestamp | null;
};

export type UmsAdminRoleRelationTable = { id: Generated<number>; admin_id: number; role_id: number };

export type UmsRoleMenuRelationTable = { id: Generated<number>; role_id: number; menu_id: number };

export type UmsRoleResourceRelationTable = { id: Generated<number>; role_id: number; resource_id: number };

export type UmsAdminSessionTable = {
  /** Random UUID; the JWT's `sid`. */
  id: string;
  admin_id: number;
  create_time: Timestamp;
  expire_time: Timestamp;
  revoked_time: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
};

export type UmsAdminLoginLogTable = {
  id: Generated<number>;
  admin_id: number;
  create_time: Timestamp;
  ip: string | null;
  user_agent: string | null;
};

export type UmsLoginThrottleTable = {
  /** `pair:<username>|<ip>`, `account:<username>`, `ip:<address>`, `register:<ip>`, `upload:<adminId>`. */
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
  /** Lock-outs so far (growing delays double the lock each time). */
  lockouts: Generated<number>;
};

export type SysUploadTable = {
  id: Generated<number>;
  admin_id: number | null;
  /** Public path, `/uploads/2026/11/<uuid>.png`. */
  url: string;
  original_name: string | null;
  mime_type: string;
  size_bytes: number;
  create_time: Timestamp;
};

/** admin_id is unique: an admin belongs to at most one group. */
export type UmsUserGroupMemberTable = { id: Generated<number>; group_id: number; admin_id: number };

/** One row (id 1): incremented by every permission change (see server/auth/permissions.ts). */
export type UmsPermissionVersionTable = { id: number; version: number };

/** One row per scheduled job: its lease and its last run (see server/jobs/runner.ts). */
export type SysJobTable = {
  name: string;
  /** The runner (process) running the job now; null when no one is. */
  lease_owner: string | null;
  lease_until: Timestamp | null;
  next_run_time: Timestamp;
  last_start_time: Timestamp | null;
  last_end_time: Timestamp | null;
  /** `ok` or `failed`. */
  last_status: string | null;
  /** The job's summary, or the error of a failed run. */
  last_message: string | null;
  run_count: number;
  failure_count: number;
};

/** Distribution ratios (src/schema/referral/entities.ts): the global one has no referrer; whole ten-thousandths. */
export type RmsRatioTable = {
  id: Generated<number>;
  referrer_id: number | null;
  ratio: number;
  update_time: Timestamp | null;
  operator_id: number | null;
};

/** Grants the declarations gave built-in roles and the server applied (server/auth/builtin-grants.ts). */
export type UmsBuiltinGrantTable = { role_code: string; kind: 'resource' | 'menu'; name: string };

/** `mall`'s verification history of products (`pms_product_vertify_record`, its spelling): one row per verify action and product. */
export type PmsProductVertifyRecordTable = {
  id: Generated<number>;
  product_id: number;
  create_time: Timestamp;
  vertify_man: string | null;
  status: number;
  detail: string | null;
};

/** A payment a provider confirmed for a buyer's order (server/areas/portal/orders/pay.ts): one per order. */
export type OmsOrderPaymentTable = {
  id: Generated<number>; order_id: number; shop_id: number; channel: string; trade_no: string;
  provider_reference: string | null; amount: number; create_time: Timestamp;
};

/** Orders and sales per shop and quarter hour, kept by triggers on `oms_order` (server/db/order-stats.ts). */
export type OmsOrderStatsTable = { shop_id: number; bucket: number; orders: Generated<number>; paid: Generated<number>; sales: Generated<number> };

/** A member's sign-in to a shop front (server/areas/portal): its address is "known" after one success. */
export type UmsMemberLoginLogTable = { id: Generated<number>; member_id: number; create_time: Timestamp; ip: string | null };

/** A code sent to a phone for a shop front's sign-up: hashed, single use, expiring (server/areas/portal/codes.ts). */
export type PortalAuthCodeTable = {
  id: Generated<number>;
  shop_id: number;
  phone: string;
  /** What the code is for (`register`). */
  purpose: string;
  code_hash: string;
  /** Wrong guesses so far; the code dies after a few. */
  attempts: Generated<number>;
  create_time: Timestamp;
  expire_time: Timestamp;
  used_time: Timestamp | null;
};

/** A text message sent to a buyer's phone through the shop front's message channel (server/areas/portal/channel.ts). */
export type PortalTextMessageTable = { id: Generated<number>; shop_id: number; phone: string; text: string; create_time: Timestamp };

/**
 * The member columns its declaration (src/schema/member/entities.ts) does not carry: what signing
 * in to a shop front needs (server/areas/portal). Never answered by the admin's member routes.
 */
export type UmsMemberExtraColumns = {
  /** argon2id hash; null: the member never set one (a member the seller added) and cannot sign in. */
  password: string | null;
  /** Points and growth, as `mall`'s member carries them. */
  integration: Generated<number>;
  growth: Generated<number>;
  /** Bumped by a password change: every buyer token carries the version it was issued at. */
  token_version: Generated<number>;
  login_time: Timestamp | null;
};

/** One message the system sends, from its enqueueing to its delivery (server/jobs/outbox.ts). */
export type SysOutboxTable = {
  id: Generated<number>;
  /** How it travels: `email`. */
  channel: string;
  recipient: string;
  /** The language it was written in (`en`, `zh`): the recipient's. */
  language: string;
  subject: string;
  body: string;
  /** What it is about (`order`) and that record's id: a screen lists a record's messages. */
  topic: string | null;
  topic_id: number | null;
  shop_id: number | null;
  /** `queued` (due at next_attempt_time), `sending` (claimed by lease_owner until lease_until), `sent`, `failed` (for good). */
  status: string;
  attempts: number;
  next_attempt_time: Timestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  /** Why the last attempt failed (the mail server's answer): a failed message keeps it for the screens. */
  last_error: string | null;
  create_time: Timestamp;
  sent_time: Timestamp | null;
};

/** A buyer's cart line (server/areas/portal/cart.ts): only what the buyer chose; names and prices are read from the catalog. */
export type OmsCartItemTable = {
  id: Generated<number>;
  shop_id: number;
  member_id: number;
  product_id: number;
  /** 0: a product without SKUs. */
  product_sku_id: number;
  quantity: number;
  create_date: Timestamp;
  modify_date: Timestamp;
};

/** A buyer's receiving address (server/areas/portal/address.ts). */
export type UmsMemberReceiveAddressTable = {
  id: Generated<number>;
  shop_id: number;
  member_id: number;
  name: string;
  phone_number: string;
  default_status: number;
  post_code: string | null;
  province: string | null;
  city: string | null;
  region: string | null;
  detail_address: string;
};

/** A buyer's favourite product or a product they viewed (server/areas/portal/favourites.ts): one row per member and product. */
export type UmsMemberProductMarkTable = { id: Generated<number>; shop_id: number; member_id: number; product_id: number; create_time: Timestamp };

/** A brand a buyer follows (server/areas/portal/favourites.ts). */
export type UmsMemberBrandAttentionTable = { id: Generated<number>; shop_id: number; member_id: number; brand_id: number; brand_city: string | null; create_time: Timestamp };

/** An event a carrier reported for a shipped order (server/areas/oms/tracking.ts). */
export type OmsOrderTrackEventTable = {
  id: Generated<number>;
  order_id: number;
  shop_id: number;
  event_time: Timestamp;
  /** picked_up, in_transit, out_for_delivery, delivered, exception (server/areas/oms/carriers.ts). */
  status: string;
  description: string;
  location: string | null;
  create_time: Timestamp;
};

/** The tables no entity declares, and the columns a declared table has beyond its declaration. */
type HandTables = {
  ums_admin: UmsAdminExtraColumns;
  ums_admin_role_relation: UmsAdminRoleRelationTable;
  ums_role_menu_relation: UmsRoleMenuRelationTable;
  ums_role_resource_relation: UmsRoleResourceRelationTable;
  ums_admin_session: UmsAdminSessionTable;
  ums_admin_login_log: UmsAdminLoginLogTable;
  ums_login_throttle: UmsLoginThrottleTable;
  sys_upload: SysUploadTable;
  ums_permission_version: UmsPermissionVersionTable;
  ums_user_group_member: UmsUserGroupMemberTable;
  sys_job: SysJobTable;
  rms_ratio: RmsRatioTable;
  ums_builtin_grant: UmsBuiltinGrantTable;
  pms_product_vertify_record: PmsProductVertifyRecordTable;
  oms_order_stats: OmsOrderStatsTable;
  oms_order_payment: OmsOrderPaymentTable;
  ums_member: UmsMemberExtraColumns;
  ums_member_login_log: UmsMemberLoginLogTable;
  portal_auth_code: PortalAuthCodeTable;
  portal_text_message: PortalTextMessageTable;
  oms_cart_item: OmsCartItemTable;
  ums_member_receive_address: UmsMemberReceiveAddressTable;
  ums_member_product_collection: UmsMemberProductMarkTable;
  ums_member_read_history: UmsMemberProductMarkTable;
  ums_member_brand_attention: UmsMemberBrandAttentionTable;
  sys_outbox: SysOutboxTable;
  oms_order_track_event: OmsOrderTrackEventTable;
};

/** Every table: declared ones derived from their entity, the others by hand. */
export type Database = HandTables & DeclaredTables<typeof ENTITIES>;

/** An admin account row: the declaration's columns and the extra ones. */
export type UmsAdminTable = Database['ums_admin'];

type ColumnLists = { readonly [T in keyof HandTables]: readonly (keyof HandTables[T] & string)[] };

/** The columns of the tables no entity declares; the type below keeps the list complete. */
const HAND_COLUMNS = {
  ums_admin: ['vip_expire_time'],
  ums_admin_role_relation: ['id', 'admin_id', 'role_id'],
  ums_role_menu_relation: ['id', 'role_id', 'menu_id'],
  ums_role_resource_relation: ['id', 'role_id', 'resource_id'],
  ums_admin_session: ['id', 'admin_id', 'create_time', 'expire_time', 'revoked_time', 'ip', 'user_agent'],
  ums_admin_login_log: ['id', 'admin_id', 'create_time', 'ip', 'user_agent'],
  ums_login_throttle: ['key', 'failures', 'window_start', 'locked_until', 'lockouts'],
  sys_upload: ['id', 'admin_id', 'url', 'original_name', 'mime_type', 'size_bytes', 'create_time'],
  ums_permission_version: ['id', 'version'],
  ums_user_group_member: ['id', 'group_id', 'admin_id'],
  sys_job: ['name', 'lease_owner', 'lease_until', 'next_run_time', 'last_start_time', 'last_end_time', 'last_status', 'last_message', 'run_count', 'failure_count'],
  rms_ratio: ['id', 'referrer_id', 'ratio', 'update_time', 'operator_id'],
  ums_builtin_grant: ['role_code', 'kind', 'name'],
  pms_product_vertify_record: ['id', 'product_id', 'create_time', 'vertify_man', 'status', 'detail'],
  oms_order_stats: ['shop_id', 'bucket', 'orders', 'paid', 'sales'],
  oms_order_payment: ['id', 'order_id', 'shop_id', 'channel', 'trade_no', 'provider_reference', 'amount', 'create_time'],
  ums_member: ['password', 'integration', 'growth', 'token_version', 'login_time'],
  ums_member_login_log: ['id', 'member_id', 'create_time', 'ip'],
  portal_auth_code: ['id', 'shop_id', 'phone', 'purpose', 'code_hash', 'attempts', 'create_time', 'expire_time', 'used_time'],
  portal_text_message: ['id', 'shop_id', 'phone', 'text', 'create_time'],
  oms_cart_item: ['id', 'shop_id', 'member_id', 'product_id', 'product_sku_id', 'quantity', 'create_date', 'modify_date'],
  ums_member_receive_address: ['id', 'shop_id', 'member_id', 'name', 'phone_number', 'default_status', 'post_code', 'province', 'city', 'region', 'detail_address'],
  ums_member_product_collection: ['id', 'shop_id', 'member_id', 'product_id', 'create_time'],
  ums_member_read_history: ['id', 'shop_id', 'member_id', 'product_id', 'create_time'],
  ums_member_brand_attention: ['id', 'shop_id', 'member_id', 'brand_id', 'brand_city', 'create_time'],
  sys_outbox: ['id', 'channel', 'recipient', 'language', 'subject', 'body', 'topic', 'topic_id', 'shop_id', 'status', 'attempts', 'next_attempt_time', 'lease_owner', 'lease_until', 'last_error', 'create_time', 'sent_time'],
  oms_order_track_event: ['id', 'order_id', 'shop_id', 'event_time', 'status', 'description', 'location', 'create_time'],
} as const satisfies ColumnLists;

type MissingColumns = {
  [T in keyof HandTables]: Exclude<keyof HandTables[T], (typeof HAND_COLUMNS)[T][number]>;
}[keyof HandTables];
type AssertNever<T extends never> = T;
/** Compile-time check only: a column missing from HAND_COLUMNS makes this alias an error. */
export type TableColumnsAreComplete = AssertNever<MissingColumns>;

/**
 * The columns of every table, as data: the schema test compares them with what the migrations
 * actually created on each dialect. Declared tables list theirs from the declaration, by the
 * rules their types follow (`tableColumnsOf`).
 */
const DECLARED_COLUMNS = new Map(entityList.flatMap((entity) => tableColumnsOf(entity).map((t) => [t.table, t.columns] as const)));

export const TABLE_COLUMNS = Object.fromEntries([
  ...DECLARED_COLUMNS,
  ...Object.entries(HAND_COLUMNS).map(([table, columns]) => [table, [...(DECLARED_COLUMNS.get(table) ?? []), ...columns]] as const),
]) as Readonly<Record<keyof Database, readonly string[]>>;
