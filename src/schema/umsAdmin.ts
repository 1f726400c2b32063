/**
 * Admin accounts as the admin's screens see them, and the UMS endpoints beyond plain CRUD.
 * The server's `/admin` routes are hand-written (password hashing, role assignment; server/routes/)
 * but follow the engine's conventions (`/list?keyword`, `/{id}`, `/create`, `/update/{id}`,
 * `/delete/{id}`, `/updateStatus/{id}?status=`), so one declaration drives the admin list, its
 * forms, validation and the data provider. It is not registered in ENTITIES: the server
 * generates no routes for it.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_LENGTH, USERNAME_LENGTH } from './auth-rules';
import { dateTime, defineEntity, flag, image, json, longText, text } from './entity';

/** An optional email: empty, or an address (the field may be left blank). */
const OPTIONAL_EMAIL = new RegExp(`^$|${EMAIL_PATTERN.source}`);

export const adminAccount = defineEntity({
  name: 'admin', path: '/admin', table: 'ums_admin', tenant: null, display: 'username',
  menu: { section: 'ums', route: 'admin' },
  search: { param: 'keyword', fields: ['username', 'nickName'] },
  fields: {
    username: text({ required: true, length: [USERNAME_LENGTH.min, USERNAME_LENGTH.max], unique: true, list: true }),
    nickName: text({ length: [0, 200], list: true }),
    email: text({ length: [0, EMAIL_MAX_LENGTH], pattern: OPTIONAL_EMAIL, list: true }),
    // The account's roles as the list and the record answer them (`code`: built-in roles only).
    roles: json(z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() })), { serverManaged: true, virtual: true, list: true }),
    // Never read back: required on create, and an empty value on update keeps the stored one.
    password: text({ required: true, length: [PASSWORD_LENGTH.min, PASSWORD_LENGTH.max] }),
    note: longText({ length: [0, 500] }),
    // The avatar the app bar shows (`mall`'s `icon`).
    icon: image(),
    createTime: dateTime({ auto: 'create', list: true }),
    loginTime: dateTime({ serverManaged: true, list: true }),
    status: flag({ default: 1, list: true, toggle: '/updateStatus/{id}' }),
    // Roles given on create; later changes go through `ADMIN_ROLES` (the "assign roles" dialog).
    roleIds: json(z.array(z.number().int().positive()), { virtual: true, immutable: true }),
  },
});

/**
 * What a signed-in admin may change about their own account (`PROFILE_API.update`): these fields
 * of the account declaration, with its rules, and nothing else (no name, status, roles or password).
 */
export const adminProfile = defineEntity({
  name: adminAccount.name, path: adminAccount.path, table: adminAccount.table, tenant: null, display: 'nickName', menu: adminAccount.menu,
  fields: {
    nickName: adminAccount.fields.nickName,
    email: adminAccount.fields.email,
    icon: adminAccount.fields.icon,
    note: adminAccount.fields.note,
  },
});

/**
 * Self-service endpoints of the signed-in admin (every account may call them, whatever its roles):
 * `mall` has none for the profile. `update` takes the profile fields (selective, strict) and answers
 * the caller's profile; `uploadAvatar` stores one image like `/minio/upload`, for accounts without
 * upload rights too (bounded by their storage quota and upload rate).
 */
export const PROFILE_API = {
  update: '/admin/updateProfile',
  uploadAvatar: '/admin/uploadAvatar',
} as const;

/** The UMS endpoints that are not engine CRUD (mall-admin-api.md section 3.7 plus groups and capacity). */
export const UMS_API = {
  /** GET: the roles of an admin. */
  adminRoles: (adminId: number | string) => `/admin/role/${adminId}`,
  /** POST ?adminId=&roleIds=1,2: replaces the admin's roles. */
  adminRolesUpdate: '/admin/role/update',
  /** GET: menus / resources granted to a role. */
  roleMenus: (roleId: number | string) => `/role/listMenu/${roleId}`,
  roleResources: (roleId: number | string) => `/role/listResource/${roleId}`,
  /** POST ?roleId=&menuIds= / ?roleId=&resourceIds=: replace the role's menus / resources. */
  roleAllocMenu: '/role/allocMenu',
  roleAllocResource: '/role/allocResource',
  /** GET: the whole menu tree (roots with nested `children`). */
  menuTree: '/menu/treeList',
  /** GET: the admins and sellers of a group; POST ?groupId=&adminIds=: replaces them. */
  groupMembers: (groupId: number | string) => `/userGroup/members/${groupId}`,
  groupAllocMembers: '/userGroup/allocMembers',
  /** GET ?pageNum&pageSize&groupId&overOnly: members' usage against their group's quotas. */
  capacityList: '/capacity/list',
} as const;

/** One quota of a member on the capacity screen. */
export type CapacityItem = {
  readonly key: string;
  readonly unit: string;
  readonly usage: number;
  /** null: unlimited. */
  readonly quota: number | null;
  readonly percent: number | null;
  readonly warn: boolean;
  readonly over: boolean;
};

export type CapacityRow = {
  readonly adminId: number;
  readonly username: string;
  readonly groupId: number | null;
  readonly groupName: string | null;
  readonly items: readonly CapacityItem[];
};

/** A node of `GET /menu/treeList`. */
export type MenuNode = {
  readonly id: number;
  readonly parentId: number;
  readonly title: string;
  readonly name: string;
  readonly level: number;
  readonly sort: number;
  readonly hidden: 0 | 1;
  readonly children?: readonly MenuNode[];
};
