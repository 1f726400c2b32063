/**
 * The row log of the tables declared `rowLog` (migration 500): attaching its triggers, and which
 * tables of a database carry them. A kept list of such a table catches up on the rows written
 * since it was kept (server/crud/list-cache.ts `catchUp`) instead of being read again.
 */
import { sql } from 'kysely';
import type { AnyKysely } from './index';
import { dialectOf } from './index';
import { ensureTableVersions } from './table-versions';

/**
 * How far back the log reaches: the last this many change numbers of a table (PostgreSQL: one per
 * committed transaction that wrote it) or entries (SQLite: one per row written, every logged table).
 * At 20 writes a second that is minutes; a list kept from further back is read again.
 */
export const ROW_LOG_KEEP = 20_000;
/** The log is pruned by the write whose number is a multiple of this (a few hundred old entries at a time). */
export const ROW_LOG_PRUNE_EVERY = 256;

const LOG_TRIGGER = 'sys_table_version_row_log';
const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;
const sqliteTrigger = (table: string, write: 'ai' | 'au' | 'ad'): string => `sys_row_log_${table}_${write}`;

/** Tables whose log triggers this process attached or found, per database. */
const logged = new WeakMap<object, Set<string>>();

/** Whether `table`'s writes are in the row log of `db` (known once `ensureRowLogs` ran for it). */
export const isRowLogged = (db: AnyKysely, table: string): boolean => logged.get(db)?.has(table) === true;

const present = async (db: AnyKysely, tables: readonly string[]): Promise<Set<string>> => {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ name: string }>`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = ${LOG_TRIGGER} and c.relnamespace = current_schema()::regnamespace and c.relname = any(${[...tables]})`.execute(db);
    return new Set(rows.map((r) => r.name));
  }
  const names = tables.map((table) => sqliteTrigger(table, 'ad'));
  const { rows } = await sql<{ name: string }>`select tbl_name as name from sqlite_master where type = 'trigger' and name in (${sql.join(names)})`.execute(db);
  return new Set(rows.map((r) => r.name));
};

/**
 * Attaches the row log's triggers to every table of `tables` that lacks them (after the change
 * counters they depend on, on PostgreSQL). Idempotent; on PostgreSQL under the counters' advisory
 * lock, so processes starting together do not attach twice. Tables must have an integer `id`.
 */
export const ensureRowLogs = async (db: AnyKysely, tables: readonly string[]): Promise<void> => {
  if (!tables.length) return;
  const seen = logged.get(db) ?? new Set<string>();
  logged.set(db, seen);
  await ensureTableVersions(db, tables);
  const found = await present(db, tables);
  const missing = [...new Set(tables)].filter((table) => !found.has(table));
  if (missing.length) {
    await db.transaction().execute(async (trx) => {
      if (dialectOf(db) === 'postgres') {
        await sql`select pg_advisory_xact_lock(7130130)`.execute(trx);
        const now = await present(trx, missing);
        for (const table of missing) {
          if (now.has(table)) continue;
          const t = sql.raw(quote(table));
          await sql`create constraint trigger ${sql.raw(LOG_TRIGGER)} after insert or update or delete on ${t}
            deferrable initially deferred for each row execute function sys_log_row()`.execute(trx);
          await sql`create trigger sys_table_version_truncate_log after truncate on ${t}
            for each statement execute function sys_log_truncate()`.execute(trx);
        }
        return;
      }
      // `if not exists`: another process starting at the same time may have made them meanwhile.
      for (const table of missing) {
        const t = quote(table);
        const name = literal(table);
        await sql.raw(`create trigger if not exists ${quote(sqliteTrigger(table, 'ai'))} after insert on ${t} begin
          insert into sys_row_log (tbl, row_id) values (${name}, new.id); end`).execute(trx);
        await sql.raw(`create trigger if not exists ${quote(sqliteTrigger(table, 'au'))} after update on ${t} begin
          insert into sys_row_log (tbl, row_id) values (${name}, new.id);
          insert into sys_row_log (tbl, row_id) select ${name}, old.id where old.id is not new.id; end`).execute(trx);
        await sql.raw(`create trigger if not exists ${quote(sqliteTrigger(table, 'ad'))} after delete on ${t} begin
          insert into sys_row_log (tbl, row_id) values (${name}, old.id); end`).execute(trx);
      }
    });
  }
  for (const table of tables) seen.add(table);
};
