/** The shop quota: shops an admin owns. */
import { toCount } from '../../db/index';
import type { QuotaMeter } from '../area';

/** Shops the admin owns. */
export const shopsMeter: QuotaMeter = {
  key: 'shops', unit: 'count', quota: 'quotaShops', guards: ['shop'], tables: ['shop'],
  count: async (db, adminId) => {
    const row = await db.selectFrom('shop').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
};
