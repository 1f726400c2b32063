/**
 * PostgreSQL change counters per table (migration 130): attaching the triggers to the tables the
 * engine lists, and reading a table's number. A table without its triggers has no row in
 * `sys_table_version`, so its number reads null and nothing is cached for it.
 */
import { CompiledQuery, sql } from 'kysely';
import type { AnyKysely } from './index';
import { dialectOf } from './index';

const ROW_TRIGGER = 'sys_table_version_row';
const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The tables among `tables` that carry the counter's triggers. */
const counted = async (db: AnyKysely, tables: readonly string[]): Promise<Set<string>> => {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = ${ROW_TRIGGER} and c.relnamespace = current_schema()::regnamespace and c.relname = any(${[...tables]})`.execute(db);
  return new Set(rows.map((r) => r.name));
};

/**
 * Attaches the change-counter triggers to every table of `tables` that lacks them (PostgreSQL;
 * nothing on SQLite). Idempotent and safe when several processes start at once: the creation runs
 * under one advisory lock and looks again first. The counter row is created with the triggers, so
 * from then on every committed write moves it.
 */
export const ensureTableVersions = async (db: AnyKysely, tables: readonly string[]): Promise<void> => {
  if (dialectOf(db) !== 'postgres' || !tables.length) return;
  if ((await counted(db, tables)).size === new Set(tables).size) return;
  await db.transaction().execute(async (trx) => {
    // Any constant: it names "attaching counter triggers" among this database's advisory locks.
    await sql`select pg_advisory_xact_lock(7130130)`.execute(trx);
    const present = await counted(trx, tables);
    // A table made after the server started (a test's fixture) is attached at its first list (list-cache.ts).
    const { rows: existing } = await sql<{ name: string }>`select relname as name from pg_class
      where relkind in ('r', 'p') and relnamespace = current_schema()::regnamespace and relname = any(${[...tables]})`.execute(trx);
    const exists = new Set(existing.map((r) => r.name));
    for (const table of new Set(tables)) {
      if (present.has(table) || !exists.has(table)) continue;
      const t = sql.raw(quote(table));
      await sql`create trigger sys_table_version_note after insert or update or delete on ${t}
        for each statement execute function sys_note_table_change()`.execute(trx);
      await sql`create constraint trigger ${sql.raw(ROW_TRIGGER)} after insert or update or delete on ${t}
        deferrable initially deferred for each row execute function sys_bump_table_versions()`.execute(trx);
      await sql`create trigger sys_table_version_truncate after truncate on ${t}
        for each statement execute function sys_bump_table_version_now()`.execute(trx);
      await sql`insert into sys_table_version (name, version) values (${table}, 1) on conflict (name) do nothing`.execute(trx);
    }
  });
};

// Compiled once: it runs on every PostgreSQL list request.
const VERSION_TEXT = 'select version from sys_table_version where name = $1';

/** The table's change number as text, or null when the table is not counted. Read it BEFORE what is cached under it. */
export const tableVersion = async (db: AnyKysely, table: string): Promise<string | null> => {
  const { rows } = await db.executeQuery<{ version: string | number }>(CompiledQuery.raw(VERSION_TEXT, [table]));
  return rows[0] ? String(rows[0].version) : null;
};
