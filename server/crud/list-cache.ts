/**
 * Cached list orders. A list page costs a COUNT over every matching row plus an OFFSET walk past
 * all earlier rows: with 100,000 rows that is milliseconds per request, while the data rarely
 * changes between two page views. So the ordered ids of one list query (filters, search, ids,
 * sort and scope) are kept, and a page is a slice of them plus one primary-key read; the total
 * is their number, so it stays exact.
 *
 * Exact, not "recent enough": an entry is used only while the database proves the table unchanged
 * since the entry was filled.
 * - SQLite: `total_changes()` counts every row this connection (the server's only one) has
 *   inserted, updated or deleted, triggers and cascades included, and `data_version` changes when
 *   any other connection (another process, a CLI) commits. Any change anywhere drops every entry.
 * - PostgreSQL: the table's own change counter (`sys_table_version`, migration 130), which
 *   triggers bump in the transaction of every committed write to it, whoever makes it (another
 *   server process, psql). Read once per list request; a write elsewhere does not touch it.
 *
 * The number is read BEFORE the ids are computed, so an entry is never newer-labelled than its
 * content. Memory is bounded by entries and by bytes (`LIST_CACHE_LIMITS`); the least recently
 * used entries go first.
 */
import type { Compilable } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { AnyKysely } from '../db/index';
import { dialectOf, sqliteHandleOf } from '../db/index';
import { PLAN_EACH_TIME } from '../db/named-statements';
import { ROW_LOG_KEEP } from '../db/row-log';
import { ensureTableVersions } from '../db/table-versions';

/** Tables whose counter this process tried to attach at a list (PostgreSQL). */
const attached = new WeakMap<object, Set<string>>();

/** Read at every use, so a test may lower them for a while. */
export const LIST_CACHE_LIMITS = {
  /**
   * Lists longer than this are not cached; they take the capped count + index walk path
   * (./list-read.ts). Kept small: every write drops the kept ids, and the next view reads them
   * all again, so a list of a million ids cost 0.4–0.65 s per view under a write stream (bench:live).
   */
  idsPerEntry: 10_000,
  entries: 256,
  /** Ids are 4 bytes each; with the keys this bounds the cache's memory. */
  bytes: 32 * 1024 * 1024,
};

/**
 * The totals of lists: exact up to `exactUpTo` rows, found by a count that stops there; past it
 * the answer says "more than exactUpTo" (`totalExact: false`, `totalAtLeast`), with PostgreSQL's
 * planner estimate as `total`, and the exact count is a request of its own (`exactTotal=1`).
 * Read at every use, so a test may lower it for a while.
 */
export const LIST_TOTAL_LIMITS = { exactUpTo: 10_000 };

/**
 * How many rows a long list's walk in id order (SQLite, ./list-read.ts `walkedPage`) may read for
 * the first `rows` of the list before it gives up: the page's rows when at least one row in
 * `perRow` matches, plus `slack`. A walk that gives up has cost a bounded few ms; the list's rows
 * are then read the usual way. Read at every use, so a test may lower it.
 */
export const LIST_WALK_LIMITS = { perRow: 20, slack: 2_000 };
export const walkBound = (rows: number): number => rows * LIST_WALK_LIMITS.perRow + LIST_WALK_LIMITS.slack;

/**
 * The rows PostgreSQL's planner expects `query` to return (its statistics: no row is read), or
 * null where there is no such estimate (SQLite).
 */
