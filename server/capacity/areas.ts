/**
 * The areas whose usage counts against a user group's quotas. An area that arrives later adds
 * its entry here (products: `{ key: 'products', quotaColumn: 'quota_products', guards: ['product'] }`)
 * and nothing else changes: the capacity list and the create guards read this list only.
 */
import type { Kysely } from 'kysely';
import type { AnyDb } from '../crud/hooks';
import { toCount } from '../db/index';
import type { Database } from '../db/schema';
import type { CapacityArea } from './registry';
import { UPLOAD_TARGET } from './registry';

const BYTES_PER_MB = 1024 * 1024;

const typed = (db: AnyDb): Kysely<Database> => db as unknown as Kysely<Database>;

/** Upload storage: the recorded sizes of the admin's uploads, in MB. */
export const storageArea: CapacityArea = {
  key: 'storage', unit: 'MB', quotaColumn: 'quota_storage_mb', guards: [UPLOAD_TARGET],
  count: async (db, adminId) => {
    const row = await typed(db).selectFrom('sys_upload').select((eb) => eb.fn.sum<number | string | null>('size_bytes').as('bytes'))
      .where('admin_id', '=', adminId).executeTakeFirst();
    return toCount(row?.bytes) / BYTES_PER_MB;
  },
};

/** Shops the admin owns. */
export const shopsArea: CapacityArea = {
  key: 'shops', unit: 'count', quotaColumn: 'quota_shops', guards: ['shop'],
  count: async (db, adminId) => {
    const row = await typed(db).selectFrom('shop').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
};

/** Molds in the shops the admin owns; a new mold spends its shop owner's quota, whoever adds it. */
export const moldsArea: CapacityArea = {
  key: 'molds', unit: 'count', quotaColumn: 'quota_molds', guards: ['mold'],
  count: async (db, adminId) => {
    const row = await typed(db).selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id')
      .select((eb) => eb.fn.countAll().as('n')).where('shop.owner_id', '=', adminId).executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  },
  subjectOf: async (db, values) => {
    const shopId = Number(values.shopId);
    if (!Number.isInteger(shopId) || shopId < 1) return null;
    const shop = await typed(db).selectFrom('shop').select('owner_id').where('id', '=', shopId).executeTakeFirst();
    return shop?.owner_id ?? null;
  },
};

export const CAPACITY_AREAS: readonly CapacityArea[] = [shopsArea, moldsArea, storageArea];
