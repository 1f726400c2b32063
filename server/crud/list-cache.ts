/**
 * Cached list orders for SQLite. A list page costs a COUNT over every matching row plus an
 * OFFSET walk past all earlier rows: with 100,000 rows that is milliseconds per request, while
 * the data rarely changes between two page views. So the ordered ids of one list query (filters,
 * search, ids, sort and scope) are kept, and a page is a slice of them plus a primary-key read.
 *
 * Exact, not "recent enough": an entry is used only while the database is provably unchanged
 * since it was filled. SQLite says so cheaply: `total_changes()` counts every row this
 * connection (the server's only one) has inserted, updated or deleted, triggers and cascades
 * included, and `data_version` changes when any other connection (another process, a CLI)
 * commits. Any change anywhere drops every entry, which is cheap for a back-office that reads
 * far more than it writes. PostgreSQL has no such cheap exact signal across server processes,
 * so it is not cached there (ARCHITECTURE.md section 7: no state a second process would need).
 */
import { CompiledQuery } from 'kysely';
import type { AnyKysely } from '../db/index';

/** Lists longer than this are not cached (memory); they take the plain COUNT + OFFSET path. */
export const MAX_CACHED_IDS = 100_000;
const MAX_ENTRIES = 64;

/** `ids: null`: the list is too long to keep; remembered so it is not fetched again to find out. */
type Entry = { version: string; ids: Int32Array | null };

const caches = new WeakMap<object, Map<string, Entry>>();

const cacheOf = (db: AnyKysely): Map<string, Entry> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

// Compiled once: it runs on every list request.
const VERSION_QUERY = CompiledQuery.raw('select total_changes() as changes, data_version as version from pragma_data_version');

/** The database's change marker; read it BEFORE computing what is stored under it. */
export const sqliteVersion = async (db: AnyKysely): Promise<string> => {
  const { rows } = await db.executeQuery<{ changes: number; version: number }>(VERSION_QUERY);
  return `${rows[0]!.changes}:${rows[0]!.version}`;
};

/** The cached ordered ids of `key` at `version`; null when too long to keep; undefined when unknown. */
export const cachedIds = (db: AnyKysely, key: string, version: string): Int32Array | null | undefined => {
  const cache = cacheOf(db);
  const entry = cache.get(key);
  if (!entry) return undefined;
  if (entry.version !== version) {
    cache.delete(key);
    return undefined;
  }
  // Least recently used goes first when the cache is full: re-insert to mark as used.
  cache.delete(key);
  cache.set(key, entry);
  return entry.ids;
};

export const storeIds = (db: AnyKysely, key: string, version: string, ids: Int32Array | null): void => {
  const cache = cacheOf(db);
  cache.delete(key);
  cache.set(key, { version, ids });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
};

const pageQueries = new Map<string, string>();

/**
 * The rows of one cached page, in any order. One statement per table whatever the page size
 * (the ids travel as one JSON array), so it is written once instead of built per request.
 */
export const rowsByIds = async (db: AnyKysely, table: string, ids: readonly number[]): Promise<Record<string, unknown>[]> => {
  let text = pageQueries.get(table);
  if (!text) {
    // Declared table names only (from src/schema), quoted as identifiers.
    text = `select * from "${table.replace(/"/g, '""')}" where id in (select value from json_each(?))`;
    pageQueries.set(table, text);
  }
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [JSON.stringify(ids)]));
  return rows;
};
