/**
 * The session endpoints of `mall`'s `/admin` controller, made safe: login (throttled, no user
 * enumeration), info, logout (really ends the session), seller self-registration (seller role
 * only), token refresh and password change (ends every other session).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AdminInfo, LoginResult } from '../../src/schema/api';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, INVITE_CODE_PATTERN, PASSWORD_LENGTH, USERNAME_LENGTH } from '../../src/schema/auth-rules';
import { SEED_ROLES } from '../../src/schema/resources';
import { requireAuth } from '../auth/guard';
import { uniqueInviteCode } from '../auth/invite-code';
import { hashPassword, prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { loadGrants } from '../auth/permissions';
import { createSession, extendSession, pruneDeadSessions, revokeAllSessions, revokeSession } from '../auth/sessions';
import type { ThrottleLimits } from '../auth/throttle';
import { accountKey, beginAttempt, clearKey, ipKey, pruneThrottle, refundAttempt } from '../auth/throttle';
import { signToken } from '../auth/tokens';
import type { Config } from '../config';
import { audit } from '../db/audit';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import { ok } from '../http/envelope';
import { conflict, fieldInvalid, forbidden, httpError, tooManyAttempts, unauthorized } from '../http/errors';
import { parseWith } from '../http/validation';
import { adminJson, menuJson } from './ums-json';

export type AuthRouteDeps = {
  db: Kysely<Database>;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerIp' | 'loginWindowSeconds'>;
};

const TOKEN_HEAD = 'Bearer ';

// Sign-in accepts any length the limits allow (imported `mall` passwords may be short); the
// upper bounds keep a hostile body from feeding megabytes to the hash function.
const loginBody = z.object({
  username: z.string().trim().min(1).max(USERNAME_LENGTH.max),
  password: z.string().min(1).max(PASSWORD_LENGTH.max),
});

const newPassword = z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);

// Strict: `status`, `roles`, `id`... in the body are refused, not silently dropped, so nobody can
// believe they smuggled an admin role or a disabled flag in.
const registerBody = z.strictObject({
  username: z.string().trim().min(USERNAME_LENGTH.min).max(USERNAME_LENGTH.max),
  password: newPassword,
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, { message: 'invalid_email' }),
  code: z.string().trim().max(64).nullable().optional(),
});

const updatePasswordBody = z.strictObject({
  username: z.string().trim().max(USERNAME_LENGTH.max).optional(),
  oldPassword: z.string().min(1).max(PASSWORD_LENGTH.max),
  newPassword,
});

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
});

const invalidInviteCode = () => fieldInvalid('code', 'invalid_invite_code');

export const registerAdminAuthRoutes = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, config } = deps;
  const accountLimits: ThrottleLimits = { maxFailures: config.loginMaxFailuresPerAccount, windowSeconds: config.loginWindowSeconds };
  const ipLimits: ThrottleLimits = { maxFailures: config.loginMaxFailuresPerIp, windowSeconds: config.loginWindowSeconds };
  app.addHook('onReady', async () => {
    await prepareDummyHash();
  });

  const issueToken = async (session: { id: string; adminId: number; expiresAt: Date }): Promise<LoginResult> => ({
    token: await signToken(config.jwtSecret, { adminId: session.adminId, sessionId: session.id, expiresAt: session.expiresAt }),
    tokenHead: TOKEN_HEAD,
  });

  app.post('/admin/login', { config: { openapi: { summary: 'Sign in: a token for `Authorization: Bearer <token>`', tags: ['admin'], query: null, body: loginBody, public: true } } }, async (request) => {
    const { username, password } = parseWith(loginBody, request.body);
    const client = clientOf(request);
    const keys = [accountKey(username), ipKey(client.ip ?? undefined)] as const;
    const gate = await beginAttempt(db, [{ key: keys[0], limits: accountLimits }, { key: keys[1], limits: ipLimits }]);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);

    const admin = await db.selectFrom('ums_admin').select(['id', 'password', 'status'])
      .where('username', '=', username).executeTakeFirst();
    // Unknown user and wrong password: the same answer after the same work (a dummy hash check).
    const verified = admin ? await verifyPassword(admin.password, password) : (await verifyAgainstDummy(password), null);
    if (!admin || !verified?.ok) {
      throw httpError({ status: 401, code: 500, messageKey: 'bad_credentials' });
    }
    await clearKey(db, keys[0]);
    await refundAttempt(db, keys[1]);
    // Only someone who knows the password learns that the account is disabled.
    if (admin.status !== 1) throw forbidden('account_disabled');

    const rehashed = verified.needsRehash ? await hashPassword(password) : null;
    const session = await db.transaction().execute(async (trx) => {
      const now = toDbTime();
      await trx.updateTable('ums_admin')
        .set(rehashed ? { login_time: now, password: rehashed } : { login_time: now })
        .where('id', '=', admin.id).execute();
      await trx.insertInto('ums_admin_login_log').values({ admin_id: admin.id, create_time: now, ip: client.ip, user_agent: client.userAgent }).execute();
      await pruneDeadSessions(trx, admin.id);
      return createSession(trx, { adminId: admin.id, ttlSeconds: config.tokenTtlSeconds, ...client });
    });
    await pruneThrottle(db, config.loginWindowSeconds);
    return ok(await issueToken(session));
  });

  app.get('/admin/info', { config: { openapi: { summary: "The caller's username, icon, role names, menus and granted URL patterns", tags: ['admin'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    const admin = await db.selectFrom('ums_admin').select(['username', 'icon']).where('id', '=', auth.adminId).executeTakeFirst();
    if (!admin) throw unauthorized(); // deleted between the session check and now
    const roles = await db.selectFrom('ums_role as r')
      .innerJoin('ums_admin_role_relation as ar', 'ar.role_id', 'r.id')
      .select('r.name')
      .where('ar.admin_id', '=', auth.adminId).where('r.status', '=', 1)
      .orderBy('r.sort', 'desc').orderBy('r.id')
      .execute();
    const menus = await db.selectFrom('ums_menu as m')
      .selectAll('m')
      .where('m.id', 'in', (eb) => eb.selectFrom('ums_role_menu_relation as rm')
        .innerJoin('ums_admin_role_relation as ar', 'ar.role_id', 'rm.role_id')
        .innerJoin('ums_role as r', 'r.id', 'rm.role_id')
        .select('rm.menu_id')
        .where('ar.admin_id', '=', auth.adminId).where('r.status', '=', 1))
      .orderBy('m.sort', 'desc').orderBy('m.id')
      .execute();
    // The URL patterns the server will let through, so the admin can hide what would be refused.
    const grants = await loadGrants(db, auth.adminId);
    const info: AdminInfo = {
      username: admin.username, icon: admin.icon, roles: roles.map((r) => r.name), menus: menus.map(menuJson),
      resources: grants.superAdmin ? ['/**'] : [...grants.patterns],
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

  app.post('/admin/register', { config: { openapi: { summary: 'Seller self-registration (seller role only)', tags: ['admin'], query: null, body: registerBody, public: true } } }, async (request) => {
    const body = parseWith(registerBody, request.body);
    const code = body.code ? body.code : null;
    if (code !== null && !INVITE_CODE_PATTERN.test(code)) throw invalidInviteCode();
    const client = clientOf(request);
    // Hash before the transaction: on SQLite a transaction holds the only connection.
    const passwordHash = await hashPassword(body.password);
    try {
      const created = await db.transaction().execute(async (trx) => {
        const referrer = code === null ? null : await trx.selectFrom('ums_admin').select('id')
          .where('invite_code', 'in', [code, code.toUpperCase()]).executeTakeFirst();
        if (code !== null && !referrer) throw invalidInviteCode();
        const taken = await trx.selectFrom('ums_admin').select('id').where('username', '=', body.username).executeTakeFirst();
        if (taken) throw conflict('username', 'username_taken');
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
        await trx.updateTable('ums_role').set({ admin_count: sql<number>`admin_count + 1` }).where('id', '=', sellerRole.id).execute();
        const json = adminJson(row);
        await audit(trx, { adminId: row.id, action: 'register', entity: 'ums_admin', entityId: row.id, after: { ...json, roles: [SEED_ROLES.seller.code] }, ip: client.ip });
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
    if (body.username !== undefined && body.username !== '' && body.username !== auth.username) throw forbidden();
    const key = accountKey(auth.username);
    const gate = await beginAttempt(db, [{ key, limits: accountLimits }]);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);

    const admin = await db.selectFrom('ums_admin').select(['id', 'password']).where('id', '=', auth.adminId).executeTakeFirst();
    if (!admin) throw unauthorized();
    const verified = await verifyPassword(admin.password, body.oldPassword);
    if (!verified.ok) throw fieldInvalid('oldPassword', 'old_password_wrong');
    await clearKey(db, key);

    const passwordHash = await hashPassword(body.newPassword);
    const client = clientOf(request);
    const session = await db.transaction().execute(async (trx) => {
      await trx.updateTable('ums_admin').set({ password: passwordHash }).where('id', '=', admin.id).execute();
      const ended = await revokeAllSessions(trx, admin.id);
      const fresh = await createSession(trx, { adminId: admin.id, ttlSeconds: config.tokenTtlSeconds, ...client });
      await audit(trx, { adminId: admin.id, action: 'update_password', entity: 'ums_admin', entityId: admin.id, after: { sessionsEnded: ended }, ip: client.ip });
      return fresh;
    });
    return ok(await issueToken(session));
  });
};
