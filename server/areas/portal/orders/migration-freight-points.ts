/**
 * What an order charges for carriage and what a buyer may pay with points (./freight.ts, ./points.ts),
 * on `mall`'s tables and names, each kept per shop:
 *
 * - `pms_feight_template` (mall's spelling): a shop's freight templates, which products name by
 *   their `feight_template_id`. `charge_type` 0 by weight (grams), 1 by pieces; the first
 *   `first_weight` units cost `first_fee`, each further `continue_weight` units (or part of them)
 *   `continme_fee` (mall's spelling); fees in cents. `dest` is kept as mall has it (the regions it
 *   names), not read: one rate for every destination.
 * - `ums_integration_consume_setting`: the shop's rule for spending points (mall's one row, one per
 *   shop here): points per yuan, the largest share of an order payable in points, the step points are
 *   spent in, whether points and a coupon go together. A shop without a row has mall's defaults.
 * - `ums_integration_change_history`: every change of a member's points (spent on an order, given
 *   back when it closes, earned on receipt), with the order it was for: the balance on the member's
 *   row is the sum of these.
 */
import type { AnyKysely } from '../../../db/index';
import { idColumn, TIME } from '../../../db/migrations/columns';

const MONEY = 'bigint';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('pms_feight_template')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('charge_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_weight', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_fee', MONEY, (c) => c.notNull().defaultTo(0))
    .addColumn('continue_weight', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('continme_fee', MONEY, (c) => c.notNull().defaultTo(0))
    .addColumn('dest', 'varchar(255)')
    .execute();
  await db.schema.createIndex('pms_feight_template_shop_idx').on('pms_feight_template').columns(['shop_id', 'id']).execute();

  await db.schema.createTable('ums_integration_consume_setting')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('deduction_per_amount', 'integer', (c) => c.notNull())
    .addColumn('max_percent_per_order', 'integer', (c) => c.notNull())
    .addColumn('use_unit', 'integer', (c) => c.notNull())
    .addColumn('coupon_status', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ums_integration_consume_setting_shop_uq').on('ums_integration_consume_setting').column('shop_id').unique().execute();

  await db.schema.createTable('ums_integration_change_history')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('ums_member.id').onDelete('cascade'))
    .addColumn('create_time', TIME, (c) => c.notNull())
    // 0 added, 1 taken (mall's changeType); the count is always positive.
    .addColumn('change_type', 'integer', (c) => c.notNull())
    .addColumn('change_count', 'integer', (c) => c.notNull())
    .addColumn('operate_man', 'varchar(100)')
    .addColumn('operate_note', 'varchar(200)')
    // 0 shopping, 1 an administrator (mall's sourceType).
    .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'integer')
    .execute();
  await db.schema.createIndex('ums_integration_change_history_member_idx').on('ums_integration_change_history').columns(['member_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('ums_integration_change_history').execute();
  await db.schema.dropTable('ums_integration_consume_setting').execute();
  await db.schema.dropTable('pms_feight_template').execute();
};
