/**
 * mall-portal's `/sso/*`: buyers are the shop's members. Sign-up (approved at once or pending, by
 * the shop's approval setting; a code sent to the phone first only when the shop asks for one),
 * sign-in with the admins' throttles and lock-outs (server/auth/throttle.ts) and password hashing,
 * the member's info, a fresh token, and a password change with the current password (it ends
 * every token issued before). Unknown user and wrong password answer alike, after the same work.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { MessageKey } from '../../../src/schema/api';
import { formatMessage } from '../../../src/schema/api';
import { SIGN_IN_LENGTH, normalizeUsername, PASSWORD_LENGTH } from '../../../src/schema/auth-rules';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member/entities';
import { SHOP_APPROVALS } from '../../../src/schema/shop/entities';
import { assertNewPassword, newPassword, newUsername } from '../../auth/account-rules';
import { hashPassword, prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../../auth/password';
import type { Limit } from '../../auth/throttle';
import { accountKey, beginAttempt, clearKey, ipKey, lockSpent, pairKey, refundAttempt } from '../../auth/throttle';
import { toDbTime } from '../../db/time';
import { ok } from '../../http/envelope';
import { conflict, fieldInvalid, httpError, tooManyAttempts, tooManyRequests, unauthorized } from '../../http/errors';
import { noteOnRequestLine } from '../../http/logging';
import { parseWith } from '../../http/validation';
import type { PortalRoutes } from './context';
import { buyerOf, paramsOf, shopOf } from './context';
import { CODE_MINUTES, issueCode, useCode } from './codes';
import { sendTextMessage } from './channel';
import { signBuyerToken } from './tokens';

const TOKEN_HEAD = 'Bearer ';
const AUTO = SHOP_APPROVALS.find((a) => a.label === 'auto')!.value;
/** Texts with codes per phone and per address in an hour: enough for a person, too few to flood a phone. */
const CODES_PER_PHONE = 5;
const CODES_PER_IP = 20;
const CODE_WINDOW_SECONDS = 3600;

/** A phone number as people write it (country code, spaces, dashes), 5..32 characters. */
const PHONE = /^\+?[0-9][0-9 ()-]{3,30}[0-9]$/;
const phoneField = () => z.string().trim().regex(PHONE, { message: 'portal_invalid_phone' });

const loginParams = z.object({
  username: z.string().max(SIGN_IN_LENGTH.username.max).transform(normalizeUsername).pipe(z.string().min(SIGN_IN_LENGTH.username.min)),
  password: z.string().min(SIGN_IN_LENGTH.password.min).max(SIGN_IN_LENGTH.password.max),
});

const registerParams = z.object({
  username: newUsername(),
  password: newPassword(),
  telephone: phoneField(),
  authCode: z.string().trim().max(16).optional(),
});

const codeParams = z.object({ telephone: phoneField() });

const passwordParams = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_LENGTH.max),
  password: newPassword(),
});

/** The member as mall-portal's `UmsMember` (no password, token version or shop internals). */
type MemberRow = {
  id: number; username: string; nickname: string | null; mobile: string | null; icon: string | null; member_level_id: number | null;
  apply_status: number; create_time: string | null; integration: number; growth: number;
};
const memberJson = (row: MemberRow) => ({
  id: row.id, memberLevelId: row.member_level_id, username: row.username, nickname: row.nickname, phone: row.mobile, icon: row.icon,
  status: Number(row.apply_status) === MEMBER_APPLY_STATUS.approved ? 1 : 0, createTime: row.create_time,
  integration: Number(row.integration), growth: Number(row.growth),
  gender: null, birthday: null, city: null, job: null, personalizedSignature: null, sourceType: null, luckeyCount: null, historyIntegration: null,
});

/** A success envelope whose message says more than "done" (mall's clients show some of them). */
const okSaying = (messageKey: MessageKey, data: unknown = null) => ({ ...ok(data), message: formatMessage(messageKey), messageKey });

const kindOf = (key: string): string => key.slice(0, key.indexOf(':'));