export const plannedRows = async (db: AnyKysely, query: Compilable): Promise<number | null> => {
  if (dialectOf(db) !== 'postgres') return null;
  const compiled = query.compile();
  // Planned with its values each time, never kept as a named statement (its plan is the answer).
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (format json) ${compiled.sql} ${PLAN_EACH_TIME}`, [...compiled.parameters]));
  const raw = rows[0] ? Object.values(rows[0])[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan?: { 'Plan Rows'?: number } }] | null;
  const estimate = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? estimate : null;
};

/**
 * `ids: null`: the list is too long to keep; remembered so it is not fetched again to find out.
 * `logAt`: the row log's place the ids are at least as new as (a `rowLog` table, `catchUp`), or null.
 */
type Entry = { version: string; ids: Int32Array | null; bytes: number; logAt: string | null };
type Cache = { entries: Map<string, Entry>; bytes: number };

const caches = new WeakMap<object, Cache>();

const cacheOf = (db: AnyKysely): Cache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), bytes: 0 };
    caches.set(db, cache);
  }
  return cache;
};

const drop = (cache: Cache, key: string): void => {
  const entry = cache.entries.get(key);
  if (!entry) return;
  cache.bytes -= entry.bytes;
  cache.entries.delete(key);
};

// Compiled once: it runs on every SQLite list request.
const SQLITE_VERSION = CompiledQuery.raw('select total_changes() as changes, data_version as version from pragma_data_version');

/**
 * The number the ordered ids of `table` are kept under, or null when the table has no exact
 * change signal (then nothing is cached). Read it BEFORE computing what is stored under it.
 */
export const listVersion = async (db: AnyKysely, table: string): Promise<string | null> => (await listState(db, table)).version;

/**
 * How many rows have been written so far, as far as one counter can tell: PostgreSQL's
 * `written_rows` of the table (migration 495), SQLite's `total_changes()` of the server's one
 * connection (every table's: more than this table's, never fewer). Two readings are comparable
 * when their `epoch` is the same: on SQLite a commit by another connection (`data_version`) writes
 * rows no counter here saw. Null: no such counter (a table not counted).
 */
export type RowsWritten = { epoch: string; rows: number };

const PG_STATE_TEXT = 'select version::text as version, written_rows::text as written from sys_table_version where name = $1';

/**
 * `listVersion` and the rows written so far, read together (one statement, the version first in
 * meaning: both as of the same moment). For a long list, whose "more than N" holds until as many
 * rows as it had to spare have been written (`keptLongTotal`).
 */
export const listState = async (db: AnyKysely, table: string): Promise<{ version: string | null; written: RowsWritten | null }> => {
  if (dialectOf(db) === 'postgres') {
    const read = async () => (await db.executeQuery<{ version: string; written: string }>(CompiledQuery.raw(PG_STATE_TEXT, [table]))).rows[0];
    let row = await read();
    // Not counted yet (made after the server started): attach its counter once, then use it.
    if (!row && !attached.get(db)?.has(table)) {
      attached.set(db, (attached.get(db) ?? new Set()).add(table));
      await ensureTableVersions(db, [table]);
      row = await read();
    }
    return row ? { version: String(row.version), written: { epoch: 'postgres', rows: Number(row.written) } } : { version: null, written: null };
  }
  const { rows } = await db.executeQuery<{ changes: number; version: number }>(SQLITE_VERSION);
  return { version: `${rows[0]!.changes}:${rows[0]!.version}`, written: { epoch: String(rows[0]!.version), rows: Number(rows[0]!.changes) } };
};

/** A long list's count (at least `LIST_TOTAL_LIMITS.exactUpTo + 1`), with the rows written when it was taken. */
type LongTotal = { count: number; written: RowsWritten; estimate: number | null };
const longTotals = new WeakMap<object, Map<string, LongTotal>>();

/**
 * The count of a long list kept from an earlier version while it provably still holds: at most
 * `count - (exactUpTo + 1)` rows written since, each of which moves a list's count by one at most.
 * Returns the least the list can hold now and the estimate kept with it; undefined when nothing
 * holds (count again, then `keepLongTotal`).
 */
export const keptLongTotal = (db: AnyKysely, key: string, written: RowsWritten | null): { atLeast: number; estimate: number | null } | undefined => {
  const kept = longTotals.get(db)?.get(key);
  if (!kept || !written || kept.written.epoch !== written.epoch) return undefined;
  const since = written.rows - kept.written.rows;
  const atLeast = kept.count - Math.max(since, 0);
  if (since < 0 || atLeast <= LIST_TOTAL_LIMITS.exactUpTo) return undefined;
  return { atLeast, estimate: kept.estimate };
};

/** Keeps a long list's count taken after `written` was read (so rows written meanwhile are counted twice, never missed). */
export const keepLongTotal = (db: AnyKysely, key: string, total: LongTotal): void => {
  let map = longTotals.get(db);
  if (!map) {
    map = new Map();
    longTotals.set(db, map);
  }
  map.delete(key);
  map.set(key, total);
  // As many as the ids cache keeps lists, the least recently kept going first.
  while (map.size > LIST_CACHE_LIMITS.entries) map.delete(map.keys().next().value!);
};

/**
 * The cached ordered ids of `key` at `version`; undefined when unknown; null when the list was too
 * long to keep, at this version or any earlier one: a list of a million rows rarely shrinks below
 * the limit between two writes, and finding out again would read a million ids after every write.
 * The caller, which counts such a list anyway, calls `forgetLong` once it is short enough again.
 */
export const cachedIds = (db: AnyKysely, key: string, version: string): Int32Array | null | undefined => {
  const cache = cacheOf(db);
  const entry = cache.entries.get(key);
  if (!entry) return undefined;
  if (entry.version !== version && entry.ids !== null) {
    drop(cache, key);
    return undefined;
  }
  // Least recently used goes first when the cache is full: re-insert to mark as used.
  cache.entries.delete(key);
  cache.entries.set(key, entry);
  return entry.ids;
};

/**
 * The entry of `key` whatever its version, to read a page of it together with the current
 * version in one statement (`pageWithVersion`); the caller uses it only if the versions agree.
 */
type KeptIds = { version: string; ids: Int32Array; logAt: string | null };
export const lastIds = (db: AnyKysely, key: string): KeptIds | undefined => {
  const cache = cacheOf(db);
  const entry = cache.entries.get(key);
  if (!entry?.ids) return undefined;
  // Marked as used, as cachedIds does: the hot lists are the last to go when the cache is full.
  cache.entries.delete(key);
  cache.entries.set(key, entry);
  return { version: entry.version, ids: entry.ids, logAt: entry.logAt };
};

export const storeIds = (db: AnyKysely, key: string, version: string, ids: Int32Array | null, logAt: string | null = null): void => {
  const cache = cacheOf(db);
  drop(cache, key);
  // A JS string's characters take two bytes; a Map entry and its objects about a hundred more.
  const bytes = (ids?.byteLength ?? 0) + key.length * 2 + 100;
  if (bytes > LIST_CACHE_LIMITS.bytes) return;
  cache.entries.set(key, { version, ids, bytes, logAt });
  cache.bytes += bytes;
  while (cache.entries.size > LIST_CACHE_LIMITS.entries || cache.bytes > LIST_CACHE_LIMITS.bytes) {
    drop(cache, cache.entries.keys().next().value!);
  }
};

/** A list marked too long (`cachedIds` answered null) that now has `total` rows: kept again once short enough. */
export const forgetLong = (db: AnyKysely, key: string, total: number): void => {
  const cache = cacheOf(db);
  if (total <= LIST_CACHE_LIMITS.idsPerEntry && cache.entries.get(key)?.ids === null) drop(cache, key);
};

/**
 * PostgreSQL's text of an int array (`{3,1,2}`) as a typed array, read digit by digit: splitting it
 * made one string per id (500,000 of them for a long list, tens of MB of heap per fill in flight).
 */
export const parseIdArray = (text: string): Int32Array => {
  let count = 0;
  for (let i = 1; i < text.length - 1; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const ids = new Int32Array(text.length > 2 ? count + 1 : 0);
  let n = 0;
  let value = 0;
  let sign = 1;
  for (let i = 1; i < text.length - 1; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      ids[n++] = sign * value;
      value = 0;
      sign = 1;
    } else if (c === 45) {
      sign = -1;
    } else {
      value = value * 10 + (c - 48);
    }
  }
  if (ids.length) ids[n] = sign * value;
  return ids;
};

/**
 * The ids `query` selects (its first column), in its order, as one typed array: no object per row.
 * SQLite reads them with a plucking statement; PostgreSQL sends them as one array value (`array(…)`
 * keeps the subquery's order) whose text is split here, which costs a fraction of what pg spends
 * building 160,000 row objects. Kysely's rows where neither is available (a transaction, a test's
 * own Kysely).
 */
export const readIds = async (db: AnyKysely, query: Compilable): Promise<Int32Array> => {
  const { sql: text, parameters } = query.compile();
  const sqlite = sqliteHandleOf(db);
  if (sqlite) return Int32Array.from(sqlite.prepare(text).pluck().all(...parameters) as number[]);
  if (dialectOf(db) === 'postgres') {
    const { rows } = await db.executeQuery<{ ids: string }>(CompiledQuery.raw(`select array(${text})::text as ids`, [...parameters]));
    return parseIdArray(rows[0]?.ids ?? '{}');
  }
  const { rows } = await db.executeQuery<Record<string, unknown>>(query.compile());
  return Int32Array.from(rows, (row) => Number(Object.values(row)[0]));
};

/**
 * Small computed values of a table (an order list's counts per status) kept under the table's
 * version like the ordered ids: `compute` runs only when the table changed since the value was
 * kept. The version is read through `read` (the caller's transaction, the same connection on
 * SQLite) BEFORE computing, so a value is never labelled newer than it is; the values are kept per
 * root database `db` (a transaction object lives for one request). At most `VALUE_CACHE_LIMIT`
 * entries, the least recently used going first; the caller keeps each value small.
 */
const VALUE_CACHE_LIMIT = 1024;
const valueCaches = new WeakMap<object, Map<string, { version: string; value: unknown }>>();
export const cachedValue = async <T>(db: AnyKysely, read: AnyKysely, table: string, key: string, compute: () => Promise<T>): Promise<T> => {
  const version = await listVersion(read, table);
  return version === null ? compute() : cachedValueAt(db, table, key, version, compute);
};

/** Values being computed, per root database: one computation per key and version at a time. */
const computing = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `cachedValue` with the table's version already read (before anything `compute` reads). Requests
 * that miss together share one computation (the home summary after a write at a million orders:
 * 60–90 ms each, ten at once computed it ten times); a failed one is not kept, the next computes again.
 */
export const cachedValueAt = async <T>(db: AnyKysely, table: string, key: string, version: string, compute: () => Promise<T>): Promise<T> => {
  let cache = valueCaches.get(db);
  if (!cache) {
    cache = new Map();
    valueCaches.set(db, cache);
  }
  const id = `${table}\n${key}`;
  const hit = cache.get(id);
  if (hit && hit.version === version) {
    cache.delete(id);
    cache.set(id, hit);
    return hit.value as T;
  }
  let pending = computing.get(db);
  if (!pending) {
    pending = new Map();
    computing.set(db, pending);
  }
  const own = pending;
  const flight = `${version}\n${id}`;
  const running = own.get(flight) as Promise<T> | undefined;
  if (running) return running;
  const promise = compute().then((value) => {
    // Whatever version finished last is kept: a value is only ever answered under its own version.
    cache.delete(id);
    cache.set(id, { version, value });
    while (cache.size > VALUE_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    return value;
  }).finally(() => own.delete(flight));
  own.set(flight, promise);
  return promise;
};

const VERSIONS_TEXT = 'select name, version::text as version from sys_table_version where name = any($1)';

/**
 * The versions of several tables read by one statement, for values built from some of them
 * (`cachedValueAt` under the joined versions of the tables each reads): PostgreSQL reads their
 * counters (attaching a missing one once, as `listVersion` does; a table without one reads null);
 * SQLite's one number of the whole database stands for every table.
 */
export const tableVersions = async (db: AnyKysely, tables: readonly string[]): Promise<ReadonlyMap<string, string | null>> => {
  const names = [...new Set(tables)];
  if (dialectOf(db) !== 'postgres') {
    const version = await listVersion(db, names[0] ?? '');
    return new Map(names.map((name) => [name, version]));
  }
  const read = async () => new Map((await db.executeQuery<{ name: string; version: string }>(CompiledQuery.raw(VERSIONS_TEXT, [names])))
    .rows.map((row) => [row.name, String(row.version)]));
  let found = await read();
  const seen = attached.get(db) ?? new Set<string>();
  attached.set(db, seen);
  const missing = names.filter((name) => !found.has(name) && !seen.has(name));
  if (missing.length) {
    for (const name of missing) seen.add(name);
    await ensureTableVersions(db, missing);
    found = await read();
  }
  return new Map(names.map((name) => [name, found.get(name) ?? null]));
};

/** What the list cache of `db` holds now (the bench prints it). */
export const listCacheStats = (db: AnyKysely): { entries: number; bytes: number; caughtUp: number } => {
  const cache = cacheOf(db);
  return { entries: cache.entries.size, bytes: cache.bytes, caughtUp: caughtUpCount.get(db) ?? 0 };
};

/**
 * One fill per key and version at a time: ten connections asking for the same cold list share
 * the one query instead of running it ten times.
 */
const filling = new WeakMap<object, Map<string, Promise<Int32Array | null>>>();
/**
 * At most FILLS_AT_ONCE fills per database run at a time, the rest wait their turn: each holds a
 * whole list's ids in transit (a PostgreSQL array value of up to a million ids), and ten cold
 * lists at once multiplied that memory by ten without answering any sooner (the database and,
 * on SQLite, the one connection serve them one after another anyway).
 */
export const FILLS_AT_ONCE = 2;
const fillSlots = new WeakMap<object, { running: number; waiting: (() => void)[] }>();
const inFillSlot = async <T>(db: AnyKysely, work: () => Promise<T>): Promise<T> => {
  let slots = fillSlots.get(db);
  if (!slots) {
    slots = { running: 0, waiting: [] };
    fillSlots.set(db, slots);
  }
  const own = slots;
  if (own.running >= FILLS_AT_ONCE) await new Promise<void>((resolve) => own.waiting.push(resolve));
  else own.running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or is given back.
    const next = own.waiting.shift();
    if (next) next();
    else own.running -= 1;
  }
};

/** What a fill read: the ids, and the row log's place they are at least as new as (`rowLogPlace`), if any. */
export type Filled = { ids: Int32Array | null; logAt: string | null };

export const fillOnce = (db: AnyKysely, key: string, version: string, fill: () => Promise<Int32Array | null | Filled>): Promise<Int32Array | null> => {
  let pending = filling.get(db);
  if (!pending) {
    pending = new Map();
    filling.set(db, pending);
  }
  const id = `${version}\n${key}`;
  let promise = pending.get(id);
  if (!promise) {
    promise = inFillSlot(db, fill).then((filled) => {
      const { ids, logAt } = filled === null || filled instanceof Int32Array ? { ids: filled, logAt: null } : filled;
      storeIds(db, key, version, ids, logAt);
      return ids;
    }).finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
};

const pageQueries = new Map<string, string>();

/**
 * The rows of one cached page, in any order, and the table's version read by the same statement
 * (one snapshot, one round trip): the page is right exactly when that version is the one its ids
 * were kept under. One statement per table whatever the page size (the ids travel as one JSON
 * array on SQLite, one int[] on PostgreSQL), so it is written once instead of built per request.
 * `columns`: more result columns, as SQL text over the table read as `t` (the reference names of
 * ./reference-names.ts), so they cost no statement of their own.
 * A missing version (a PostgreSQL table without its counter) reads as null.
 * PostgreSQL: the ids are a scalar subquery, so no plan knows how many there are and the generic
 * plan (server/db/named-statements.ts) costs what a custom one does and is kept; with the array
 * as a plain parameter every execution was planned anew (0.2–0.3 ms, half the statement's cost).
 */
export const pageWithVersion = async (
  db: AnyKysely, table: string, ids: readonly number[], columns = '', value?: Compilable,
): Promise<{ version: string | null; rows: Record<string, unknown>[]; value: unknown }> => {
  const postgres = dialectOf(db) === 'postgres';
  // `value`: one more scalar read by the same statement (a counted list's total), with its own parameters.
  const extra = value?.compile();
  const extraSql = extra ? (postgres ? extra.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 2}`) : extra.sql) : '';
  const cacheKey = `${postgres ? 'p' : 's'}:${table}\n${columns}\n${extraSql}`;
  let text = pageQueries.get(cacheKey);
  if (!text) {
    // Declared table names only (from src/schema), quoted as identifiers. The version rides in a
    // column no declared table has; a left join answers it even when no id matches any more.
    const quoted = `"${table.replace(/"/g, '""')}"`;
    const more = (columns ? `, ${columns}` : '') + (extra ? `, (${extraSql}) as sys_page_value` : '');
    text = postgres
      ? `select v.version::text as sys_list_version, t.*${more} from (select $2::text as name) n left join sys_table_version v on v.name = n.name
          left join ${quoted} t on t.id = any((select $1::int4[])::int4[])`
      : `select (select total_changes() || ':' || data_version from pragma_data_version) as sys_list_version, t.*${more}
          from (select 1) n left join ${quoted} t on t.id in (select value from json_each(?))`;
    pageQueries.set(cacheKey, text);
  }
  // SQLite's placeholders are positional: the value's come before the ids' (select list first).
  const extraParameters = extra ? [...extra.parameters] : [];
  const parameters = postgres ? [[...ids], table, ...extraParameters] : [...extraParameters, JSON.stringify(ids)];
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters));
  const version = rows[0]?.sys_list_version;
  return {
    version: version === null || version === undefined ? null : String(version),
    rows: rows.filter((row) => row.id !== null && row.id !== undefined),
    value: rows[0]?.sys_page_value,
  };
};

