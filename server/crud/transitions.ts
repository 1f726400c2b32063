/**
 * Transitions (src/schema/engine/entity.ts TransitionDecl): declared actions that change an entity's
 * state field from allowed states to another. Run inside the action's transaction by
 * ./actions.ts, after the targets were loaded in the caller's scope: a row in a wrong state is
 * refused (409 `wrong_state` on the state field), a selection keeps its eligible rows and reports
 * the others as skipped (409 when none is eligible); then the area's handler, if any, runs on the
 * eligible rows; then the state is set (with the `auto: 'update'` stamps and the fields the
 * transition `sets` besides), one history row and one
 * audit row are written per record. A declaration the engine cannot carry out stops the start.
 */
import { sql } from 'kysely';
import type { MessageKey } from '../../src/schema/api';
import { fieldError, MESSAGES, ResultCode } from '../../src/schema/api';
import type { ActionDecl, Entity, HistoryDecl, TransitionDecl } from '../../src/schema/engine/entity';
import { allowedStatesOf, columnOf } from '../../src/schema/engine/entity';
import { fieldSchema } from '../../src/schema/validation';
import type { AnyKysely } from '../db/index';
import { toDbTime } from '../db/time';
import { httpError } from '../http/errors';
import type { AuditChange } from './audit-change';
import type { AnyDb, HookActor } from './hooks';
import { autoStamps, scopeWhere } from './repository';
import { tenantFieldOf } from './scope-where';
import type { ApiRecord, Row } from './row';
import { toColumnValue } from './row';

const isMessageKey = (key: string | undefined): key is MessageKey => key !== undefined && key in MESSAGES;

/** Checks a transition's declaration against the entity, its state field and its history entity; throws what is wrong. */
export const checkTransition = (entity: Entity, name: string, decl: ActionDecl, entities: readonly Entity[]): void => {
  const where = `${entity.name}.${name}`;
  const transition = decl.transition!;
  if (!decl.writes || decl.on === 'collection') throw new Error(`${where}: a transition writes, on a row or a selection`);
  const states = entity.states;
  const field = states ? entity.fields[states.field] : undefined;
  if (!states || !field) throw new Error(`${where}: a transition needs the entity's states.field`);
  for (const value of [...transition.from, transition.to]) {
    if (!fieldSchema(field).safeParse(value).success) throw new Error(`${where}: ${String(value)} is no value of ${states.field}`);
  }
  if (transition.none !== undefined && !isMessageKey(transition.none)) throw new Error(`${where}: no message key ${transition.none}`);
  for (const [name, value] of Object.entries(transition.sets ?? {})) {
    const set = entity.fields[name];
    // Server-managed only: a field a request may write could be moved past the transition.
    if (!set || !set.serverManaged || set.virtual || name === states.field) throw new Error(`${where}: sets ${name}, which is no server-managed field of ${entity.name} besides the state`);
    if (!fieldSchema(set).safeParse(value).success) throw new Error(`${where}: ${String(value)} is no value of ${name}`);
  }
  const history = states.history;
  if (!history) return;
  const target = entities.find((e) => e.name === history.entity);
  if (!target) throw new Error(`${where}: no declared history entity ${history.entity}`);
  for (const key of ['record', 'to', 'from', 'note', 'operator', 'time'] as const) {
    const fieldName = history[key];
    if (fieldName !== undefined && !target.fields[fieldName]) throw new Error(`${where}: ${history.entity} has no field ${fieldName}`);
  }
  if (history.note && !decl.params?.[history.note] && Object.values(entity.actions ?? {}).every((a) => !a.params?.[history.note!])) {
    throw new Error(`${where}: no transition declares the note parameter ${history.note}`);
  }
};

const refused = (status: 409, messageKey: MessageKey, field?: string) =>
  httpError({
    status, code: ResultCode.failed, messageKey,
    ...(field ? { errors: [fieldError(field, messageKey)] } : {}),
  });

/**
 * The records a transition (or an action with `inStates`) may change, and those their state keeps
 * out; refuses when it may change none.
 */
export const eligibleOf = (entity: Entity, decl: ActionDecl, records: readonly ApiRecord[]): { eligible: ApiRecord[]; skipped: number[] } => {
  const allowed = allowedStatesOf(decl)!;
  const field = entity.states!.field;
  const eligible = records.filter((r) => allowed.includes(r[field] as number | string));
  const skipped = records.filter((r) => !eligible.includes(r)).map((r) => r.id);
  if (decl.on === 'row' && skipped.length) throw refused(409, 'wrong_state', field);
  if (!eligible.length) throw refused(409, isMessageKey(decl.transition?.none) ? decl.transition.none : 'none_eligible');
  return { eligible, skipped };
};

/** Checks an `inStates` declaration: on rows or a selection, states the state field takes, no transition. */
export const checkInStates = (entity: Entity, name: string, decl: ActionDecl): void => {
  const where = `${entity.name}.${name}`;
  if (decl.transition || decl.on === 'collection') throw new Error(`${where}: inStates is for a row or selection action that is no transition`);
  const field = entity.states ? entity.fields[entity.states.field] : undefined;
  if (!field) throw new Error(`${where}: inStates needs the entity's states.field`);
  if (!decl.inStates!.length) throw new Error(`${where}: inStates names no state`);
  for (const value of decl.inStates!) {
    if (!fieldSchema(field).safeParse(value).success) throw new Error(`${where}: ${String(value)} is no value of ${entity.states!.field}`);
  }
};


