/**
 * The order's page (issue 11 items 1 and 2): the history row's state before the change (the page
 * shows from → to), the receiver's country (spec section 3), and the messages staff send to the
 * buyer of an order (src/schema/oms/entities.ts `orderMessage`), listed on the order's page newest first.
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order_operate_history').addColumn('from_status', 'integer').execute();
  await db.schema.alterTable('oms_order').addColumn('receiver_country', 'varchar(64)').execute();
  await db.schema.createTable('oms_order_message')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('create_time', TIME)
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oms_order_message_order_idx').on('oms_order_message').columns(['order_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('oms_order_message').execute();
  await db.schema.alterTable('oms_order').dropColumn('receiver_country').execute();
  await db.schema.alterTable('oms_order_operate_history').dropColumn('from_status').execute();
};
