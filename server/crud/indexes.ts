/**
 * Indexes derived from the declarations (issue 9, item 2): every list query of an entity is
 * `<scope> and <filters> order by <sort column>, id` (./repository.ts `whereOf`, ./list-params.ts),
 * so the declaration already says which indexes its lists need; they are made when the server
 * starts instead of by hand in a migration per slow list found.
 *
 * The shapes, from what `scopeWhere` emits:
 * - the lead: the recycle-bin flag (`= 0`, or `= 1` in the bin) is fixed by every list query, so
 *   it leads. The tenant column is not: staff (scope `all`) list every shop with no condition on
 *   it, a seller's `shop_id in (…)` names one or a few shops. An index led by the tenant would
 *   serve no staff list and, for a seller of several shops, no order either (PostgreSQL cannot
 *   merge the ordered runs of an IN list), so the per-field indexes are not led by it;
 * - an equality filter: lead, column, then the declared default sort column (when not the id),
 *   then `id`: the filtered list in its default order is a walk of the index, the filtered count
 *   an index-only scan;
 * - a range filter (`range`, `gte`/`lte`) and a sortable field: lead, column, `id` — the order of
 *   every sort on it (`id` is the tie-breaker of every list order) and the range's bounds;
 * - a shop-owned entity: one more, tenant, lead, default sort column, `id`: a seller's list of one
 *   shop in its default order (the per-field ones serve staff; the two are not multiplied).
 * Skipped: text `like` and `prefix` filters (they compare `lower(column)`, which no plain index
 *   serves; keyword search has its own trigram index, ./search-index.ts), virtual fields, the id,
 *   and any shape whose field already leads an index made otherwise (a migration's hand index, a
 *   unique index), alone or right after the lead: the catalog is read at start.
 * No filter × sort product: a filtered list sorted by another field walks one of the two indexes
 * and checks the other condition, which the planner weighs.
 *
 * Names are `ix_decl_<table>_<columns>` (shortened with a hash past PostgreSQL's 63 characters);
 * an index with that prefix the declarations no longer derive is dropped. PostgreSQL builds them
 * with a plain CREATE INDEX (writes to the table wait for it; faster than CONCURRENTLY, and no
 * invalid leftover when a start is interrupted) under an advisory lock, so processes starting
 * together make each once. SQLite gets ANALYZE of each new index, so its planner weighs it with
 * the others (a fresh index has no statistics while the older ones have).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { CompareFilter, Entity } from '../../src/schema/engine/entity';
import { columnOf, compareFiltersOf, filterOf, rangeOf } from '../../src/schema/engine/entity';
import { recycleBinOf } from '../../src/schema/engine/recycleBin';
import type { AnyKysely } from '../db/index';
import { dialectOf } from '../db/index';

/** The prefix that marks an index as ours: made and dropped by `ensureDeclaredIndexes` only. */
export const DECLARED_PREFIX = 'ix_decl_';

/** PostgreSQL cuts identifiers at 63 bytes; a cut name would never match the derived one again. */
const MAX_NAME = 63;

export type DeclaredIndex = {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly string[];
  /** What asks for it, for the log and the test: `filter:<field>`, `range:<field>`, `sort:<field>`, `tenant`, `compare:<param>`, `combined:<field>+<field>`. */
  readonly reason: string;
  /** A partial index's condition (a column-comparison filter's rows), as SQL both databases read alike. */
  readonly where?: string;
};

/** The reason of a declared filter combination's index (`listIndexes`): no index made otherwise stands in for it. */
const COMBINED = 'combined:';

const COMPARE_SQL = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * The rows a column-comparison filter keeps, as the partial index's condition: the same terms the
 * list query writes (./repository.ts `columnsConditionOf`), so SQLite, which matches a query's
 * terms against the index's, and PostgreSQL, which proves the index's condition from the query's,
 * both read the list from it. The excluded values are literals: a bound parameter proves nothing
 * to either.
 */
export const compareWhereSql = (filter: CompareFilter): string => {
  for (const value of filter.except) if (!Number.isInteger(value)) throw new Error(`declared index: ${filter.param} excludes a value that is not a whole number`);
  return [`${quote(filter.column)} ${COMPARE_SQL[filter.op]} ${quote(filter.thanColumn)}`, ...filter.except.map((v) => `${quote(filter.column)} <> ${v}`)].join(' and ');
};

