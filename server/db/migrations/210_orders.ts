/**
 * Orders (src/schema/oms/entities.ts `order`): the order of a shop, its product lines (child rows) and its
 * operation history (the state history the engine writes on every transition). Money is integer
 * minor units (bigint). Indexes serve the shop-scoped list by status in the default order (newest
 * first), the exact order number, and an order's lines and history.
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

const MONEY = 'bigint';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  const money = (name: string) => (t: ReturnType<AnyKysely['schema']['createTable']>) =>
    t.addColumn(name, MONEY, (c) => c.notNull().defaultTo(0));

  let order = db.schema.createTable('oms_order')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('order_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', TIME)
    .addColumn('member_id', 'integer')
    .addColumn('member_username', 'varchar(64)');
  for (const name of ['total_amount', 'pay_amount', 'freight_amount', 'promotion_amount', 'integration_amount', 'coupon_amount', 'discount_amount']) {
    order = money(name)(order);
  }
  await order
    .addColumn('pay_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_company', 'varchar(64)')
    .addColumn('delivery_sn', 'varchar(64)')
    .addColumn('auto_confirm_day', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('integration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('growth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('promotion_info', 'varchar(200)')
    .addColumn('receiver_name', 'varchar(100)')
    .addColumn('receiver_phone', 'varchar(32)')
    .addColumn('receiver_post_code', 'varchar(32)')
    .addColumn('receiver_province', 'varchar(64)')
    .addColumn('receiver_city', 'varchar(64)')
    .addColumn('receiver_region', 'varchar(64)')
    .addColumn('receiver_detail_address', 'varchar(200)')
    .addColumn('note', 'varchar(500)')
    .addColumn('confirm_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_time', TIME)
    .addColumn('delivery_time', TIME)
    .addColumn('receive_time', TIME)
    .addColumn('modify_time', TIME)
    .execute();
  // The order number is unique within its shop (the engine's per-tenant uniqueness).
  await db.schema.createIndex('oms_order_shop_sn_uq').on('oms_order').columns(['shop_id', 'order_sn']).unique().execute();
  await db.schema.createIndex('oms_order_sn_idx').on('oms_order').column('order_sn').execute();
  await db.schema.createIndex('oms_order_list_idx').on('oms_order').columns(['delete_status', 'status', 'id']).execute();
  await db.schema.createIndex('oms_order_shop_list_idx').on('oms_order').columns(['shop_id', 'delete_status', 'status', 'id']).execute();

  await db.schema.createTable('oms_order_item')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('product_pic', 'varchar(500)')
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('product_brand', 'varchar(200)')
    .addColumn('product_sn', 'varchar(64)')
    .addColumn('product_price', MONEY, (c) => c.notNull())
    .addColumn('product_quantity', 'integer', (c) => c.notNull())
    .addColumn('product_sku_code', 'varchar(64)')
    .addColumn('product_attr', 'varchar(500)')
    .execute();
  await db.schema.createIndex('oms_order_item_order_idx').on('oms_order_item').columns(['order_id', 'id']).execute();

  await db.schema.createTable('oms_order_operate_history')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('create_time', TIME)
    .addColumn('order_status', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('oms_order_history_order_idx').on('oms_order_operate_history').columns(['order_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['oms_order_operate_history', 'oms_order_item', 'oms_order']) await db.schema.dropTable(table).execute();
};
