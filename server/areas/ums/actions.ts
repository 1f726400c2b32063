/**
 * What the permission entities' declared actions do (src/schema/ums/entities.ts, src/schema/ums/admin.ts):
 * a role's menus and resources (read, replace), the menu tree, an admin's roles (read, replace).
 * The engine has checked the parameters, loaded the target inside the caller's scope (404
 * otherwise) and checked that every id names a row; each replacement here bumps the permission
 * version first (serialising permission changes), then applies the permission ceiling: only
 * menus, resources and roles the caller holds may be added (what is there may stay), only a
 * super admin touches the super admin role, and the last enabled super admin keeps that role.
 */
import type { MenuItem } from '../../../src/schema/api';
import { SEED_ROLES } from '../../../src/schema/resources';
import { menu, resource as resourceEntity, role as roleEntity } from '../../../src/schema/ums/entities';
import { adminAccount } from '../../../src/schema/ums/admin';
import { assertCanGrant, assertCanManageAdmin, assertSuperAdmin, assertSuperAdminRemains, enabledSuperAdminIds, heldBy } from '../../auth/ceiling';
import { bumpPermissionVersion } from '../../auth/permissions';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db } from '../../crud/hooks';
import { fromRow } from '../../crud/row';
import { fieldError } from '../../../src/schema/api';
import { validationFailed } from '../../http/errors';
import { recountRoles, roleIdsOf } from './admins';
import { menuJson } from './json';

export type MenuNode = MenuItem & { children: MenuNode[] };

/** Roots (parentId 0) with their children, recursively; siblings by sort desc, then id. */
export const menuTree = (menus: readonly MenuItem[]): MenuNode[] => {
  const byParent = new Map<number, MenuItem[]>();
  for (const item of menus) byParent.set(item.parentId, [...(byParent.get(item.parentId) ?? []), item]);
  const seen = new Set<number>();
  const build = (parentId: number): MenuNode[] =>
    [...(byParent.get(parentId) ?? [])]
      .sort((a, b) => b.sort - a.sort || a.id - b.id)
      // A cycle in hand-edited data must not recurse forever: each menu appears once.
      .filter((m) => !seen.has(m.id) && seen.add(m.id))
      .map((m) => ({ ...m, children: build(m.id) }));
  return build(0);
};

/** A role's relation table to menus or resources. */
type Relation = {
  table: 'ums_role_menu_relation' | 'ums_role_resource_relation';
  column: 'menu_id' | 'resource_id';
  param: 'menuIds' | 'resourceIds';
};
const MENUS: Relation = { table: 'ums_role_menu_relation', column: 'menu_id', param: 'menuIds' };
const RESOURCES: Relation = { table: 'ums_role_resource_relation', column: 'resource_id', param: 'resourceIds' };

const relatedIds = async (trx: Db, relation: Relation, roleId: number): Promise<number[]> => {
  // Both relation tables have the same shape; the union type is what Kysely cannot narrow.
  const rows = await trx.selectFrom(relation.table as 'ums_role_menu_relation')
    .select(`${relation.column as 'menu_id'} as id`).where('role_id', '=', roleId).orderBy('id').execute();
  return rows.map((r) => Number(r.id));
};

/** Replaces a role's menus or resources with `ids`, within the caller's ceiling; answers how many it holds now. */
const allocate = async (trx: Db, relation: Relation, role: Record<string, unknown> & { id: number }, ids: readonly number[], adminId: number | null) => {
  const db = trx;
  await bumpPermissionVersion(db);
  const held = await heldBy(db, adminId);
  if (role.code === SEED_ROLES.superAdmin.code) assertSuperAdmin(held);
  const current = await relatedIds(trx, relation, role.id);
  assertCanGrant(held, relation.param, ids.filter((id) => !current.includes(id)));
  await db.deleteFrom(relation.table).where('role_id', '=', role.id).execute();
  if (ids.length) {
    await db.insertInto(relation.table as 'ums_role_menu_relation')
      .values(ids.map((id) => ({ role_id: role.id, [relation.column]: id }) as { role_id: number; menu_id: number })).execute();
  }
  return { data: ids.length, changes: [{ id: role.id, before: { [relation.param]: current }, after: { [relation.param]: [...ids] } }] };
};

const roleActions = entityActions(roleEntity, {
  listMenu: async ({ trx, record: role }) => {
    const rows = await trx.selectFrom('ums_menu as m').innerJoin('ums_role_menu_relation as rm', 'rm.menu_id', 'm.id')
      .selectAll('m').where('rm.role_id', '=', role.id).orderBy('m.sort', 'desc').orderBy('m.id').execute();
    return { data: rows.map(menuJson) };
  },
  listResource: async ({ trx, record: role }) => {
    const rows = await trx.selectFrom('ums_resource as r').innerJoin('ums_role_resource_relation as rr', 'rr.resource_id', 'r.id')
      .selectAll('r').where('rr.role_id', '=', role.id).orderBy('r.id').execute();
    return { data: rows.map((row) => fromRow(resourceEntity, row)) };
  },
  allocMenu: ({ trx, record: role, params, actor }) => allocate(trx, MENUS, role, params.menuIds, actor.adminId),
  allocResource: ({ trx, record: role, params, actor }) => allocate(trx, RESOURCES, role, params.resourceIds, actor.adminId),
});

const menuActions = entityActions(menu, {
  treeList: async ({ trx }) => ({ data: menuTree((await trx.selectFrom('ums_menu').selectAll().execute()).map(menuJson)) }),
});

const adminActions = entityActions(adminAccount, {
  roles: async ({ trx, record: admin }) => {
    const rows = await trx.selectFrom('ums_role as r').innerJoin('ums_admin_role_relation as ar', 'ar.role_id', 'r.id')
      .selectAll('r').where('ar.admin_id', '=', admin.id).orderBy('r.sort', 'desc').orderBy('r.id').execute();
    return { data: rows.map((row) => fromRow(roleEntity, row)) };
  },
  updateRoles: async ({ trx, record: admin, params, actor }) => {
    const db = trx;
    const adminId = admin.id;
    const roleIds = params.roleIds;
    await bumpPermissionVersion(db);
    const held = await heldBy(db, actor.adminId);
    await assertCanManageAdmin(db, held, adminId);
    // `mall` takes an empty list (every role removed); an account without a role opens nothing and
    // no form could save it again, so none is kept: taking roles away means giving another.
    if (roleIds.length === 0) throw validationFailed([fieldError('roleIds', 'role_required')]);
    const current = await roleIdsOf(db, adminId);
    assertCanGrant(held, 'roleIds', roleIds.filter((id) => !current.includes(id)));
    if ((await enabledSuperAdminIds(db)).includes(adminId)) {
      const stillSuper = await db.selectFrom('ums_role').select('id')
        .where('id', 'in', roleIds.length ? [...roleIds] : [0]).where('code', '=', SEED_ROLES.superAdmin.code).where('status', '=', 1).executeTakeFirst();
      if (!stillSuper) await assertSuperAdminRemains(db, [adminId]);
    }
    await db.deleteFrom('ums_admin_role_relation').where('admin_id', '=', adminId).execute();
    if (roleIds.length) await db.insertInto('ums_admin_role_relation').values(roleIds.map((role_id) => ({ admin_id: adminId, role_id }))).execute();
    await recountRoles(db, [...current, ...roleIds]);
    return { data: roleIds.length, changes: [{ id: adminId, before: { roleIds: current }, after: { roleIds: [...roleIds] } }] };
  },
});

export const umsActions: readonly EntityActions[] = [roleActions, menuActions, adminActions];
