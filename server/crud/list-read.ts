/**
 * The list reads of a repository (./repository.ts): a page with its total (from the counts the
 * writes keep, the ids kept while the table is unchanged, or a count and an index walk), and every
 * row for look-ups, with the child rows declared `inList` and what the area's `afterList` fills in.
 */
import type { RawBuilder, SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Entity } from '../../src/schema/engine/entity';
import type { AnyEb, AnyKysely } from '../db/index';
import { PLAN_EACH_TIME } from '../db/named-statements';
import { conditionOf, likeContains } from './conditions';
import { countedTotalQuery, counterSpecOf } from './counters';
import type { AnyDb, EntityHooks } from './hooks';
import { areaDb } from './hooks';
import type { RowsWritten } from './list-cache';
import { cachedIds, cachedValueAt, catchUp, CHANGED_ROWS, fillOnce, forgetLong, keepLongTotal, keptLongTotal, lastIds, LIST_CACHE_LIMITS, LIST_TOTAL_LIMITS, listState, listVersion, pageWithVersion, plannedRows, readIds, rowLogPlace, storeIds, walkBound } from './list-cache';
import { isRowLogged } from '../db/row-log';
import type { ListParams } from './list-params';
import type { ownedLists } from './lists';
import type { referenceNames } from './reference-names';
import type { ApiRecord, Row } from './row';
import type { Scope } from './scope';
import type { Repository } from './repository-types';
import type { scopeWhere, View } from './scope-where';
import { indexedSearch } from './search-index';

type Eb = AnyEb;

/** The result column a counted list's total rides in, beside the page's rows: a prefix no declared column has. */
const TOTAL_COLUMN = 'sys_list_total';

/** A statement PostgreSQL plans with its values at every execution (never a kept generic plan). */
const planEachTime = <Q extends { modifyEnd: (modifier: RawBuilder<unknown>) => Q }>(query: Q): Q => query.modifyEnd(sql.raw(PLAN_EACH_TIME));

/** What the list reads share with the rest of the repository. */
type ListReadContext = {
  readonly entity: Entity;
  readonly db: AnyKysely;
  readonly sqlite: boolean;
  readonly hooks: EntityHooks;
  readonly lists: ReturnType<typeof ownedLists>;
  readonly names: ReturnType<typeof referenceNames>;
  /** Every column of the table's rows and the names of what they reference. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly rowsOf: (executor: AnyDb) => SelectQueryBuilder<any, any, Row>;
  /** The name columns for the hand-written statement of a cached page (its table read as `t`). */
  readonly pageNames: string;
  readonly recordsOf: (rows: Row[], options?: { list?: boolean }) => ApiRecord[];
  readonly scoped: (eb: Eb, scope: Scope, view?: View) => ReturnType<typeof scopeWhere>;
  /** Whether a list of this scope may be kept (./list-cache.ts): not one that reads other tables' rows to scope it. */
  readonly kept: (scope: Scope) => boolean;
};

