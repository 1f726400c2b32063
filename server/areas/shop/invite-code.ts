/** A shop's invite code (customers sign up with it): the sellers' code shape, unique among shops. */
import { generateInviteCode } from '../../auth/invite-code';
import type { Db } from '../../crud/hooks';

/** A code no shop holds yet (31^8 codes: a clash is rare, but checked; the unique index has the last word). */
export const uniqueShopCode = async (db: Db): Promise<string> => {
  for (;;) {
    const code = generateInviteCode();
    const taken = await db.selectFrom('shop').select('id').where('invite_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
};
