/**
 * A buyer's favourite products, followed brands and reading history (mall keeps them in MongoDB as
 * copies of names and prices; here they are rows of the member with the product or brand they
 * name, shown with its current name, picture and price). One row per member and product (or
 * brand): a unique index, so adding twice or viewing again keeps one.
 */
import type { AnyKysely } from '../../db/index';
import { idColumn, TIME } from '../../db/migrations/columns';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  for (const table of ['ums_member_product_collection', 'ums_member_read_history'] as const) {
    await db.schema.createTable(table)
      .addColumn('id', 'integer', id)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('ums_member.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
      .addColumn('create_time', TIME, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_member_idx`).on(table).columns(['member_id', 'product_id']).unique().execute();
  }
  await db.schema.createTable('ums_member_brand_attention')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('ums_member.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('pms_brand.id').onDelete('cascade'))
    .addColumn('brand_city', 'varchar(100)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ums_member_brand_attention_member_idx').on('ums_member_brand_attention').columns(['member_id', 'brand_id']).unique().execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['ums_member_brand_attention', 'ums_member_read_history', 'ums_member_product_collection']) await db.schema.dropTable(table).execute();
};
