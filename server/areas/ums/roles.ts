/**
 * The role and menu endpoints beyond the engine's CRUD (reference 3.7): a role's menus and
 * resources, replacing them (`allocMenu`, `allocResource`, ids may be ""), and the menu tree.
 * Replacing is bounded by the permission ceiling: only menus and resources the caller holds may
 * be added (what the role already has may stay), and only a super admin touches the super admin
 * role. Each change bumps the permission version first and is audited in its transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { SEED_ROLES } from '../../../src/schema/resources';
import { resource as resourceEntity } from '../../../src/schema/ums';
import type { Held } from '../../auth/ceiling';
import { assertCanGrant, assertSuperAdmin, heldBy } from '../../auth/ceiling';
import { requireAuth } from '../../auth/guard';
import { bumpPermissionVersion } from '../../auth/permissions';
import { fromRow } from '../../crud/row';
import { audit } from '../../db/audit';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { idFrom, idListFrom, invalidReference, paramsOf } from './params';
import { menuJson } from './json';
import type { MenuItem } from '../../../src/schema/api';

type Trx = Transaction<Database>;

export type MenuNode = MenuItem & { children: MenuNode[] };

export type UmsRoleRouteDeps = { db: Kysely<Database> };

const loadRole = async (db: Trx | Kysely<Database>, id: number) => {
  const role = await db.selectFrom('ums_role').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound();
  return role;
};

/** Roots (parentId 0) with their children, recursively; siblings by sort desc, then id. */
export const menuTree = (menus: readonly MenuItem[]): MenuNode[] => {
  const byParent = new Map<number, MenuItem[]>();
  for (const menu of menus) byParent.set(menu.parentId, [...(byParent.get(menu.parentId) ?? []), menu]);
  const seen = new Set<number>();
  const build = (parentId: number): MenuNode[] =>
    [...(byParent.get(parentId) ?? [])]
      .sort((a, b) => b.sort - a.sort || a.id - b.id)
      // A cycle in hand-edited data must not recurse forever: each menu appears once.
      .filter((m) => !seen.has(m.id) && seen.add(m.id))
      .map((m) => ({ ...m, children: build(m.id) }));
  return build(0);
};

type Relation = {
  table: 'ums_role_menu_relation' | 'ums_role_resource_relation';
  column: 'menu_id' | 'resource_id';
  target: 'ums_menu' | 'ums_resource';
  held: 'menuIds' | 'resourceIds';
  param: 'menuIds' | 'resourceIds';
  action: string;
};

const MENUS: Relation = { table: 'ums_role_menu_relation', column: 'menu_id', target: 'ums_menu', held: 'menuIds', param: 'menuIds', action: 'alloc_menu' };
const RESOURCES: Relation = {
  table: 'ums_role_resource_relation', column: 'resource_id', target: 'ums_resource', held: 'resourceIds', param: 'resourceIds', action: 'alloc_resource',
};

export const registerUmsRoleRoutes = (app: FastifyInstance, deps: UmsRoleRouteDeps): void => {
  const { db } = deps;

  const currentIds = async (trx: Trx | Kysely<Database>, relation: Relation, roleId: number): Promise<number[]> => {
    // Both relation tables have the same shape; the union type is what Kysely cannot narrow.
    const rows = await (trx as Kysely<Database>).selectFrom(relation.table as 'ums_role_menu_relation')
      .select(`${relation.column as 'menu_id'} as id`).where('role_id', '=', roleId).orderBy('id').execute();
    return rows.map((r) => Number(r.id));
  };

  const allocate = (relation: Relation) => async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const params = paramsOf(request);
    const roleId = idFrom(params.roleId, 'roleId');
    const ids = idListFrom(params[relation.param], relation.param);
    const count = await db.transaction().execute(async (trx) => {
      await bumpPermissionVersion(trx);
      const held: Held = await heldBy(trx, auth.adminId);
      const role = await loadRole(trx, roleId);
      if (role.code === SEED_ROLES.superAdmin.code) assertSuperAdmin(held);
      const current = await currentIds(trx, relation, roleId);
      assertCanGrant(held, relation.held, ids.filter((id) => !current.includes(id)));
      if (ids.length) {
        const found = await trx.selectFrom(relation.target).select('id').where('id', 'in', ids).execute();
        if (found.length !== ids.length) throw invalidReference(relation.param);
      }
      await trx.deleteFrom(relation.table).where('role_id', '=', roleId).execute();
      if (ids.length) {
        await (trx as Kysely<Database>).insertInto(relation.table as 'ums_role_menu_relation')
          .values(ids.map((id) => ({ role_id: roleId, [relation.column]: id }) as { role_id: number; menu_id: number })).execute();
      }
      await audit(trx, {
        adminId: auth.adminId, action: relation.action, entity: 'ums_role', entityId: roleId,
        before: { [relation.param]: current }, after: { [relation.param]: ids }, ip: request.ip ?? null,
      });
      return ids.length;
    });
    return ok(count);
  };

  app.get('/role/listMenu/:roleId', { config: { openapi: { summary: 'Menus granted to a role', tags: ['role'], query: null, body: null } } }, async (request) => {
    const roleId = idFrom((request.params as Record<string, string>).roleId, 'roleId');
    await loadRole(db, roleId);
    const rows = await db.selectFrom('ums_menu as m').innerJoin('ums_role_menu_relation as rm', 'rm.menu_id', 'm.id')
      .selectAll('m').where('rm.role_id', '=', roleId).orderBy('m.sort', 'desc').orderBy('m.id').execute();
    return ok(rows.map(menuJson));
  });

  app.get('/role/listResource/:roleId', { config: { openapi: { summary: 'Resources granted to a role', tags: ['role'], query: null, body: null } } }, async (request) => {
    const roleId = idFrom((request.params as Record<string, string>).roleId, 'roleId');
    await loadRole(db, roleId);
    const rows = await db.selectFrom('ums_resource as r').innerJoin('ums_role_resource_relation as rr', 'rr.resource_id', 'r.id')
      .selectAll('r').where('rr.role_id', '=', roleId).orderBy('r.id').execute();
    return ok(rows.map((row) => fromRow(resourceEntity, row)));
  });

  const allocDoc = (param: string) => ({
    type: 'object', properties: { roleId: { type: 'integer' }, [param]: { type: 'string', example: '1,2,3' } }, required: ['roleId', param],
  });
  app.post('/role/allocMenu', { config: { openapi: { summary: 'Replace the menus of a role', tags: ['role'], query: allocDoc('menuIds'), body: null } } }, allocate(MENUS));
  app.post('/role/allocResource', {
    config: { openapi: { summary: 'Replace the resources of a role', tags: ['role'], query: allocDoc('resourceIds'), body: null } },
  }, allocate(RESOURCES));

  app.get('/menu/treeList', { config: { openapi: { summary: 'The whole menu tree (roots with nested children)', tags: ['menu'], query: null, body: null } } }, async () => {
    const rows = await db.selectFrom('ums_menu').selectAll().execute();
    return ok(menuTree(rows.map(menuJson)));
  });
};
