/**
 * Server-side sessions (a JWT names its session, so logout, disabling and password changes end
 * it at once), the login log `mall` keeps, and the sign-in throttle. The throttle lives in the
 * database, not in memory, so several server processes share the same counters.
 */
import { idColumn, TIME } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('ums_admin_session')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('ums_admin.id').onDelete('cascade'))
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('expire_time', TIME, (c) => c.notNull())
    .addColumn('revoked_time', TIME)
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('ums_admin_session_admin_idx').on('ums_admin_session').column('admin_id').execute();

  // No foreign key: the log outlives deleted admins.
  await db.schema.createTable('ums_admin_login_log')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('admin_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('ums_admin_login_log_admin_idx').on('ums_admin_login_log').columns(['admin_id', 'create_time']).execute();

  await db.schema.createTable('ums_login_throttle')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', TIME, (c) => c.notNull())
    .addColumn('locked_until', TIME)
    .execute();
  await db.schema.createIndex('ums_login_throttle_window_idx').on('ums_login_throttle').column('window_start').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  for (const table of ['ums_login_throttle', 'ums_admin_login_log', 'ums_admin_session']) await db.schema.dropTable(table).execute();
};
