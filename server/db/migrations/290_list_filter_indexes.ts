/**
 * Indexes for the product list's filters, found by `npm run bench:catalog` (100,000 products):
 * the list keeps each filter's ordered ids (server/crud/list-cache.ts), and filling them after any
 * write must not walk the whole table.
 * - Product SN: with only `product_sn` indexed, SQLite (no planner statistics) chose the live-rows
 *   index because it also gives the id order, and walked every live product (305 ms for one SN);
 *   with the SN, the live flag and the id in one index the lookup is exact and already ordered.
 * - Publish and verify status: no index at all; the ids of one status are now read in id order
 *   from the index alone.
 * The declaration language has no index shape (src/schema/engine/entity.ts), so they live here.
 */
import type { AnyKysely } from '../index';

const INDEXES: [name: string, columns: string[]][] = [
  ['pms_product_sn_live_idx', ['product_sn', 'delete_status', 'id']],
  ['pms_product_publish_idx', ['delete_status', 'publish_status', 'id']],
  ['pms_product_verify_idx', ['delete_status', 'verify_status', 'id']],
];

export const up = async (db: AnyKysely): Promise<void> => {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('pms_product').columns(columns).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
};
