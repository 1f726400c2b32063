/**
 * Table types for Kysely, in `mall`'s naming (snake_case columns; the API speaks camelCase).
 * Timestamps are stored as ISO-8601 UTC text with milliseconds on both dialects (see ./time.ts),
 * so every column type here is the same whatever the database.
 */
import type { Generated } from 'kysely';

/** ISO-8601 UTC with milliseconds, `2024-05-01T16:00:00.000Z`; written only through ./time.ts. */
export type Timestamp = string;

export type UmsAdminTable = {
  id: Generated<number>;
  username: string;
  password: string;
  icon: string | null;
  email: string | null;
  nick_name: string | null;
  note: string | null;
  create_time: Timestamp;
  login_time: Timestamp | null;
  status: number;
  invite_code: string | null;
  referrer_id: number | null;
};

export type UmsRoleTable = {
  id: Generated<number>;
  code: string | null;
  name: string;
  description: string | null;
  admin_count: number;
  create_time: Timestamp;
  status: number;
  sort: number;
};

export type UmsAdminRoleRelationTable = { id: Generated<number>; admin_id: number; role_id: number };

export type UmsMenuTable = {
  id: Generated<number>;
  parent_id: number;
  create_time: Timestamp;
  title: string;
  level: number;
  sort: number;
  name: string;
  icon: string | null;
  hidden: number;
};

export type UmsRoleMenuRelationTable = { id: Generated<number>; role_id: number; menu_id: number };

export type UmsResourceCategoryTable = { id: Generated<number>; create_time: Timestamp; name: string; sort: number };

export type UmsResourceTable = {
  id: Generated<number>;
  create_time: Timestamp;
  name: string;
  url: string;
  description: string | null;
  category_id: number | null;
};

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

export type SysAuditLogTable = {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  create_time: Timestamp;
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

export type ShopTable = {
  id: Generated<number>;
  shop_name: string;
  /** The seller (admin) who owns the shop; null once the owner's account is deleted. */
  owner_id: number | null;
  status: number;
  create_time: Timestamp;
};

export type MoldTable = {
  id: Generated<number>;
  code: string;
  name: string;
  shop_id: number;
  size: string | null;
  material: string | null;
  location: string | null;
  status: number;
  usage_count: number;
  rated_life: number;
  image: string | null;
  note: string | null;
  create_time: Timestamp;
};

/** Quotas: null = unlimited. */
export type UmsUserGroupTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  quota_shops: number | null;
  quota_products: number | null;
  quota_molds: number | null;
  quota_storage_mb: number | null;
  warn_percent: number;
  member_count: number;
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

export type Database = {
  ums_admin: UmsAdminTable;
  ums_role: UmsRoleTable;
  ums_admin_role_relation: UmsAdminRoleRelationTable;
  ums_menu: UmsMenuTable;
  ums_role_menu_relation: UmsRoleMenuRelationTable;
  ums_resource_category: UmsResourceCategoryTable;
  ums_resource: UmsResourceTable;
  ums_role_resource_relation: UmsRoleResourceRelationTable;
  ums_admin_session: UmsAdminSessionTable;
  ums_admin_login_log: UmsAdminLoginLogTable;
  ums_login_throttle: UmsLoginThrottleTable;
  sys_audit_log: SysAuditLogTable;
  sys_upload: SysUploadTable;
  ums_permission_version: UmsPermissionVersionTable;
  shop: ShopTable;
  mold: MoldTable;
  ums_user_group: UmsUserGroupTable;
  ums_user_group_member: UmsUserGroupMemberTable;
  sys_job: SysJobTable;
};

type ColumnLists = { readonly [T in keyof Database]: readonly (keyof Database[T] & string)[] };

/**
 * The columns of every table, as data: the schema test compares them with what the migrations
 * actually created on each dialect. The type below fails to compile when a column of the
 * Database type is missing here, so the list cannot silently fall behind.
 */
export const TABLE_COLUMNS = {
  ums_admin: ['id', 'username', 'password', 'icon', 'email', 'nick_name', 'note', 'create_time', 'login_time', 'status', 'invite_code', 'referrer_id'],
  ums_role: ['id', 'code', 'name', 'description', 'admin_count', 'create_time', 'status', 'sort'],
  ums_admin_role_relation: ['id', 'admin_id', 'role_id'],
  ums_menu: ['id', 'parent_id', 'create_time', 'title', 'level', 'sort', 'name', 'icon', 'hidden'],
  ums_role_menu_relation: ['id', 'role_id', 'menu_id'],
  ums_resource_category: ['id', 'create_time', 'name', 'sort'],
  ums_resource: ['id', 'create_time', 'name', 'url', 'description', 'category_id'],
  ums_role_resource_relation: ['id', 'role_id', 'resource_id'],
  ums_admin_session: ['id', 'admin_id', 'create_time', 'expire_time', 'revoked_time', 'ip', 'user_agent'],
  ums_admin_login_log: ['id', 'admin_id', 'create_time', 'ip', 'user_agent'],
  ums_login_throttle: ['key', 'failures', 'window_start', 'locked_until', 'lockouts'],
  sys_audit_log: ['id', 'admin_id', 'action', 'entity', 'entity_id', 'before_json', 'after_json', 'ip', 'create_time'],
  sys_upload: ['id', 'admin_id', 'url', 'original_name', 'mime_type', 'size_bytes', 'create_time'],
  ums_permission_version: ['id', 'version'],
  shop: ['id', 'shop_name', 'owner_id', 'status', 'create_time'],
  mold: ['id', 'code', 'name', 'shop_id', 'size', 'material', 'location', 'status', 'usage_count', 'rated_life', 'image', 'note', 'create_time'],
  ums_user_group: ['id', 'name', 'description', 'quota_shops', 'quota_products', 'quota_molds', 'quota_storage_mb', 'warn_percent', 'member_count', 'create_time'],
  ums_user_group_member: ['id', 'group_id', 'admin_id'],
  sys_job: ['name', 'lease_owner', 'lease_until', 'next_run_time', 'last_start_time', 'last_end_time', 'last_status', 'last_message', 'run_count', 'failure_count'],
} as const satisfies ColumnLists;

type MissingColumns = {
  [T in keyof Database]: Exclude<keyof Database[T], (typeof TABLE_COLUMNS)[T][number]>;
}[keyof Database];
type AssertNever<T extends never> = T;
/** Compile-time check only: a column missing from TABLE_COLUMNS makes this alias an error. */
export type TableColumnsAreComplete = AssertNever<MissingColumns>;
