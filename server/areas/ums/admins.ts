/**
 * Admin accounts (`adminAccount`, src/schema/ums/admin.ts) are served by the engine with `mall`'s
 * `/admin` paths (reference 3.7), without its holes: the password is a hashed write-only field
 * (never in an answer), accounts are created by an administrator (`/admin/create`;
 * `/admin/register` is seller self-registration), a new password or disabling ends the account's
 * sessions, and the permission ceiling applies (server/auth/ceiling.ts). These hooks add what the
 * declaration cannot say. Every change bumps the permission version before it reads the caller's
 * grants, in its transaction. An admin's roles are read and replaced by declared actions
 * (`/admin/role/{adminId}`, `/admin/role/update`: ./actions.ts).
 */
import type { adminAccount } from '../../../src/schema/ums/admin';
import type { Kysely } from 'kysely';
import { normalizeUsername, PASSWORD_LENGTH, usernameProblem } from '../../../src/schema/auth-rules';
import type { Held } from '../../auth/ceiling';
import { assertCanGrant, assertCanManageAdmin, assertSuperAdminRemains, enabledSuperAdminIds, heldBy } from '../../auth/ceiling';
import { newPasswordProblem, usernameTaken } from '../../auth/account-rules';
import { bumpPermissionVersion } from '../../auth/permissions';
import { revokeAllSessions } from '../../auth/sessions';
import type { Db, EntityHooks, HookActor, RuleError } from '../../crud/hooks';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import { fieldError } from '../../../src/schema/api';
import { conflict, forbidden, validationFailed } from '../../http/errors';
import { leaveGroups } from '../capacity/members';

/** The role ids of an admin, ascending. */
export const roleIdsOf = async (trx: Kysely<Database>, adminId: number): Promise<number[]> =>
  (await trx.selectFrom('ums_admin_role_relation').select('role_id').where('admin_id', '=', adminId).orderBy('role_id').execute())
    .map((r) => Number(r.role_id));

/** admin_count kept true (mall never maintains it): recounted for every role a change touched. */
export const recountRoles = async (trx: Kysely<Database>, roleIds: Iterable<number>): Promise<void> => {
  for (const roleId of new Set(roleIds)) {
    const { n } = await trx.selectFrom('ums_admin_role_relation').select((eb) => eb.fn.countAll().as('n'))
      .where('role_id', '=', roleId).executeTakeFirstOrThrow();
    await trx.updateTable('ums_role').set({ admin_count: toCount(n) }).where('id', '=', roleId).execute();
  }
};

/** An account's role as its list and record show it (names, in the roles' own order). */
type AdminRole = { id: number; name: string; code: string | null };

/** The roles of each of `adminIds`, in one query; every id has an entry. */
const rolesOf = async (db: Kysely<Database>, adminIds: readonly number[]): Promise<Map<number, AdminRole[]>> => {
  const roles = new Map<number, AdminRole[]>(adminIds.map((id) => [id, []]));
  if (!adminIds.length) return roles;
  const rows = await db.selectFrom('ums_admin_role_relation as ar').innerJoin('ums_role as r', 'r.id', 'ar.role_id')
    .select(['ar.admin_id', 'r.id', 'r.name', 'r.code']).where('ar.admin_id', 'in', [...adminIds])
    .orderBy('r.sort', 'desc').orderBy('r.id').execute();
  for (const row of rows) roles.get(Number(row.admin_id))?.push({ id: Number(row.id), name: row.name, code: row.code ?? null });
  return roles;
};

/** Accounts as the list and the record answer them: with their roles (read-only). */
const withRoles = async <R extends { id: number }>(db: Db, records: R[]): Promise<R[]> => {
  const roles = await rolesOf(db, records.map((record) => record.id));
  return records.map((record) => ({ ...record, roles: roles.get(record.id) ?? [] }));
};

/** Every id names a role, or 400 invalid_reference on `field`. */
const assertRolesExist = async (trx: Kysely<Database>, roleIds: readonly number[], field: string): Promise<void> => {
  if (!roleIds.length) return;
  const found = await trx.selectFrom('ums_role').select('id').where('id', 'in', [...roleIds]).execute();
  if (found.length !== new Set(roleIds).size) throw validationFailed([fieldError(field, 'invalid_reference')]);
};

/** The version bumped first (serialises permission changes), then the caller's grants read inside. */
const begin = async (trx: Db, actor: HookActor): Promise<Held> => {
  await bumpPermissionVersion(trx);
  return heldBy(trx, actor.adminId);
};

/** The checks of taking an account out of service (disable, delete): never yourself, never the last enabled super admin. */
const assertMayRetire = async (trx: Db, held: Held, targetId: number, selfKey: 'cannot_delete_self' | 'cannot_disable_self'): Promise<void> => {
  if (targetId === held.adminId) throw forbidden(selfKey);
  if ((await enabledSuperAdminIds(trx)).includes(targetId)) await assertSuperAdminRemains(trx, [targetId]);
};

