/**
 * PostgreSQL: a change counter per table (`sys_table_version`), bumped by triggers in the
 * transaction of every write, so list orders and counts can be cached under it exactly across
 * server processes (server/crud/list-cache.ts). The migration holds the table and the trigger
 * functions; the engine attaches the triggers to every declared entity's table when it starts
 * (server/db/table-versions.ts), so a table added later is covered without code of its own.
 *
 * How a write bumps (why not one UPDATE per statement): a statement-level trigger only notes the
 * table in a transaction-local setting; a deferred constraint trigger, fired at COMMIT, bumps
 * every noted table once, in name order. The counter rows are therefore locked only for the
 * instant of the commit (concurrent writers of one table are not serialised for the length of
 * their transactions) and always in the same order (two transactions writing tables A and B in
 * opposite orders cannot deadlock on them). The bump commits with the write or not at all, so a
 * reader that sees the new number also sees the new rows. TRUNCATE bumps at once.
 *
 * SQLite needs none of it: the server is the database's only writer in-process, and
 * total_changes()/data_version already say exactly whether anything changed.
 */
import { sql } from 'kysely';
import { dialectOf } from '../index';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.createTable('sys_table_version')
    .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Notes the written table for the commit-time bump (one call per statement, no lock taken).
  await sql`create function sys_note_table_change() returns trigger language plpgsql as $$
    declare noted text := coalesce(current_setting('sys.changed_tables', true), '');
    begin
      if position(',' || tg_table_name || ',' in ',' || noted || ',') = 0 then
        perform set_config('sys.changed_tables', case when noted = '' then tg_table_name else noted || ',' || tg_table_name end, true);
      end if;
      return null;
    end $$`.execute(db);
  // At COMMIT (deferred), once per transaction whatever the number of rows: bump every noted
  // table (and the firing one's own) in name order, then forget them, so the other rows' firings
  // return at once. Forgetting rather than flagging keeps even SET CONSTRAINTS IMMEDIATE exact:
  // later statements note their tables again and their rows bump them.
  await sql`create function sys_bump_table_versions() returns trigger language plpgsql as $$
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
    end $$`.execute(db);
  await sql`create function sys_bump_table_version_now() returns trigger language plpgsql as $$
    begin
      insert into sys_table_version (name, version) values (tg_table_name, 1)
        on conflict (name) do update set version = sys_table_version.version + 1;
      return null;
    end $$`.execute(db);
};

export const down = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  // CASCADE: the triggers the engine attached go with their functions.
  for (const fn of ['sys_note_table_change', 'sys_bump_table_versions', 'sys_bump_table_version_now']) {
    await sql`drop function if exists ${sql.raw(fn)}() cascade`.execute(db);
  }
  await db.schema.dropTable('sys_table_version').execute();
};
