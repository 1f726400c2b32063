/**
 * Flash sales (src/schema/sms/flash.ts): the sales, the sessions (times of day, `HH:mm:ss` text so
 * they compare as text) and the products of a sale's session. A product is in one session of a
 * sale once (a unique index, so parallel adds end with one winner); a sale's products go with the
 * sale and with the product (cascade); a session holding products cannot be deleted (restrict).
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('sms_flash_promotion')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME)
    .execute();

  await db.schema.createTable('sms_flash_promotion_session')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(8)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME)
    .execute();

  await db.schema.createTable('sms_flash_promotion_product_relation')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('flash_promotion_id', 'integer', (c) => c.notNull().references('sms_flash_promotion.id').onDelete('cascade'))
    .addColumn('flash_promotion_session_id', 'integer', (c) => c.notNull().references('sms_flash_promotion_session.id').onDelete('restrict'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    .addColumn('flash_promotion_price', 'bigint')
    .addColumn('flash_promotion_count', 'integer')
    .addColumn('flash_promotion_limit', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The declared combination (one product once per sale and session); it also serves the list by sale and session.
  await db.schema.createIndex('sms_flash_product_key').unique().on('sms_flash_promotion_product_relation')
    .columns(['flash_promotion_id', 'flash_promotion_session_id', 'product_id']).execute();
  await db.schema.createIndex('sms_flash_product_session_idx').on('sms_flash_promotion_product_relation').column('flash_promotion_session_id').execute();
  await db.schema.createIndex('sms_flash_product_product_idx').on('sms_flash_promotion_product_relation').column('product_id').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['sms_flash_promotion_product_relation', 'sms_flash_promotion_session', 'sms_flash_promotion']) {
    await db.schema.dropTable(table).execute();
  }
};