/** Optional texts: blank is no value (stored null), as the forms leave them. */
const OPTIONAL_TEXT_COLUMNS = ['email', 'nick_name', 'note', 'icon'] as const;

const isNewPassword = (value: unknown): value is string => typeof value === 'string' && value !== '';

export const adminHooks: EntityHooks<typeof adminAccount> = {
  /**
   * A name is stored NFKC-folded and trimmed, of the allowed characters, and unique regardless of
   * case (409 `username_taken`); an imported `mall` name that predates the rules survives the edit
   * form posting it back unchanged. A new password is judged against the name the account will
   * have: not containing it, not a common password.
   */
  validate: async ({ trx, input, record, before }) => {
    const errors: RuleError[] = [];
    const username = normalizeUsername(String(record.username ?? ''));
    if (typeof input.username === 'string' && username !== before?.username) {
      const problem = usernameProblem(username);
      if (problem) errors.push({ field: 'username', messageKey: problem });
      else if (await usernameTaken(trx, username, before?.id)) throw conflict('username', 'username_taken');
    }
    if (isNewPassword(input.password)) {
      const problem = newPasswordProblem(input.password, username);
      if (problem) errors.push({ field: 'password', messageKey: problem, ...(problem === 'too_short' ? { params: { min: PASSWORD_LENGTH.min } } : {}) });
    }
    return errors;
  },

  beforeWrite: async ({ trx, input, before, actor }, row) => {
    const held = await begin(trx, actor);
    if (before) {
      await assertCanManageAdmin(trx, held, before.id);
      if (row.status === 0 && before.status === 1) await assertMayRetire(trx, held, before.id, 'cannot_disable_self');
      // An account without a role (imported from `mall`, where roles are optional) is not saved as
      // it is: it gets a role first (the "assign roles" dialog), then the edit goes through.
      if ((await roleIdsOf(trx, before.id)).length === 0) throw validationFailed([fieldError('roles', 'role_required')]);
    } else {
      // Roles given on create: at least one (the declaration refuses none; checked again here for
      // callers that reach the repository another way), only roles the caller holds, each one existing.
      const roleIds = [...new Set((input.roleIds as number[] | undefined) ?? [])];
      if (roleIds.length === 0) throw validationFailed([fieldError('roleIds', 'role_required')]);
      assertCanGrant(held, 'roleIds', roleIds);
      await assertRolesExist(trx, roleIds, 'roleIds');
    }
    const next = { ...row };
    if (typeof next.username === 'string') next.username = normalizeUsername(next.username);
    for (const column of OPTIONAL_TEXT_COLUMNS) {
      if (typeof next[column] === 'string' && (next[column] as string).trim() === '') next[column] = null;
    }
    if (!before && !next.nick_name) next.nick_name = next.username;
    return next;
  },

  /**
   * Roles of a new account (beforeWrite made sure there is one), with their counts; a new password or a disabled account ends every
   * session of it at once. The audit row says so (`signInChanged`: a key with "password" in it
   * would be blanked as a secret).
   */
  afterWrite: async ({ trx, input, before }, record) => {
    if (!before) {
      const roleIds = [...new Set((input.roleIds as number[] | undefined) ?? [])];
      await trx.insertInto('ums_admin_role_relation').values(roleIds.map((role_id) => ({ admin_id: record.id, role_id }))).execute();
      await recountRoles(trx, roleIds);
      // The audited record carries its `roles` already (afterGet): nothing to add.
      return undefined;
    }
    const signInChanged = isNewPassword(input.password);
    const sessionsEnded = signInChanged || input.status === 0 ? await revokeAllSessions(trx, record.id) : 0;
    return signInChanged || sessionsEnded ? { audit: { signInChanged, sessionsEnded } } : undefined;
  },

  /** `POST /admin/updateStatus/{id}?status=`: disabling ends the account's sessions; never yourself or the last super admin. */
  beforeSetField: async ({ trx, records, field, value, actor }) => {
    const held = await begin(trx, actor);
    for (const record of records) {
      await assertCanManageAdmin(trx, held, record.id);
      if (field === 'status' && value === 0 && record.status === 1) await assertMayRetire(trx, held, record.id, 'cannot_disable_self');
      if (field === 'status' && value === 0) await revokeAllSessions(trx, record.id);
    }
  },

  /** Not yourself, not the last enabled super admin; its roles (counts kept true) and group go with it, its sessions by cascade. */
  beforeDelete: async (trx, _entity, records, actor) => {
    const held = await begin(trx, actor);
    for (const record of records) {
      await assertCanManageAdmin(trx, held, record.id);
      await assertMayRetire(trx, held, record.id, 'cannot_delete_self');
      const roleIds = await roleIdsOf(trx, record.id);
      await leaveGroups(trx, record.id);
      await trx.deleteFrom('ums_admin_role_relation').where('admin_id', '=', record.id).execute();
      await recountRoles(trx, roleIds);
    }
  },

  afterGet: async (db, record) => (await withRoles(db, [record]))[0]!,
  afterList: withRoles,
};
