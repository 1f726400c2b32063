/**
 * Per-entity behaviour the declaration cannot say (derived columns, relation lists, counters),
 * kept beside the generic engine. Every hook runs inside the write's transaction.
 */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { FieldError, MessageKey } from '../../src/schema/api';
import type { Entity } from '../../src/schema/entity';
import type { ApiRecord, Row } from './row';
import type { Scope } from './scope';

/** Who is writing: for owner columns, the audit rows hooks write and tenant checks. */
export type HookActor = { adminId: number | null; ip: string | null; scope: Scope };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- declared tables are not in the static Database type
export type AnyDb = Kysely<any> | Transaction<any>;

export type WriteContext = {
  trx: AnyDb;
  entity: Entity;
  /** The validated body (writable fields only). */
  input: Record<string, unknown>;
  /** The row as it is before an update; null on create. */
  before: ApiRecord | null;
  actor: HookActor;
};

/** A rule's refusal of one field: a message key (and its placeholders), answered as a field error. */
export type RuleError = { readonly field: string; readonly messageKey: MessageKey; readonly params?: Readonly<Record<string, string | number>> };

export type ValidateContext = WriteContext & {
  /** The whole record as it will be after the write (the stored one overlaid with `input` on an update). */
  record: Record<string, unknown>;
  /**
   * The query with `FOR UPDATE` on PostgreSQL, as it is on SQLite (one writer at a time): read
   * the rows a rule depends on through it (the account holding a limit), so a parallel write
   * waits for this one to commit and then sees its result.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of the database
  lock: <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => Q;
};

export type EntityHooks = {
  /**
   * Rules over other rows ("the charges may not exceed the account's limit"), run inside the
   * write's transaction after the declaration's own checks and before anything is written, on
   * create, update, batch set and restore. Any error refuses the write (400, the fields named) and
   * nothing changes.
   */
  validate?: (ctx: ValidateContext) => Promise<readonly RuleError[]> | readonly RuleError[];
  /**
   * How each field declared `derived` is worked out, by field name: from the record as it will be
   * and the rows it points at (read through `trx`), on create and on an update that sends one of
   * its sources, after `validate`. Answers the value in API form (money in major units).
   */
  derive?: Readonly<Record<string, (ctx: WriteContext & { record: Readonly<Record<string, unknown>> }) => unknown>>;
  /** Adjust the row about to be written (derived columns); may throw field errors. */
  beforeWrite?: (ctx: WriteContext, row: Row) => Promise<Row> | Row;
  /**
   * Write what lives outside the row (relations, counters). May answer facts for the write's
   * audit row, added to its `after` snapshot (an account's `sessionsEnded`).
   */
  afterWrite?: (ctx: WriteContext, record: ApiRecord) => Promise<void | AuditNote>;
  /** Before rows are deleted (counters, guards). */
  beforeDelete?: (trx: AnyDb, entity: Entity, records: ApiRecord[], actor: HookActor) => Promise<void>;
  /** Before a batch sets one field on rows (status switches): guards, counters, cache versions. */
  beforeSetField?: (ctx: { trx: AnyDb; entity: Entity; records: ApiRecord[]; field: string; value: unknown; actor: HookActor }) => Promise<void>;
  /** Fill virtual fields on single-record reads. */
  afterGet?: (db: AnyDb, record: ApiRecord) => Promise<ApiRecord>;
  /** Fill virtual fields on a page of a list or on `listAll` (one query per page, not per row). */
  afterList?: (db: AnyDb, records: ApiRecord[]) => Promise<ApiRecord[]>;
  /** Reads the declaration names as `view` variants, by name: the path's ids in, the answer's data out. */
  views?: Readonly<Record<string, (db: AnyDb, params: Readonly<Record<string, number>>, scope: Scope) => Promise<unknown>>>;
};

export type FieldErrorList = FieldError[];

/** What an `afterWrite` hook adds to the audit row's `after` snapshot. */
export type AuditNote = { readonly audit: Readonly<Record<string, unknown>> };
