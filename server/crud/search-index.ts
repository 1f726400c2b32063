/**
 * A declared keyword-search index (`search: { …, index: 'trigram' }`, src/schema/engine/entity.ts). The
 * list's keyword keeps its meaning, `lower(column) like lower('%word%') escape '\'` on each
 * searched column (server/crud/repository.ts): its rows and case rules are the contract, and the
 * index only makes it cheap instead of a walk over every row.
 * - PostgreSQL: a pg_trgm GIN index on `lower(column)` per searched column. It serves that LIKE
 *   directly (the planner takes the trigrams out of the pattern and rechecks every candidate), so
 *   the query is unchanged.
 * - SQLite: an FTS5 table with the trigram tokenizer holding a copy of the searched columns, kept
 *   by triggers (whoever writes: the engine, a script, a console). A keyword of 3 or more
 *   characters is answered inside it: its trigram match finds the candidates, then the same LIKE
 *   on the copy decides. The FTS folds case over all of Unicode while SQLite's LIKE and lower()
 *   fold ASCII only, so the matches are a superset and the LIKE keeps today's answer exactly. The
 *   copy (not an external-content table) because the LIKE then reads a narrow row of the index
 *   instead of the entity's whole row: 100,000 products, a word in 8,000 names, 25 ms instead of
 *   70 (a plain LIKE over all: 120). A shorter keyword has no trigram to look up: the plain LIKE.
 * The DDL helpers are what migrations call (server/db/migrations/340_search_index.ts for the
 * products); the names are shared with the query, so they must not change.
 */
import { sql } from 'kysely';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { Entity } from '../../src/schema/engine/entity';
import { dialectOf } from '../db/index';
import type { AnyKysely } from '../db/index';

/** The trigram tokenizer indexes sequences of 3 characters (code points, CJK included). */
export const TRIGRAM = 3;

/** SQLite: the FTS5 table indexing `table`'s searched columns. */
export const searchTableOf = (table: string): string => `${table}_search`;

/** PostgreSQL: the trigram index of one searched column. */
export const trigramIndexOf = (table: string, column: string): string => `${table}_${column}_trgm_idx`;

const triggerOf = (table: string, write: 'ai' | 'ad' | 'au'): string => `${searchTableOf(table)}_${write}`;

/** An FTS5 string: the keyword taken literally (no operators, no prefix), `"` doubled. */
const ftsPhrase = (value: string): string => `"${value.replaceAll('"', '""')}"`;

/**
 * The keyword condition answered through the index, or null when the index cannot serve this
 * keyword or the dialect needs no other query (PostgreSQL's index serves the LIKE itself).
 * `like(column)` is the list's own LIKE on a column, so both ways share one definition of a match.
 */
export const indexedSearch = (
  entity: Entity, search: { readonly columns: readonly string[]; readonly value: string }, dialect: 'sqlite' | 'postgres',
  like: (column: string) => Expression<SqlBool>,
): RawBuilder<boolean> | null => {
  if (entity.search?.index !== 'trigram' || dialect !== 'sqlite') return null;
  if ([...search.value].length < TRIGRAM) return null;
  const name = searchTableOf(entity.table);
  const fts = sql.table(name);
  const likes = sql.join(search.columns.map((column) => like(`${name}.${column}`)), sql` or `);
  return sql<boolean>`${sql.ref(`${entity.table}.id`)} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(search.value)} and (${likes}))`;
};

const ident = (name: string): string => {
  // Names come from declarations and migrations, never from requests; still, only plain ones.
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`search index: unexpected name ${name}`);
  return `"${name}"`;
};

/**
 * PostgreSQL's GIN "fast update" queues new entries in a pending list that every search reads
 * through and that one unlucky write flushes into the index. On a table written all the time (an
 * order gets new index entries at every status change) that made the keyword search twice as dear
 * (a receiver's name among a million orders: 11 ms with 3,247 pending rows, 5 ms without) and gave
 * one write in a few thousand the flush (168 ms). Off, each write files its entries at once, at
 * no cost the writer bench could tell from the noise (500 updates: 230–410 ms either way).
 */
const GIN_FASTUPDATE = 'off';

/** PostgreSQL: `table`'s keyword indexes without a pending list (migration 490 for those made before). */
export const settleSearchIndex = async (db: AnyKysely, table: string, columns: readonly string[]): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return;
  for (const column of columns) await sql.raw(`alter index if exists ${ident(trigramIndexOf(table, column))} set (fastupdate = ${GIN_FASTUPDATE})`).execute(db);
};

/**
 * Creates the keyword index of `table`'s `columns` and fills it from the rows already there, in
 * the caller's transaction (a migration's). PostgreSQL needs the pg_trgm extension (shipped with
 * PostgreSQL, trusted since 13: a database owner may create it).
 */
export const createSearchIndex = async (db: AnyKysely, table: string, columns: readonly string[]): Promise<void> => {
  if (!columns.length) throw new Error(`search index on ${table}: no columns`);
  const t = ident(table);
  if (dialectOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of columns) {
      await sql.raw(`create index if not exists ${ident(trigramIndexOf(table, column))} on ${t} using gin (lower(${ident(column)}) gin_trgm_ops)
        with (fastupdate = ${GIN_FASTUPDATE})`).execute(db);
    }
    return;
  }
  const fts = ident(searchTableOf(table));
  const cols = columns.map(ident).join(', ');
  const values = columns.map((c) => `new.${ident(c)}`).join(', ');
  await sql.raw(`create virtual table ${fts} using fts5(${cols}, tokenize='trigram')`).execute(db);
  await sql.raw(`create trigger ${ident(triggerOf(table, 'ai'))} after insert on ${t} begin
    insert into ${fts}(rowid, ${cols}) values (new.id, ${values}); end`).execute(db);
  await sql.raw(`create trigger ${ident(triggerOf(table, 'ad'))} after delete on ${t} begin
    delete from ${fts} where rowid = old.id; end`).execute(db);
  // Only a change of a searched column touches the index (a stock or status update does not).
  await sql.raw(`create trigger ${ident(triggerOf(table, 'au'))} after update of ${cols} on ${t} begin
    delete from ${fts} where rowid = old.id;
    insert into ${fts}(rowid, ${cols}) values (new.id, ${values}); end`).execute(db);
  await sql.raw(`insert into ${fts}(rowid, ${cols}) select id, ${cols} from ${t}`).execute(db);
};

/** Removes what `createSearchIndex` made (the extension stays: other indexes may use it). */
export const dropSearchIndex = async (db: AnyKysely, table: string, columns: readonly string[]): Promise<void> => {
  if (dialectOf(db) === 'postgres') {
    for (const column of columns) await sql.raw(`drop index if exists ${ident(trigramIndexOf(table, column))}`).execute(db);
    return;
  }
  for (const write of ['ai', 'ad', 'au'] as const) await sql.raw(`drop trigger if exists ${ident(triggerOf(table, write))}`).execute(db);
  await sql.raw(`drop table if exists ${ident(searchTableOf(table))}`).execute(db);
};
