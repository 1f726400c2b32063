/**
 * The one data-access layer of declared entities. Every query goes through `scoped`, so tenant
 * scope applies to reads, writes, batches and counts alike; every write runs in one transaction
 * with its audit row; validation comes from the declaration (src/schema/validation.ts).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FieldError } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import type { Entity } from '../../src/schema/entity';
import { columnOf, DEFAULT_MAX_ROWS } from '../../src/schema/entity';
import { createSchema, fieldSchema, refineErrors, unsafeTextErrors, updateSchema, validate } from '../../src/schema/validation';
import { audit } from '../db/audit';
import { constraintViolation } from '../db/errors';
import { dialectOf } from '../db/index';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import type { HttpError } from '../http/errors';
import { conflict, constraintFailed, isHttpError, notFound, validationFailed } from '../http/errors';
import type { AnyDb, EntityHooks, HookActor, ValidateContext, WriteContext } from './hooks';
import { areaDb } from './hooks';
import type { ColumnsCondition, Condition, ListParams } from './list-params';
import type { ApiRecord, Row } from './row';
import { fromRow, toColumnValue, toRow } from './row';
import type { Scope } from './scope';
import { inScope, withShop } from './scope';
import { MAX_ID } from './ids';
import { sanitizeFieldValues } from './kinds';
import { treeRules } from './tree';
import { referenceNames } from './reference-names';
import type { RecycleBin } from '../../src/schema/recycleBin';
import { IN_BIN, LIVE, recycleBinOf } from '../../src/schema/recycleBin';
import { uniqueIndexesOf, uniqueMessageOf, uniqueRules } from './unique';
import { ownedLists } from './lists';
import { counterSpecOf, countedTotalQuery } from './counters';
import { cachedIds, cachedValueAt, fillOnce, forgetLong, lastIds, LIST_CACHE_LIMITS, listVersion, pageWithVersion, readIds, storeIds } from './list-cache';
import type { AnyEb, AnyKysely } from '../db/index';
import type { Secrets } from './secrets';
import { sealSecrets } from './secrets';
import { checkDerivedFields, deriveValues, derivedFields } from './derived';
import { indexedSearch } from './search-index';
import type { DeleteWithin } from './owns';
import { refuseOwned, removeOwned } from './owns';

/** Who is writing, for the audit row and the tenant scope. */
export type Actor = HookActor;

/**
 * Runs inside a create's transaction before the row is inserted (quotas): throws to refuse. The
 * engine knows nothing of what it checks; the app passes it in.
 */
export type BeforeCreate = (trx: AnyDb, entity: Entity, values: Record<string, unknown>, actor: Actor) => Promise<void>;

export type Repository = {
  readonly entity: Entity;
  list: (params: ListParams, scope: Scope) => Promise<{ list: ApiRecord[]; total: number }>;
  /** Every row the scope allows, in the list order (for look-ups; tables behind it stay small). */
  listAll: (params: ListParams, scope: Scope) => Promise<ApiRecord[]>;
  get: (id: number, scope: Scope) => Promise<ApiRecord>;
  create: (body: unknown, actor: Actor) => Promise<ApiRecord>;
  /** Several records in one transaction (EntityOptions `createMany`): errors name the row (`1.brandId`); answers how many. */
  createMany: (bodies: unknown, actor: Actor) => Promise<number>;
  update: (id: number, body: unknown, actor: Actor) => Promise<number>;
  remove: (ids: readonly number[], actor: Actor) => Promise<number>;
  setField: (ids: readonly number[], field: string, value: unknown, actor: Actor) => Promise<number>;
  /** A recycle bin's records back among the live ones (404 when none of the ids is in the bin). */
  restore: (ids: readonly number[], actor: Actor) => Promise<number>;
  /** A recycle bin's records deleted for good. */
  purge: (ids: readonly number[], actor: Actor) => Promise<number>;
  /**
   * Records deleted for good (live or in the bin) inside another delete's transaction, by this
   * entity's own rules and audit rows: an owner's `owns` with the `rules` policy (./owns.ts).
   */
  deleteWithin: DeleteWithin;
};

type Eb = AnyEb;

/** The result column a counted list's total rides in, beside the page's rows: a prefix no declared column has. */
const TOTAL_COLUMN = 'sys_list_total';

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const likeOf = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

