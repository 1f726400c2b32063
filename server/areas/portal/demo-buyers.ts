/**
 * The demo's shop-front sign-ins (demo mode only): every approved member of every shop that has no
 * password yet gets DEMO_BUYER_PASSWORD, so each demo shop's buyers (server/areas/member/demo-buyers.ts)
 * can sign in at `/portal/<shop id>/sso/login` at once (the README's table names them). One hash for all:
 * the demo's passwords are public anyway.
 */
import type { Kysely } from 'kysely';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member/entities';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/schema';

export const DEMO_BUYER_PASSWORD = 'buyer123';

/** Answers how many members got the password. */
export const seedDemoBuyerPasswords = async (db: Kysely<Database>): Promise<number> => {
  const waiting = await db.selectFrom('ums_member').select('id').where('apply_status', '=', MEMBER_APPLY_STATUS.approved).where('password', 'is', null).execute();
  if (!waiting.length) return 0;
  const hash = await hashPassword(DEMO_BUYER_PASSWORD);
  const updated = await db.updateTable('ums_member').set({ password: hash })
    .where('id', 'in', waiting.map((m) => m.id)).where('password', 'is', null).executeTakeFirst();
  return Number(updated.numUpdatedRows);
};
