/**
 * One counter for "who may do what": every change to roles, resources, their relations, admin
 * roles or admin status increments it in the same transaction. Each request reads it with its
 * session, so every server process notices a change on its next request and drops the compiled
 * permissions it cached for the older number.
 */
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.createTable('ums_permission_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Exactly one row (id 1), present from the start, so a bump is a plain UPDATE (no upsert race).
  await db.insertInto('ums_permission_version').values({ id: 1, version: 1 }).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropTable('ums_permission_version').execute();
};
