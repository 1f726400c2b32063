/**
 * Tenancy: the shop core that seller scope hangs on (src/schema/shop/entities.ts), the first shop-owned
 * entity (die-cutting molds), and user groups with their quotas (src/schema/ums/entities.ts userGroup).
 * Column names are the snake_case of the declared field names.
 */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);

  // Deleting an owner's account must not silently delete the shop and everything it owns:
  // the shop stays, ownerless, for the super admin to reassign or close.
  await db.schema.createTable('shop')
    .addColumn('id', 'integer', id)
    .addColumn('shop_name', 'varchar(140)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  // Tenant scope is "shops where owner_id = admin", computed on every seller request.
  await db.schema.createIndex('shop_owner_idx').on('shop').column('owner_id').execute();

  await db.schema.createTable('mold')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(140)', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('size', 'varchar(100)')
    .addColumn('material', 'varchar(100)')
    .addColumn('location', 'varchar(200)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rated_life', 'integer', (c) => c.notNull())
    .addColumn('image', 'varchar(500)')
    .addColumn('note', 'text')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  // A code names one mold within its shop; two shops may use the same codes. The unique index
  // also serves the scoped list (shop_id first) and the shop filter.
  await db.schema.createIndex('mold_shop_code_uq').on('mold').columns(['shop_id', 'code']).unique().execute();
  await db.schema.createIndex('mold_shop_status_idx').on('mold').columns(['shop_id', 'status']).execute();
  await db.schema.createIndex('mold_status_idx').on('mold').column('status').execute();

  await db.schema.createTable('ums_user_group')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(500)')
    // Null quota = unlimited.
    .addColumn('quota_shops', 'integer')
    .addColumn('quota_products', 'integer')
    .addColumn('quota_molds', 'integer')
    .addColumn('quota_storage_mb', 'integer')
    .addColumn('warn_percent', 'integer', (c) => c.notNull().defaultTo(80))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();

  // admin_id is unique: an admin is in at most one group, so the quotas that apply are never ambiguous.
  await db.schema.createTable('ums_user_group_member')
    .addColumn('id', 'integer', id)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('ums_user_group.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().unique().references('ums_admin.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('ums_user_group_member_group_idx').on('ums_user_group_member').column('group_id').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['ums_user_group_member', 'ums_user_group', 'mold', 'shop']) await db.schema.dropTable(table).execute();
};
