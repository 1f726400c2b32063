/**
 * The session endpoints of `mall`'s `/admin` controller, made safe: login (throttled per
 * account+address with growing delays, no user enumeration, no lock-out by strangers), info,
 * logout (really ends the session), registration (throttled per address; anonymous callers
 * become sellers, a signed-in admin who may create accounts creates one), token refresh and
 * password change (ends every other session), and one's own profile (nickname, email, avatar, note).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AdminInfo, AdminProfile, LoginResult } from '../../../src/schema/api';
import { fieldError } from '../../../src/schema/api';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, INVITE_CODE_PATTERN, normalizeUsername, PASSWORD_LENGTH, SIGN_IN_LENGTH } from '../../../src/schema/auth-rules';
import { columnOf } from '../../../src/schema/engine/entity';
import type { RecordOf } from '../../../src/schema/engine/entity';
import { SEED_ROLES } from '../../../src/schema/resources';
import { adminProfile, PROFILE_API } from '../../../src/schema/ums/admin';
import { updateSchema } from '../../../src/schema/validation';
import { assertNewPassword, newPassword, newUsername, usernameTaken } from '../../auth/account-rules';
import { authenticate, refusalOf, requireAuth } from '../../auth/guard';
import { uniqueInviteCode } from '../../auth/invite-code';
import { mailPasswordChanged } from './mail';
import { hashPassword, prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { loadGrants } from '../../auth/permissions';
import { createSession, extendSession, pruneDeadSessions, revokeAllSessions, revokeSession } from '../../auth/sessions';
import type { Limit } from '../../auth/throttle';
import { accountKey, beginAttempt, clearKey, ipKey, lockSpent, pairKey, refundAttempt } from '../../auth/throttle';
import { signToken } from '../../auth/tokens';
import { recountMembers } from '../capacity/members';
import type { Config } from '../../config';
import { audit } from '../../db/audit';
import { isUniqueViolation } from '../../db/errors';
import type { Database, UmsAdminTable } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { ok } from '../../http/envelope';
import type { RepositoryOf } from '../area';
import { patchOf, recordOfRow } from '../../crud/row';
import { ALL_SHOPS } from '../../crud/scope';
import type { Scope } from '../../crud/scope';
import { callerClock } from '../shop/time-zone';
import { conflict, fieldInvalid, forbidden, httpError, tooManyAttempts, tooManyRequests, unauthorized, validationFailed } from '../../http/errors';
import { parseWith } from '../../http/validation';
import { adminJson, menuJson } from '../ums/json';
import { vipLevelOf } from '../../../src/schema/vip/entities';
import { noteOnRequestLine } from '../../http/logging';

/** The role an account made by `mall`'s add form (no role field) gets: the seller's, as self-registration gives. */
const MALL_FORM_ROLE = SEED_ROLES.seller.code;

type AuthRouteDeps = {
  db: Kysely<Database>;
  /** The engine's repository of an entity: the admin accounts, for an administrator's `/admin/register`. */
  repositoryOf: RepositoryOf;
  /** The caller's shop scope: its time zone is answered with /admin/info. */
  scopeOf: (request: FastifyRequest) => Promise<Scope> | Scope;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'loginMaxFailuresPerPair' | 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerIp'
    | 'loginWindowSeconds' | 'loginMaxLockSeconds' | 'registerMaxPerIp' | 'registerWindowSeconds' | 'sellerGroup'>;
};

const TOKEN_HEAD = 'Bearer ';

type PermissionsInfo = Pick<AdminInfo, 'roles' | 'menus' | 'resources'>;
/** Admins whose /admin/info parts are kept (each a few KB): the active ones of a large back office. */
const INFO_CACHE_MAX = 2000;

// Sign-in accepts any length the limits allow (imported `mall` accounts may predate the rules
// for new ones); the upper bounds keep a hostile body from feeding megabytes to the hash function.
const loginBody = z.object({
  username: z.string().max(SIGN_IN_LENGTH.username.max).transform(normalizeUsername).pipe(z.string().min(SIGN_IN_LENGTH.username.min)),
  password: z.string().min(SIGN_IN_LENGTH.password.min).max(SIGN_IN_LENGTH.password.max),
});

