/**
 * Built-in roles' grants on an existing database, kept in step with the declarations
 * (src/schema/resources.ts, src/schema/routes.ts) at every start, after the migrations and the
 * first-start seed (server/main.ts). The seed writes the grants only into an empty database; a
 * resource added or narrowed later would otherwise reach built-in roles only by a re-seed.
 *
 * A three-way comparison, per built-in role and grant: the declarations now (D), the ledger of
 * grants the server applied before (L, ums_builtin_grant, migration 310) and the role's rows.
 * - in D, not in L: newly declared; the resource or menu is created if missing, granted, recorded;
 * - in L, not in D: the declarations dropped it; taken back, forgotten;
 * - in both: already applied once, so an administrator who removed it since keeps it removed;
 * - in neither: an administrator's own grant, left alone.
 * Custom roles (any role whose code is not built-in) are never read or written here.
 */
import type { Kysely, Transaction } from 'kysely';
import { RESOURCE_CATEGORIES } from '../../src/schema/resources';
import { SECTIONS } from '../../src/schema/routes';
import { audit } from '../db/audit';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import type { Kind } from './builtin-roles';
import { declaredBuiltinGrants } from './builtin-roles';
import { menuTitle } from './menu-titles';
import { bumpPermissionVersion } from './permissions';

type Trx = Transaction<Database>;

type GrantChange = { role: string; kind: Kind; name: string };
type ReconcileResult = { granted: GrantChange[]; revoked: GrantChange[] };

/** The id of each declared resource by URL, creating the missing ones (and their categories); renamed ones are found by URL. */
const ensureResources = async (trx: Trx, now: string): Promise<Map<string, number>> => {
  const ids = new Map<string, number>();
  for (const row of await trx.selectFrom('ums_resource').select(['id', 'url']).orderBy('id').execute()) if (!ids.has(row.url)) ids.set(row.url, row.id);
  for (const category of RESOURCE_CATEGORIES) {
    const missing = category.resources.filter((r) => !ids.has(r.url));
    if (!missing.length) continue;
    const found = await trx.selectFrom('ums_resource_category').select('id').where('name', '=', category.name).executeTakeFirst();
    const categoryId = found?.id ?? (await trx.insertInto('ums_resource_category').values({ name: category.name, sort: category.sort, create_time: now }).returning('id').executeTakeFirstOrThrow()).id;
    for (const resource of missing) {
      const row = await trx.insertInto('ums_resource').values({ name: resource.name, url: resource.url, category_id: categoryId, description: resource.name, create_time: now })
        .returning('id').executeTakeFirstOrThrow();
      ids.set(resource.url, row.id);
    }
  }
  return ids;
};

/** The id of each declared menu by name, creating the missing ones under their section. */
const ensureMenus = async (trx: Trx, now: string): Promise<Map<string, number>> => {
  const ids = new Map((await trx.selectFrom('ums_menu').select(['id', 'name']).execute()).map((m) => [m.name, m.id] as const));
  const ensure = async (parentId: number, level: number, menu: { name: string; icon: string; sort: number; hidden?: boolean }): Promise<number> => {
    const known = ids.get(menu.name);
    if (known !== undefined) return known;
    const row = await trx.insertInto('ums_menu').values({
      parent_id: parentId, create_time: now, title: menuTitle(menu.name), level, sort: menu.sort, name: menu.name, icon: menu.icon, hidden: menu.hidden ? 1 : 0,
    }).returning('id').executeTakeFirstOrThrow();
    ids.set(menu.name, row.id);
    return row.id;
  };
  for (const section of SECTIONS) {
    const sectionId = await ensure(0, 0, section);
    for (const child of section.children) await ensure(sectionId, 1, child);
  }
  return ids;
};

const reconcileOnce = async (db: Kysely<Database>): Promise<ReconcileResult> => db.transaction().execute(async (trx) => {
  const declared = declaredBuiltinGrants();
  const roles = (await trx.selectFrom('ums_role').select(['id', 'code']).where('code', 'in', [...declared.keys()]).execute())
    .flatMap((r) => (r.code ? [{ id: r.id, code: r.code }] : []));
  const result: ReconcileResult = { granted: [], revoked: [] };
  if (!roles.length) return result;
  const now = toDbTime();
  const resourceIds = await ensureResources(trx, now);
  const menuIds = await ensureMenus(trx, now);
  const ledger = await trx.selectFrom('ums_builtin_grant').selectAll().where('role_code', 'in', roles.map((r) => r.code)).execute();

  for (const role of roles) {
    for (const kind of ['resource', 'menu'] as const) {
      const want = new Set(declared.get(role.code)?.[kind] ?? []);
      const applied = new Set(ledger.filter((l) => l.role_code === role.code && l.kind === kind).map((l) => l.name));
      const added = [...want].filter((name) => !applied.has(name));
      const dropped = [...applied].filter((name) => !want.has(name));
      for (const name of added) {
        const change = { role: role.code, kind, name };
        if (kind === 'resource') {
          const resourceId = resourceIds.get(name)!;
          const held = await trx.selectFrom('ums_role_resource_relation').select('id').where('role_id', '=', role.id).where('resource_id', '=', resourceId).executeTakeFirst();
          if (!held) { await trx.insertInto('ums_role_resource_relation').values({ role_id: role.id, resource_id: resourceId }).execute(); result.granted.push(change); }
        } else {
          const menuId = menuIds.get(name)!;
          const held = await trx.selectFrom('ums_role_menu_relation').select('id').where('role_id', '=', role.id).where('menu_id', '=', menuId).executeTakeFirst();
          if (!held) { await trx.insertInto('ums_role_menu_relation').values({ role_id: role.id, menu_id: menuId }).execute(); result.granted.push(change); }
        }
      }
      if (added.length) await trx.insertInto('ums_builtin_grant').values(added.map((name) => ({ role_code: role.code, kind, name }))).execute();
      for (const name of dropped) {
        // Every row of that URL or name: a renamed copy of a resource grants the same pattern.
        const gone = kind === 'resource'
          ? await trx.deleteFrom('ums_role_resource_relation').where('role_id', '=', role.id)
            .where('resource_id', 'in', trx.selectFrom('ums_resource').select('id').where('url', '=', name)).executeTakeFirst()
          : await trx.deleteFrom('ums_role_menu_relation').where('role_id', '=', role.id)
            .where('menu_id', 'in', trx.selectFrom('ums_menu').select('id').where('name', '=', name)).executeTakeFirst();
        if (Number(gone.numDeletedRows) > 0) result.revoked.push({ role: role.code, kind, name });
        await trx.deleteFrom('ums_builtin_grant').where('role_code', '=', role.code).where('kind', '=', kind).where('name', '=', name).execute();
      }
    }
  }
  if (result.granted.length || result.revoked.length) {
    // Cached permissions of signed-in accounts are stale now.
    await bumpPermissionVersion(trx);
    await audit(trx, { adminId: null, action: 'reconcile-grants', entity: 'system', after: result });
  }
  return result;
});

/**
 * Brings built-in roles' grants in step with the declarations (see the top of this file); one
 * transaction, idempotent. Two processes starting at once: the loser of a unique-index race
 * retries and finds the work done.
 */
export const reconcileBuiltinGrants = async (db: Kysely<Database>): Promise<ReconcileResult> => {
  try {
    return await reconcileOnce(db);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return reconcileOnce(db);
  }
};

