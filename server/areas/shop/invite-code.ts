/** A shop's invite code (customers sign up with it): the sellers' code shape, unique among shops. */
import type { Kysely } from 'kysely';
import { generateInviteCode } from '../../auth/invite-code';
import type { AnyDb } from '../../crud/hooks';
import type { Database } from '../../db/schema';

/** A code no shop holds yet (31^8 codes: a clash is rare, but checked; the unique index has the last word). */
export const uniqueShopCode = async (db: AnyDb): Promise<string> => {
  for (;;) {
    const code = generateInviteCode();
    const taken = await (db as unknown as Kysely<Database>).selectFrom('shop').select('id').where('invite_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
};