// Strict: `status`, `roles`, `id`... in the body are refused, not silently dropped, so nobody can
// believe they smuggled an admin role or a disabled flag in.
const registerBody = z.strictObject({
  username: newUsername(),
  password: newPassword(),
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, { message: 'invalid_email' }),
  code: z.string().trim().max(64).nullable().optional(),
});

const updatePasswordBody = z.strictObject({
  username: z.string().max(SIGN_IN_LENGTH.username.max).transform(normalizeUsername).optional(),
  oldPassword: z.string().min(1).max(PASSWORD_LENGTH.max),
  newPassword: newPassword(),
});

// The account declaration's own rules for the fields a user may change about themselves; strict,
// so `username`, `status`, `roleIds`, `password`... are refused, never quietly dropped.
const profileBody = updateSchema(adminProfile);
/** The profile's columns, from its declaration: what `/admin/info` and the profile update read. */
const PROFILE_COLUMNS = Object.entries(adminProfile.fields).map(([field, decl]) => columnOf(field, decl) as keyof UmsAdminTable);

type ProfileRow = Pick<Selectable<UmsAdminTable>, 'id' | 'username'> & Partial<Selectable<UmsAdminTable>>;
/** The caller's profile from its row, through the declaration (the username is the account's, shown but not changed here). */
const profileOf = (row: ProfileRow): AdminProfile => {
  const { id: _id, ...fields } = recordOfRow(adminProfile, row as Selectable<UmsAdminTable>);
  return { username: row.username, ...fields };
};

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
});

const invalidInviteCode = () => fieldInvalid('code', 'invalid_invite_code');

/** Which kind of limit a throttle key is, for the log (`pair`, `account`, `ip`). */
const kindOf = (key: string): string => key.slice(0, key.indexOf(':'));