// ---------------------------------------------------------------------------------------------
// Catching up: a kept list of a `rowLog` table (server/db/row-log.ts) after writes

const SQLITE_LOG_PLACE = 'select coalesce(max(seq), 0) from sys_row_log';

/**
 * Where the row log stands, for the ids of a `rowLog` table about to be read: on PostgreSQL the
 * table's change number `version` read before them (the log is numbered by it); on SQLite the
 * log's last entry, read by the server's one connection outside any transaction, else null (no
 * catch-up for these ids): inside one it would see entries a rollback takes back, whose numbers
 * the next entries are then given again. Read right before the ids, synchronously on SQLite.
 */
export const rowLogPlace = (db: AnyKysely, version: string): string | null => {
  if (dialectOf(db) === 'postgres') return version;
  const sqlite = sqliteHandleOf(db);
  if (!sqlite || sqlite.inTransaction) return null;
  return String(sqlite.prepare(SQLITE_LOG_PLACE).pluck().get() ?? 0);
};

/** At most this many rows written since a list was kept are checked; more, and it is read again. Read at every use. */
const CATCH_UP_LIMITS = { rows: 1_000 };

/**
 * The ids of a list in id order after some of its rows changed: those of `kept` not in `changed`,
 * and the `matching` ones (the changed rows the list's filter selects now), in the list's order.
 */
