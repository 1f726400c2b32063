/**
 * One row per scheduled job (server/jobs/): who holds its lease and until when, when it is due
 * next, and how its last run went. The lease row is what makes a run happen once when several
 * server processes share the database.
 */
import { TIME } from './columns';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('sys_job')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_until', TIME)
    .addColumn('next_run_time', TIME, (c) => c.notNull())
    .addColumn('last_start_time', TIME)
    .addColumn('last_end_time', TIME)
    .addColumn('last_status', 'varchar(16)')
    .addColumn('last_message', 'varchar(1000)')
    .addColumn('run_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('sys_job').execute();
};
