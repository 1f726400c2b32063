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

/** Orders and sales per shop and quarter hour, kept by triggers on `oms_order` (server/db/order-stats.ts). */
export type OmsOrderStatsTable = { shop_id: number; bucket: number; orders: Generated<number>; paid: Generated<number>; sales: Generated<number> };

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
