/**
 * Cashier balances (src/schema/cashier/entities.ts): money a shop received and its bindings to orders of
 * the shop. Money is integer minor units (bigint), as the orders'. One binding per balance and
 * order (unique index: binding again adds to it). A database seeded before balances were a
 * seller's gets the seller role's grant of the balance menu and resource here (the seed writes
 * them on a first start only).
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

const MONEY = 'bigint';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('oms_cashier_balance')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('amount', MONEY, (c) => c.notNull())
    .addColumn('pay_channel', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('create_time', TIME)
    .execute();
  await db.schema.createIndex('oms_cashier_balance_shop_idx').on('oms_cashier_balance').columns(['shop_id', 'id']).execute();

  await db.schema.createTable('oms_cashier_balance_order')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('balance_id', 'integer', (c) => c.notNull().references('oms_cashier_balance.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('cascade'))
    .addColumn('amount', MONEY, (c) => c.notNull())
    .addColumn('paid_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('create_time', TIME)
    .execute();
  await db.schema.createIndex('oms_cashier_balance_order_balance_id_order_id_key').unique()
    .on('oms_cashier_balance_order').columns(['balance_id', 'order_id']).execute();
  await db.schema.createIndex('oms_cashier_balance_order_order_idx').on('oms_cashier_balance_order').columns(['order_id']).execute();
  await db.schema.createIndex('oms_cashier_balance_order_shop_idx').on('oms_cashier_balance_order').columns(['shop_id', 'id']).execute();

  // An existing database: sellers reconcile their own shops' balances from now on.
  const seller = await db.selectFrom('ums_role').select('id').where('code', '=', 'seller').executeTakeFirst();
  if (!seller) return;
  const resource = await db.selectFrom('ums_resource').select('id').where('url', '=', '/balance/**').executeTakeFirst();
  if (resource && !await db.selectFrom('ums_role_resource_relation').select('id').where('role_id', '=', seller.id).where('resource_id', '=', resource.id).executeTakeFirst()) {
    await db.insertInto('ums_role_resource_relation').values({ role_id: seller.id, resource_id: resource.id }).execute();
  }
  const menu = await db.selectFrom('ums_menu').select('id').where('name', '=', 'balanceList').executeTakeFirst();
  if (menu && !await db.selectFrom('ums_role_menu_relation').select('id').where('role_id', '=', seller.id).where('menu_id', '=', menu.id).executeTakeFirst()) {
    await db.insertInto('ums_role_menu_relation').values({ role_id: seller.id, menu_id: menu.id }).execute();
  }
  // Remembered permissions of running processes are keyed by this version.
  await db.updateTable('ums_permission_version').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('oms_cashier_balance_order').execute();
  await db.schema.dropTable('oms_cashier_balance').execute();
};
