/** Index metadata read from the database itself (SQLite pragmas, PostgreSQL catalogs). */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../../server/db/index';
import type { Database } from '../../server/db/schema';

/** The unique indexes of `table` with their columns in index order, and whether each is partial (has a WHERE). */
export const uniqueIndexes = async (db: Kysely<Database>, table: string): Promise<{ columns: string[]; partial: boolean }[]> => {
  const rows = dialectOf(db as never) === 'sqlite'
    ? (await sql<{ index_name: string; column_name: string; partial: number }>`
        select il.name as index_name, ii.name as column_name, il.partial as partial
        from pragma_index_list(${table}) as il, pragma_index_info(il.name) as ii
        where il."unique" = 1 order by il.name, ii.seqno`.execute(db)).rows
    : (await sql<{ index_name: string; column_name: string; partial: boolean }>`
        select i.relname as index_name, a.attname as column_name, ix.indpred is not null as partial
        from pg_class t
        join pg_index ix on ix.indrelid = t.oid
        join pg_class i on i.oid = ix.indexrelid
        cross join lateral unnest(ix.indkey::int2[]) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        where t.relname = ${table} and ix.indisunique
          and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        order by i.relname, k.ord`.execute(db)).rows;
  const byIndex = new Map<string, { columns: string[]; partial: boolean }>();
  for (const row of rows) {
    const index = byIndex.get(row.index_name) ?? { columns: [], partial: Boolean(row.partial) };
    index.columns.push(row.column_name);
    byIndex.set(row.index_name, index);
  }
  return [...byIndex.values()];
};

/** The column lists of every unique index (and unique constraint) of `table`, each in index order. */
export const uniqueIndexColumns = async (db: Kysely<Database>, table: string): Promise<string[][]> =>
  (await uniqueIndexes(db, table)).map((index) => index.columns);