export const mergeIds = (kept: Int32Array, changed: ReadonlySet<number>, matching: readonly number[], order: 'asc' | 'desc'): Int32Array => {
  const add = Int32Array.from(new Set(matching)).sort();
  if (order === 'desc') add.reverse();
  const out = new Int32Array(kept.length + add.length);
  const before = order === 'asc' ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
  let n = 0;
  let j = 0;
  for (const id of kept) {
    if (changed.has(id)) continue;
    while (j < add.length && before(add[j]!, id)) out[n++] = add[j++]!;
    out[n++] = id;
  }
  while (j < add.length) out[n++] = add[j++]!;
  return out.slice(0, n);
};

/** The rows written since a kept list (the `sys_changed` set of `catchUp`'s statement), for its `matching` query. */
export const CHANGED_ROWS = 'select row_id from sys_changed';

type CaughtUp = { version: string; ids: Int32Array | null; logAt: string };

/**
 * One statement: the rows of `table` written since `from.logAt` and which of them `matching`
 * (the list's filter, limited to `id in (CHANGED_ROWS)`) selects now, with the version and the
 * log's place, all in one snapshot. Undefined when the kept ids cannot be brought up to date so:
 * too many rows written, a TRUNCATE, the log pruned past them, or (SQLite) a transaction open on
 * the connection.
 */
