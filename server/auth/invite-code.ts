/** Invite codes of sellers: short, random, unambiguous when read aloud or typed (no 0/O, 1/I/L). */
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

export const generateInviteCode = (): string =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A code no admin holds yet (31^8 codes; a clash is astronomically rare, but checked). */
export const uniqueInviteCode = async (db: Kysely<Database> | Transaction<Database>): Promise<string> => {
  for (;;) {
    const code = generateInviteCode();
    const taken = await db.selectFrom('ums_admin').select('id').where('invite_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
};
