/**
 * Returns (src/schema/oms/entities.ts `companyAddress`, `returnApply`): the shops' return addresses and the
 * buyers' return requests. Money is integer minor units (bigint). Indexes serve the shop-scoped
 * list by status in the default order (newest first), a handler's requests, and an order's
 * requests (the refund limit reads the other returns of the order).
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

const MONEY = 'bigint';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  await db.schema.createTable('oms_company_address')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('address_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('send_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('province', 'varchar(64)')
    .addColumn('city', 'varchar(64)')
    .addColumn('region', 'varchar(64)')
    .addColumn('detail_address', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oms_company_address_shop_idx').on('oms_company_address').columns(['shop_id', 'id']).execute();

  await db.schema.createTable('oms_order_return_apply')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('cascade'))
    .addColumn('order_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('company_address_id', 'integer', (c) => c.references('oms_company_address.id').onDelete('set null'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME)
    .addColumn('member_username', 'varchar(64)')
    .addColumn('return_amount', MONEY)
    .addColumn('return_name', 'varchar(100)')
    .addColumn('return_phone', 'varchar(100)')
    .addColumn('reason', 'varchar(200)')
    .addColumn('description', 'varchar(500)')
    .addColumn('proof_pics', 'varchar(1000)')
    .addColumn('product_id', 'integer')
    .addColumn('product_pic', 'varchar(500)')
    .addColumn('product_name', 'varchar(200)')
    .addColumn('product_brand', 'varchar(200)')
    .addColumn('product_attr', 'varchar(500)')
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('product_price', MONEY, (c) => c.notNull().defaultTo(0))
    .addColumn('product_real_price', MONEY, (c) => c.notNull().defaultTo(0))
    .addColumn('handle_time', TIME)
    .addColumn('handle_man', 'varchar(100)')
    .addColumn('handle_note', 'varchar(500)')
    .addColumn('receive_time', TIME)
    .addColumn('receive_man', 'varchar(100)')
    .addColumn('receive_note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('oms_return_apply_list_idx').on('oms_order_return_apply').columns(['status', 'id']).execute();
  await db.schema.createIndex('oms_return_apply_shop_list_idx').on('oms_order_return_apply').columns(['shop_id', 'status', 'id']).execute();
  await db.schema.createIndex('oms_return_apply_order_idx').on('oms_order_return_apply').columns(['order_id', 'status']).execute();
  await db.schema.createIndex('oms_return_apply_handle_man_idx').on('oms_order_return_apply').columns(['handle_man', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['oms_order_return_apply', 'oms_company_address']) await db.schema.dropTable(table).execute();
};
