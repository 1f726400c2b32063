/**
 * The home page's four recommendation lists (src/schema/sms/recommend.ts, `mall`'s `sms_home_brand`,
 * `sms_home_new_product`, `sms_home_recommend_product`, `sms_home_recommend_subject`). The name
 * `mall` stores beside the id is read from the recommended record instead (a reference name), so
 * it has no column. A brand, product or topic is recommended once per list: a unique index, so
 * parallel adds of the same one end with one row. A recommendation goes with its record (the
 * record's `owns` deletes it through its own delete first; the key cascades for any other writer).
 */
import type { AnyKysely } from '../index';
import { idColumn } from './columns';

const LISTS = [
  { table: 'sms_home_brand', column: 'brand_id', references: 'pms_brand.id' },
  { table: 'sms_home_new_product', column: 'product_id', references: 'pms_product.id' },
  { table: 'sms_home_recommend_product', column: 'product_id', references: 'pms_product.id' },
  { table: 'sms_home_recommend_subject', column: 'subject_id', references: 'cms_subject.id' },
] as const;

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  for (const list of LISTS) {
    await db.schema.createTable(list.table)
      .addColumn('id', 'integer', id)
      .addColumn(list.column, 'integer', (c) => c.notNull().references(list.references).onDelete('cascade'))
      .addColumn('recommend_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${list.table}_${list.column}_key`).on(list.table).column(list.column).unique().execute();
  }
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const list of [...LISTS].reverse()) await db.schema.dropTable(list.table).execute();
};
