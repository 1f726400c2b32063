/** Uploaded files: who uploaded what, how large (the upload-storage quota counts these). */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('sys_upload')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('admin_id', 'integer', (c) => c.references('ums_admin.id').onDelete('set null'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)')
    .addColumn('mime_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_upload_admin_idx').on('sys_upload').column('admin_id').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('sys_upload').execute();
};
