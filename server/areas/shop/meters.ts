/** The shop quota: shops an admin owns. */
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../crud/hooks';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import type { QuotaMeter } from '../capacity/registry';

const typed = (db: AnyDb): Kysely<Database> => db as unknown as Kysely<Database>;

/** Shops the admin owns. */
export const shopsMeter: QuotaMeter = {
  key: 'shops', unit: 'count', quotaColumn: 'quota_shops', guards: ['shop'],
  count: async (db, adminId) => {
    const row = await typed(db).selectFrom('shop').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
};
