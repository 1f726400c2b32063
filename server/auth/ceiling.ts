/**
 * The permission ceiling (Strapi's rule): an admin cannot hand out what they do not hold, and
 * cannot take over an account that holds more than they do. The super admin is exempt. Read
 * fresh inside the changing transaction, never from the request cache, so a grant is judged on
 * the data it commits against.
 */
import type { Kysely, Transaction } from 'kysely';
import { SEED_ROLES } from '../../src/schema/resources';
import type { Database } from '../db/schema';
import { forbidden } from '../http/errors';
import { loadGrants } from './permissions';

type Executor = Kysely<Database> | Transaction<Database>;

export type Held = {
  readonly adminId: number | null;
  readonly superAdmin: boolean;
  readonly roleIds: ReadonlySet<number>;
  readonly resourceIds: ReadonlySet<number>;
  readonly menuIds: ReadonlySet<number>;
};

/** What an admin holds through their enabled roles (nothing for a null admin). */
export const heldBy = async (db: Executor, adminId: number | null): Promise<Held> => {
  if (adminId === null) return { adminId, superAdmin: false, roleIds: new Set(), resourceIds: new Set(), menuIds: new Set() };
  const grants = await loadGrants(db, adminId);
  const menus = grants.roleIds.length
    ? await db.selectFrom('ums_role_menu_relation').select('menu_id').where('role_id', 'in', [...grants.roleIds]).execute()
    : [];
  return {
    adminId,
    superAdmin: grants.superAdmin,
    roleIds: new Set(grants.roleIds),
    resourceIds: new Set(grants.resourceIds),
    menuIds: new Set(menus.map((m) => Number(m.menu_id))),
  };
};

/** Refuses (403 cannot_grant) when `added` holds an id of that kind the caller does not hold. */
export const assertCanGrant = (held: Held, kind: 'roleIds' | 'resourceIds' | 'menuIds', added: Iterable<number>): void => {
  if (held.superAdmin) return;
  for (const id of added) if (!held[kind].has(id)) throw forbidden('cannot_grant');
};

export const assertSuperAdmin = (held: Held): void => {
  if (!held.superAdmin) throw forbidden('super_admin_only');
};

/**
 * Refuses (403 cannot_manage_admin) changing an account that holds a super admin role or any
 * resource the caller lacks, whatever those roles' status (a disabled role can be enabled again):
 * otherwise resetting its password would be a way to borrow its permissions.
 */
export const assertCanManageAdmin = async (db: Executor, held: Held, targetAdminId: number): Promise<void> => {
  if (held.superAdmin || targetAdminId === held.adminId) return;
  const rows = await db.selectFrom('ums_admin_role_relation as ar')
    .innerJoin('ums_role as r', 'r.id', 'ar.role_id')
    .leftJoin('ums_role_resource_relation as rr', 'rr.role_id', 'r.id')
    .select(['r.code', 'rr.resource_id'])
    .where('ar.admin_id', '=', targetAdminId)
    .execute();
  const outranks = rows.some((r) => r.code === SEED_ROLES.superAdmin.code
    || (r.resource_id !== null && !held.resourceIds.has(Number(r.resource_id))));
  if (outranks) throw forbidden('cannot_manage_admin');
};

/** Ids of enabled admins holding an enabled super admin role. */
export const enabledSuperAdminIds = async (db: Executor): Promise<number[]> => {
  const rows = await db.selectFrom('ums_admin_role_relation as ar')
    .innerJoin('ums_role as r', 'r.id', 'ar.role_id')
    .innerJoin('ums_admin as a', 'a.id', 'ar.admin_id')
    .select('a.id')
    .where('r.code', '=', SEED_ROLES.superAdmin.code).where('r.status', '=', 1).where('a.status', '=', 1)
    .execute();
  return [...new Set(rows.map((r) => Number(r.id)))];
};

/**
 * Refuses (403 last_super_admin) a change after which no enabled admin would hold an enabled
 * super admin role. `losing` are the admins the change takes super admin rights from.
 */
export const assertSuperAdminRemains = async (db: Executor, losing: readonly number[]): Promise<void> => {
  const current = await enabledSuperAdminIds(db);
  if (current.length > 0 && current.every((id) => losing.includes(id))) throw forbidden('last_super_admin');
};
