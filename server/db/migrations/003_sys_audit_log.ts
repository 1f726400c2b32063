/**
 * Who changed what: one row per data change, written in the same transaction as the change
 * (server/auth/audit.ts). No foreign keys, so history survives deletions.
 */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('sys_audit_log')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('admin_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_audit_log_entity_idx').on('sys_audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('sys_audit_log_admin_idx').on('sys_audit_log').columns(['admin_id', 'create_time']).execute();
  await db.schema.createIndex('sys_audit_log_time_idx').on('sys_audit_log').column('create_time').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('sys_audit_log').execute();
};
