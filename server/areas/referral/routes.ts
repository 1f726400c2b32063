/**
 * Referral routes beside the declared lists (src/schema/referral/entities.ts): `GET /rms/link`, the
 * caller's invite code (made on first request when the account has none) and link, and the
 * public `POST /rms/click`, which records a click on an invite link. A click is throttled per
 * address and per code in the shared throttle table (as sign-in and registration are), and keeps
 * only the address, a device summary, the code and the time.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { INVITE_CODE_PATTERN } from '../../../src/schema/auth-rules';
import type { InviteLink } from '../../../src/schema/referral/entities';
import { inviteLinkOf } from '../../../src/schema/referral/entities';
import { requireAuth } from '../../auth/guard';
import { uniqueInviteCode } from '../../auth/invite-code';
import { beginAttempt, ipKey } from '../../auth/throttle';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { ok } from '../../http/envelope';
import { fieldInvalid, tooManyRequests } from '../../http/errors';
import { parseWith } from '../../http/validation';
import { deviceSummary } from './device';

const clickBody = z.strictObject({ code: z.string().trim().max(64) });

const invalidCode = () => fieldInvalid('code', 'invalid_invite_code');

/** The seller holding an invite code (codes are made upper case; a typed lower-case one is accepted). */
export const holderOfCode = async (db: Kysely<Database>, code: string): Promise<{ id: number; code: string } | undefined> => {
  const row = await db.selectFrom('ums_admin').select(['id', 'invite_code']).where('invite_code', 'in', [code, code.toUpperCase()]).orderBy('id').executeTakeFirst();
  return row?.invite_code ? { id: row.id, code: row.invite_code } : undefined;
};

const originOf = (request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;

export const registerReferralRoutes = (api: FastifyInstance, db: Kysely<Database>, config: Config): void => {
  api.get('/rms/link', { config: { openapi: { summary: "The caller's invite code (made on first request) and invite link", tags: ['rms'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    const row = await db.selectFrom('ums_admin').select('invite_code').where('id', '=', auth.adminId).executeTakeFirstOrThrow();
    let code = row.invite_code;
    // Made on demand for accounts without one (staff, imported accounts); racing requests keep whichever landed first.
    for (let attempt = 0; !code && attempt < 3; attempt += 1) {
      try {
        const fresh = await uniqueInviteCode(db);
        await db.updateTable('ums_admin').set({ invite_code: fresh }).where('id', '=', auth.adminId).where('invite_code', 'is', null).execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      code = (await db.selectFrom('ums_admin').select('invite_code').where('id', '=', auth.adminId).executeTakeFirstOrThrow()).invite_code;
    }
    if (!code) throw new Error('no invite code could be made');
    const answer: InviteLink = { code, link: inviteLinkOf(originOf(request, config), code) };
    return ok(answer);
  });

  api.post('/rms/click', { config: { openapi: { summary: 'Record a click on an invite link (public; throttled per address and per code)', tags: ['rms'], query: null, body: clickBody, public: true } } }, async (request) => {
    const { code } = parseWith(clickBody, request.body);
    // A malformed code is refused before the database and costs nothing.
    if (!INVITE_CODE_PATTERN.test(code)) throw invalidCode();
    const ip = request.ip ?? null;
    const window = config.clickWindowSeconds;
    // The address pays for every lookup, unknown codes included, so codes cannot be enumerated cheaply.
    const byAddress = await beginAttempt(db, [{ key: `click:${ipKey(ip)}`, max: config.clickMaxPerIp, windowSeconds: window }]);
    if (!byAddress.allowed) throw tooManyRequests(byAddress.retryAfterSeconds);
    const holder = await holderOfCode(db, code);
    if (!holder) throw invalidCode();
    // Counted only for real codes, so random codes add no throttle rows.
    const byCode = await beginAttempt(db, [{ key: `click:code:${holder.code}`, max: config.clickMaxPerCode, windowSeconds: window }]);
    if (!byCode.allowed) throw tooManyRequests(byCode.retryAfterSeconds);
    const row = await db.insertInto('rms_click').values({
      code: holder.code, seller_id: holder.id, ip: ip?.slice(0, 64) ?? null, device: deviceSummary(request.headers['user-agent']), create_time: toDbTime(),
    }).returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id });
  });
};
