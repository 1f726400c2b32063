/**
 * Traits an entity may have beyond its fields: column-comparison filters, the rows it owns,
 * counters kept by the database, a recycle bin, values unique together, a tree. Part of the
 * entity declaration language (./entity.ts re-exports it).
 */
import type { Entity } from './entity';
import type { FieldDecl } from './fields';
import { filterOf, rangeOf } from './fields';
import { columnOf } from './storage';
import { KINDS } from './kinds';

/** How a column-comparison filter compares its two columns (`field` op `than`). */
export type CompareOp = 'lt' | 'lte' | 'gt' | 'gte';

/**
 * A boolean list filter comparing two columns of the same row (docs/guide/field-kinds.md,
 * "Column comparison filters"): `?<param>=1` (or `true`) keeps the rows whose `field` is `op`
 * `than`; `0`, `false` or no value filters nothing. Both fields are stored numbers, dates or times.
 * A row whose `field` holds one of `except` (an int field) never matches (a product's stock of -1 is unlimited,
 * never low). The engine derives a partial index of the matching rows (server/crud/indexes.ts),
 * so the filtered list and its total read those rows alone. Its label is
 * `resources.<entity>.filters.<param>`; the list shows it as a chip (a checkbox when `alwaysOn`).
 */
export type CompareFilterDecl<K extends string = string> = {
  readonly field: K;
  readonly op: CompareOp;
  readonly than: K;
  readonly except?: readonly number[];
  readonly alwaysOn?: boolean;
};

/** A resolved column-comparison filter: its parameter and the two columns. */
export type CompareFilter = CompareFilterDecl & { readonly param: string; readonly column: string; readonly thanColumn: string; readonly except: readonly number[]; readonly alwaysOn: boolean };

const compareCache = new WeakMap<Entity, CompareFilter[]>();
/**
 * An entity's column-comparison filters, checked once: both fields stored and comparable, of one
 * kind, the parameter no other filter's. A declaration that breaks this stops the start.
 */
export const compareFiltersOf = (entity: Entity): readonly CompareFilter[] => {
  let filters = compareCache.get(entity);
  if (filters) return filters;
  const taken = new Set(Object.entries(entity.fields).flatMap(([name, decl]) => {
    const filter = filterOf(name, decl);
    const range = rangeOf(name, decl);
    return [...(filter ? [filter.param] : []), ...(range ? [range.from, range.to] : [])];
  }));
  if (entity.search) taken.add(entity.search.param);
  filters = Object.entries(entity.compareFilters ?? {}).map(([param, decl]) => {
    const where = `${entity.name}.compareFilters.${param}`;
    if (taken.has(param)) throw new Error(`${where}: another filter already takes the parameter ${param}`);
    const stored = (name: string): FieldDecl => {
      const field = entity.fields[name];
      if (!field || field.virtual || field.children || field.relation) throw new Error(`${where}: ${name} is not a stored field`);
      if (!KINDS[field.kind].range) throw new Error(`${where}: ${name} is ${field.kind}, not a number, date or time`);
      return field;
    };
    const [a, b] = [stored(decl.field), stored(decl.than)];
    if (a.kind !== b.kind) throw new Error(`${where}: ${decl.field} (${a.kind}) and ${decl.than} (${b.kind}) do not compare`);
    const except = decl.except ?? [];
    // Compared with the column as stored: plain whole numbers only (money is stored in cents, times as text).
    if (except.length && (a.kind !== 'int' || except.some((v) => !Number.isInteger(v)))) throw new Error(`${where}: except takes whole numbers of an int field`);
    return { ...decl, param, column: columnOf(decl.field, a), thanColumn: columnOf(decl.than, b), except, alwaysOn: decl.alwaysOn ?? false };
  });
  compareCache.set(entity, filters);
  return filters;
};

/**
 * A table whose rows hang on a record (server/crud/owns.ts). What deleting the record (or purging
 * it from the recycle bin) does with them:
 * - `restrict`: refused (409, `messageKey` names what blocks it) while any row exists, in the bin
 *   or not; the foreign key must be RESTRICT or NO ACTION, so the database refuses what code forgets;
 * - `rules`: each row is deleted through its own entity's delete (its hooks, child lists and audit
 *   row), in the record's transaction; a refusal there refuses the whole delete;
 * - `cascade`: pure parts of the record (a session of an account): deleted with it, no audit row.
 */
export type OwnsDecl = {
  readonly table: string;
  readonly column: string;
  readonly policy: 'restrict' | 'rules' | 'cascade';
  /** restrict: the refusal's message key (`shop_has_orders`). */
  readonly messageKey?: string;
  /** rules: the entity the rows are records of. */
  readonly entity?: string;
};

/**
 * Counts kept by the writes themselves (server/crud/counters.ts): for each field of `by` (number
 * values: int, flag, numeric enum, reference), how many live records (outside the recycle bin)
 * each shop holds per value, in a counts table that database triggers keep on every write, whoever
 * makes it. Reading them (`countsBy`) sums a few rows instead of counting the whole table. The
 * migration creates them (`createCounters`); the start stops when they are missing.
 */
export type CountersDecl<K extends string = string> = { readonly by: readonly K[] };

/**
 * A recycle bin (src/schema/engine/recycleBin.ts): `field` is a server-managed flag, 0 for a live record
 * and 1 in the bin (`mall`'s `deleteStatus`). Delete sets it; every read, list, look-up and
 * reference check sees live records only; the list shows the bin with `?<field>=1`; `restore`
 * and `purge` (delete for good) take the bin's records by `?ids=`.
 */
export type SoftDeleteDecl<K extends string = string> = { readonly field: K };

/**
 * The `fields` hold a combination of values only one row has, among the rows that match `where`
 * (each field equal to its value, `null` for empty): one pending application per member is
 * `{ fields: ['memberId'], where: { status: 0 } }`. Checked in the write's transaction against
 * the record as written (409 `not_unique` on the last of `fields`); the migration backs it with
 * a unique index on those columns, partial (`WHERE status = 0`) when there is a condition.
 * Empty values never clash, as in SQL. Unlike a field's `unique`, the tenant is not implied:
 * list its field to make the rule per shop.
 */
export type UniqueDecl<K extends string = string> = {
  readonly fields: readonly K[];
  /** The refusal's message key when not `not_unique` (`repeated_application`: "Have repeated submit application"). */
  readonly messageKey?: string;
  readonly where?: Readonly<Partial<Record<K, number | string | null>>>;
};

/**
 * A tree of records of one table: `parent` holds the parent's id (`root`, 0 by default, at the
 * top) and `level` (server-managed) the depth, 0 at the top, kept from the parent on every write
 * and carried down to the descendants when a record moves. A parent that does not exist, the
 * record itself or one of its descendants is refused on `parent` (the tree stays a tree), as is a
 * move that would put the record or its descendants deeper than `levels`. A record with children
 * cannot be deleted (`hasChildren` is the message key saying why). The list is per parent (the
 * list path or filter on `parent`), with a way to the next level and back.
 */
export type TreeDecl<K extends string = string> = {
  readonly parent: K;
  readonly level: K;
  /** How many levels there may be (2: top-level records and their children); unlimited when absent. */
  readonly levels?: number;
  readonly root?: number;
  readonly hasChildren: string;
};
