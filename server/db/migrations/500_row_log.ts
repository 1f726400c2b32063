/**
 * The row log (`sys_row_log`): which rows of a table declared `rowLog` were written, and when, so
 * a list kept from before the writes catches up by checking those rows alone instead of reading
 * the list again (server/crud/list-cache.ts `catchUp`; before it, a receiver's name among a million
 * orders was searched again after every one of 20 writes a second). The migration holds the table
 * and, on PostgreSQL, the trigger functions; the engine attaches the triggers to the declared
 * tables when it starts (server/db/row-log.ts), as it does the change counters.
 * - PostgreSQL: a row's entry carries its table's change number (`sys_table_version`, migration
 *   130) as committed by the same transaction: written at COMMIT by a deferred trigger that fires
 *   after the counter's (`sys_table_version_row_log` sorts after `sys_table_version_row`), so a
 *   reader that sees number N sees every entry up to N and none after. A TRUNCATE writes an entry
 *   with no row: everything changed.
 * - SQLite: an entry's place is its `seq`, in write order.
 * Both keep the last `ROW_LOG_KEEP` changes (numbers, or entries on SQLite); a list kept from
 * further back is read again.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';
import { dialectOf } from '../index';
import { ROW_LOG_KEEP, ROW_LOG_PRUNE_EVERY } from '../row-log';

export const up = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) === 'postgres') {
    await sql`create table sys_row_log (tbl varchar(128) not null, version bigint not null, row_id bigint)`.execute(db);
    await sql`create index sys_row_log_tbl_version on sys_row_log (tbl, version)`.execute(db);
    // Per written row, at COMMIT, after the counter's bump (which this transaction holds locked).
    await sql.raw(`create function sys_log_row() returns trigger language plpgsql as $$
    declare v bigint;
    begin
      select version into v from sys_table_version where name = tg_table_name;
      if tg_op = 'DELETE' then
        insert into sys_row_log (tbl, version, row_id) values (tg_table_name, v, old.id);
      else
        insert into sys_row_log (tbl, version, row_id) values (tg_table_name, v, new.id);
        if tg_op = 'UPDATE' and old.id is distinct from new.id then
          insert into sys_row_log (tbl, version, row_id) values (tg_table_name, v, old.id);
        end if;
      end if;
      if v % ${ROW_LOG_PRUNE_EVERY} = 0 then
        delete from sys_row_log where tbl = tg_table_name and version <= v - ${ROW_LOG_KEEP};
      end if;
      return null;
    end $$`).execute(db);
    await sql`create function sys_log_truncate() returns trigger language plpgsql as $$
    begin
      insert into sys_row_log (tbl, version, row_id) select tg_table_name, version, null from sys_table_version where name = tg_table_name;
      return null;
    end $$`.execute(db);
    return;
  }
  await sql`create table sys_row_log (seq integer primary key autoincrement, tbl text not null, row_id integer not null)`.execute(db);
  await sql.raw(`create trigger sys_row_log_prune after insert on sys_row_log when new.seq % ${ROW_LOG_PRUNE_EVERY} = 0 begin
    delete from sys_row_log where seq <= new.seq - ${ROW_LOG_KEEP}; end`).execute(db);
};

export const down = async (db: AnyKysely): Promise<void> => {
  if (dialectOf(db) === 'postgres') {
    // CASCADE: the triggers the engine attached go with their functions.
    for (const fn of ['sys_log_row', 'sys_log_truncate']) await sql`drop function if exists ${sql.raw(fn)}() cascade`.execute(db);
    await sql`drop table sys_row_log`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'sys_row_log_%'`.execute(db);
  for (const { name } of rows) await sql.raw(`drop trigger "${name}"`).execute(db);
  await sql`drop table sys_row_log`.execute(db);
};
