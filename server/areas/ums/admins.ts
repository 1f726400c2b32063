/**
 * Admin accounts with `mall`'s `/admin` paths (reference 3.7), without its holes: no password
 * hash in any answer, accounts are created by an administrator (`/admin/create`; `/admin/register`
 * is seller self-registration), a new password or disabling ends the account's sessions, and
 * the permission ceiling applies (server/auth/ceiling.ts). Every change bumps the permission
 * version first in its transaction and writes its audit row there. An admin's roles are read and
 * replaced by declared actions (`/admin/role/{adminId}`, `/admin/role/update`: ./actions.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeUsername, USERNAME_LENGTH } from '../../../src/schema/auth-rules';
import { flag } from '../../../src/schema/entity';
import type { Held } from '../../auth/ceiling';
import { assertCanGrant, assertCanManageAdmin, assertSuperAdminRemains, enabledSuperAdminIds, heldBy } from '../../auth/ceiling';
import { assertNewPassword, newPassword, newUsername, usernameTaken } from '../../auth/account-rules';
import { requireAuth } from '../../auth/guard';
import { hashPassword } from '../../auth/password';
import { bumpPermissionVersion } from '../../auth/permissions';
import { revokeAllSessions } from '../../auth/sessions';
import { leaveGroups } from '../capacity/members';
import { pathId, readParams } from '../../crud/params';
import { audit } from '../../db/audit';
import { isUniqueViolation } from '../../db/errors';
import { toCount } from '../../db/index';
import type { Database, UmsAdminTable } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { formatMessage, ok, toPage } from '../../http/envelope';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import { pageOffset, pageQuery } from '../../http/paging';
import { parseWith } from '../../http/validation';
import { adminJson } from './json';

type Trx = Transaction<Database>;

/** `POST /admin/updateStatus/{id}?status=0`: the one parameter, read as every parameter is (server/crud/params.ts). */
const STATUS_PARAM = { status: flag({ required: true }) };

const OPTIONAL_EMAIL = z.string().trim().max(EMAIL_MAX_LENGTH).regex(new RegExp(`^$|${EMAIL_PATTERN.source}`), { message: 'invalid_email' });
const optionalText = (max: number) => z.string().max(max).nullable().optional();

const listQuery = z.object({ keyword: z.string().max(100).optional() }).and(pageQuery);

// Strict: read-only fields (id, createTime, loginTime, inviteCode...) and unknown keys are refused.
const accountFields = {
  username: newUsername(),
  password: newPassword(),
  email: OPTIONAL_EMAIL.nullable().optional(),
  nickName: optionalText(200),
  note: optionalText(500),
  icon: optionalText(500),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
};
const createBody = z.strictObject({
  ...accountFields,
  roleIds: z.array(z.number().int().positive().max(2_147_483_647)).max(100).optional(),
});
/**
 * What `mall`'s admin form posts to `/admin/register` when a signed-in admin adds a user: the
 * account fields, and the blank `id` of its empty record (no roles: they are assigned after).
 */
export const adminRegisterBody = z.strictObject({ ...accountFields, id: z.null().optional() });

export type NewAccount = z.infer<typeof createBody>;

const updateBody = z.strictObject({
  // Checked as a new name only when it changes: an imported `mall` name that predates the rules
  // survives the edit form posting it back unchanged.
  username: z.string().max(USERNAME_LENGTH.max).transform(normalizeUsername).optional(),
  // Empty or missing: unchanged (the edit form leaves it blank).
  password: z.union([z.literal(''), newPassword()]).nullable().optional(),
  email: OPTIONAL_EMAIL.nullable().optional(),
  nickName: optionalText(200),
  note: optionalText(500),
  icon: optionalText(500),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});

export type UmsAdminRouteDeps = { db: Kysely<Database> };

const ipOf = (request: FastifyRequest): string | null => request.ip ?? null;

const emptyToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value;

/** The role ids of an admin, ascending. */
export const roleIdsOf = async (trx: Kysely<Database>, adminId: number): Promise<number[]> =>
  (await trx.selectFrom('ums_admin_role_relation').select('role_id').where('admin_id', '=', adminId).orderBy('role_id').execute())
    .map((r) => Number(r.role_id));

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

/** Accounts as the list and the record answer them: `mall`'s fields plus their roles (read-only). */
const withRoles = async (db: Kysely<Database>, rows: readonly Selectable<UmsAdminTable>[]) => {
  const roles = await rolesOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...adminJson(row), roles: roles.get(row.id) ?? [] }));
};

/** admin_count kept true (mall never maintains it): recounted for every role a change touched. */
export const recountRoles = async (trx: Kysely<Database>, roleIds: Iterable<number>): Promise<void> => {
  for (const roleId of new Set(roleIds)) {
    const { n } = await trx.selectFrom('ums_admin_role_relation').select((eb) => eb.fn.countAll().as('n'))
      .where('role_id', '=', roleId).executeTakeFirstOrThrow();
    await trx.updateTable('ums_role').set({ admin_count: toCount(n) }).where('id', '=', roleId).execute();
  }
};

