/**
 * Coupons (src/schema/sms/coupon.ts, `mall`'s `sms_coupon`), the categories and products a coupon
 * is limited to (its two relation tables; a pick goes with either end), and the coupons members
 * hold (`sms_coupon_history`). A coupon members hold cannot be deleted (RESTRICT, and the
 * coupon's `owns` says so first); the member and order of a history row are kept as `mall` keeps
 * them, without a key: a merged or purged member leaves the row as it was.
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

const MONEY = 'bigint';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  await db.schema.createTable('sms_coupon')
    .addColumn('id', 'integer', id)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', MONEY, (c) => c.notNull())
    .addColumn('per_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_point', MONEY, (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('end_time', TIME, (c) => c.notNull())
    .addColumn('use_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(200)')
    .addColumn('publish_count', 'integer', (c) => c.notNull())
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createTable('sms_coupon_product_relation')
    .addColumn('id', 'integer', id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('sms_coupon.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    .execute();
  await db.schema.createTable('sms_coupon_product_category_relation')
    .addColumn('id', 'integer', id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('sms_coupon.id').onDelete('cascade'))
    .addColumn('product_category_id', 'integer', (c) => c.notNull().references('pms_product_category.id').onDelete('cascade'))
    .execute();
  await db.schema.createTable('sms_coupon_history')
    .addColumn('id', 'integer', id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('sms_coupon.id').onDelete('restrict'))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('coupon_code', 'varchar(64)')
    .addColumn('member_nickname', 'varchar(64)')
    .addColumn('get_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('use_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_time', TIME)
    .addColumn('order_id', 'integer')
    .addColumn('order_sn', 'varchar(100)')
    .execute();
  // The coupon form reads its picks; the price check finds the coupons of a product or category.
  await db.schema.createIndex('sms_coupon_product_relation_coupon_idx').on('sms_coupon_product_relation').column('coupon_id').execute();
  await db.schema.createIndex('sms_coupon_product_relation_product_idx').on('sms_coupon_product_relation').column('product_id').execute();
  await db.schema.createIndex('sms_coupon_product_category_relation_coupon_idx').on('sms_coupon_product_category_relation').column('coupon_id').execute();
  await db.schema.createIndex('sms_coupon_product_category_relation_category_idx').on('sms_coupon_product_category_relation')
    .column('product_category_id').execute();
  // A coupon's history is listed by coupon (its screen) and counted per member (the per-member limit).
  await db.schema.createIndex('sms_coupon_history_coupon_idx').on('sms_coupon_history').columns(['coupon_id', 'id']).execute();
  await db.schema.createIndex('sms_coupon_history_member_idx').on('sms_coupon_history').columns(['member_id', 'coupon_id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['sms_coupon_history', 'sms_coupon_product_category_relation', 'sms_coupon_product_relation', 'sms_coupon']) {
    await db.schema.dropTable(table).execute();
  }
};
