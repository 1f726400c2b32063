/**
 * Referral distribution (src/schema/referral/entities.ts): the distribution ratios (one global row with no
 * referrer, written here with the default, and at most one per referrer), the distribution record
 * of each rewarded VIP payment (one per payment: a unique index, so parallel confirmations cannot
 * pay out twice) and the reward payments recorded by administrators. Ratios are whole
 * ten-thousandths, amounts integer cents.
 */
import type { AnyKysely } from '../index';
import { DEFAULT_DISTRIBUTION_RATIO } from '../../../src/schema/referral/entities';
import { toRatioUnits } from '../../../src/schema/engine/money';
import { toDbTime } from '../time';
import { idColumn, TIME } from './columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('rms_ratio')
    .addColumn('id', 'integer', idColumn(db))
    // Null: the global ratio (the one row without a referrer, written below).
    .addColumn('referrer_id', 'integer', (c) => c.references('ums_admin.id').onDelete('cascade'))
    .addColumn('ratio', 'integer', (c) => c.notNull())
    .addColumn('update_time', TIME)
    .addColumn('operator_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('rms_ratio_referrer_uq').on('rms_ratio').column('referrer_id').unique().execute();
  await db.insertInto('rms_ratio').values({ referrer_id: null, ratio: toRatioUnits(DEFAULT_DISTRIBUTION_RATIO), update_time: toDbTime(), operator_id: null }).execute();

  await db.schema.createTable('rms_distribution')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('referrer_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('referee_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('pay_record_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('ratio', 'integer', (c) => c.notNull())
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME)
    .addColumn('reverse_time', TIME)
    .execute();
  await db.schema.createIndex('rms_distribution_pay_record_id_key').on('rms_distribution').column('pay_record_id').unique().execute();
  await db.schema.createIndex('rms_distribution_referrer_idx').on('rms_distribution').columns(['referrer_id', 'id']).execute();

  await db.schema.createTable('rms_reward')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('referrer_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('payer', 'varchar(64)', (c) => c.notNull())
    .addColumn('payer_amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('create_time', TIME)
    .addColumn('operator_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('rms_reward_referrer_idx').on('rms_reward').columns(['referrer_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('rms_reward').execute();
  await db.schema.dropTable('rms_distribution').execute();
  await db.schema.dropTable('rms_ratio').execute();
};