export const registerAdminAuthRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, config } = deps;
  app.addHook('onReady', async () => {
    await prepareDummyHash();
  });

  /**
   * The limits a sign-in attempt counts against. Always the (account, address) pair, with growing
   * delays. From an address that never signed in to this account also the account-wide ceiling
   * and the address's own limit: a stranger's guesses can shut out only other strangers, never
   * the places the account is really used from (nor, behind one NAT address, its other users).
   */
  const loginLimits = (username: string, ip: string | null, knownAddress: boolean): Limit[] => {
    const window = config.loginWindowSeconds;
    const pair: Limit = { key: pairKey(username, ip), max: config.loginMaxFailuresPerPair, windowSeconds: window, maxLockSeconds: config.loginMaxLockSeconds };
    if (knownAddress) return [pair];
    return [
      pair,
      { key: accountKey(username), max: config.loginMaxFailuresPerAccount, windowSeconds: window },
      { key: ipKey(ip), max: config.loginMaxFailuresPerIp, windowSeconds: window, maxLockSeconds: config.loginMaxLockSeconds },
    ];
  };

  /** Whether `ip` signed in to the account successfully before (its login log says so). */
  const signedInFrom = async (adminId: number, ip: string | null): Promise<boolean> => {
    if (!ip) return false;
    const row = await db.selectFrom('ums_admin_login_log').select('id').where('admin_id', '=', adminId).where('ip', '=', ip).limit(1).executeTakeFirst();
    return Boolean(row);
  };

  const issueToken = async (session: { id: string; adminId: number; expiresAt: Date }): Promise<LoginResult> => ({
    token: await signToken(config.jwtSecret, { adminId: session.adminId, sessionId: session.id, expiresAt: session.expiresAt }),
    tokenHead: TOKEN_HEAD,
  });

  app.post('/admin/login', { config: { openapi: { summary: 'Sign in: a token for `Authorization: Bearer <token>`', tags: ['admin'], query: null, body: loginBody, public: true } } }, async (request) => {
    const { username, password } = parseWith(loginBody, request.body);
    const client = clientOf(request);
    // Usernames are unique regardless of case, so `Admin` signs in as `admin`.
    const admin = await db.selectFrom('ums_admin').select(['id', 'username', 'password', 'status'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase()).orderBy('id').executeTakeFirst();
    // Asked for unknown names too (no account has id 0), so both take the same steps.
    const knownAddress = await signedInFrom(admin?.id ?? 0, client.ip);
    const limits = loginLimits(admin?.username ?? username, client.ip, knownAddress);
    const now = new Date();
    const gate = await beginAttempt(db, limits, now);
    if (!gate.allowed) {
      noteOnRequestLine(request, 'warn', { username, ip: client.ip, limit: kindOf(gate.key), retryAfter: gate.retryAfterSeconds }, 'sign-in refused: locked');
      throw tooManyAttempts(gate.retryAfterSeconds);
    }

    // Unknown user and wrong password: the same answer after the same work (a dummy hash check).
    const verified = admin ? await verifyPassword(admin.password, password) : (await verifyAgainstDummy(password), null);
    if (!admin || !verified?.ok) {
      // The account name is logged (never the password) so an operator can see who is targeted.
      noteOnRequestLine(request, 'warn', { username, ip: client.ip, knownAddress }, 'sign-in failed');
      for (const lock of await lockSpent(db, limits, now)) {
        noteOnRequestLine(request, 'warn', { username, ip: client.ip, limit: kindOf(lock.key), seconds: lock.seconds }, 'sign-in locked');
      }
      throw httpError({ status: 401, code: 500, messageKey: 'bad_credentials' });
    }
    // Success: the pair starts over; the shared counters get this attempt back.
    await clearKey(db, limits[0]!.key);
    for (const limit of limits.slice(1)) await refundAttempt(db, limit.key);
    // Only someone who knows the password learns that the account is disabled.
    if (admin.status !== 1) throw forbidden('account_disabled');

    const rehashed = verified.needsRehash ? await hashPassword(password) : null;
    const session = await db.transaction().execute(async (trx) => {
      const at = toDbTime();
      await trx.updateTable('ums_admin')
        .set(rehashed ? { login_time: at, password: rehashed } : { login_time: at })
        .where('id', '=', admin.id).execute();
      await trx.insertInto('ums_admin_login_log').values({ admin_id: admin.id, create_time: at, ip: client.ip, user_agent: client.userAgent }).execute();
      await pruneDeadSessions(trx, admin.id);
      return createSession(trx, { adminId: admin.id, ttlSeconds: config.tokenTtlSeconds, ...client });
    });
    return ok(await issueToken(session));
  });

  /**
   * The caller's roles, menus and URL patterns change only with the permission version (every
   * role, menu, resource or assignment change bumps it in its transaction, and every request reads
   * it with the session), so they are kept per admin for the version they were read at: exact
   * across server processes, and /admin/info costs one row read until permissions change.
   */
  const infoCache = new Map<number, { version: number; value: PermissionsInfo }>();
  const permissionsInfo = async (adminId: number, version: number): Promise<PermissionsInfo> => {
    const cached = infoCache.get(adminId);
    if (cached?.version === version) return cached.value;
    const roles = await db.selectFrom('ums_role as r')
      .innerJoin('ums_admin_role_relation as ar', 'ar.role_id', 'r.id')
      .select('r.name')
      .where('ar.admin_id', '=', adminId).where('r.status', '=', 1)
      .orderBy('r.sort', 'desc').orderBy('r.id')
      .execute();
    const menus = await db.selectFrom('ums_menu as m')
      .selectAll('m')
      .where('m.id', 'in', (eb) => eb.selectFrom('ums_role_menu_relation as rm')
        .innerJoin('ums_admin_role_relation as ar', 'ar.role_id', 'rm.role_id')
        .innerJoin('ums_role as r', 'r.id', 'rm.role_id')
        .select('rm.menu_id')
        .where('ar.admin_id', '=', adminId).where('r.status', '=', 1))
      .orderBy('m.sort', 'desc').orderBy('m.id')
      .execute();
    // The URL patterns the server will let through, so the admin can hide what would be refused.
    const grants = await loadGrants(db, adminId);
    const value: PermissionsInfo = {
      roles: roles.map((r) => r.name), menus: menus.map(menuJson), resources: grants.superAdmin ? ['/**'] : [...grants.patterns],
    };
    // Bounded: the oldest entry goes first (a Map keeps insertion order).
    infoCache.delete(adminId);
    infoCache.set(adminId, { version, value });
    if (infoCache.size > INFO_CACHE_MAX) infoCache.delete(infoCache.keys().next().value!);
    return value;
  };

  app.get('/admin/info', { config: { openapi: { summary: "The caller's username, icon (and the rest of its profile), role names, menus and granted URL patterns", tags: ['admin'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    // The profile is read every time (it changes without a permission version); the rest is cached.
    const admin = await db.selectFrom('ums_admin').select(['id', 'username', ...PROFILE_COLUMNS, 'vip_expire_time']).where('id', '=', auth.adminId).executeTakeFirst();
    if (!admin) throw unauthorized(); // deleted between the session check and now
    // The VIP is read with the profile: a confirmed payment moves it without a permission version.
    const vip = { vipLevel: vipLevelOf(admin.vip_expire_time), vipExpireTime: admin.vip_expire_time };
    // The caller's own id (not in mall's answer): screens filter their own records by it (VIP applications).
    // The clock the caller's days, dates and session times are read on (a seller's shop's, else the platform's).
    const { timeZone, source } = await callerClock(db, await deps.scopeOf(request));
    const info: AdminInfo = {
      id: auth.adminId, ...profileOf(admin), ...vip, ...await permissionsInfo(auth.adminId, auth.permissionVersion), timeZone, timeZoneSource: source,
    };
    return ok(info);
  });

  app.post('/admin/logout', { config: { openapi: { summary: "End the caller's session", tags: ['admin'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    await revokeSession(db, auth.sessionId);
    return ok(null);
  });

  app.get('/admin/refreshToken', { config: { openapi: { summary: "Extend the caller's session; a token for it", tags: ['admin'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    const expiresAt = await extendSession(db, auth.sessionId, config.tokenTtlSeconds);
    return ok(await issueToken({ id: auth.sessionId, adminId: auth.adminId, expiresAt }));
  });

  /**
   * Self-registration (anonymous) makes a seller in the SELLER_GROUP user group, at most
   * REGISTER_MAX_PER_IP per window from one address. Every attempt that reaches the database
   * counts, a taken name included, and only a complete, valid body reaches it: so `username_taken`
   * stays a helpful answer for a person choosing a name while probing names costs as much as
   * registering (a handful per address per hour), which makes bulk enumeration impractical.
   * Called with a token, it is `mall`'s admin form adding a user: the caller needs the right to
   * create accounts (`/admin/create`), and the account gets exactly the rules of that route.
   */
  app.post('/admin/register', { config: { openapi: { summary: 'Seller self-registration (seller role only); with a token, an admin who may create accounts adds one', tags: ['admin'], query: null, body: registerBody, public: true } } }, async (request) => {
    if (request.headers.authorization !== undefined) {
      const caller = await authenticate(db, config.jwtSecret, request);
      if (!caller) throw await refusalOf(db, config.jwtSecret, request);
      const grants = await loadGrants(db, caller.adminId);
      if (!grants.superAdmin && !grants.allows('/admin/create')) {
        noteOnRequestLine(request, 'warn', { adminId: caller.adminId, route: '/admin/register' }, 'permission denied');
        throw forbidden();
      }
      request.auth = caller;
      // The body of `/admin/create` (the engine's, with the account rules of ../ums/admins.ts), plus
      // the blank `id` of the form's empty record. An account is never kept without a role, and
      // `mall`'s add form has no role field (it assigns roles after): a body without `roleIds` gets
      // the declared default, the seller role (MALL_FORM_ROLE: what self-registration gives, its own
      // shops only, none yet), within the caller's grant ceiling like any role given.
      const posted = request.body;
      if (!posted || typeof posted !== 'object' || Array.isArray(posted)) throw validationFailed([fieldError('_', 'invalid_type')]);
      const { id: blank, ...body } = posted as Record<string, unknown>;
      if (blank != null) throw validationFailed([fieldError('id', 'unknown_field')]);
      if (body.roleIds === undefined || body.roleIds === null) {
        const role = await db.selectFrom('ums_role').select('id').where('code', '=', MALL_FORM_ROLE).executeTakeFirst();
        if (role) body.roleIds = [Number(role.id)];
      }
      return ok(await deps.repositoryOf('admin').create(body, { adminId: caller.adminId, ip: request.ip ?? null, scope: ALL_SHOPS }));
    }

    const body = parseWith(registerBody, request.body);
    const code = body.code ? body.code : null;
    if (code !== null && !INVITE_CODE_PATTERN.test(code)) throw invalidInviteCode();
    assertNewPassword(body.password, body.username);
    const client = clientOf(request);
    const gate = await beginAttempt(db, [{ key: `register:${client.ip ?? 'unknown'}`, max: config.registerMaxPerIp, windowSeconds: config.registerWindowSeconds }]);
    if (!gate.allowed) {
      noteOnRequestLine(request, 'warn', { ip: client.ip, retryAfter: gate.retryAfterSeconds }, 'registration refused: too many from this address');
      throw tooManyRequests(gate.retryAfterSeconds);
    }
    // Hash before the transaction: on SQLite a transaction holds the only connection.
    const passwordHash = await hashPassword(body.password);
    try {
      const created = await db.transaction().execute(async (trx) => {
        const referrer = code === null ? null : await trx.selectFrom('ums_admin').select(['id', 'invite_code'])
          .where('invite_code', 'in', [code, code.toUpperCase()]).executeTakeFirst();
        if (code !== null && !referrer) throw invalidInviteCode();
        if (await usernameTaken(trx, body.username)) throw conflict('username', 'username_taken');
        const sellerRole = await trx.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirst();
        if (!sellerRole) throw new Error('The seller role (code "seller") is missing; registration cannot assign a role');

        const row = await trx.insertInto('ums_admin').values({
          username: body.username,
          password: passwordHash,
          icon: null,
          email: body.email,
          nick_name: body.username,
          note: null,
          create_time: toDbTime(),
          login_time: null,
          status: 1,
          invite_code: await uniqueInviteCode(trx),
          referrer_id: referrer?.id ?? null,
        }).returningAll().executeTakeFirstOrThrow();
        await trx.insertInto('ums_admin_role_relation').values({ admin_id: row.id, role_id: sellerRole.id }).execute();
        // The referral relation (src/schema/referral/entities.ts), with the account or not at all; one per referee (unique index).
        if (referrer) {
          await trx.insertInto('rms_relation').values({ referrer_id: referrer.id, referee_id: row.id, code: referrer.invite_code, create_time: row.create_time }).execute();
        }
        await trx.updateTable('ums_role').set({ admin_count: sql<number>`admin_count + 1` }).where('id', '=', sellerRole.id).execute();
        // Into the sellers' group, so its quotas apply from the first minute (without the group,
        // the default quotas of accounts outside every group still apply).
        const group = await trx.selectFrom('ums_user_group').select('id').where('name', '=', config.sellerGroup).executeTakeFirst();
        if (group) {
          await trx.insertInto('ums_user_group_member').values({ group_id: group.id, admin_id: row.id }).execute();
          await recountMembers(trx, group.id);
        }
        const json = adminJson(row);
        await audit(trx, {
          adminId: row.id, action: 'register', entity: 'ums_admin', entityId: row.id,
          after: { ...json, roles: [SEED_ROLES.seller.code], groupId: group?.id ?? null }, ip: client.ip,
        });
        return json;
      });
      return ok(created);
    } catch (error) {
      // Two registrations racing for one name: the loser hits the unique index.
      if (isUniqueViolation(error)) throw conflict('username', 'username_taken');
      throw error;
    }
  });

  app.post('/admin/updatePassword', { config: { openapi: { summary: "Change the caller's password; every other session ends", tags: ['admin'], query: null, body: updatePasswordBody } } }, async (request) => {
    const auth = requireAuth(request);
    const body = parseWith(updatePasswordBody, request.body);
    // `mall` sends the username too: accepted when it is the caller's own, refused otherwise.
    if (body.username !== undefined && body.username !== '' && body.username.toLowerCase() !== auth.username.toLowerCase()) throw forbidden();
    assertNewPassword(body.newPassword, auth.username, 'newPassword');
    const client = clientOf(request);
    // Guessing the old password with a stolen token is bounded like signing in (per address, growing delays).
    const limits: Limit[] = [{ key: pairKey(auth.username, client.ip), max: config.loginMaxFailuresPerPair, windowSeconds: config.loginWindowSeconds, maxLockSeconds: config.loginMaxLockSeconds }];
    const now = new Date();
    const gate = await beginAttempt(db, limits, now);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);

    const admin = await db.selectFrom('ums_admin').select(['id', 'password']).where('id', '=', auth.adminId).executeTakeFirst();
    if (!admin) throw unauthorized();
    const verified = await verifyPassword(admin.password, body.oldPassword);
    if (!verified.ok) {
      noteOnRequestLine(request, 'warn', { username: auth.username, ip: client.ip }, 'password change: wrong old password');
      await lockSpent(db, limits, now);
      throw fieldInvalid('oldPassword', 'old_password_wrong');
    }
    await clearKey(db, limits[0]!.key);

    const passwordHash = await hashPassword(body.newPassword);
    const session = await db.transaction().execute(async (trx) => {
      await trx.updateTable('ums_admin').set({ password: passwordHash }).where('id', '=', admin.id).execute();
      const ended = await revokeAllSessions(trx, admin.id);
      const fresh = await createSession(trx, { adminId: admin.id, ttlSeconds: config.tokenTtlSeconds, ...client });
      await audit(trx, { adminId: admin.id, action: 'update_password', entity: 'ums_admin', entityId: admin.id, after: { sessionsEnded: ended }, ip: client.ip });
      // The owner hears of it by mail, so a change they did not make does not go unnoticed.
      await mailPasswordChanged(trx, admin.id, now, client.ip);
      return fresh;
    });
    return ok(await issueToken(session));
  });

  /**
   * Self-service: the caller changes their own nickname, email, avatar and note, under the account
   * declaration's rules; a session is all it needs (SELF_SERVICE_URLS), since it can reach nothing
   * but the caller's own row. Empty text is no value, as on the admin's edit form. Answers the profile.
   */
  app.post(PROFILE_API.update, { config: { openapi: { summary: "Change the caller's own nickname, email, avatar (icon) and note; nothing else. Answers the profile", tags: ['admin'], query: null, body: profileBody } } }, async (request) => {
    const auth = requireAuth(request);
    const body = parseWith(profileBody, request.body, adminProfile);
    // A blank text clears the field (stored as null), as the profile form sends it.
    const values = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, typeof value === 'string' && value.trim() === '' ? null : value])) as Partial<RecordOf<typeof adminProfile>>;
    const profile = await db.transaction().execute(async (trx) => {
      const select = () => trx.selectFrom('ums_admin').select(['id', 'username', ...PROFILE_COLUMNS]).where('id', '=', auth.adminId).executeTakeFirst();
      const before = await select();
      if (!before) throw unauthorized(); // deleted between the session check and now
      const current = profileOf(before);
      const changed = Object.fromEntries(Object.entries(values).filter(([field, value]) => current[field as keyof typeof current] !== value));
      if (!Object.keys(changed).length) return current;
      await trx.updateTable('ums_admin').set(patchOf(adminProfile, changed)).where('id', '=', auth.adminId).execute();
      const after = await select();
      if (!after) throw unauthorized();
      await audit(trx, {
        adminId: auth.adminId, action: 'update_profile', entity: 'ums_admin', entityId: auth.adminId,
        before: current, after: profileOf(after), ip: request.ip ?? null,
      });
      return profileOf(after);
    });
    return ok(profile);
  });
};
