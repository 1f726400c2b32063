/**
 * PostgreSQL: beside each table's change number (`sys_table_version.version`, migration 130), how
 * many of its rows have been written so far (`written_rows`: inserted, updated or deleted, summed
 * at each commit from the transaction's own counts). A long list's "more than 10,000" then holds
 * until as many rows have been written as it had to spare, instead of being counted again after
 * every write (server/crud/list-read.ts; issue 27: a count of 10,001 index entries after each of 20
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

export const up = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table sys_table_version add column written_rows bigint not null default 0`.execute(db);
  // As migration 130's, plus the rows: once per transaction and table, at COMMIT (deferred).
  await sql.raw(`create or replace function sys_bump_table_versions() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sys.changed_tables', true), '');
      bumped text := coalesce(current_setting('sys.bumped_tables', true), '');
      t text;
    begin
      if noted = '' and position(',' || tg_table_name || ',' in ',' || bumped || ',') > 0 then return null; end if;
      for t in select distinct n from unnest(string_to_array(noted || ',' || tg_table_name, ',')) as n where n <> '' order by 1 loop
        insert into sys_table_version (name, version, written_rows) values (t, 1, ${WRITTEN})
          on conflict (name) do update set version = sys_table_version.version + 1,
            written_rows = sys_table_version.written_rows + excluded.written_rows;
      end loop;
      perform set_config('sys.changed_tables', '', true);
      perform set_config('sys.bumped_tables', bumped || ',' || noted || ',' || tg_table_name, true);
      return null;
    end $$`).execute(db);
  await sql`create or replace function sys_bump_table_version_now() returns trigger language plpgsql as $$
    begin
      insert into sys_table_version (name, version, written_rows) values (tg_table_name, 1, 1000000000000000)
        on conflict (name) do update set version = sys_table_version.version + 1,
          written_rows = sys_table_version.written_rows + 1000000000000000;
      return null;
    end $$`.execute(db);
};

export const down = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  await sql.raw(`create or replace function sys_bump_table_versions() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sys.changed_tables', true), '');
      bumped text := coalesce(current_setting('sys.bumped_tables', true), '');
      t text;
    begin
      if noted = '' and position(',' || tg_table_name || ',' in ',' || bumped || ',') > 0 then return null; end if;
      for t in select distinct n from unnest(string_to_array(noted || ',' || tg_table_name, ',')) as n where n <> '' order by 1 loop
        insert into sys_table_version (name, version) values (t, 1)
          on conflict (name) do update set version = sys_table_version.version + 1;
      end loop;
      perform set_config('sys.changed_tables', '', true);
      perform set_config('sys.bumped_tables', bumped || ',' || noted || ',' || tg_table_name, true);
      return null;
    end $$`).execute(db);
  await sql`create or replace function sys_bump_table_version_now() returns trigger language plpgsql as $$
    begin
      insert into sys_table_version (name, version) values (tg_table_name, 1)
        on conflict (name) do update set version = sys_table_version.version + 1;
      return null;
    end $$`.execute(db);
  await sql`alter table sys_table_version drop column written_rows`.execute(db);
};