const caughtUp = async (db: AnyKysely, table: string, from: KeptIds & { logAt: string }, matching: Compilable, order: 'asc' | 'desc', planEachTime: boolean): Promise<CaughtUp | undefined> => {
  const limit = CATCH_UP_LIMITS.rows;
  const rows = matching.compile();
  type Read = { version: string | null; log_at?: string | number; changed_count: number | string; reset: unknown; changed: string; matching: string };
  let read: Read | undefined;
  if (dialectOf(db) === 'postgres') {
    const text = `with sys_changed as materialized (select distinct row_id from sys_row_log where tbl = $1 and version > $2::int8 limit $3),
      sys_matching as (${rows.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 3}`)})
      select (select version::text from sys_table_version where name = $1) as version, (select count(*) from sys_changed) as changed_count,
        exists (select 1 from sys_changed where row_id is null) as reset,
        array(select row_id from sys_changed where row_id is not null)::text as changed, array(select id from sys_matching)::text as matching`;
    read = (await db.executeQuery<Read>(CompiledQuery.raw(planEachTime ? `${text} ${PLAN_EACH_TIME}` : text, [table, from.logAt, limit + 1, ...rows.parameters]))).rows[0];
  } else {
    const sqlite = sqliteHandleOf(db);
    if (!sqlite || sqlite.inTransaction) return undefined;
    const text = `with sys_changed as materialized (select distinct row_id from sys_row_log where tbl = ? and seq > ? limit ?),
      sys_matching as (${rows.sql})
      select (select total_changes() || ':' || data_version from pragma_data_version) as version, (${SQLITE_LOG_PLACE}) as log_at,
        (select count(*) from sys_changed) as changed_count, 0 as reset,
        (select json_group_array(row_id) from sys_changed) as changed, (select json_group_array(id) from sys_matching) as matching`;
    read = sqlite.prepare(text).get(table, Number(from.logAt), limit + 1, ...rows.parameters) as Read | undefined;
  }
  if (!read || read.version === null || Number(read.changed_count) > limit || read.reset === true || read.reset === 1) return undefined;
  const postgres = dialectOf(db) === 'postgres';
  const logAt = postgres ? read.version : String(read.log_at);
  // Pruned past the kept place (server/db/row-log.ts): the rows written since are no longer all there.
  if (BigInt(logAt) - BigInt(from.logAt) > BigInt(ROW_LOG_KEEP) || BigInt(logAt) < BigInt(from.logAt)) return undefined;
  const list = (text: string): number[] => (postgres ? [...parseIdArray(text)] : (JSON.parse(text) as number[]));
  const ids = mergeIds(from.ids, new Set(list(read.changed)), list(read.matching), order);
  return { version: read.version, ids: ids.length <= LIST_CACHE_LIMITS.idsPerEntry ? ids : null, logAt };
};

const catchingUp = new WeakMap<object, Map<string, Promise<CaughtUp | undefined>>>();
/** Kept lists brought up to date so far, per database (`listCacheStats`: the tests and benches read it). */
const caughtUpCount = new WeakMap<object, number>();

/**
 * The kept ids of `key` (a list in id order of a `rowLog` table, kept at an older version) brought
 * up to date by checking only the rows written since, and kept under the version read with them;
 * undefined when that cannot be done (then the list is read again). Requests that find the same
 * kept ids stale at once share one statement. `matching`: the list's query of ids (its filter,
 * answered row by row, not by a keyword index) limited to `id in (CHANGED_ROWS)`. `planEachTime`:
 * PostgreSQL plans it with its values every time (a list with a keyword, as its fill: no keyword
 * read is kept as a generic plan).
 */
export const catchUp = async (
  db: AnyKysely, table: string, key: string, from: KeptIds, matching: Compilable, order: 'asc' | 'desc', planEachTime = false,
): Promise<Int32Array | null | undefined> => {
  const { logAt } = from;
  if (logAt === null) return undefined;
  let pending = catchingUp.get(db);
  if (!pending) {
    pending = new Map();
    catchingUp.set(db, pending);
  }
  const own = pending;
  const id = `${from.version}\n${logAt}\n${key}`;
  let promise = own.get(id);
  if (!promise) {
    promise = caughtUp(db, table, { ...from, logAt }, matching, order, planEachTime).then((caught) => {
      if (caught) {
        storeIds(db, key, caught.version, caught.ids, caught.logAt);
        caughtUpCount.set(db, (caughtUpCount.get(db) ?? 0) + 1);
      }
      return caught;
    }).finally(() => own.delete(id));
    own.set(id, promise);
  }
  return (await promise)?.ids;
};
