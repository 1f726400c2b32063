/**
 * Special topics and preference areas (src/schema/sms/topics.ts, `mall`'s `cms_subject` and
 * `cms_prefrence_area`) and the products' links to them (`mall`'s two relation tables, the
 * product's `subjectProductRelationList` and `prefrenceAreaProductRelationList`). A link goes with
 * either end; the product side is indexed for the product form's read, the other for counting.
 */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

const URL = 'varchar(500)';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);
  await db.schema.createTable('cms_subject')
    .addColumn('id', 'integer', id)
    .addColumn('category_id', 'integer')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('pic', URL)
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommend_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('album_pics', 'text')
    .addColumn('description', 'varchar(1000)')
    .addColumn('show_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text')
    .addColumn('forward_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_name', 'varchar(200)')
    .execute();
  await db.schema.createTable('cms_prefrence_area')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sub_title', 'varchar(255)')
    .addColumn('pic', URL)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createTable('cms_subject_product_relation')
    .addColumn('id', 'integer', id)
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('cms_subject.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    .execute();
  await db.schema.createTable('cms_prefrence_area_product_relation')
    .addColumn('id', 'integer', id)
    .addColumn('prefrence_area_id', 'integer', (c) => c.notNull().references('cms_prefrence_area.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pms_product.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('cms_subject_product_relation_product_idx').on('cms_subject_product_relation').column('product_id').execute();
  await db.schema.createIndex('cms_subject_product_relation_subject_idx').on('cms_subject_product_relation').column('subject_id').execute();
  await db.schema.createIndex('cms_prefrence_area_product_relation_product_idx').on('cms_prefrence_area_product_relation').column('product_id').execute();
  await db.schema.createIndex('cms_prefrence_area_product_relation_area_idx').on('cms_prefrence_area_product_relation').column('prefrence_area_id').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['cms_prefrence_area_product_relation', 'cms_subject_product_relation', 'cms_prefrence_area', 'cms_subject']) {
    await db.schema.dropTable(table).execute();
  }
};
