/**
 * Whose clock a day, a flash sale's dates and a session's times are read on: a shop's own time
 * zone (`shop.timeZone`, e.g. Asia/Shanghai), else the platform's (the server's `TZ`). A seller
 * counts in its shop's zone, staff in the platform's; what a buyer of a shop pays is judged in
 * that shop's zone whoever asks.
 */
import type { Kysely } from 'kysely';
import type { Scope } from '../../crud/scope';
import { serverTimeZone } from '../../db/days';
import type { Database } from '../../db/schema';

/** The platform's zone: the server's (`TZ`). */
export const platformTimeZone = serverTimeZone;

/** A shop's declared zone, the platform's when it declares none (or there is no shop). */
export const shopTimeZone = async (db: Kysely<Database>, shopId: number | null | undefined): Promise<string> => {
  if (typeof shopId !== 'number') return platformTimeZone();
  const shop = await db.selectFrom('shop').select('time_zone').where('id', '=', shopId).executeTakeFirst();
  return shop?.time_zone || platformTimeZone();
};

/**
 * The zone a caller's days are counted in, and whose it is: a seller's own (its first shop, by id,
 * that declares one), the platform's for staff and for shops that declare none.
 */
export const callerClock = async (db: Kysely<Database>, scope: Scope): Promise<{ timeZone: string; source: 'shop' | 'platform' }> => {
  if (scope.kind === 'shops' && scope.adminId !== undefined && scope.shopIds.length) {
    const shop = await db.selectFrom('shop').select('time_zone').where('id', 'in', [...scope.shopIds])
      .where('time_zone', 'is not', null).orderBy('id').limit(1).executeTakeFirst();
    if (shop?.time_zone) return { timeZone: shop.time_zone, source: 'shop' };
  }
  return { timeZone: platformTimeZone(), source: 'platform' };
};

export const callerTimeZone = async (db: Kysely<Database>, scope: Scope): Promise<string> => (await callerClock(db, scope)).timeZone;