/** Every id names a role, or 400 invalid_reference on `field`. */
const assertRolesExist = async (trx: Trx, roleIds: readonly number[], field: string): Promise<void> => {
  if (!roleIds.length) return;
  const found = await trx.selectFrom('ums_role').select('id').where('id', 'in', [...roleIds]).execute();
  if (found.length !== new Set(roleIds).size) throw validationFailed([{ field, messageKey: 'invalid_reference', message: formatMessage('invalid_reference') }]);
};

const loadAdmin = async (trx: Trx | Kysely<Database>, id: number) => {
  const row = await trx.selectFrom('ums_admin').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
};

/** Whether the admin holds an enabled super admin role and is enabled (counts toward "the last one"). */
const isEnabledSuperAdmin = async (trx: Trx, adminId: number): Promise<boolean> =>
  (await enabledSuperAdminIds(trx)).includes(adminId);

/** The checks of taking an account out of service (disable, delete). */
const assertMayRetire = async (trx: Trx, held: Held, targetId: number, selfKey: 'cannot_delete_self' | 'cannot_disable_self'): Promise<void> => {
  if (targetId === held.adminId) throw forbidden(selfKey);
  if (await isEnabledSuperAdmin(trx, targetId)) await assertSuperAdminRemains(trx, [targetId]);
};

/**
 * An administrator creates an account (`/admin/create`, and `/admin/register` called signed in):
 * the name and password rules, the caller's permission ceiling for roles, one transaction.
 */
export const createAccount = async (db: Kysely<Database>, request: FastifyRequest, body: NewAccount) => {
  const auth = requireAuth(request);
  assertNewPassword(body.password, body.username);
  const roleIds = [...new Set(body.roleIds ?? [])];
  // Hash before the transaction: on SQLite a transaction holds the only connection.
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction().execute(async (trx) => {
      await bumpPermissionVersion(trx);
      const held = await heldBy(trx, auth.adminId);
      assertCanGrant(held, 'roleIds', roleIds);
      await assertRolesExist(trx, roleIds, 'roleIds');
      if (await usernameTaken(trx, body.username)) throw conflict('username', 'username_taken');
      const row = await trx.insertInto('ums_admin').values({
        username: body.username, password: passwordHash, icon: emptyToNull(body.icon) ?? null, email: emptyToNull(body.email) ?? null,
        nick_name: emptyToNull(body.nickName) ?? body.username, note: emptyToNull(body.note) ?? null,
        create_time: toDbTime(), login_time: null, status: body.status ?? 1, invite_code: null, referrer_id: null,
      }).returningAll().executeTakeFirstOrThrow();
      if (roleIds.length) {
        await trx.insertInto('ums_admin_role_relation').values(roleIds.map((role_id) => ({ admin_id: row.id, role_id }))).execute();
        await recountRoles(trx, roleIds);
      }
      const json = adminJson(row);
      await audit(trx, { adminId: held.adminId, action: 'create', entity: 'ums_admin', entityId: row.id, after: { ...json, roleIds }, ip: ipOf(request) });
      return json;
    });
  } catch (error) {
    // Two creations racing for one name: the loser hits the unique index.
    if (isUniqueViolation(error)) throw conflict('username', 'username_taken');
    throw error;
  }
};