const COMPARE_SQL = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * A column-comparison filter, written as the engine's partial index states its rows
 * (`compareWhereSql` in ./indexes.ts: the excluded values as literals, from the declaration), so
 * both databases see that the index holds every row the list asks for.
 */
const columnsConditionOf = (eb: Eb, c: ColumnsCondition) => eb.and([
  eb(c.column, COMPARE_SQL[c.op], eb.ref(c.than)),
  ...c.except.map((value) => eb(c.column, '<>', sql.lit(value))),
]);

const conditionOf = (eb: Eb, c: Condition) => {
  if (c.than !== undefined) return columnsConditionOf(eb, c);
  switch (c.op) {
    case 'eq': return eb(c.column, '=', c.value);
    case 'gte': return eb(c.column, '>=', c.value);
    case 'lte': return eb(c.column, '<=', c.value);
    case 'lt': return eb(c.column, '<', c.value);
    case 'like': return likeOf(c.column, `%${escapeLike(String(c.value))}%`);
    case 'prefix': return likeOf(c.column, `${escapeLike(String(c.value))}%`);
  }
};

const fieldErrors = (errors: FieldError[]) => validationFailed(errors);

/** A refusal of one row of a `createMany` body, its field errors named by the row (`1.brandId`). */
const atRow = (index: number, error: HttpError): HttpError => Object.assign(new Error(error.message), {
  problem: { ...error.problem, errors: error.problem.errors?.map((e) => ({ ...e, field: `${index}.${e.field}` })) },
});

export type RepositoryDeps = {
  db: Kysely<Database>;
  /** Every declared entity, to check references and name them. */
  entities: readonly Entity[];
  /** Entities an area's own routes serve that declared ones may reference (ServerArea.referenceTargets). */
  targets?: readonly Entity[];
  hooks?: EntityHooks;
  beforeCreate?: BeforeCreate;
  /** How secret fields are sealed (needed when the entity declares any: ./secrets.ts). */
  secrets?: Secrets;
  /** Another entity's delete inside a transaction, for `owns` with the `rules` policy (./owns.ts). */
  deleteOf?: (entity: string) => DeleteWithin | undefined;
};

/** Which records of an entity with a recycle bin a query sees: the live ones, or those in the bin. */
export type View = 'live' | 'bin' | 'any';

const binWhere = (bin: RecycleBin | null, eb: Eb, view: View) =>
  bin && view !== 'any' ? eb(bin.column, '=', view === 'bin' ? IN_BIN : LIVE) : sql<boolean>`1 = 1`;

/**
 * Rows of `entity` inside the scope: its tenant column limited to the scope's shops, and with a
 * recycle bin, the live records only (or the bin's), so reads, writes and reference checks alike
 * never see what was deleted.
 */
export const scopeWhere = (entity: Entity, eb: Eb, scope: Scope, view: View = 'live') => {
  const tenant = entity.tenant && scope.kind === 'shops'
    ? (scope.shopIds.length ? eb(entity.tenant, 'in', [...scope.shopIds]) : sql<boolean>`1 = 0`)
    : sql<boolean>`1 = 1`;
  const owned = ownerWhere(entity, eb, scope);
  const bin = recycleBinOf(entity);
  const parts = [tenant, ...(owned ? [owned] : []), ...(bin ? [binWhere(bin, eb, view)] : [])];
  return parts.length === 1 ? tenant : eb.and(parts);
};

/** The column of an entity's owning account (`owner`), or null. */
export const ownerColumnOf = (entity: Entity): string | null =>
  entity.owner ? columnOf(entity.owner, entity.fields[entity.owner]!) : null;

/**
 * An entity owned by an account (`owner`): a seller's scope sees only its own rows (a scope
 * without an account, none); staff scopes (every shop) see all of them.
 */
const ownerWhere = (entity: Entity, eb: Eb, scope: Scope) => {
  const column = ownerColumnOf(entity);
  if (!column || scope.kind === 'all') return null;
  return scope.adminId === undefined ? sql<boolean>`1 = 0` : eb(column, '=', scope.adminId);
};

/** The declared time stamps (`auto`) a write sets: all of them on create, the `update` ones on later writes. */
export const autoStamps = (entity: Entity, write: 'create' | 'update'): Row => {
  const now = toDbTime();
  return Object.fromEntries(Object.entries(entity.fields).filter(([, decl]) => decl.auto && (write === 'create' || decl.auto === 'update'))
    .map(([name, decl]) => [columnOf(name, decl), now]));
};

