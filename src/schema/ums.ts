/**
 * Permissions area (`ums`): roles, menus, resources and their categories, user groups with
 * quotas, and the read-only audit log. Admin accounts are not a plain entity (passwords, role
 * assignment): their routes are hand-written in server/routes/.
 */
import { dateTime, defineEntity, flag, int, longText, name, reference, referenceName, text } from './entity';

const createTime = dateTime({ auto: 'create', list: true, sortable: true });

export const role = defineEntity({
  name: 'role', path: '/role', table: 'ums_role', tenant: null, display: 'name',
  menu: { section: 'ums', route: 'role' },
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
});

/** A menu's `name` is a route name of the admin (src/schema/routes.ts). */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const menu = defineEntity({
  name: 'menu', path: '/menu', table: 'ums_menu', tenant: null, display: 'title',
  menu: { section: 'ums', route: 'menu', create: 'addMenu', edit: 'updateMenu' },
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
});

export const resourceCategory = defineEntity({
  name: 'resourceCategory', path: '/resourceCategory', table: 'ums_resource_category', tenant: null, display: 'name',
  menu: { section: 'ums', route: 'resourceCategory' },
  defaultSort: { field: 'sort', order: 'DESC' },
  listAll: true,
  fields: {
    name: name({ list: true, length: [1, 100] }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    createTime,
  },
});

/** Ant path patterns as `mall` stores them: `/brand/**`, `/productAttribute/category/*`. */
export const ANT_PATTERN = /^\/[A-Za-z0-9_\-/*.{}?]*$/;

export const resource = defineEntity({
  name: 'resource', path: '/resource', table: 'ums_resource', tenant: null, display: 'name',
  menu: { section: 'ums', route: 'resource' },
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
  menu: { section: 'ums', route: 'group' },
  search: { param: 'keyword', fields: ['name'] },
  listAll: true,
  fields: {
    name: name({ list: true, unique: true, length: [2, 100] }),
    description: text({ length: [0, 500], list: true }),
    quotaShops: int({ min: 0, list: true, section: 'quota' }),
    quotaProducts: int({ min: 0, list: true, section: 'quota' }),
    quotaMolds: int({ min: 0, list: true, section: 'quota' }),
    quotaStorageMb: int({ min: 0, list: true, section: 'quota' }),
    warnPercent: int({ default: 80, min: 1, max: 100, list: true, section: 'quota' }),
    memberCount: int({ serverManaged: true, list: true }),
    createTime,
  },
});

/** Every change, read-only: who, when, what, before/after (secrets removed), IP. */
export const auditLog = defineEntity({
  name: 'auditLog', path: '/auditLog', table: 'sys_audit_log', tenant: null, display: 'action',
  menu: { section: 'ums', route: 'auditLog' },
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
