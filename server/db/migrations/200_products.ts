/**
 * Products (src/schema/pms/product.ts): the shop-owned product row, its child tables (SKUs, member
 * prices, quantity discounts, full/reduce tiers, attribute values) and mall's verification
 * records. Money is integer cents (bigint); the product's weight is whole grams.
 */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

const URL = 'varchar(500)';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  await db.schema.createTable('pms_product')
    .addColumn('id', 'integer', id)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer')
    .addColumn('product_category_id', 'integer', (c) => c.notNull())
    .addColumn('product_attribute_category_id', 'integer')
    .addColumn('feight_template_id', 'integer')
    .addColumn('name', 'varchar(140)', (c) => c.notNull())
    .addColumn('pic', URL)
    .addColumn('product_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('delete_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommand_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verify_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preview_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('promotion_price', 'bigint')
    .addColumn('original_price', 'bigint')
    .addColumn('gift_growth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gift_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_point_limit', 'integer')
    .addColumn('sub_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('low_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit', 'varchar(16)')
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_ids', 'varchar(64)')
    .addColumn('keywords', 'varchar(255)')
    .addColumn('note', 'varchar(255)')
    .addColumn('album_pics', 'text')
    .addColumn('detail_title', 'varchar(255)')
    .addColumn('detail_desc', 'text')
    .addColumn('detail_html', 'text')
    .addColumn('detail_mobile_html', 'text')
    .addColumn('promotion_start_time', TIME)
    .addColumn('promotion_end_time', TIME)
    .addColumn('promotion_per_limit', 'integer')
    .addColumn('promotion_type', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The scoped list (shop first), and each of mall's list filters over the live records.
  await db.schema.createIndex('pms_product_shop_idx').on('pms_product').columns(['shop_id', 'delete_status', 'id']).execute();
  await db.schema.createIndex('pms_product_live_idx').on('pms_product').columns(['delete_status', 'id']).execute();
  await db.schema.createIndex('pms_product_category_idx').on('pms_product').columns(['product_category_id', 'delete_status']).execute();
  await db.schema.createIndex('pms_product_brand_idx').on('pms_product').columns(['brand_id', 'delete_status']).execute();
  await db.schema.createIndex('pms_product_sn_idx').on('pms_product').column('product_sn').execute();

  const child = (table: string) => db.schema.createTable(table)
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull());

  await child('pms_sku_stock')
    .addColumn('sku_code', 'varchar(64)')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('promotion_price', 'bigint')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('low_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pic', URL)
    .addColumn('sp_data', 'varchar(500)')
    .addColumn('sale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lock_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await child('pms_member_price')
    .addColumn('member_level_id', 'integer', (c) => c.notNull())
    .addColumn('member_price', 'bigint', (c) => c.notNull())
    .addColumn('member_level_name', 'varchar(100)')
    .execute();
  await child('pms_product_ladder')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint')
    .execute();
  await child('pms_product_full_reduction')
    .addColumn('full_price', 'bigint', (c) => c.notNull())
    .addColumn('reduce_price', 'bigint', (c) => c.notNull())
    .execute();
  await child('pms_product_attribute_value')
    .addColumn('product_attribute_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'varchar(64)')
    .execute();
  for (const table of ['pms_sku_stock', 'pms_member_price', 'pms_product_ladder', 'pms_product_full_reduction', 'pms_product_attribute_value']) {
    await db.schema.createIndex(`${table}_product_idx`).on(table).column('product_id').execute();
  }

  // mall's verification history (`pms_product_vertify_record`, its spelling): who passed or failed a product, with the note.
  await db.schema.createTable('pms_product_vertify_record')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('vertify_man', 'varchar(64)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('detail', 'varchar(255)')
    .execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['pms_product_vertify_record', 'pms_product_attribute_value', 'pms_product_full_reduction', 'pms_product_ladder',
    'pms_member_price', 'pms_sku_stock', 'pms_product']) {
    await db.schema.dropTable(table).execute();
  }
};
