/** The mold quota: molds in the shops an admin owns. */
import { toCount } from '../../db/index';
import type { QuotaMeter } from '../capacity/registry';

/** Molds in the shops the admin owns; a new mold spends its shop owner's quota, whoever adds it. */
export const moldsMeter: QuotaMeter = {
  key: 'molds', unit: 'count', quota: 'quotaMolds', guards: ['mold'], tables: ['mold', 'shop'],
  count: async (db, adminId) => {
    const row = await db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id')
      .select((eb) => eb.fn.countAll().as('n')).where('shop.owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
  subjectOf: async (db, values) => {
    const shopId = Number(values.shopId);
    if (!Number.isInteger(shopId) || shopId < 1) return null;
    const shop = await db.selectFrom('shop').select('owner_id').where('id', '=', shopId).executeTakeFirst();
    return shop?.owner_id ?? null;
  },
};