/** The field that holds the tenant (mold.shopId for tenant `shop_id`); none when the tenant is the row itself. */
const tenantFieldOf = (entity: Entity): string | null =>
  entity.tenant && entity.tenant !== 'id'
    ? Object.entries(entity.fields).find(([name, decl]) => columnOf(name, decl) === entity.tenant)?.[0] ?? null
    : null;

export const createRepository = (entity: Entity, deps: RepositoryDeps): Repository => {
  const db = deps.db as unknown as AnyKysely;
  const hooks = deps.hooks ?? {};
  checkDerivedFields(entity, deps.hooks);
  const derives = derivedFields(entity).length > 0;
  const tree = treeRules(entity);
  const uniques = uniqueRules(entity);
  const table = entity.table;
  const createBody = createSchema(entity);
  const sqlite = dialectOf(db) === 'sqlite';
  const updateBody = updateSchema(entity);

  const bin = recycleBinOf(entity);
  const scoped = (eb: Eb, scope: Scope, view: View = 'live') => scopeWhere(entity, eb, scope, view);
  const tenantField = tenantFieldOf(entity);
  const known = [...deps.entities, ...(deps.targets ?? [])];
  const names = referenceNames(entity, known);
  /** Every column of the table's rows and the names of what they reference, in one statement. */
  const rowsOf = (executor: AnyDb) => executor.selectFrom(table).selectAll(table)
    .$if(!names.none, (query) => query.select((eb: Eb) => names.select(eb, table)));
  /** The name columns for the hand-written statement of a cached page (its table read as `t`). */
  const pageNames = names.none ? '' : names.sqlText('t');
  /** Records as every read answers them: with the names of what they reference. */
  const recordsOf = (rows: Row[], options: { list?: boolean } = {}): ApiRecord[] =>
    names.fill(rows.map((row) => fromRow(entity, row, options)), rows);
  const lists = ownedLists(entity, { entities: deps.entities, scopeWhere, tenantField });

  const readMany = async (executor: AnyDb, ids: readonly number[], scope: Scope, view: View = 'live'): Promise<ApiRecord[]> => {
    if (!ids.length) return [];
    const rows = await rowsOf(executor)
      .where((eb: Eb) => eb.and([eb('id', 'in', [...ids]), scoped(eb, scope, view)])).execute();
    return recordsOf(rows);
  };

  /**
   * The records a write decides on, locked for the rest of its transaction (PostgreSQL `FOR UPDATE`
   * in id order, the order every path takes; SQLite has one writer). A row another transaction
   * deleted or moved meanwhile is read again after its lock and drops out when it no longer
   * matches: two deletes, or a restore and a purge, of one record cannot both act on it.
   */
  const lockMany = async (trx: AnyDb, ids: readonly number[], scope: Scope, view: View = 'live'): Promise<ApiRecord[]> => {
    if (!ids.length) return [];
    const query = rowsOf(trx).where((eb: Eb) => eb.and([eb(`${table}.id`, 'in', [...ids]), scoped(eb, scope, view)])).orderBy(`${table}.id`);
    const rows = await (sqlite ? query : query.forUpdate(table)).execute();
    return recordsOf(rows);
  };

  const readOne = async (executor: AnyDb, id: number, scope: Scope): Promise<ApiRecord> => {
    const [found] = await readMany(executor, [id], scope);
    if (!found) throw notFound();
    const record = lists ? (await lists.attach(executor, [found]))[0]! : found;
    return hooks.afterGet ? hooks.afterGet(areaDb(executor), record) : record;
  };

  /**
   * Unique values and references, checked inside the write's transaction. `record` is the whole
   * record after the write (for the tenant a unique value is unique within). A reference to a
   * shop-owned entity must point inside the caller's scope: another seller's row reads exactly
   * like a missing one, so the check is no oracle of what other shops hold.
   */
  const checkConstraints = async (
    trx: AnyDb, values: Record<string, unknown>, record: Record<string, unknown>, selfId: number | null, scope: Scope,
  ): Promise<void> => {
    const errors: FieldError[] = [];
    if (tenantField && values[tenantField] !== undefined && !inScope(scope, values[tenantField])) {
      throw fieldErrors([fieldError(tenantField, 'invalid_reference')]);
    }
    for (const [name, decl] of Object.entries(entity.fields)) {
      const value = values[name];
      if (value === undefined || value === null) continue;
      if (decl.unique) {
        // Unique within the tenant (a mold code per shop); the table-wide rule elsewhere.
        const tenantValue = tenantField ? record[tenantField] : undefined;
        // A tenant id beyond the id range names no shop: nothing can clash (the reference check
        // below refuses it), and PostgreSQL would fail the comparison with int4.
        if (typeof tenantValue === 'number' && tenantValue > MAX_ID) continue;
        const clash = await trx.selectFrom(table).select('id')
          .where((eb: Eb) => eb.and([eb(columnOf(name, decl), '=', toColumnValue(decl, value) as never),
            ...(tenantField && tenantValue !== undefined && tenantValue !== null ? [eb(entity.tenant!, '=', tenantValue as number)] : []),
            ...(selfId === null ? [] : [eb('id', '<>', selfId)])]))
          .limit(1).executeTakeFirst();
        if (clash) throw conflict(name, 'not_unique');
      }
      if (decl.kind === 'reference' && decl.reference) {
        const target = known.find((e) => e.name === decl.reference?.entity);
        // An id beyond the id column's range names no row (and would fail the query on PostgreSQL).
        const found = target && (value as number) <= MAX_ID
          && await trx.selectFrom(target.table).select('id')
            .where((eb: Eb) => eb.and([eb('id', '=', value as number), scopeWhere(target, eb, scope)])).executeTakeFirst();
        if (!found) errors.push(fieldError(name, 'invalid_reference'));
      }
    }
    if (errors.length) throw fieldErrors(errors);
  };

  const defaultsFor = (input: Record<string, unknown>): Record<string, unknown> => {
    const values = { ...input };
    for (const [name, decl] of Object.entries(entity.fields)) {
      if (decl.serverManaged) continue;
      // null is "no value" on create (validation.ts, createSchema): the declared default, never a NOT NULL failure.
      if ((values[name] === undefined || values[name] === null) && decl.default !== undefined) values[name] = decl.default;
    }
    return values;
  };

  /** The area's `validate` rules, inside the write's transaction: any error refuses the write. */
  const lock: ValidateContext['lock'] = (query) => (sqlite ? query : query.forUpdate() as typeof query);
  const runValidate = async (ctx: WriteContext, record: Record<string, unknown>): Promise<void> => {
    if (!hooks.validate) return;
    const errors = await hooks.validate({ ...ctx, record, lock });
    if (errors.length) {
      throw fieldErrors(errors.map(({ field, messageKey, params }) => fieldError(field, messageKey, params && { ...params })));
    }
  };

  const stamps = (write: 'create' | 'update'): Row => autoStamps(entity, write);

  /** The rows a list's parameters select inside the scope (filters, search, ids). */
  const whereOf = (params: ListParams, scope: Scope) => (eb: Eb) => {
    const parts = [scoped(eb, scope, params.bin ? 'bin' : 'live'), ...params.conditions.map((c) => (c.named
      ? names.where(eb, table, c.named, (column) => conditionOf(eb, { ...c, column }))
      : conditionOf(eb, c)))];
    if (params.search) {
      const pattern = `%${escapeLike(params.search.value)}%`;
      const like = (column: string) => likeOf(column, pattern);
      parts.push(indexedSearch(entity, params.search, sqlite ? 'sqlite' : 'postgres', like) ?? eb.or(params.search.columns.map(like)));
    }
    if (params.ids) parts.push(params.ids.length ? eb('id', 'in', params.ids) : sql<boolean>`1 = 0`);
    return eb.and(parts);
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
    return condition.op === 'eq' && !condition.named && counters.columns.includes(condition.column) ? { column: condition.column, value: String(condition.value) } : null;
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
    const counted = countedFilter(params);
    const totalQuery = counted && countedTotalQuery(db, entity, counted.column, counted.value, scope);
    if (totalQuery === 0) return { list: [], total: 0 };
    if (totalQuery) return countedPage(params, scope, where, offset, totalQuery);
    // The ordered ids of this query, cached while the table is provably unchanged (./list-cache.ts).
    const key = JSON.stringify([table, params.conditions, params.search, params.ids, params.sort, scope, params.bin === true]);
    // A filter on a referenced record's name reads another table, which this table's version does
    // not follow (a renamed brand): such a list is never kept.
    const uncached = params.conditions.some((c) => c.named);
    // The usual case, one statement: the page of the ids kept last, read with the current version.
    const last = uncached ? undefined : lastIds(db, key);
    const lastPage = last ? [...last.ids.subarray(offset, offset + params.pageSize)] : [];
    let version: string | null;
    if (last && lastPage.length) {
      const read = await pageWithVersion(db, table, lastPage, pageNames);
      if (read.version === last.version) return answer(read.rows, lastPage, last.ids.length);
      version = read.version;
    } else {
      version = uncached ? null : await listVersion(db, table);
    }
    if (version !== null) {
      let ids = cachedIds(db, key, version);
      if (ids === undefined) {
        ids = await fillOnce(db, key, version, async () => {
          // One more than the longest list kept: to learn that this one is longer.
          const limit = LIST_CACHE_LIMITS.idsPerEntry;
          const read = await readIds(db, db.selectFrom(table).select('id').where(where)
            .orderBy(params.sort.column, params.sort.order).orderBy('id', params.sort.order)
            .limit(limit + 1));
          return read.length <= limit ? read : null;
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
    // Too long to keep (or no change signal): COUNT + an index walk to the page. The count is kept
    // under the version read above, like the ids: a million-row tab recounts once per write, not per view.
    const count = async () => Number((await db.selectFrom(table).select((eb: Eb) => eb.fn.countAll().as('count'))
      .where(where).executeTakeFirst() as { count?: unknown } | undefined)?.count ?? 0);
    const total = version === null ? await count() : await cachedValueAt(db, table, `count\n${key}`, version, count);
    if (version !== null) forgetLong(db, key, total);
    return pageAt(params, where, offset, total);
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
    const unknownToPlan = (value: number) => (sqlite ? value : sql<number>`(select ${value}::int8)`);
    const pageIds = db.selectFrom(table).select('id').where(where)
      .orderBy(params.sort.column, params.sort.order).orderBy('id', params.sort.order)
      .limit(unknownToPlan(params.pageSize)).offset(unknownToPlan(offset));
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

  const get: Repository['get'] = (id, scope) => readOne(db, id, scope);

  /** A create body checked before any transaction: the values to insert and their sealed secrets. */
  const prepareCreate = async (body: unknown, actor: Actor) => {
    const parsed = validate(createBody, body, entity);
    if (!parsed.ok) throw fieldErrors(parsed.errors);
    const nul = unsafeTextErrors(parsed.value as Record<string, unknown>);
    if (nul.length) throw fieldErrors(nul);
    // Secrets sealed (a password hashed) before the transaction; `values` keeps the plain ones for `validate`.
    const { input: sent, columns: sealed } = await sealSecrets(entity, parsed.value as Record<string, unknown>, deps.secrets);
    const values = defaultsFor(sanitizeFieldValues(entity, sent));
    // The owning account is whoever creates the record (server-managed: never from the body).
    if (entity.owner) values[entity.owner] = actor.adminId;
    const refined = refineErrors(entity, values);
    if (refined.length) throw fieldErrors(refined);
    return { values, sealed };
  };

  /** One prepared record inserted inside the caller's transaction, with its checks, lists, hooks and audit row. */
  const insertWithin = async (trx: AnyDb, values: Record<string, unknown>, sealed: Row, actor: Actor): Promise<ApiRecord> => {
    await checkConstraints(trx, values, values, null, actor.scope);
    if (lists) await lists.check(trx, values, actor.scope);
    if (deps.beforeCreate) await deps.beforeCreate(trx, entity, values, actor);
    const ctx: WriteContext = { trx: areaDb(trx), entity, input: values, before: null, actor };
    await runValidate(ctx, values);
    if (derives) Object.assign(values, await deriveValues(entity, hooks, ctx, values));
    let row: Row = { ...toRow(entity, values), ...sealed, ...stamps('create'), ...(bin ? { [bin.column]: LIVE } : {}) };
    if (hooks.beforeWrite) row = await hooks.beforeWrite(ctx, row);
    if (tree) row = await tree.beforeWrite(trx, values, null, row);
    const inserted = await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
    const id = Number((inserted as { id: unknown }).id);
    // A row that is its own tenant (a shop) is inside the scope of whoever just made it.
    const scope = entity.tenant === 'id' ? withShop(actor.scope, id) : actor.scope;
    let record = (await readMany(trx, [id], scope))[0];
    if (!record) throw notFound();
    if (uniques) await uniques.check(trx, [record]);
    if (lists) {
      await lists.write(trx, record, values);
      record = (await lists.attach(trx, [record]))[0]!;
    }
    const note = hooks.afterWrite ? await hooks.afterWrite(ctx, record) : undefined;
    if (hooks.afterGet) record = await hooks.afterGet(areaDb(trx), record);
    await audit(trx as never, { adminId: actor.adminId, action: 'create', entity: table, entityId: id, after: { ...record, ...note?.audit }, ip: actor.ip });
    return record;
  };

  const create: Repository['create'] = async (body, actor) => {
    const { values, sealed } = await prepareCreate(body, actor);
    try {
      return await db.transaction().execute((trx) => insertWithin(trx, values, sealed, actor));
    } catch (error) {
      throw constraintOr(error);
    }
  };

  const createMany: Repository['createMany'] = async (bodies, actor) => {
    if (!Array.isArray(bodies)) throw fieldErrors([fieldError('_', 'invalid_type')]);
    if (!bodies.length) throw fieldErrors([fieldError('_', 'select_record')]);
    if (bodies.length > DEFAULT_MAX_ROWS) throw fieldErrors([fieldError('_', 'too_many_rows', { max: DEFAULT_MAX_ROWS })]);
    // Every row checked before anything is written; all their errors answered at once, named by row.
    const prepared: Awaited<ReturnType<typeof prepareCreate>>[] = [];
    const errors: FieldError[] = [];
    for (const [index, body] of bodies.entries()) {
      try {
        prepared.push(await prepareCreate(body, actor));
      } catch (error) {
        if (!isHttpError(error) || !error.problem.errors) throw error;
        errors.push(...atRow(index, error).problem.errors!);
      }
    }
    if (errors.length) throw fieldErrors(errors);
    let index = 0;
    try {
      return await db.transaction().execute(async (trx) => {
        for (; index < prepared.length; index += 1) await insertWithin(trx, prepared[index]!.values, prepared[index]!.sealed, actor);
        return prepared.length;
      });
    } catch (error) {
      // A refusal inside names the row it came from (`1.brandId`); a clash the index caught, too.
      const refused = constraintOr(error);
      throw isHttpError(refused) && refused.problem.errors ? atRow(index, refused) : refused;
    }
  };

  /** A constraint the database refused, as the same field error the checks above give (races end here). */
  const fieldByColumn = new Map(Object.entries(entity.fields).map(([name, decl]) => [columnOf(name, decl), name]));
  const constraintOr = (error: unknown): unknown => {
    const violation = constraintViolation(error);
    // A declared combination's index answers the combination's own message, as its check does.
    const combination = violation?.kind === 'unique' ? uniqueIndexesOf(entity).find((i) => i.columns.join() === violation.columns.join()) : undefined;
    if (combination) return conflict(combination.field, uniqueMessageOf(combination));
    return violation ? constraintFailed(violation, (column) => fieldByColumn.get(column)) : error;
  };

  const update: Repository['update'] = async (id, body, actor) => {
    const parsed = validate(updateBody, body, entity);
    if (!parsed.ok) throw fieldErrors(parsed.errors);
    const nul = unsafeTextErrors(parsed.value as Record<string, unknown>);
    if (nul.length) throw fieldErrors(nul);
    // An empty secret keeps the stored one (it leaves `input`); a new one is sealed before the transaction.
    const { input: sent, columns: sealed } = await sealSecrets(entity, parsed.value as Record<string, unknown>, deps.secrets);
    const input = sanitizeFieldValues(entity, sent);
    if (Object.keys(input).length === 0) {
      // Nothing sent, nothing changes: still 404 for a missing record, but no audit row claiming
      // an update that did not happen (mall would even fail here with an empty SET).
      await readOne(db, id, actor.scope);
      return 1;
    }
    try {
      return await db.transaction().execute(async (trx) => {
        // The row is locked before it is read (PostgreSQL): the rules below decide on what stays true until commit.
        if (!sqlite) await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
        const before = await readOne(trx, id, actor.scope);
        const merged = { ...before, ...input };
        const refined = refineErrors(entity, merged);
        if (refined.length) throw fieldErrors(refined);
        await checkConstraints(trx, input, merged, id, actor.scope);
        if (lists) await lists.check(trx, input, actor.scope);
        const ctx: WriteContext = { trx: areaDb(trx), entity, input, before, actor };
        await runValidate(ctx, merged);
        if (derives) Object.assign(input, await deriveValues(entity, hooks, ctx, merged));
        let row = { ...toRow(entity, input), ...sealed, ...stamps('update') };
        if (hooks.beforeWrite) row = await hooks.beforeWrite(ctx, row);
        if (tree) row = await tree.beforeWrite(trx, input, before, row);
        if (Object.keys(row).length) {
          await trx.updateTable(table).set(row).where((eb: Eb) => eb.and([eb('id', '=', id), scoped(eb, actor.scope)])).execute();
        }
        if (lists) await lists.write(trx, merged as ApiRecord, input);
        let after = await readOne(trx, id, actor.scope);
        if (tree) await tree.afterWrite(trx, before, after);
        if (uniques) await uniques.check(trx, [after]);
        let note: Awaited<ReturnType<NonNullable<EntityHooks['afterWrite']>>> = undefined;
        if (hooks.afterWrite) {
          note = await hooks.afterWrite(ctx, after);
          after = await readOne(trx, id, actor.scope);
        }
        await audit(trx as never, { adminId: actor.adminId, action: 'update', entity: table, entityId: id, before, after: { ...after, ...note?.audit }, ip: actor.ip });
        return 1;
      });
    } catch (error) {
      throw constraintOr(error);
    }
  };

  /**
   * Deletes rows for good (live ones, or with a recycle bin the bin's: `purge`) inside a transaction:
   * the records locked, what they own handled by its declared rule (./owns.ts), then deleted; the
   * audit rows are written for the rows the delete removed, and none removed is 404.
   */
  const deleteIn = async (trx: AnyDb, ids: readonly number[], actor: Actor, view: View, action: 'delete' | 'purge'): Promise<number> => {
    const records = await lockMany(trx, ids, actor.scope, view);
    if (!records.length) throw notFound();
    const found = records.map((r) => r.id);
    if (entity.owns) await refuseOwned(trx, entity.owns, found);
    if (hooks.beforeDelete) await hooks.beforeDelete(areaDb(trx), entity, records, actor);
    if (tree) await tree.beforeDelete(trx, records);
    if (entity.owns) await removeOwned(trx, entity.owns, found, actor, (name) => deps.deleteOf?.(name));
    // The audit row keeps what goes with the record (its child rows and picks).
    const deleted = lists ? await lists.attach(trx, records) : records;
    if (lists) await lists.removeFor(trx, found);
    const removed = new Set((await trx.deleteFrom(table).where((eb: Eb) => eb.and([eb('id', 'in', found), scoped(eb, actor.scope, view)]))
      .returning('id').execute()).map((row: { id: unknown }) => Number(row.id)));
    if (!removed.size) throw notFound();
    for (const record of deleted.filter((r) => removed.has(r.id))) {
      await audit(trx as never, { adminId: actor.adminId, action, entity: table, entityId: record.id, before: record, ip: actor.ip });
    }
    return removed.size;
  };

  const deleteRows = async (ids: readonly number[], actor: Actor, view: View, action: 'delete' | 'purge') => {
    if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
    return db.transaction().execute((trx) => deleteIn(trx, ids, actor, view, action)).catch((error: unknown) => { throw constraintOr(error); });
  };

  const deleteWithin: Repository['deleteWithin'] = (trx, ids, actor) => deleteIn(trx, ids, actor as Actor, 'any', 'delete');

  /**
   * Moves records into the recycle bin (delete) or out of it (restore): a write of the bin's flag,
   * so the area's `beforeSetField` hook sees it as one; a restored record meets the `validate`
   * rules and unique combinations again. Records with children stay out of the bin, as from a delete.
   */
  const moveBin = async (recycleBin: RecycleBin, ids: readonly number[], actor: Actor, to: View, action: 'recycle' | 'restore') => {
    if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
    const field = recycleBin.field;
    const value = to === 'bin' ? IN_BIN : LIVE;
    const from: View = to === 'bin' ? 'live' : 'bin';
    return db.transaction().execute(async (trx) => {
      const records = await lockMany(trx, ids, actor.scope, from);
      if (!records.length) throw notFound();
      if (to === 'bin' && tree) await tree.beforeDelete(trx, records);
      if (hooks.beforeSetField) await hooks.beforeSetField({ trx: areaDb(trx), entity, records, field, value, actor });
      const after = records.map((record) => ({ ...record, [field]: value }));
      if (to === 'live') {
        for (const [i, record] of records.entries()) await runValidate({ trx: areaDb(trx), entity, input: { [field]: value }, before: record, actor }, after[i]!);
      }
      const found = records.map((r) => r.id);
      const moved = await trx.updateTable(table).set({ [recycleBin.column]: value, ...stamps('update') })
        .where((eb: Eb) => eb.and([eb('id', 'in', found), scoped(eb, actor.scope, from)])).executeTakeFirst();
      // The rows are locked: what was read is what moves (a mismatch would be a lock that failed).
      if (Number(moved.numUpdatedRows) !== found.length) throw new Error(`${table}: ${found.length} records locked, ${moved.numUpdatedRows} moved`);
      if (to === 'live' && uniques) await uniques.check(trx, after);
      for (const record of records) {
        await audit(trx as never, {
          adminId: actor.adminId, action, entity: table, entityId: record.id, before: { [field]: record[field] }, after: { [field]: value }, ip: actor.ip,
        });
      }
      return records.length;
    }).catch((error: unknown) => { throw constraintOr(error); });
  };

  const remove: Repository['remove'] = (ids, actor) =>
    (bin ? moveBin(bin, ids, actor, 'bin', 'recycle') : deleteRows(ids, actor, 'live', 'delete'));

  // Without a recycle bin nothing is in it: no id names a record there.
  const restore: Repository['restore'] = async (ids, actor) => {
    if (!bin) throw notFound();
    return moveBin(bin, ids, actor, 'live', 'restore');
  };

  const purge: Repository['purge'] = async (ids, actor) => {
    if (!bin) throw notFound();
    return deleteRows(ids, actor, 'bin', 'purge');
  };

  const setField: Repository['setField'] = async (ids, field, value, actor) => {
    const decl = entity.fields[field];
    // A secret is written through update only, where it is sealed.
    if (!decl || decl.kind === 'secret') throw validationFailed([fieldError(field, 'unknown_field')]);
    if (!ids.length) throw validationFailed([fieldError('ids', 'select_record')]);
    const parsed = validate(fieldSchema(decl), value);
    if (!parsed.ok) throw validationFailed(parsed.errors.map((e) => ({ ...e, field })));
    if (unsafeTextErrors({ [field]: parsed.value }).length) throw validationFailed(unsafeTextErrors({ [field]: parsed.value }));
    return db.transaction().execute(async (trx) => {
      const records = await lockMany(trx, ids, actor.scope);
      if (!records.length) throw notFound();
      if (hooks.beforeSetField) await hooks.beforeSetField({ trx: areaDb(trx), entity, records, field, value: parsed.value, actor });
      for (const record of records) {
        await runValidate({ trx: areaDb(trx), entity, input: { [field]: parsed.value }, before: record, actor }, { ...record, [field]: parsed.value });
      }
      const found = records.map((r) => r.id);
      await trx.updateTable(table).set({ [columnOf(field, decl)]: toColumnValue(decl, parsed.value), ...stamps('update') })
        .where((eb: Eb) => eb.and([eb('id', 'in', found), scoped(eb, actor.scope)])).execute();
      if (uniques) await uniques.check(trx, records.map((record) => ({ ...record, [field]: parsed.value })));
      for (const record of records) {
        await audit(trx as never, {
          adminId: actor.adminId, action: `set_${field}`, entity: table, entityId: record.id,
          before: { [field]: record[field] }, after: { [field]: parsed.value }, ip: actor.ip,
        });
      }
      return records.length;
    }).catch((error: unknown) => { throw constraintOr(error); });
  };

  return { entity, list, listAll, get, create, createMany, update, remove, setField, restore, purge, deleteWithin };
};
