/**
 * A shop's members (src/schema/member/entities.ts `member`): one row per shop and buyer. A username names
 * one member within its shop (unique index; two shops may each have an "alice"). Indexes serve the
 * shop-scoped list by apply status in the default order (newest first) and the order look-ups a
 * merge does (orders by member).
 */
import type { AnyKysely } from '../index';
import { idColumn, TIME } from './columns';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('ums_member')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)')
    .addColumn('real_name', 'varchar(64)')
    .addColumn('mobile', 'varchar(32)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('company_name', 'varchar(100)')
    .addColumn('country', 'varchar(64)')
    .addColumn('tax_id', 'varchar(64)')
    .addColumn('icon', 'varchar(500)')
    .addColumn('member_level_id', 'integer', (c) => c.references('ums_member_level.id').onDelete('set null'))
    .addColumn('apply_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME)
    .execute();
  await db.schema.createIndex('ums_member_shop_username_uq').on('ums_member').columns(['shop_id', 'username']).unique().execute();
  await db.schema.createIndex('ums_member_shop_status_idx').on('ums_member').columns(['shop_id', 'apply_status', 'id']).execute();
  await db.schema.createIndex('oms_order_member_idx').on('oms_order').columns(['member_id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('oms_order_member_idx').execute();
  await db.schema.dropTable('ums_member').execute();
};
