/**
 * Per-entity behaviour the declaration cannot say (derived columns, relation lists, counters),
 * kept beside the generic engine. Every hook runs inside the write's transaction.
 *
 * Hooks are typed by the entity they serve (`EntityHooks<typeof order>`): they receive the typed
 * database (`Db`; a transaction is one) and the entity's own record type (`RecordOf<E>`), so a
 * field the entity lacks does not compile. They are written as methods so that one entity's hooks
 * are also hooks of `Entity` (the engine holds every area's hooks under that one type).
 */
import type { Expression, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { MessageKey } from '../../src/schema/api';
import type { Entity, RecordOf } from '../../src/schema/engine/entity';
import type { AnyEb, AnyKysely } from '../db/index';
import type { Database } from '../db/schema';
import type { Row } from './row';
import type { Scope } from './scope';

/** Who is writing: for owner columns, the audit rows hooks write and tenant checks. */
export type HookActor = { adminId: number | null; ip: string | null; scope: Scope };

/** The database as area code sees it: every table typed (declared ones from their declarations). A transaction is one. */
export type Db = Kysely<Database>;

/**
 * The engine's own handle: it serves tables it knows only at run time (an entity's `table`), so
 * it queries them untyped. Area code takes `Db`, which this is assignable to.
 */
export type AnyDb = AnyKysely;

/** The engine's handle handed to area code: the one place it is typed (the tables are the same ones). */
export const areaDb = (db: AnyDb): Db => db as unknown as Db;

/** A record as a write will leave it: on create it has no id yet. */
export type DraftOf<E> = Omit<RecordOf<E>, 'id'> & { id?: number };

/** The field names of an entity's record. */
export type FieldOf<E> = keyof RecordOf<E> & string;

export type WriteContext<E extends Entity = Entity> = {
  trx: Db;
  entity: E;
  /** The validated body (writable fields only). */
  input: Partial<RecordOf<E>>;
  /** The row as it is before an update; null on create. */
  before: RecordOf<E> | null;
  actor: HookActor;
};

/** A rule's refusal of one field: a message key (and its placeholders), answered as a field error. */
export type RuleError = { readonly field: string; readonly messageKey: MessageKey; readonly params?: Readonly<Record<string, string | number>> };

export type ValidateContext<E extends Entity = Entity> = WriteContext<E> & {
  /** The whole record as it will be after the write (the stored one overlaid with `input` on an update). */
  record: DraftOf<E>;
  /**
   * The query with `FOR UPDATE` on PostgreSQL, as it is on SQLite (one writer at a time): read
   * the rows a rule depends on through it (the account holding a limit), so a parallel write
   * waits for this one to commit and then sees its result.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of the database
  lock: <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => Q;
};

/** How one derived field is worked out (a method type, so one entity's derivers are also `Entity`'s). */
export type Deriver<E extends Entity = Entity> = { derive(ctx: WriteContext<E> & { record: Readonly<DraftOf<E>> }): unknown }['derive'];

export type EntityHooks<E extends Entity = Entity> = {
  /**
   * Rules over other rows ("the charges may not exceed the account's limit"), run inside the
   * write's transaction after the declaration's own checks and before anything is written, on
   * create, update, batch set and restore. Any error refuses the write (400, the fields named) and
   * nothing changes.
   */
  validate?(ctx: ValidateContext<E>): Promise<readonly RuleError[]> | readonly RuleError[];
  /**
   * How each field declared `derived` is worked out, by field name: from the record as it will be
   * and the rows it points at (read through `trx`), on create and on an update that sends one of
   * its sources, after `validate`. Answers the value in API form (money in major units).
   */
  derive?: Readonly<Partial<Record<FieldOf<E>, Deriver<E>>>>;
  /** Adjust the row about to be written (derived columns); may throw field errors. */
  beforeWrite?(ctx: WriteContext<E>, row: Row): Promise<Row> | Row;
  /**
   * Write what lives outside the row (relations, counters). May answer facts for the write's
   * audit row, added to its `after` snapshot (an account's `sessionsEnded`).
   */
  afterWrite?(ctx: WriteContext<E>, record: RecordOf<E>): Promise<void | AuditNote>;
  /** Before rows are deleted (counters, guards). */
  beforeDelete?(trx: Db, entity: E, records: RecordOf<E>[], actor: HookActor): Promise<void>;
  /** Before a batch sets one field on rows (status switches): guards, counters, cache versions. */
  beforeSetField?(ctx: { trx: Db; entity: E; records: RecordOf<E>[]; field: FieldOf<E>; value: unknown; actor: HookActor }): Promise<void>;
  /** Fill virtual fields on single-record reads. */
  afterGet?(db: Db, record: RecordOf<E>): Promise<RecordOf<E>>;
  /** Fill virtual fields on a page of a list or on `listAll` (one query per page, not per row). */
  afterList?(db: Db, records: RecordOf<E>[]): Promise<RecordOf<E>[]>;
  /**
   * Rows outside a seller's shops (`shopIds`) it may read but never write: a condition on the
   * entity's table (its columns named `<table>.<column>`). Lists and a record's detail answer them
   * to the seller marked `readOnly: true` (src/schema/engine/readOnlyRows.ts); every write, batch
   * and action still finds only the seller's own rows, so those rows answer 404 there as another
   * shop's do. Staff see every row anyway. Such a list is never kept (./list-cache.ts): the
   * condition reads other tables, whose writes the entity's table version does not follow.
   */
  readableBeyondScope?(eb: AnyEb, shopIds: readonly number[]): Expression<SqlBool>;
  /**
   * The condition of a filter on a `virtual` field (its value worked out from other rows, a member
   * coupon's state from its coupon), by field name: `value` is the filter's parsed value. A list
   * with such a filter is never kept (it may read other tables, or the time).
   */
  filterWhere?: Readonly<Record<string, (eb: AnyEb, value: string | number) => Expression<SqlBool>>>;
  /** Reads the declaration names as `view` variants, by name: the path's ids in, the answer's data out. */
  views?: Readonly<Record<string, (db: Db, params: Readonly<Record<string, number>>, scope: Scope) => Promise<unknown>>>;
};

/** What an `afterWrite` hook adds to the audit row's `after` snapshot. */
export type AuditNote = { readonly audit: Readonly<Record<string, unknown>> };
