/**
 * Tables of the first declared entities (src/schema/{pms,oms,sms,member}.ts). Column names are
 * the snake_case of the declared field names; a test fails when a declared field has no column.
 * Money is stored as integer minor units (bigint).
 */
import { sql } from 'kysely';
import { dialectOf } from '../index';
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

const NAME = 'varchar(140)';
const URL = 'varchar(500)';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);

  await db.schema.createTable('pms_brand')
    .addColumn('id', 'integer', id)
    .addColumn('name', NAME, (c) => c.notNull())
    .addColumn('first_letter', 'varchar(8)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('factory_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logo', URL, (c) => c.notNull())
    .addColumn('big_pic', URL)
    .addColumn('brand_story', 'text')
    .execute();
  await db.schema.createIndex('pms_brand_name_uq').on('pms_brand').column('name').unique().execute();
  await db.schema.createIndex('pms_brand_sort_idx').on('pms_brand').columns(['sort', 'id']).execute();

  await db.schema.createTable('pms_product_attribute_category')
    .addColumn('id', 'integer', id)
    .addColumn('name', NAME, (c) => c.notNull().unique())
    .addColumn('attribute_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createTable('pms_product_attribute')
    .addColumn('id', 'integer', id)
    .addColumn('product_attribute_category_id', 'integer', (c) => c.notNull()
      .references('pms_product_attribute_category.id').onDelete('cascade'))
    .addColumn('name', NAME, (c) => c.notNull())
    .addColumn('select_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input_list', 'varchar(255)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('filter_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('related_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hand_add_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pms_product_attribute_cat_idx').on('pms_product_attribute')
    .columns(['product_attribute_category_id', 'type', 'sort']).execute();

  await db.schema.createTable('pms_product_category')
    .addColumn('id', 'integer', id)
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', NAME, (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_unit', 'varchar(64)')
    .addColumn('nav_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon', URL)
    .addColumn('keywords', 'varchar(255)')
    .addColumn('description', 'text')
    .execute();
  await db.schema.createIndex('pms_product_category_parent_idx').on('pms_product_category')
    .columns(['parent_id', 'sort']).execute();

  await db.schema.createTable('pms_product_category_attribute_relation')
    .addColumn('id', 'integer', id)
    .addColumn('product_category_id', 'integer', (c) => c.notNull().references('pms_product_category.id').onDelete('cascade'))
    .addColumn('product_attribute_id', 'integer', (c) => c.notNull().references('pms_product_attribute.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('pms_pcar_category_idx').on('pms_product_category_attribute_relation')
    .column('product_category_id').execute();

  await db.schema.createTable('oms_order_return_reason')
    .addColumn('id', 'integer', id)
    .addColumn('name', NAME, (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();

  await db.schema.createTable('oms_order_setting')
    .addColumn('id', 'integer', id)
    .addColumn('flash_order_overtime', 'integer', (c) => c.notNull())
    .addColumn('normal_order_overtime', 'integer', (c) => c.notNull())
    .addColumn('confirm_overtime', 'integer', (c) => c.notNull())
    .addColumn('finish_overtime', 'integer', (c) => c.notNull())
    .addColumn('comment_overtime', 'integer', (c) => c.notNull())
    .execute();
  // The single settings row mall's admin always edits (id 1), with mall's defaults.
  await db.insertInto('oms_order_setting').values({
    id: 1, flash_order_overtime: 60, normal_order_overtime: 120, confirm_overtime: 15, finish_overtime: 7, comment_overtime: 7,
  }).execute();
  if (dialectOf(db) === 'postgres') {
    // Explicit id above: move the identity past it.
    await sql`select setval(pg_get_serial_sequence('oms_order_setting', 'id'), 1)`.execute(db);
  }

  await db.schema.createTable('ums_member_level')
    .addColumn('id', 'integer', id)
    .addColumn('name', NAME, (c) => c.notNull())
    .addColumn('growth_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_freight_point', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_growth_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priviledge_free_freight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priviledge_sign_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priviledge_comment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priviledge_promotion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priviledge_member_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priviledge_birthday', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(200)')
    .execute();

  await db.schema.createTable('sms_home_advertise')
    .addColumn('id', 'integer', id)
    .addColumn('name', NAME, (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('pic', URL, (c) => c.notNull())
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('end_time', TIME, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', URL, (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sms_home_advertise_list_idx').on('sms_home_advertise')
    .columns(['type', 'status', 'sort', 'id']).execute();
  await db.schema.createIndex('sms_home_advertise_sort_idx').on('sms_home_advertise').columns(['sort', 'id']).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['sms_home_advertise', 'ums_member_level', 'oms_order_setting', 'oms_order_return_reason',
    'pms_product_category_attribute_relation', 'pms_product_category', 'pms_product_attribute',
    'pms_product_attribute_category', 'pms_brand']) {
    await db.schema.dropTable(table).execute();
  }
};
