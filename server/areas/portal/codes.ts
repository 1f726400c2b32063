/**
 * Codes sent to a phone (a shop front's sign-up, when the shop asks for one): six random digits,
 * stored only as a keyed hash bound to the shop, phone and purpose, valid for CODE_MINUTES, used
 * once, dead after MAX_GUESSES wrong guesses; compared in constant time. Only the newest code of a
 * phone counts.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { dbTimeIn, toDbTime } from '../../db/time';

export const CODE_MINUTES = 10;
const MAX_GUESSES = 5;

export type CodePurpose = 'register';

const hashOf = (secret: string, shopId: number, phone: string, purpose: CodePurpose, code: string): string =>
  createHmac('sha256', secret).update(`portal-code\n${shopId}\n${phone}\n${purpose}\n${code}`).digest('hex');

/** A new code for the phone (its earlier ones stop counting); the caller sends it. */
export const issueCode = async (db: Kysely<Database>, secret: string, input: { shopId: number; phone: string; purpose: CodePurpose }): Promise<string> => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insertInto('portal_auth_code').values({
    shop_id: input.shopId, phone: input.phone, purpose: input.purpose, code_hash: hashOf(secret, input.shopId, input.phone, input.purpose, code),
    create_time: toDbTime(), expire_time: dbTimeIn(CODE_MINUTES * 60), used_time: null,
  }).execute();
  return code;
};

/**
 * Whether `code` is the phone's newest live code for the purpose; a match uses it up, a miss
 * counts a guess. Run inside the write the code allows, so a failed write leaves the code unused.
 */
export const useCode = async (
  db: Kysely<Database>, secret: string, input: { shopId: number; phone: string; purpose: CodePurpose; code: string },
): Promise<boolean> => {
  const row = await db.selectFrom('portal_auth_code').select(['id', 'code_hash', 'attempts', 'expire_time', 'used_time'])
    .where('shop_id', '=', input.shopId).where('phone', '=', input.phone).where('purpose', '=', input.purpose)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row || row.used_time !== null || row.expire_time <= toDbTime() || Number(row.attempts) >= MAX_GUESSES) return false;
  const given = Buffer.from(hashOf(secret, input.shopId, input.phone, input.purpose, input.code), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    await db.updateTable('portal_auth_code').set({ attempts: sql<number>`attempts + 1` }).where('id', '=', row.id).execute();
    return false;
  }
  // Conditional: of two requests with the same code, one uses it.
  const used = await db.updateTable('portal_auth_code').set({ used_time: toDbTime() }).where('id', '=', row.id).where('used_time', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
};
