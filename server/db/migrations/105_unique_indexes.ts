/**
 * A unique index behind every declared unique field (src/schema: `unique: true`), so parallel
 * creates cannot slip two equal values past the engine's pre-check (PostgreSQL: 60 parallel role
 * creates made up to 8 copies). Earlier migrations already index every unique field but the role
 * name; tests/api/engine-entity-unique.test.ts fails when a declared unique field has no index.
 * Existing duplicates (made by that race) keep the oldest row's name; the others get their id
 * appended, so the index can be built and no row is lost.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await sql`update ums_role set name = substr(name, 1, 80) || ' (' || cast(id as varchar(12)) || ')'
    where exists (select 1 from ums_role older where older.name = ums_role.name and older.id < ums_role.id)`.execute(db);
  await db.schema.createIndex('ums_role_name_uq').on('ums_role').column('name').unique().execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('ums_role_name_uq').execute();
};
