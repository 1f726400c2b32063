/**
 * One counter for "who may do what": every change to roles, resources, their relations, admin
 * roles or admin status increments it in the same transaction. Each request reads it with its
 * session, so every server process notices a change on its next request and drops the compiled
 * permissions it cached for the older number.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createTable('ums_permission_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Exactly one row (id 1), present from the start, so a bump is a plain UPDATE (no upsert race).
  await db.insertInto('ums_permission_version').values({ id: 1, version: 1 }).execute();
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('ums_permission_version').execute();
};
