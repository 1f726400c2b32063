/**
 * Seller VIP (src/schema/vip/entities.ts): the pay record of each purchase, owned by the seller who
 * applied, and the seller's VIP expiry on the account. One pending application per seller is a
 * partial unique index, so two racing applications cannot both land.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('ums_admin').addColumn('vip_expire_time', sql.raw(TIME)).execute();
  await db.schema.createTable('pay_record')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('seller_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('plan', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer')
    .addColumn('channel', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reference', 'varchar(200)')
    .addColumn('create_time', sql.raw(TIME))
    .addColumn('confirm_time', sql.raw(TIME))
    .addColumn('refund_time', sql.raw(TIME))
    .addColumn('operator_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('pay_record_seller_id_key').unique().on('pay_record').column('seller_id').where(sql.ref('status'), '=', 0).execute();
  await db.schema.createIndex('pay_record_seller_idx').on('pay_record').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('pay_record_status_idx').on('pay_record').columns(['status', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('pay_record').execute();
  await db.schema.alterTable('ums_admin').dropColumn('vip_expire_time').execute();
};
