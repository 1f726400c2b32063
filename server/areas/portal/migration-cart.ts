/**
 * A buyer's cart lines and receiving addresses (mall's `oms_cart_item`, `ums_member_receive_address`),
 * each owned by one member of one shop. A cart line holds only what the buyer chose (product, SKU,
 * quantity): names, pictures and prices are read from the catalog whenever it is shown, never
 * copied from a client. One line per member, product and SKU (a unique index: adding the same SKU
 * again adds to its quantity).
 */
import type { AnyKysely } from '../../db/index';
import { idColumn, TIME } from '../../db/migrations/columns';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  await db.schema.createTable('oms_cart_item')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('ums_member.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    // 0: the product has no SKU of its own.
    .addColumn('product_sku_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('create_date', TIME, (c) => c.notNull())
    .addColumn('modify_date', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oms_cart_item_line_idx').on('oms_cart_item').columns(['member_id', 'product_id', 'product_sku_id']).unique().execute();
  await db.schema.createTable('ums_member_receive_address')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('ums_member.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('default_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('post_code', 'varchar(100)')
    .addColumn('province', 'varchar(100)')
    .addColumn('city', 'varchar(100)')
    .addColumn('region', 'varchar(100)')
    .addColumn('detail_address', 'varchar(128)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ums_member_receive_address_member_idx').on('ums_member_receive_address').columns(['member_id', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('ums_member_receive_address').execute();
  await db.schema.dropTable('oms_cart_item').execute();
};