export const declaredIndexName = (table: string, columns: readonly string[]): string => {
  const name = `${DECLARED_PREFIX}${table}_${columns.join('_')}`;
  if (name.length <= MAX_NAME) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_NAME - 9)}_${hash}`;
};

const RANGE_OPS = new Set(['gte', 'lte']);

/** The indexes an entity's list queries need, from its declaration alone (the catalog is not read). */
export const declaredIndexesOf = (entity: Entity): DeclaredIndex[] => {
  const bin = recycleBinOf(entity);
  const lead = bin ? [bin.column] : [];
  const stored = (field: string) => {
    const decl = entity.fields[field];
    return decl && !decl.virtual && !decl.children && !decl.relation ? columnOf(field, decl) : null;
  };
  const sortField = entity.defaultSort?.field;
  const defaultSort = sortField && sortField !== 'id' ? stored(sortField) : null;
  const out: DeclaredIndex[] = [];
  const seen = new Set<string>();
  const add = (columns: readonly string[], reason: string) => {
    // A column twice (an equality filter on the default sort column) says nothing more.
    const unique = [...new Set(columns)];
    const key = unique.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name: declaredIndexName(entity.table, unique), table: entity.table, columns: unique, reason });
  };
  for (const [field, decl] of Object.entries(entity.fields)) {
    const column = stored(field);
    if (!column || column === 'id') continue;
    const filter = filterOf(field, decl);
    // An equality filter on the tenant column is the shop-owned shape below, led by the tenant.
    const tenantShape = column === entity.tenant;
    if (filter && filter.op === 'eq' && !tenantShape) add([...lead, column, ...(defaultSort ? [defaultSort] : []), 'id'], `filter:${field}`);
    if (filter && (rangeOf(field, decl) || RANGE_OPS.has(filter.op))) add([...lead, column, 'id'], `range:${field}`);
    if (decl.sortable) add([...lead, column, 'id'], `sort:${field}`);
  }
  if (entity.tenant && entity.tenant !== 'id') add([entity.tenant, ...lead, ...(defaultSort ? [defaultSort] : []), 'id'], 'tenant');
  // Declared filter combinations (`listIndexes`): equality columns then a range, after the lead.
  for (const fields of entity.listIndexes ?? []) {
    const columns = fields.map((field) => {
      const column = stored(field);
      if (!column) throw new Error(`declared index: ${entity.name}.listIndexes names ${field}, which is not a stored field`);
      return column;
    });
    add([...lead, ...columns, 'id'], `${COMBINED}${fields.join('+')}`);
  }
  // A column-comparison filter: partial indexes holding only its rows (few: the products low on
  // stock), so its list and total read those alone. In the list's order for staff, and by shop for
  // a seller; the condition's hash in the name, so a changed declaration makes a new index.
  for (const filter of compareFiltersOf(entity)) {
    const where = compareWhereSql(filter);
    const hash = createHash('sha1').update(where).digest('hex').slice(0, 6);
    const shapes = [[...lead, 'id'], ...(entity.tenant && entity.tenant !== 'id' ? [[entity.tenant, ...lead, 'id']] : [])];
    for (const columns of shapes) {
      const name = declaredIndexName(entity.table, ['if', filter.param.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), ...columns, hash]);
      out.push({ name, table: entity.table, columns, reason: `compare:${filter.param}`, where });
    }
  }
  return out;
};

type Catalog = {
  /** Key columns of each full (not partial) index on the table, by name; an expression column is null. */
  readonly indexes: ReadonlyMap<string, readonly (string | null)[]>;
  /** Our indexes on the table (the prefix's), partial ones included. */
  readonly ours: ReadonlySet<string>;
  readonly columns: ReadonlySet<string>;
};

const readCatalog = async (db: AnyKysely, table: string): Promise<Catalog | null> => {
  const indexes = new Map<string, (string | null)[]>();
  if (dialectOf(db) === 'postgres') {
    const { rows: columnRows } = await sql<{ name: string }>`select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`.execute(db);
    if (!columnRows.length) return null;
    const { rows } = await sql<{ name: string; column: string | null }>`select i.relname as name, a.attname as column
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      cross join lateral unnest(x.indkey::int2[]) with ordinality as k(attnum, ord)
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0
      where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace and x.indpred is null and k.ord <= x.indnkeyatts
      order by i.relname, k.ord`.execute(db);
    for (const row of rows) indexes.set(row.name, [...(indexes.get(row.name) ?? []), row.column]);
    const { rows: ours } = await sql<{ name: string }>`select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`.execute(db);
    return { indexes, ours: new Set(ours.map((r) => r.name).filter((n) => n.startsWith(DECLARED_PREFIX))), columns: new Set(columnRows.map((r) => r.name)) };
  }
  const { rows: columnRows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  if (!columnRows.length) return null;
  const { rows } = await sql<{ name: string; column: string | null }>`select il.name as name, ii.name as column
    from pragma_index_list(${table}) il, pragma_index_info(il.name) ii where il.partial = 0 order by il.name, ii.seqno`.execute(db);
  for (const row of rows) indexes.set(row.name, [...(indexes.get(row.name) ?? []), row.column]);
  const { rows: ours } = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
  return { indexes, ours: new Set(ours.map((r) => r.name).filter((n) => n.startsWith(DECLARED_PREFIX))), columns: new Set(columnRows.map((r) => r.name)) };
};

/**
 * Whether an index made otherwise already serves the shape: one led by its first column after
 * the lead (the field, or the tenant), alone or right after the lead.
 */
const servedElsewhere = (index: DeclaredIndex, lead: readonly string[], catalog: Catalog): boolean => {
  const rest = index.columns.filter((c) => !lead.includes(c));
  const first = rest[0];
  if (!first || first === 'id') return false;
  for (const [name, columns] of catalog.indexes) {
    if (name.startsWith(DECLARED_PREFIX)) continue;
    if (columns[0] === first) return true;
    if (lead.length && columns.slice(0, lead.length).every((c, i) => c === lead[i]) && columns[lead.length] === first) return true;
  }
  return false;
};

export type IndexChanges = { created: string[]; dropped: string[]; kept: string[]; skipped: string[] };

const quote = (name: string): string => {
  // Names come from declarations and our own prefix, never from requests; still, only plain ones.
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`declared index: unexpected name ${name}`);
  return `"${name}"`;
};

/** One table's declared indexes made and the stale ones dropped, in the caller's transaction. */
const ensureTable = async (db: AnyKysely, table: string, wanted: readonly DeclaredIndex[], lead: readonly string[], changes: IndexChanges): Promise<void> => {
  const catalog = await readCatalog(db, table);
  if (!catalog) return; // a table made later (a test's fixture): its next start makes them
  const sqlite = dialectOf(db) === 'sqlite';
  const keep = new Set<string>();
  for (const index of wanted) {
    // A partial index holds rows no full index singles out, and a declared combination's columns
    // were chosen together (a hand index led by the same column holds others): never served by another.
    const ownRows = index.where !== undefined || index.reason.startsWith(COMBINED);
    if (index.columns.some((c) => !catalog.columns.has(c)) || (!ownRows && servedElsewhere(index, lead, catalog))) {
      changes.skipped.push(index.name);
      continue;
    }
    keep.add(index.name);
    if (catalog.ours.has(index.name)) { changes.kept.push(index.name); continue; }
    const where = index.where ? ` where ${index.where}` : '';
    await sql.raw(`create index if not exists ${quote(index.name)} on ${quote(table)} (${index.columns.map(quote).join(', ')})${where}`).execute(db);
    if (sqlite) await sql.raw(`analyze ${quote(index.name)}`).execute(db);
    changes.created.push(index.name);
  }
  for (const name of catalog.ours) {
    if (keep.has(name)) continue;
    await sql.raw(`drop index if exists ${quote(name)}`).execute(db);
    changes.dropped.push(name);
  }
};

/**
 * Makes the declared indexes of `entities` that are missing and drops ours on their tables that
 * are no longer derived. Idempotent: a second start reads the catalog and changes nothing.
 */
export const ensureDeclaredIndexes = async (db: AnyKysely, entities: readonly Entity[]): Promise<IndexChanges> => {
  const changes: IndexChanges = { created: [], dropped: [], kept: [], skipped: [] };
  const byTable = new Map<string, { wanted: DeclaredIndex[]; lead: string[] }>();
  for (const entity of entities) {
    const entry = byTable.get(entity.table) ?? { wanted: [], lead: [] };
    const bin = recycleBinOf(entity);
    if (bin && !entry.lead.includes(bin.column)) entry.lead.push(bin.column);
    for (const index of declaredIndexesOf(entity)) if (!entry.wanted.some((w) => w.name === index.name)) entry.wanted.push(index);
    byTable.set(entity.table, entry);
  }
  const postgres = dialectOf(db) === 'postgres';
  for (const [table, { wanted, lead }] of byTable) {
    await db.transaction().execute(async (trx) => {
      // Any constant: it names "declared indexes" among this database's advisory locks; a second
      // process starting at once waits, then reads the catalog with them made.
      if (postgres) await sql`select pg_advisory_xact_lock(7400400)`.execute(trx);
      await ensureTable(trx, table, wanted, lead, changes);
    });
  }
  return changes;
};
