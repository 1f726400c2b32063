/**
 * A change SQLite's ALTER TABLE cannot make (a foreign key added or changed), made by rebuilding
 * the table as sqlite.org/lang_altertable.html#otheralter describes: with foreign keys off, a copy
 * made from the table's own stored SQL as `edit` changes it, the rows copied, the old table
 * dropped, the copy renamed (legacy renaming, so other tables' keys keep naming it), its indexes and
 * triggers made again from their stored SQL, and every foreign key checked before the commit.
 * Several tables are rebuilt in one transaction (`rebuildSqliteTables`): all of them change, or none.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';

/** One table to rebuild, and how its stored `create table` statement changes. */
export type TableRebuild = { readonly table: string; readonly edit: (stored: string) => string };

export const rebuildSqliteTables = async (db: AnyKysely, rebuilds: readonly TableRebuild[]): Promise<void> => {
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    for (const { table, edit } of rebuilds) {
      const { rows: [stored] } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
      if (!stored) throw new Error(`${table}: no such table`);
      const text = edit(stored.sql);
      if (text === stored.sql) throw new Error(`${table}: the edit changed nothing in ${stored.sql}`);
      const copy = `${table}__rebuild`;
      const { rows: others } = await sql<{ sql: string }>`
        select sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(db);
      await sql.raw(text.replace(/^create table "?[\w]+"?/i, `create table "${copy}"`)).execute(db);
      await sql.raw(`insert into "${copy}" select * from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(db);
      for (const other of others) await sql.raw(other.sql).execute(db);
    }
    const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
    if (broken.length) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.slice(0, 5))}`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
};

export const rebuildSqliteTable = (db: AnyKysely, table: string, edit: (stored: string) => string): Promise<void> =>
  rebuildSqliteTables(db, [{ table, edit }]);
