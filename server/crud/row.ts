/**
 * Converting between API records (camelCase, decimals, arrays) and table rows (snake_case,
 * integer minor units, joined strings), once for every declared entity.
 */
import type { Selectable, Updateable } from 'kysely';
import type { Entity, FieldDecl, InferField, RecordOf } from '../../src/schema/engine/entity';
import type { TableOf } from '../db/declared';
import { columnFields, columnOf, secretFields, secretSetName } from '../../src/schema/engine/entity';
import type { ServerKindSpec } from './kinds';
import { SERVER_KINDS } from './kinds';
import { toDbTime } from '../db/time';

export type Row = Record<string, unknown>;
export type ApiRecord = Record<string, unknown> & { id: number };

/** One field's value as stored. */
export const toColumnValue = (decl: FieldDecl, value: unknown): unknown =>
  (value === undefined || value === null ? null : SERVER_KINDS[decl.kind].toColumn(decl, value));

/** One column's value as the API shows it. */
export const fromColumnValue = (decl: FieldDecl, value: unknown): unknown =>
  (value === undefined || value === null ? null : SERVER_KINDS[decl.kind].fromColumn(decl, value));

type StoredField = { name: string; decl: FieldDecl; column: string; kind: ServerKindSpec };

// Worked out once per entity: every list row would otherwise redo it for every field. Secret
// fields are not among them: they are written sealed (./secrets.ts) and read as `<field>Set`.
const storedFieldsCache = new WeakMap<Entity, { plain: StoredField[]; secret: StoredField[] }>();
const storedFields = (entity: Entity): { plain: StoredField[]; secret: StoredField[] } => {
  let fields = storedFieldsCache.get(entity);
  if (!fields) {
    const secret = new Set(secretFields(entity).map(([name]) => name));
    const all = columnFields(entity).map(([name, decl]) => ({ name, decl, column: columnOf(name, decl), kind: SERVER_KINDS[decl.kind] }));
    fields = { plain: all.filter((f) => !secret.has(f.name)), secret: all.filter((f) => secret.has(f.name)) };
    storedFieldsCache.set(entity, fields);
  }
  return fields;
};

/** A row for insert/update from the (validated) writable part of a record. */
export const toRow = (entity: Entity, record: Record<string, unknown>): Row => {
  const row: Row = {};
  for (const { name, decl, column, kind } of storedFields(entity).plain) {
    if (!(name in record)) continue;
    const value = record[name];
    row[column] = value === undefined || value === null ? null : kind.toColumn(decl, value);
  }
  return row;
};

/**
 * The API record of a row; list answers leave `omitInList` fields null, as `mall` does. A secret
 * field answers only whether a value is stored (`<field>Set`), never the value or its stored form.
 */
export const fromRow = (entity: Entity, row: Row, options: { list?: boolean } = {}): ApiRecord => {
  const record: Record<string, unknown> = { id: Number(row.id) };
  const { plain, secret } = storedFields(entity);
  for (const { name, decl, column, kind } of plain) {
    const value = row[column];
    record[name] = (options.list && decl.omitInList) || value === undefined || value === null ? null : kind.fromColumn(decl, value);
  }
  for (const { name, decl, column } of secret) {
    if (!decl.required) record[secretSetName(name)] = row[column] !== null && row[column] !== undefined && row[column] !== '';
  }
  return record as ApiRecord;
};

/**
 * The columns an update of some of an entity's fields sets, typed as its table's (`order` →
 * `oms_order`): handlers write through the declaration instead of naming columns by hand.
 */
export const patchOf = <E extends Entity>(entity: E, values: Partial<RecordOf<E>>): Updateable<TableOf<E>> =>
  toRow(entity, values) as Updateable<TableOf<E>>;

type FieldsOf<E> = E extends Entity<infer F> ? F : never;
/** The fields of `F` stored in the entity's own table as a plain value: not virtual, not secret. */
type PlainStoredKeys<F> = { [K in keyof F]: F[K] extends { readonly virtual: true } ? never : F[K] extends { readonly kind: 'secret' } ? never : K }[keyof F];
/** The secret fields that answer whether a value is stored (`<field>Set`): the optional ones. */
type SecretSetKeys<F> = { [K in keyof F]: F[K] extends { readonly kind: 'secret' } ? (F[K] extends { readonly required: true } ? never : K) : never }[keyof F];

/**
 * The record `fromRow` answers for a row of an entity's own table, typed from the declaration:
 * its id, its stored fields and `<field>Set` for an optional secret; never a virtual field (names,
 * child rows, reference lists), which the repository adds.
 */
export type StoredRecordOf<E extends Entity> = { id: number }
  & { [K in PlainStoredKeys<FieldsOf<E>>]: InferField<FieldsOf<E>[K]> }
  & { [K in SecretSetKeys<FieldsOf<E>> as `${K & string}Set`]: boolean };

/** `fromRow` for a handler's own query of an entity's table: the row typed as the table, the record as the declaration says. */
export const recordOfRow = <E extends Entity>(entity: E, row: Selectable<TableOf<E>>): StoredRecordOf<E> =>
  fromRow(entity, row as Row) as StoredRecordOf<E>;

/** The values `record` holds for the keys of `like` (what an update changes, as it was before: its audit's `before`). */
export const valuesBefore = <R extends object, P extends object>(record: R, like: P): Pick<R, keyof P & keyof R> =>
  Object.fromEntries(Object.keys(like).map((key) => [key, (record as Record<string, unknown>)[key]])) as Pick<R, keyof P & keyof R>;

/** The declared time stamps (`auto`) a write sets: all of them on create, the `update` ones on later writes. */
export const autoStamps = (entity: Entity, write: 'create' | 'update'): Row => {
  const now = toDbTime();
  return Object.fromEntries(Object.entries(entity.fields).filter(([, decl]) => decl.auto && (write === 'create' || decl.auto === 'update'))
    .map(([name, decl]) => [columnOf(name, decl), now]));
};
