/**
 * Carrier tracking (./tracking.ts): the events a carrier reported for a shipped order, one row
 * each, unique by order, time and words so a repeated poll records nothing twice; and the order
 * setting that lets a carrier's "delivered" confirm the receipt.
 */
import type { AnyKysely } from '../../db/index';
import { idColumn, TIME } from '../../db/migrations/columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('oms_order_track_event')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('oms_order.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('event_time', TIME, (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oms_order_track_event_once').on('oms_order_track_event').columns(['order_id', 'event_time', 'description']).unique().execute();
  await db.schema.alterTable('oms_order_setting').addColumn('receive_on_delivered', 'integer', (c) => c.notNull().defaultTo(0)).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order_setting').dropColumn('receive_on_delivered').execute();
  await db.schema.dropTable('oms_order_track_event').execute();
};
