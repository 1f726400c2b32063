/**
 * Permissions-area rules the declarations cannot state. Every change to roles, menus or
 * resources bumps the permission version first thing in its transaction: the bump both tells
 * every server process to reload, and (a row lock on PostgreSQL, the one writer on SQLite)
 * serialises permission changes, so the checks below read data no concurrent change can undo.
 */
import type { menu, resource, role } from '../../../src/schema/ums/entities';
import { SEED_ROLES } from '../../../src/schema/resources';
import { assertSuperAdmin, heldBy } from '../../auth/ceiling';
import { bumpPermissionVersion } from '../../auth/permissions';
import { ResultCode } from '../../../src/schema/api';
import { forbidden, httpError } from '../../http/errors';
import type { Db, EntityHooks, HookActor } from '../../crud/hooks';

const bump = (trx: Db): Promise<void> => bumpPermissionVersion(trx);

const BUILT_IN_ROLES: readonly string[] = [SEED_ROLES.superAdmin.code, SEED_ROLES.seller.code];

const isSuperAdminRole = (record: Record<string, unknown> | null): boolean => record?.code === SEED_ROLES.superAdmin.code;

/** Only a super admin changes the super admin role (its menus, name or status). */
const guardSuperAdminRole = async (trx: Db, actor: HookActor | undefined, record: Record<string, unknown> | null): Promise<void> => {
  if (isSuperAdminRole(record)) assertSuperAdmin(await heldBy(trx, actor?.adminId ?? null));
};

/** Accounts named in the refusal: enough to find them, never a page of names. */
const NAMED_ACCOUNTS = 3;

/**
 * Deleting roles takes them from their accounts (the relation is a part of the role); an account
 * whose every role goes would be left with none, which the accounts' rules never allow
 * (./admins.ts): refused with the accounts' names, so they can be given another role first.
 */
const assertNoAccountLeftWithoutRole = async (trx: Db, roleIds: readonly number[]): Promise<void> => {
  if (!roleIds.length) return;
  const stranded = await trx.selectFrom('ums_admin as a').select('a.username')
    .where((eb) => eb.exists(eb.selectFrom('ums_admin_role_relation as ar').select('ar.id')
      .whereRef('ar.admin_id', '=', 'a.id').where('ar.role_id', 'in', [...roleIds])))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ums_admin_role_relation as other').select('other.id')
      .whereRef('other.admin_id', '=', 'a.id').where('other.role_id', 'not in', [...roleIds]))))
    .orderBy('a.username').limit(NAMED_ACCOUNTS + 1).execute();
  if (!stranded.length) return;
  const names = stranded.slice(0, NAMED_ACCOUNTS).map((a) => a.username).join(', ') + (stranded.length > NAMED_ACCOUNTS ? ', …' : '');
  throw httpError({ status: 409, code: ResultCode.failed, messageKey: 'only_role_of_accounts', params: { names } });
};

export const roleHooks: EntityHooks<typeof role> = {
  beforeWrite: async ({ trx, before, input, actor }, row) => {
    await bump(trx);
    await guardSuperAdminRole(trx, actor, before);
    // Disabling it would leave nobody able to manage permissions.
    if (isSuperAdminRole(before) && input.status === 0) throw forbidden('protected_role');
    return row;
  },
  beforeDelete: async (trx, _entity, records) => {
    await bump(trx);
    // Registration assigns the seller role and the super admin role is the way back in: keep both.
    if (records.some((r) => BUILT_IN_ROLES.includes(String(r.code)))) throw forbidden('protected_role');
    await assertNoAccountLeftWithoutRole(trx, records.map((r) => r.id));
  },
  beforeSetField: async ({ trx, records, field, value, actor }) => {
    await bump(trx);
    for (const record of records) await guardSuperAdminRole(trx, actor, record);
    if (field === 'status' && value === 0 && records.some(isSuperAdminRole)) throw forbidden('protected_role');
  },
};

export const menuHooks: EntityHooks<typeof menu> = {
  // The tree itself (levels, no cycles, no orphans) is the engine's, from the declaration.
  beforeWrite: async ({ trx }, row) => {
    await bump(trx);
    return row;
  },
  beforeDelete: async (trx) => {
    await bump(trx);
  },
  beforeSetField: async ({ trx }) => {
    await bump(trx);
  },
};

export const resourceHooks: EntityHooks<typeof resource> = {
  // A new URL on an existing resource grants it to every role holding the resource, the
  // caller's own included: only a super admin may widen what a resource covers.
  beforeWrite: async ({ trx, input, before, actor }, row) => {
    await bump(trx);
    if (before && 'url' in input && input.url !== before.url) assertSuperAdmin(await heldBy(trx, actor?.adminId ?? null));
    return row;
  },
  beforeDelete: async (trx) => {
    await bump(trx);
  },
};
