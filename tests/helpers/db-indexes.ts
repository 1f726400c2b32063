/** Index metadata read from the database itself (SQLite pragmas, PostgreSQL catalogs). */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../../server/db/index';
import type { Database } from '../../server/db/schema';

/** The column lists of every unique index (and unique constraint) of `table`, each in index order. */
export const uniqueIndexColumns = async (db: Kysely<Database>, table: string): Promise<string[][]> => {
  const rows = dialectOf(db as never) === 'sqlite'
    ? (await sql<{ index_name: string; column_name: string }>`
        select il.name as index_name, ii.name as column_name
        from pragma_index_list(${table}) as il, pragma_index_info(il.name) as ii
        where il."unique" = 1 order by il.name, ii.seqno`.execute(db)).rows
    : (await sql<{ index_name: string; column_name: string }>`
        select i.relname as index_name, a.attname as column_name
        from pg_class t
        join pg_index ix on ix.indrelid = t.oid
        join pg_class i on i.oid = ix.indexrelid
        cross join lateral unnest(ix.indkey::int2[]) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        where t.relname = ${table} and ix.indisunique
          and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        order by i.relname, k.ord`.execute(db)).rows;
  const byIndex = new Map<string, string[]>();
  for (const row of rows) byIndex.set(row.index_name, [...(byIndex.get(row.index_name) ?? []), row.column_name]);
  return [...byIndex.values()];
};