export const registerUmsAdminRoutes = (app: FastifyInstance, deps: UmsAdminRouteDeps): void => {
  const { db } = deps;

  /** Runs a permission-changing write: version bumped first (serialises such changes), caller's grants read inside. */
  const change = <T>(request: FastifyRequest, work: (trx: Trx, held: Held) => Promise<T>): Promise<T> => {
    const auth = requireAuth(request);
    return db.transaction().execute(async (trx) => {
      await bumpPermissionVersion(trx);
      return work(trx, await heldBy(trx, auth.adminId));
    });
  };

  app.get('/admin/list', {
    config: { openapi: { summary: 'Admin accounts, paged; keyword matches username or nickname (never a password)', tags: ['admin'], query: listQuery, body: null } },
  }, async (request) => {
    const query = parseWith(listQuery, request.query);
    const keyword = query.keyword?.trim();
    const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const base = db.selectFrom('ums_admin').where((eb) => (pattern
      ? eb.or([sql<boolean>`lower(username) like lower(${pattern}) escape '\\'`, sql<boolean>`lower(nick_name) like lower(${pattern}) escape '\\'`])
      : sql<boolean>`1 = 1`));
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const total = toCount(n);
    const rows = total === 0 ? [] : await base.selectAll().orderBy('id').limit(query.pageSize).offset(pageOffset(query)).execute();
    return ok(toPage(await withRoles(db, rows), total, query.pageNum, query.pageSize));
  });

  app.get('/admin/:id', { config: { openapi: { summary: 'One admin account (never its password)', tags: ['admin'], query: null, body: null } } }, async (request) => {
    const id = pathId(request);
    const [account] = await withRoles(db, [await loadAdmin(db, id)]);
    return ok(account);
  });

  app.post('/admin/create', {
    config: { openapi: { summary: 'An administrator creates an account (with roles the caller holds)', tags: ['admin'], query: null, body: createBody } },
  }, async (request) => ok(await createAccount(db, request, parseWith(createBody, request.body))));

  app.post('/admin/update/:id', {
    config: { openapi: { summary: 'Update an account; an empty password keeps it, a new one ends its sessions', tags: ['admin'], query: null, body: updateBody } },
  }, async (request) => {
    const id = pathId(request);
    const body = parseWith(updateBody, request.body ?? {});
    const password = body.password ? body.password : null;
    if (password) {
      // Judged against the name the account will have (the new one, or the stored one).
      const current = body.username ?? (await loadAdmin(db, id)).username;
      assertNewPassword(password, current);
    }
    const passwordHash = password ? await hashPassword(password) : null;
    try {
      return ok(await change(request, async (trx, held) => {
        const before = await loadAdmin(trx, id);
        await assertCanManageAdmin(trx, held, id);
        if (body.status === 0 && before.status === 1) await assertMayRetire(trx, held, id, 'cannot_disable_self');
        if (body.username !== undefined && body.username !== before.username) {
          parseWith(z.object({ username: newUsername() }), { username: body.username });
          if (await usernameTaken(trx, body.username, id)) throw conflict('username', 'username_taken');
        }
        const set = {
          ...(body.username !== undefined ? { username: body.username } : {}),
          ...(passwordHash ? { password: passwordHash } : {}),
          ...(body.email !== undefined ? { email: emptyToNull(body.email) ?? null } : {}),
          ...(body.nickName !== undefined ? { nick_name: emptyToNull(body.nickName) ?? null } : {}),
          ...(body.note !== undefined ? { note: emptyToNull(body.note) ?? null } : {}),
          ...(body.icon !== undefined ? { icon: emptyToNull(body.icon) ?? null } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        };
        if (Object.keys(set).length) await trx.updateTable('ums_admin').set(set).where('id', '=', id).execute();
        // A new password or a disabled account: whoever holds its tokens is out at once. (The audit
        // says `signInChanged`: a key with "password" in it would be blanked as a secret.)
        const sessionsEnded = passwordHash || body.status === 0 ? await revokeAllSessions(trx, id) : 0;
        const after = await loadAdmin(trx, id);
        await audit(trx, {
          adminId: held.adminId, action: 'update', entity: 'ums_admin', entityId: id,
          before: adminJson(before), after: { ...adminJson(after), signInChanged: Boolean(passwordHash), sessionsEnded }, ip: ipOf(request),
        });
        return 1;
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('username', 'username_taken');
      throw error;
    }
  });

  app.post('/admin/updateStatus/:id', {
    config: { openapi: { summary: 'Enable (1) or disable (0) an account; disabling ends its sessions', tags: ['admin'],
      query: { type: 'object', properties: { status: { type: 'integer', enum: [0, 1] } }, required: ['status'] }, body: null } },
  }, async (request) => {
    const id = pathId(request);
    const { status } = readParams(request, STATUS_PARAM) as { status: 0 | 1 };
    return ok(await change(request, async (trx, held) => {
      const before = await loadAdmin(trx, id);
      await assertCanManageAdmin(trx, held, id);
      if (status === 0 && before.status === 1) await assertMayRetire(trx, held, id, 'cannot_disable_self');
      await trx.updateTable('ums_admin').set({ status }).where('id', '=', id).execute();
      const sessionsEnded = status === 0 ? await revokeAllSessions(trx, id) : 0;
      await audit(trx, {
        adminId: held.adminId, action: 'set_status', entity: 'ums_admin', entityId: id,
        before: { status: before.status }, after: { status, sessionsEnded }, ip: ipOf(request),
      });
      return 1;
    }));
  });

  app.post('/admin/delete/:id', {
    config: { openapi: { summary: 'Delete an account (not yourself, not the last enabled super admin)', tags: ['admin'], query: null, body: null } },
  }, async (request) => {
    const id = pathId(request);
    return ok(await change(request, async (trx, held) => {
      const before = await loadAdmin(trx, id);
      await assertCanManageAdmin(trx, held, id);
      await assertMayRetire(trx, held, id, 'cannot_delete_self');
      const roleIds = await roleIdsOf(trx, id);
      // Relations and sessions go with the row (foreign keys cascade); the group's count does not.
      await leaveGroups(trx, id);
      await trx.deleteFrom('ums_admin').where('id', '=', id).execute();
      await recountRoles(trx, roleIds);
      await audit(trx, { adminId: held.adminId, action: 'delete', entity: 'ums_admin', entityId: id, before: { ...adminJson(before), roleIds }, ip: ipOf(request) });
      return 1;
    }));
  });
};
