/**
 * Orders placed by buyers (server/areas/portal/orders): what an order keeps beyond the admin's
 * fields. The order: the coupon it used and the points it spent (`mall`'s couponId,
 * useIntegration), and whether its buyer deleted it from their own list (`buyer_hidden`: the
 * buyer's delete hides it for the buyer only; the shop keeps it, as `delete_status` is the admin's
 * recycle bin). Its lines: the SKU a line holds stock of, the flash relation it was sold under
 * (its units return to the flash sale on a close), and `mall`'s per-line split of the discounts.
 * And one row per payment a provider confirmed (`oms_order_payment`): an order is paid only with
 * one, so paid orders and settled payments always match (one per order: a repeated notify
 * changes nothing).
 */
import type { AnyKysely } from '../../db/index';
import { idColumn, TIME } from '../../db/migrations/columns';

const MONEY = 'bigint';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order').addColumn('coupon_id', 'integer').execute();
  await db.schema.alterTable('oms_order').addColumn('use_integration', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('oms_order').addColumn('buyer_hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('oms_order_item').addColumn('product_sku_id', 'integer').execute();
  await db.schema.alterTable('oms_order_item').addColumn('flash_relation_id', 'integer').execute();
  await db.schema.alterTable('oms_order_item').addColumn('promotion_name', 'varchar(200)').execute();
  for (const column of ['promotion_amount', 'coupon_amount', 'integration_amount', 'real_amount']) {
    await db.schema.alterTable('oms_order_item').addColumn(column, MONEY, (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema.createTable('oms_order_payment')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('restrict'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider_reference', 'varchar(128)')
    .addColumn('amount', MONEY, (c) => c.notNull())
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oms_order_payment_order_uq').on('oms_order_payment').column('order_id').unique().execute();
  // A buyer's list: their orders in a shop, newest first.
  await db.schema.createIndex('oms_order_buyer_idx').on('oms_order').columns(['member_id', 'shop_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('oms_order_buyer_idx').execute();
  await db.schema.dropTable('oms_order_payment').execute();
  for (const column of ['real_amount', 'integration_amount', 'coupon_amount', 'promotion_amount', 'promotion_name', 'flash_relation_id', 'product_sku_id']) {
    await db.schema.alterTable('oms_order_item').dropColumn(column).execute();
  }
  for (const column of ['buyer_hidden', 'use_integration', 'coupon_id']) await db.schema.alterTable('oms_order').dropColumn(column).execute();
};