export const ssoRoutes: PortalRoutes = (portal, { db, config }) => {
  portal.addHook('onReady', async () => {
    await prepareDummyHash();
  });
  const secret = config.jwtSecret;

  const issueToken = async (shopId: number, memberId: number, version: number) => ({
    token: await signBuyerToken(secret, { memberId, shopId, version, expiresAt: new Date(Date.now() + config.tokenTtlSeconds * 1000) }),
    tokenHead: TOKEN_HEAD,
  });

  /** The admins' rules, with the shop in every key: the pair always; from an unknown address also the account's and the address's limits. */
  const loginLimits = (shopId: number, username: string, ip: string | null, knownAddress: boolean): Limit[] => {
    const name = `portal${shopId}/${username}`;
    const window = config.loginWindowSeconds;
    const pair: Limit = { key: pairKey(name, ip), max: config.loginMaxFailuresPerPair, windowSeconds: window, maxLockSeconds: config.loginMaxLockSeconds };
    if (knownAddress) return [pair];
    return [
      pair,
      { key: accountKey(name), max: config.loginMaxFailuresPerAccount, windowSeconds: window },
      { key: ipKey(`portal/${ip ?? 'unknown'}`), max: config.loginMaxFailuresPerIp, windowSeconds: window, maxLockSeconds: config.loginMaxLockSeconds },
    ];
  };

  const throttled = async (request: FastifyRequest, limits: Limit[], what: string): Promise<void> => {
    const gate = await beginAttempt(db, limits);
    if (gate.allowed) return;
    noteOnRequestLine(request, 'warn', { ip: request.ip, limit: gate.key, retryAfter: gate.retryAfterSeconds }, `${what} refused: too many`);
    throw tooManyRequests(gate.retryAfterSeconds);
  };

  portal.get('/sso/getAuthCode', async (request) => {
    const shop = shopOf(request);
    const { telephone } = parseWith(codeParams, paramsOf(request));
    // A shop that asks for no code sends none; the answer is the same (data null), as mall's clients expect.
    if (shop.signUpCode !== 1) return ok(null);
    await throttled(request, [
      { key: `portal-code:${shop.id}:${telephone}`, max: CODES_PER_PHONE, windowSeconds: CODE_WINDOW_SECONDS },
      { key: `portal-code-ip:${request.ip ?? 'unknown'}`, max: CODES_PER_IP, windowSeconds: CODE_WINDOW_SECONDS },
    ], 'sign-up code');
    const code = await issueCode(db, secret, { shopId: shop.id, phone: telephone, purpose: 'register' });
    const zh = /^\s*zh\b/i.test(request.headers['accept-language'] ?? '');
    const params = { shop: shop.name, code, minutes: CODE_MINUTES };
    const text = zh ? `您在${params.shop}的注册验证码为${code}，${CODE_MINUTES}分钟内有效。` : formatMessage('portal_code_text', params);
    await sendTextMessage(db, { shopId: shop.id, phone: telephone, text });
    return okSaying('portal_code_sent');
  });

  portal.post('/sso/register', async (request) => {
    const shop = shopOf(request);
    const body = parseWith(registerParams, paramsOf(request));
    assertNewPassword(body.password, body.username);
    if (shop.signUpCode === 1 && !body.authCode) throw fieldInvalid('authCode', 'portal_code_required');
    await throttled(request, [{ key: `register:portal/${request.ip ?? 'unknown'}`, max: config.registerMaxPerIp, windowSeconds: config.registerWindowSeconds }], 'sign-up');
    // Hash before the transaction: on SQLite a transaction holds the only connection.
    const passwordHash = await hashPassword(body.password);
    const pending = shop.autoApprove !== AUTO;
    await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('ums_member').select('id').where('shop_id', '=', shop.id)
        .where(sql<string>`lower(username)`, '=', body.username.toLowerCase()).executeTakeFirst();
      if (taken) throw conflict('username', 'username_taken');
      const phoneTaken = await trx.selectFrom('ums_member').select('id').where('shop_id', '=', shop.id).where('mobile', '=', body.telephone).executeTakeFirst();
      if (phoneTaken) throw conflict('telephone', 'portal_phone_taken');
      if (shop.signUpCode === 1 && !await useCode(trx, secret, { shopId: shop.id, phone: body.telephone, purpose: 'register', code: body.authCode ?? '' })) {
        throw fieldInvalid('authCode', 'portal_code_wrong');
      }
      const level = await trx.selectFrom('ums_member_level').select('id').where('default_status', '=', 1).orderBy('id').executeTakeFirst();
      await trx.insertInto('ums_member').values({
        username: body.username, nickname: body.username, mobile: body.telephone, shop_id: shop.id, member_level_id: level?.id ?? null,
        apply_status: pending ? MEMBER_APPLY_STATUS.pending : MEMBER_APPLY_STATUS.approved, create_time: toDbTime(), password: passwordHash,
      }).execute();
    });
    return okSaying(pending ? 'portal_registered_pending' : 'portal_registered');
  });

  portal.post('/sso/login', async (request) => {
    const shop = shopOf(request);
    const { username, password } = parseWith(loginParams, paramsOf(request));
    const ip = request.ip ?? null;
    const member = await db.selectFrom('ums_member').select(['id', 'username', 'password', 'apply_status', 'token_version'])
      .where('shop_id', '=', shop.id).where(sql<string>`lower(username)`, '=', username.toLowerCase()).orderBy('id').executeTakeFirst();
    const known = member && ip
      ? Boolean(await db.selectFrom('ums_member_login_log').select('id').where('member_id', '=', member.id).where('ip', '=', ip).limit(1).executeTakeFirst())
      : false;
    const limits = loginLimits(shop.id, member?.username ?? username, ip, known);
    const now = new Date();
    const gate = await beginAttempt(db, limits, now);
    if (!gate.allowed) {
      noteOnRequestLine(request, 'warn', { shopId: shop.id, username, ip, limit: kindOf(gate.key), retryAfter: gate.retryAfterSeconds }, 'buyer sign-in refused: locked');
      throw tooManyAttempts(gate.retryAfterSeconds);
    }
    // A member without a password (added by the seller) signs in like an unknown one: never.
    const verified = member?.password ? await verifyPassword(member.password, password) : (await verifyAgainstDummy(password), null);
    if (!member || !verified?.ok) {
      noteOnRequestLine(request, 'warn', { shopId: shop.id, username, ip, known }, 'buyer sign-in failed');
      await lockSpent(db, limits, now);
      // mall answers a failed sign-in with code 404 in an HTTP 200 (the shop front's error handler).
      throw httpError({ status: 400, messageKey: 'bad_credentials' });
    }
    await clearKey(db, limits[0]!.key);
    for (const limit of limits.slice(1)) await refundAttempt(db, limit.key);
    // Only someone who knows the password learns where their membership stands.
    if (Number(member.apply_status) === MEMBER_APPLY_STATUS.pending) throw httpError({ status: 403, code: 500, messageKey: 'portal_member_pending' });
    if (Number(member.apply_status) !== MEMBER_APPLY_STATUS.approved) throw httpError({ status: 403, code: 500, messageKey: 'portal_member_rejected' });
    const rehashed = verified.needsRehash ? await hashPassword(password) : null;
    await db.transaction().execute(async (trx) => {
      const at = toDbTime();
      await trx.updateTable('ums_member').set(rehashed ? { login_time: at, password: rehashed } : { login_time: at }).where('id', '=', member.id).execute();
      await trx.insertInto('ums_member_login_log').values({ member_id: member.id, create_time: at, ip }).execute();
    });
    return ok(await issueToken(shop.id, member.id, Number(member.token_version)));
  });

  const memberOf = async (request: FastifyRequest) => {
    const buyer = buyerOf(request);
    const row = await db.selectFrom('ums_member')
      .select(['id', 'username', 'nickname', 'mobile', 'icon', 'member_level_id', 'apply_status', 'create_time', 'integration', 'growth', 'token_version'])
      .where('id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
    if (!row) throw unauthorized();
    return row;
  };

  portal.get('/sso/info', async (request) => ok(memberJson(await memberOf(request))));

  portal.get('/sso/refreshToken', async (request) => {
    const member = await memberOf(request);
    return ok(await issueToken(buyerOf(request).shopId, member.id, Number(member.token_version)));
  });

  /**
   * mall's public reset by phone code (anyone knowing a phone number could take the account) is
   * not kept: the change needs the buyer's token and current password, and ends every other token.
   */
  portal.post('/sso/updatePassword', async (request) => {
    const buyer = buyerOf(request);
    const body = parseWith(passwordParams, paramsOf(request));
    assertNewPassword(body.password, buyer.username);
    const row = await db.selectFrom('ums_member').select(['password']).where('id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
    const verified = row?.password ? await verifyPassword(row.password, body.oldPassword) : null;
    if (!verified?.ok) throw fieldInvalid('oldPassword', 'portal_wrong_password');
    const passwordHash = await hashPassword(body.password);
    const updated = await db.updateTable('ums_member').set({ password: passwordHash, token_version: sql<number>`token_version + 1` })
      .where('id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).returning(['token_version']).executeTakeFirstOrThrow();
    return ok(await issueToken(buyer.shopId, buyer.memberId, Number(updated.token_version)));
  });
};