export const listReads = (context: ListReadContext) => {
  const { entity, db, sqlite, hooks, lists, names, rowsOf, pageNames, recordsOf, scoped, kept } = context;
  const table = entity.table;

  /**
   * The rows a list's parameters select inside the scope (filters, search, ids). `rowByRow`: for a
   * few given rows (a catch-up), the keyword checked on each row instead of looked up in its index.
   */
  const whereOf = (params: ListParams, scope: Scope, rowByRow = false) => (eb: Eb) => {
    const parts = [scoped(eb, scope, params.bin ? 'bin' : 'live'), ...params.conditions.map((c) => (c.worked
      ? hooks.filterWhere![c.worked]!(eb, c.value!)
      : c.named
        ? names.where(eb, table, c.named, (column) => conditionOf(eb, { ...c, column }))
        : conditionOf(eb, c)))];
    if (params.search) {
      const text = params.search.value;
      const like = (column: string) => likeContains(column, text);
      parts.push((!rowByRow && indexedSearch(entity, params.search, sqlite ? 'sqlite' : 'postgres', like)) || eb.or(params.search.columns.map(like)));
    }
    if (params.ids) parts.push(params.ids.length ? eb('id', 'in', params.ids) : sql<boolean>`1 = 0`);
    return eb.and(parts);
  };

  /**
   * Which of the rows written since a list was kept (`CHANGED_ROWS`, ./list-cache.ts `catchUp`) its
   * filter selects now. The written rows are read by primary key first, in a subquery named as the
   * table (so the filter's qualified columns read it), and the filter, keyword included, is checked
   * on each: PostgreSQL plans that subquery apart (`offset 0`), where it could have taken the
   * keyword's trigram index for the whole table and joined the few written rows to it.
   */
  const changedMatching = (params: ListParams, scope: Scope) => {
    const written = db.selectFrom(table).selectAll().where(sql.ref(`${table}.id`), 'in', sql`(${sql.raw(CHANGED_ROWS)})`)
      .$if(!sqlite, (query) => query.offset(0)).as(table);
    return db.selectFrom(written).select('id').where(whereOf(params, scope, true));
  };

  /**
   * The counted column and value a list asks for, when its total is in the counts the writes keep
   * (./counters.ts) and its order is the id's, which an index gives at any depth: the live rows in
   * the scope, at most one equality filter on a counted column, no search, no id list.
   */
  const counters = counterSpecOf(entity);
  const countedFilter = (params: ListParams): { column: string; value: string | null } | null => {
    if (!counters || params.bin || params.search || params.ids || params.sort.column !== 'id' || params.conditions.length > 1) return null;
    const [condition] = params.conditions;
    if (!condition) return { column: counters.columns[0]!, value: null };
    return condition.op === 'eq' && !condition.named && !condition.worked && counters.columns.includes(condition.column) ? { column: condition.column, value: String(condition.value) } : null;
  };

  /** A page answered from kept ids: the rows read (in any order, a deleted one missing) put in the ids' order. */
  const answer = (rows: Row[], page: number[], total: number): { list: ApiRecord[]; total: number } => {
    const byId = new Map(rows.map((row: Row) => [Number(row.id), row]));
    const ordered = page.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { list: recordsOf(ordered, { list: true }), total };
  };

  const listPage: Repository['list'] = async (params, scope) => {
    const offset = Math.max(params.pageNum - 1, 0) * params.pageSize;
    const where = whereOf(params, scope);
    // Counted lists (a million orders by status) read neither ids nor a COUNT: after a write the
    // next view costs what any view costs, where the ids cache would re-read every matching id.
    const counted = kept(scope) ? countedFilter(params) : null;
    const totalQuery = counted && countedTotalQuery(db, entity, counted.column, counted.value, scope);
    if (totalQuery === 0) return { list: [], total: 0 };
    if (totalQuery) return countedPage(params, scope, where, offset, totalQuery);
    // The ordered ids of this query, cached while the table is provably unchanged (./list-cache.ts).
    const key = JSON.stringify([table, params.conditions, params.search, params.ids, params.sort, scope, params.bin === true]);
    // A filter on a referenced record's name reads another table, which this table's version does
    // not follow (a renamed brand): such a list is never kept.
    // So is one whose scope reads other tables (rows a seller reads beyond its shops).
    // So is one filtered by an area's worked-out condition (`filterWhere`: other tables, the time).
    const uncached = params.conditions.some((c) => c.named || c.worked) || !kept(scope);
    // A keyword's rows are found by the index only when the plan knows the keyword: PostgreSQL's
    // generic plan of a kept statement (an unknown pattern) walked a million orders back by id and
    // tested each (367 ms a fill in bench:live, against 6 ms by the trigram index), so a list with
    // a keyword is planned at every read (server/db/named-statements.ts).
    const byValue = !sqlite && params.search !== null;
    // The usual case, one statement: the page of the ids kept last, read with the current version.
    const last = uncached ? undefined : lastIds(db, key);
    const lastPage = last ? [...last.ids.subarray(offset, offset + params.pageSize)] : [];
    let version: string | null = null;
    // The rows written so far, read with the version (before anything is counted under it): what
    // a long list's kept count is checked against.
    let written: RowsWritten | null = null;
    if (last && lastPage.length) {
      const read = await pageWithVersion(db, table, lastPage, pageNames);
      if (read.version === last.version) return answer(read.rows, lastPage, last.ids.length);
      version = read.version;
    } else if (!uncached) {
      ({ version, written } = await listState(db, table));
    }
    if (version !== null) {
      // A table with a row log (`rowLog`): the kept ids of a list in id order catch up on the rows
      // written since, checked alone, where reading the list again searched a million orders for a
      // keyword after every write (server/crud/list-cache.ts `catchUp`).
      const logged = isRowLogged(db, table);
      let ids = last && last.version !== version && logged && params.sort.column === 'id'
        ? await catchUp(db, table, key, last, changedMatching(params, scope), params.sort.order, byValue)
        : undefined;
      if (ids === undefined) ids = cachedIds(db, key, version);
      if (ids === undefined) {
        const at = version;
        ids = await fillOnce(db, key, at, async () => {
          // One more than the longest list kept: to learn that this one is longer.
          const limit = LIST_CACHE_LIMITS.idsPerEntry;
          // Where the row log stands, read before the ids (synchronously with them on SQLite).
          const logAt = logged ? rowLogPlace(db, at) : null;
          const read = await readIds(db, db.selectFrom(table).select('id').where(where)
            .orderBy(params.sort.column, params.sort.order).orderBy('id', params.sort.order)
            .limit(limit + 1).$if(byValue, planEachTime));
          return { ids: read.length <= limit ? read : null, logAt };
        });
      }
      if (ids) {
        const page = [...ids.subarray(offset, offset + params.pageSize)];
        if (!page.length) return { list: [], total: ids.length };
        // Rows read after the version: at least as new as the ids (a row deleted since is left out).
        const { rows } = await pageWithVersion(db, table, page, pageNames);
        return answer(rows, page, ids.length);
      }
    }
    // Too long to keep (or no change signal): a capped count + an index walk to the page. The count
    // stops at LIST_TOTAL_LIMITS.exactUpTo + 1 rows, so neither grows with the table: a longer list's
    // total is "more than N" (with the planner's estimate where there is one) until the exact count
    // is asked for (`exactTotal=1`, which the screens send after the page, ./list-params.ts). The
    // exact count is kept under the version read above; the bounded one as long as it holds (below).
    const exactUpTo = LIST_TOTAL_LIMITS.exactUpTo;
    const keptAt = <T extends number | null>(query: () => Promise<T>, name: string): Promise<T> => (version === null ? query() : cachedValueAt(db, table, `${name}\n${key}`, version, query));
    if (params.exactTotal) {
      const total = await keptAt(async () => Number((await db.selectFrom(table).select((eb: Eb) => eb.fn.countAll().as('count'))
        .where(where).$if(byValue, planEachTime).executeTakeFirst() as { count?: unknown } | undefined)?.count ?? 0), 'count');
      if (version !== null) forgetLong(db, key, total);
      return pageAt(params, where, offset, total);
    }
    // Is it still longer than exactUpTo? A count kept from an earlier version holds while fewer rows
    // have been written since than it had to spare (each moves a count by one at most); else a
    // count to twice the bound, so what it spares lasts ~exactUpTo rows written, not one write.
    // Counting again after every write was a quarter of PostgreSQL's CPU in bench:live (10,001
    // index entries, 2 ms, per long list viewed after each of 20 writes a second).
    const held = version === null ? undefined : keptLongTotal(db, key, written);
    let known: number;
    let estimate: number | null;
    if (held) {
      known = held.atLeast;
      estimate = held.estimate;
    } else {
      const bounded = Number((await db.selectFrom(db.selectFrom(table).select(sql<number>`1`.as('one')).where(where).limit(2 * exactUpTo + 1).$if(byValue, planEachTime).as('t'))
        .select((eb: Eb) => eb.fn.countAll().as('count')).executeTakeFirst() as { count?: unknown } | undefined)?.count ?? 0);
      if (bounded <= exactUpTo) {
        if (version !== null) forgetLong(db, key, bounded);
        return pageAt(params, where, offset, bounded);
      }
      // The planner's estimate (no row read) is kept with the count: it moves only when the table's statistics do.
      estimate = sqlite ? null : await plannedRows(db, db.selectFrom(table).select('id').where(where));
      if (version !== null && written) keepLongTotal(db, key, { count: bounded, written, estimate });
      known = bounded;
    }
    const atLeast = exactUpTo + 1;
    const total = Math.max(atLeast, Math.round(estimate ?? 0));
    // No page is past the end of a list whose end is unknown: the walk answers an empty page there.
    // With its page size and offset as plain parameters: PostgreSQL then plans each such walk for
    // its real limit (a year of a million orders: walk the id index back and filter, 10 rows),
    // where the generic plan of an unknown limit sorted every matching row (0.4 s).
    // SQLite: a walk in the list order, bounded, when the page is known to exist (`walkedPage`).
    const walked = sqlite && offset + params.pageSize <= known ? await walkedPage(params, where, offset) : null;
    const page = walked ?? await pageAt(params, where, offset, Number.MAX_SAFE_INTEGER, true);
    return { list: page.list, total, totalExact: false, totalAtLeast: atLeast };
  };

  /**
   * A page of a long list in id order read by walking the table in that order, at most
   * `walkBound(offset + pageSize)` rows, and checking the filter on each; null when the walk ends
   * before the page is full (the caller knows the page exists, so the filter's rows lie further
   * back, and it reads them the usual way). SQLite's planner weighs no LIMIT: for a date range it
   * read the range's index and sorted every matching row (a month of a million orders, 70,000 rows:
   * 11–18 ms a view with the server's one thread blocked), where the walk meets the page's rows
   * after ~150 (PostgreSQL, which plans for the limit, takes this walk by itself).
   */
  const walkedPage = async (params: ListParams, where: ReturnType<typeof whereOf>, offset: number): Promise<{ list: ApiRecord[]; total: number } | null> => {
    if (params.sort.column !== 'id') return null;
    const order = params.sort.order;
    // The inner LIMIT keeps SQLite from moving the filter inside: it walks the rowid order and stops
    // at the bound; the outer LIMIT stops it as soon as the page is full.
    const newest = db.selectFrom(table).selectAll().orderBy('id', order).limit(walkBound(offset + params.pageSize)).as(table);
    const ids = await readIds(db, db.selectFrom(newest).select('id').where(where).orderBy('id', order).limit(params.pageSize).offset(offset));
    if (ids.length < params.pageSize) return null;
    const page = [...ids];
    const rows: Row[] = await rowsOf(db).where(sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(page)})`).execute();
    return answer(rows, page, Number.MAX_SAFE_INTEGER);
  };

  /**
   * A page of a counted list. Its ids (not the whole list's: a million) are kept under the table's
   * version like a list's (./list-cache.ts), so a page seen since the last write is read by primary
   * key with its total and the version in one statement, where the index walk to page 500 read
   * 5,000 index entries on every view. Otherwise (first view, or a write since) the walk, and its
   * ids kept for the next view.
   */
  const countedPage = async (
    params: ListParams, scope: Scope, where: ReturnType<typeof whereOf>, offset: number,
    totalQuery: Exclude<ReturnType<typeof countedTotalQuery>, 0 | undefined | null>,
  ): Promise<{ list: ApiRecord[]; total: number }> => {
    const key = JSON.stringify([table, 'page', params.conditions, params.sort, scope, offset, params.pageSize]);
    const kept = lastIds(db, key);
    let version: string | null;
    if (kept) {
      const page = [...kept.ids];
      const read = await pageWithVersion(db, table, page, pageNames, totalQuery);
      if (read.version === kept.version) return answer(read.rows, page, Number(read.value ?? 0));
      version = read.version;
    } else {
      version = await listVersion(db, table);
    }
    // A shop-scoped page (a seller's status tab) reads its total first, from the kept counts: its
    // shops may hold few or none of a status the table is full of, which no plan can know. A long
    // one plans its walk for its real limit (the generic plan of an unknown limit sorted a seller's
    // 166,000 rows of a status: 30-39 ms of database CPU a view in bench:live, 1,000,000 orders,
    // where walking the id index back needs ~1); a short one reads its few rows by index and sorts
    // them, its order one no index gives (`sortMatches`): the walk would pass a million rows to
    // find none, and both SQLite (a seller's status holding 1 order: 284 ms a view, the server's
    // one thread blocked) and PostgreSQL's generic plan (36 ms) took it.
    if (scope.kind !== 'all') {
      const total = Number((await totalQuery.executeTakeFirst())?.n ?? 0);
      if (total === 0 || offset >= total) return { list: [], total };
      const long = total > LIST_TOTAL_LIMITS.exactUpTo;
      const result = await pageAt(params, where, offset, total, long, !long);
      if (version !== null && result.list.length) storeIds(db, key, version, Int32Array.from(result.list, (record) => Number(record.id)));
      return result;
    }
    const result = await pageAt(params, where, offset, totalQuery);
    if (version !== null && result.list.length) storeIds(db, key, version, Int32Array.from(result.list, (record) => Number(record.id)));
    return result;
  };

  /**
   * The page at `offset` of the rows `where` selects, `total` of them (or the statement of the
   * total, read as a column of the page's own statement: one round trip, one snapshot): an index
   * walk to the page's ids, then their rows.
   */
  const pageAt = async (
    params: ListParams, where: ReturnType<typeof whereOf>, offset: number, total: number | Exclude<ReturnType<typeof countedTotalQuery>, 0 | undefined>,
    planLimit = false,
    /**
     * The matching rows are few (at most LIST_TOTAL_LIMITS.exactUpTo, known from the kept counts):
     * read them by the filter's index and sort them. SQLite's planner, which weighs no LIMIT, and
     * PostgreSQL's generic plan would otherwise walk the order's index and check each row against
     * the filter, however few match. Only for lists in id order.
     */
    sortMatches = false,
  ): Promise<{ list: ApiRecord[]; total: number }> => {
    if (typeof total === 'number' && offset >= total) return { list: [], total };
    // The page's ids first (an index-only walk past `offset` rows), then only those rows: the
    // plain LIMIT/OFFSET would read every skipped row from the table (PostgreSQL: ~40% more req/s).
    // PostgreSQL plans a named statement (server/db/named-statements.ts) with its values five
    // times, then keeps one generic plan if it costs no more; planning was most of what this
    // statement cost the database. A literal page size and offset would make a text per page, and
    // as parameters they make the generic plan look dearer than a page-1 plan, so it is never
    // kept: as scalar subqueries every plan sees them unknown, and the generic one is kept. That
    // plan takes an unknown limit for a tenth of the rows, so the page's rows are read by
    // `= any(array(…))` (a few ids, by primary key, whatever the plan), not `in (…)`, which such a
    // plan reads as a hash semi-join over the whole table (150 ms on 200,000 orders).
    const unknownToPlan = (value: number) => (sqlite || planLimit ? value : sql<number>`(select ${value}::int8)`);
    // An expression no index is ordered by says "not by an index": SQLite's `+column`, and on
    // PostgreSQL `column + 0` (these lists are in id order, an integer). PostgreSQL's generic plan
    // walked the (status, id) index back past 167,000 orders of another shop to find a seller's
    // 657 of that status (36 ms of database CPU a view in bench:live); by the (shop, status) index
    // and a sort, 0.5 ms.
    const orderTerm = (column: string) => (!sortMatches ? sql.ref(column) : sqlite ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)} + 0`);
    const pageIds = db.selectFrom(table).select('id').where(where)
      .orderBy(orderTerm(params.sort.column), params.sort.order).orderBy(orderTerm('id'), params.sort.order)
      .limit(unknownToPlan(params.pageSize)).offset(unknownToPlan(offset))
      // A walk planned for its real limit is planned at every view: a plan PostgreSQL kept after
      // five would be a generic one, whose unknown limit and default selectivities sort every
      // matching row (server/db/named-statements.ts).
      .$if(!sqlite && planLimit, planEachTime);
    const rows: Row[] = await rowsOf(db).where(sqlite ? sql<boolean>`${sql.ref(`${table}.id`)} in (${pageIds})` : sql<boolean>`${sql.ref(`${table}.id`)} = any(array(${pageIds}))`)
      .$if(typeof total !== 'number', (query) => query.select(() => (total as Exclude<typeof total, number>).as(TOTAL_COLUMN)))
      .orderBy(params.sort.column, params.sort.order)
      .orderBy('id', params.sort.order).execute();
    if (typeof total === 'number') return { list: recordsOf(rows, { list: true }), total };
    // An empty page (past the end, or nothing to list) has no row to carry the total.
    const counted = rows.length ? rows[0]![TOTAL_COLUMN] : (await total.executeTakeFirst())?.n;
    return { list: recordsOf(rows, { list: true }), total: Number(counted ?? 0) };
  };

  /** A page with the child rows declared `inList` and what the area's `afterList` fills in. */
  const list: Repository['list'] = async (params, scope) => {
    const page = await listPage(params, scope);
    const rows = lists ? await lists.attach(db, page.list, { list: true }) : page.list;
    return { ...page, list: hooks.afterList ? await hooks.afterList(areaDb(db), rows) : rows };
  };

  const LIST_ALL_LIMIT = 10_000;
  const listAll: Repository['listAll'] = async (params, scope) => {
    // The list's filters apply (mall's look-ups: `/memberLevel/list?defaultStatus=0`, nested views).
    const rows = await rowsOf(db).where(whereOf(params, scope))
      .orderBy(params.sort.column, params.sort.order).orderBy('id', params.sort.order)
      .limit(LIST_ALL_LIMIT).execute();
    const records = recordsOf(rows, { list: true });
    const attached = lists ? await lists.attach(db, records, { list: true }) : records;
    return hooks.afterList ? hooks.afterList(areaDb(db), attached) : attached;
  };

  return { list, listAll };
};
