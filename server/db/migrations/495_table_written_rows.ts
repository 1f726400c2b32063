/**
 * PostgreSQL: beside each table's change number (`sys_table_version.version`, migration 130), how
 * many of its rows have been written so far (`written_rows`: inserted, updated or deleted, summed
 * at each commit from the transaction's own counts). A long list's "more than 10,000" then holds
 * until as many rows have been written as it had to spare, instead of being counted again after
 * every write (server/crud/list-read.ts; it was a count of 10,001 index entries after each of 20
 * writes a second, per long list viewed). It may count more than were written (PostgreSQL's
 * count for the transaction also holds the connection's earlier rows it has not yet filed in its
 * statistics; a rolled-back subtransaction's; a second bump in one transaction), never fewer; without row statistics
 * (`track_counts` off) or after a TRUNCATE it jumps by 10^15, so nothing kept on it holds.
 * SQLite needs nothing: `total_changes()` counts the rows its one connection writes.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';
import { dialectOf } from '../index';

/** Rows written to table `t` by the current transaction (10^15 when the server keeps no row counts). */
const WRITTEN = `(select case when current_setting('track_counts') <> 'on' or c.oid is null then 1000000000000000
    else pg_stat_get_xact_tuples_inserted(c.oid) + pg_stat_get_xact_tuples_updated(c.oid) + pg_stat_get_xact_tuples_deleted(c.oid) end
  from (select to_regclass(quote_ident(t)) as oid) c)`;

/** Migration 130's two bump functions, with (`rows`) or without the rows written. */
const bumpFunctions = (rows: boolean): string[] => {
  const add = (written: string) => (rows ? `, written_rows = sys_table_version.written_rows + ${written}` : '');
  const columns = rows ? '(name, version, written_rows)' : '(name, version)';
  return [
    // Once per transaction and table, at COMMIT (deferred); see migration 130.
    `create or replace function sys_bump_table_versions() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sys.changed_tables', true), '');
      bumped text := coalesce(current_setting('sys.bumped_tables', true), '');
      t text;
    begin
      if noted = '' and position(',' || tg_table_name || ',' in ',' || bumped || ',') > 0 then return null; end if;
      for t in select distinct n from unnest(string_to_array(noted || ',' || tg_table_name, ',')) as n where n <> '' order by 1 loop
        insert into sys_table_version ${columns} values (t, 1${rows ? `, ${WRITTEN}` : ''})
          on conflict (name) do update set version = sys_table_version.version + 1${add('excluded.written_rows')};
      end loop;
      perform set_config('sys.changed_tables', '', true);
      perform set_config('sys.bumped_tables', bumped || ',' || noted || ',' || tg_table_name, true);
      return null;
    end $$`,
    // A TRUNCATE: past any count kept on the rows written.
    `create or replace function sys_bump_table_version_now() returns trigger language plpgsql as $$
    begin
      insert into sys_table_version ${columns} values (tg_table_name, 1${rows ? ', 1000000000000000' : ''})
        on conflict (name) do update set version = sys_table_version.version + 1${add('1000000000000000')};
      return null;
    end $$`,
  ];
};

export const up = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table sys_table_version add column written_rows bigint not null default 0`.execute(db);
  for (const text of bumpFunctions(true)) await sql.raw(text).execute(db);
};

export const down = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  for (const text of bumpFunctions(false)) await sql.raw(text).execute(db);
  await sql`alter table sys_table_version drop column written_rows`.execute(db);
};