/** The history row of one record's transition, in the history entity's columns. */
const historyRow = (
  history: HistoryDecl, target: Entity, entity: Entity, record: ApiRecord, to: unknown, params: Record<string, unknown>, actor: HookActor,
): Row => {
  const values: Record<string, unknown> = { [history.record]: record.id, [history.to]: to };
  if (history.from) values[history.from] = record[entity.states!.field];
  if (history.note) values[history.note] = params[history.note] ?? null;
  if (history.operator) values[history.operator] = actor.adminId;
  const row: Row = Object.fromEntries(Object.entries(values).map(([name, value]) => [columnOf(name, target.fields[name]!), toColumnValue(target.fields[name]!, value)]));
  if (history.time) row[columnOf(history.time, target.fields[history.time]!)] = toDbTime();
  // The record's shop goes down to its history (shop scope of the history's own list).
  if (target.tenant && target.tenant !== 'id' && target.tenant === entity.tenant) row[target.tenant] = record[tenantFieldOf(entity)!];
  return { ...autoStamps(target, 'create'), ...row };
};

/** Per record (by id), values of the entity's fields (API names) a handler has the transition's UPDATE write. */
export type RowSets = ReadonlyMap<number, Readonly<Record<string, unknown>>>;

/**
 * The columns of `rowSets` for one UPDATE of `ids`: a value all the records share as it is, else
 * `case id when … then … else <column> end` (a record without a value keeps its own; the `else`
 * also gives PostgreSQL the column's type for the untyped parameters). A field that is not a
 * stored field of the entity, or is its state field, is a programming error.
 */
const rowSetColumns = (entity: Entity, ids: readonly number[], rowSets: RowSets): Record<string, unknown> => {
  const names = new Set([...rowSets.values()].flatMap((values) => Object.keys(values)));
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const field = entity.fields[name];
    if (!field || field.virtual || name === entity.states?.field) throw new Error(`${entity.name}: a handler's row sets name ${name}, which is no stored field besides the state`);
    const column = columnOf(name, field);
    const values = ids.map((id) => {
      const values = rowSets.get(id);
      return values && name in values ? { set: true, value: toColumnValue(field, values[name]) } : { set: false, value: undefined };
    });
    const first = values[0]!;
    if (values.every((v) => v.set && v.value === first.value)) {
      out[column] = first.value;
      continue;
    }
    const whens = ids.flatMap((id, i) => (values[i]!.set ? [sql`when ${id} then ${values[i]!.value}`] : []));
    out[column] = sql`case ${sql.ref('id')} ${sql.join(whens, sql` `)} else ${sql.ref(column)} end`;
  }
  return out;
};

/**
 * Sets the state of the eligible records and writes their history rows (each with its own parameters); answers their audit rows.
 * `rowSets` (a handler's `ActionOutcome.rowSets`) go into the same UPDATE: a transition that also
 * writes fields of its rows costs one statement on them, not two.
 */
export const applyTransition = async (
  trx: AnyDb, entity: Entity, transition: TransitionDecl, eligible: readonly ApiRecord[],
  paramsOf: (record: ApiRecord) => Record<string, unknown>, actor: HookActor, entities: readonly Entity[], rowSets?: RowSets,
): Promise<AuditChange[]> => {
  const states = entity.states!;
  const decl = entity.fields[states.field]!;
  const ids = eligible.map((r) => r.id);
  const column = columnOf(states.field, decl);
  const sets = Object.entries(transition.sets ?? {});
  const setColumns = {
    ...(rowSets?.size ? rowSetColumns(entity, ids, rowSets) : {}),
    ...Object.fromEntries(sets.map(([name, value]) => [columnOf(name, entity.fields[name]!), toColumnValue(entity.fields[name]!, value)])),
  };
  // Conditional on the state it leaves: a row another writer moved since it was read is not
  // changed twice. The targets are locked on PostgreSQL and SQLite has one writer, so this only
  // bites a caller that did not load them in its transaction; the whole change is refused then.
  const result = await (trx as AnyKysely).updateTable(entity.table)
    .set({ [column]: toColumnValue(decl, transition.to), ...setColumns, ...autoStamps(entity, 'update') })
    .where((eb) => eb.and([
      eb('id', 'in', ids), eb(column, 'in', transition.from.map((value) => toColumnValue(decl, value))), scopeWhere(entity, eb, actor.scope),
    ])).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== ids.length) throw refused(409, 'wrong_state', states.field);
  const history = states.history;
  if (history) {
    const target = entities.find((e) => e.name === history.entity)!;
    await (trx as AnyKysely).insertInto(target.table)
      .values(eligible.map((record) => historyRow(history, target, entity, record, transition.to, paramsOf(record), actor))).execute();
  }
  return eligible.map((record) => ({
    id: record.id,
    before: { [states.field]: record[states.field], ...Object.fromEntries(sets.map(([name]) => [name, record[name]])) },
    after: { [states.field]: transition.to, ...Object.fromEntries(sets), ...paramsOf(record) },
  }));
};
