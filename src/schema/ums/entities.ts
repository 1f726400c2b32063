/**
 * Permissions area (`ums`): roles with their menus and resources, menus, resources and their
 * categories, user groups with quotas and members, the capacity list, and the read-only audit
 * log. Admin accounts are declared in ./admin.ts (a write-only password). What is not CRUD
 * is a declared action, served by the engine and run by server/areas/ums and server/areas/capacity.
 */
import { dateTime, defineEntity, flag, int, longText, name, reference, referenceName, references, text } from '../engine/entity';
import type { MenuItem } from '../api';
import { PAGE_SIZE } from '../rules';

const createTime = dateTime({ auto: 'create', list: true, sortable: true });

export const role = defineEntity({
  name: 'role', path: '/role', table: 'ums_role', tenant: null, display: 'name',
  // Grants and memberships are parts of the role (the account keeps its other roles).
  owns: [
    { table: 'ums_admin_role_relation', column: 'role_id', policy: 'cascade' },
    { table: 'ums_role_menu_relation', column: 'role_id', policy: 'cascade' },
    { table: 'ums_role_resource_relation', column: 'role_id', policy: 'cascade' },
  ],
  menu: { route: 'role' },
  search: { param: 'keyword', fields: ['name'] },
  listAll: true,
  deleteStyle: 'batch',
  fields: {
    name: name({ list: true, unique: true, length: [2, 100] }),
    /** Stable identity of a built-in role (`super_admin`, `seller`); null for roles made in the admin. */
    code: text({ serverManaged: true, length: [0, 64] }),
    description: text({ length: [0, 500], list: true }),
    adminCount: int({ serverManaged: true, list: true }),
    createTime,
    status: flag({ default: 1, list: true, toggle: '/updateStatus/{id}' }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
  },
  batch: [
    { kind: 'delete', path: '/delete' },
    { kind: 'set', path: '/updateStatus/{id}', field: 'status' },
  ],
  // `mall`'s allocation endpoints: the ids replace the role's list ("" clears it), bounded by what
  // the caller holds (server/auth/ceiling.ts). The allocation screens call them.
  actions: {
    listMenu: { on: 'row', path: '/listMenu/{roleId}', writes: false, summary: 'Menus granted to a role' },
    listResource: { on: 'row', path: '/listResource/{roleId}', writes: false, summary: 'Resources granted to a role' },
    allocMenu: {
      on: 'row', path: '/allocMenu', idParam: 'roleId', writes: true, button: false, summary: 'Replace the menus of a role',
      params: { menuIds: references('menu', 'title', { required: true }) },
    },
    allocResource: {
      on: 'row', path: '/allocResource', idParam: 'roleId', writes: true, button: false, summary: 'Replace the resources of a role',
      params: { resourceIds: references('resource', 'name', { required: true }) },
    },
  },
});

/** A menu's `name` is a route name of the admin (src/schema/routes.ts). */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const menu = defineEntity({
  name: 'menu', path: '/menu', table: 'ums_menu', tenant: null, display: 'title',
  owns: [{ table: 'ums_role_menu_relation', column: 'menu_id', policy: 'cascade' }],
  menu: { route: 'menu', create: 'addMenu', edit: 'updateMenu' },
  listPath: '/list/{parentId}',
  defaultSort: { field: 'sort', order: 'DESC' },
  tree: { parent: 'parentId', level: 'level', hasChildren: 'menu_has_children' },
  fields: {
    parentId: int({ default: 0, min: 0, filter: { param: 'parentId', op: 'eq' } }),
    createTime,
    title: text({ required: true, length: [1, 100], list: true }),
    level: int({ serverManaged: true, list: true }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    name: text({ required: true, length: [1, 100], pattern: MENU_NAME_PATTERN, unique: true, list: true }),
    icon: text({ length: [0, 200], list: true }),
    hidden: flag({ default: 0, list: true, toggle: '/updateHidden/{id}' }),
  },
  batch: [{ kind: 'set', path: '/updateHidden/{id}', field: 'hidden' }],
  actions: {
    treeList: { on: 'collection', path: '/treeList', writes: false, summary: 'The whole menu tree (roots with nested children)' },
  },
});

export const resourceCategory = defineEntity({
  name: 'resourceCategory', path: '/resourceCategory', table: 'ums_resource_category', tenant: null, display: 'name',
  menu: { route: 'resourceCategory' },
  defaultSort: { field: 'sort', order: 'DESC' },
  listAll: true,
  fields: {
    name: name({ list: true, length: [1, 100] }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    createTime,
  },
});

/** Ant path patterns as `mall` stores them: `/brand/**`, `/productAttribute/category/*`. */
// `:`, `\`, `[`, `]`, `^` and `+` for a variable's regex (`/rms/reward/{id:\d+}`, src/schema/engine/ant.ts).
export const ANT_PATTERN = /^\/[A-Za-z0-9_\-/*.{}?:\\[\]^+]*$/;

export const resource = defineEntity({
  name: 'resource', path: '/resource', table: 'ums_resource', tenant: null, display: 'name',
  owns: [{ table: 'ums_role_resource_relation', column: 'resource_id', policy: 'cascade' }],
  menu: { route: 'resource' },
  listAll: true,
  fields: {
    name: name({ list: true, length: [1, 200], filter: { param: 'nameKeyword', op: 'like', alwaysOn: true } }),
    url: text({ required: true, length: [1, 200], pattern: ANT_PATTERN, list: true, filter: { param: 'urlKeyword', op: 'like' } }),
    description: text({ length: [0, 500], list: true }),
    categoryId: reference('resourceCategory', 'name', { required: true, list: true, filter: { param: 'categoryId', op: 'eq' } }),
    categoryName: referenceName('categoryId'),
    createTime,
  },
});

/** A group of admins and sellers with quotas; null quota = unlimited. */
export const userGroup = defineEntity({
  name: 'userGroup', path: '/userGroup', table: 'ums_user_group', tenant: null, display: 'name',
  owns: [{ table: 'ums_user_group_member', column: 'group_id', policy: 'cascade' }],
  menu: { route: 'group' },
  search: { param: 'keyword', fields: ['name'] },
  listAll: true,
  fields: {
    name: name({ list: true, unique: true, length: [2, 100] }),
    description: text({ length: [0, 500], list: true, listPriority: 'low' }),
    quotaShops: int({ min: 0, list: true, section: 'quota' }),
    quotaProducts: int({ min: 0, list: true, section: 'quota' }),
    quotaMolds: int({ min: 0, list: true, section: 'quota' }),
    quotaStorageMb: int({ min: 0, list: true, section: 'quota' }),
    warnPercent: int({ default: 80, min: 1, max: 100, list: true, listPriority: 'low', section: 'quota' }),
    memberCount: int({ serverManaged: true, list: true }),
    createTime,
  },
  actions: {
    members: { on: 'row', path: '/members/{groupId}', writes: false, summary: 'Admins of a user group: id, username, nickName' },
    allocMembers: {
      on: 'row', path: '/allocMembers', idParam: 'groupId', writes: true, button: false,
      summary: 'Replace the members of a user group (an admin moves from any previous group); answers the member count',
      params: { adminIds: references('admin', 'username', { required: true }) },
    },
    // Usage against the quotas of every member (of one group), paged; `overOnly` keeps those past a threshold.
    capacity: {
      on: 'collection', path: '/capacity/list', root: true, writes: false,
      summary: 'Each user-group member with usage, quota, percent and warn/over flags for every registered area',
      params: {
        pageNum: int({ default: 1, min: 1, max: 1_000_000 }),
        pageSize: int({ default: PAGE_SIZE.default, min: 1, max: PAGE_SIZE.max }),
        groupId: int({ min: 1 }),
        overOnly: flag({ default: 0 }),
      },
    },
  },
});

/** Every change, read-only: who, when, what, before/after (secrets removed), IP. */
export const auditLog = defineEntity({
  name: 'auditLog', path: '/auditLog', table: 'sys_audit_log', tenant: null, display: 'action',
  menu: { route: 'auditLog' },
  routes: { create: false, update: false, delete: false },
  fields: {
    // Who did it; 0 or null for the system (seed, jobs).
    adminId: reference('admin', 'username', { serverManaged: true, list: true, filter: { param: 'adminId', op: 'eq' } }),
    adminName: referenceName('adminId'),
    action: text({ serverManaged: true, list: true, filter: { param: 'action', op: 'eq' } }),
    entity: text({ serverManaged: true, list: true, filter: { param: 'entity', op: 'eq', alwaysOn: true } }),
    entityId: text({ serverManaged: true, list: true, filter: { param: 'entityId', op: 'eq' } }),
    beforeJson: longText({ serverManaged: true, omitInList: true }),
    afterJson: longText({ serverManaged: true, omitInList: true }),
    ip: text({ serverManaged: true, list: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', alwaysOn: true, range: true } }),
  },
});

/** A node of `GET /menu/treeList` (the `treeList` action of menus): a menu with its children, recursively. */
export type MenuNode = MenuItem & { readonly children: readonly MenuNode[] };

/** One quota of a member in `GET /capacity/list` (the `capacity` action of user groups). */
export type CapacityItem = {
  /** The quota meter (`shops`, `molds`, `storage`...): areas register them on the server. */
  readonly key: string;
  readonly unit: 'count' | 'MB';
  readonly usage: number;
  /** null: unlimited. */
  readonly quota: number | null;
  /** usage / quota in percent, one decimal; null when unlimited. */
  readonly percent: number | null;
  /** At or past the group's warning threshold. */
  readonly warn: boolean;
  /** At or past the quota. */
  readonly over: boolean;
};

/** A member of a user group with its usage of every quota (a row of `GET /capacity/list`). */
export type CapacityRow = {
  readonly adminId: number;
  readonly username: string;
  readonly nickName: string | null;
  readonly groupId: number;
  readonly groupName: string;
  readonly warnPercent: number;
  readonly items: readonly CapacityItem[];
  /** Some item is past its warning threshold / over its quota. */
  readonly warn: boolean;
  readonly over: boolean;
};
