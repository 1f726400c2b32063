/**
 * Referral (src/schema/referral/entities.ts): clicks on invite links and the referral relations
 * registrations create. A referee has at most one relation (unique index), so two registrations
 * cannot bring one account in twice. Clicks keep only the address, a short device summary, the
 * code and the time; both go with the seller they belong to.
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('rms_click')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.references('ums_admin.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('device', 'varchar(64)')
    .addColumn('create_time', TIME)
    .execute();
  await db.schema.createIndex('rms_click_seller_idx').on('rms_click').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('rms_click_code_idx').on('rms_click').columns(['code', 'id']).execute();

  await db.schema.createTable('rms_relation')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('referrer_id', 'integer', (c) => c.references('ums_admin.id').onDelete('cascade'))
    .addColumn('referee_id', 'integer', (c) => c.notNull().references('ums_admin.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)')
    .addColumn('create_time', TIME)
    .execute();
  await db.schema.createIndex('rms_relation_referee_uq').on('rms_relation').column('referee_id').unique().execute();
  await db.schema.createIndex('rms_relation_referrer_idx').on('rms_relation').columns(['referrer_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('rms_relation').execute();
  await db.schema.dropTable('rms_click').execute();
};
