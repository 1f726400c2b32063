/**
 * The permission model of `mall` (admins, roles, menus, resources and their relations), plus
 * the columns this product adds: role `code` (how code recognises the seeded roles whatever
 * they are renamed to), admin `invite_code` and `referrer_id` (seller referral).
 */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  const id = idColumn(db);

  await db.schema.createTable('ums_admin')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('icon', 'varchar(500)')
    .addColumn('email', 'varchar(100)')
    .addColumn('nick_name', 'varchar(200)')
    .addColumn('note', 'varchar(500)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('login_time', TIME)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invite_code', 'varchar(32)', (c) => c.unique())
    .addColumn('referrer_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('ums_admin_referrer_idx').on('ums_admin').column('referrer_id').execute();

  await db.schema.createTable('ums_role')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'varchar(64)', (c) => c.unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('admin_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createTable('ums_admin_role_relation')
    .addColumn('id', 'integer', id)
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('ums_admin.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ums_role.id').onDelete('cascade'))
    .addUniqueConstraint('ums_admin_role_relation_uq', ['admin_id', 'role_id'])
    .execute();
  await db.schema.createIndex('ums_admin_role_relation_role_idx').on('ums_admin_role_relation').column('role_id').execute();

  await db.schema.createTable('ums_menu')
    .addColumn('id', 'integer', id)
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('icon', 'varchar(200)')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ums_menu_parent_idx').on('ums_menu').column('parent_id').execute();

  await db.schema.createTable('ums_role_menu_relation')
    .addColumn('id', 'integer', id)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ums_role.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('ums_menu.id').onDelete('cascade'))
    .addUniqueConstraint('ums_role_menu_relation_uq', ['role_id', 'menu_id'])
    .execute();
  await db.schema.createIndex('ums_role_menu_relation_menu_idx').on('ums_role_menu_relation').column('menu_id').execute();

  await db.schema.createTable('ums_resource_category')
    .addColumn('id', 'integer', id)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // category_id has no foreign key on purpose: as in `mall`, deleting a category leaves its
  // resources in place (uncategorised) rather than failing or cascading.
  await db.schema.createTable('ums_resource')
    .addColumn('id', 'integer', id)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('category_id', 'integer')
    .execute();
  await db.schema.createIndex('ums_resource_category_idx').on('ums_resource').column('category_id').execute();

  await db.schema.createTable('ums_role_resource_relation')
    .addColumn('id', 'integer', id)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ums_role.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('ums_resource.id').onDelete('cascade'))
    .addUniqueConstraint('ums_role_resource_relation_uq', ['role_id', 'resource_id'])
    .execute();
  await db.schema.createIndex('ums_role_resource_relation_resource_idx').on('ums_role_resource_relation').column('resource_id').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of [
    'ums_role_resource_relation', 'ums_resource', 'ums_resource_category', 'ums_role_menu_relation',
    'ums_menu', 'ums_admin_role_relation', 'ums_role', 'ums_admin',
  ]) await db.schema.dropTable(table).execute();
};
