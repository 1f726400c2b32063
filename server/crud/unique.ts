/**
 * Declared unique combinations with a condition (an entity's `unique`, src/schema/engine/entity.ts
 * UniqueDecl), once for every entity: checked against the rows as written, inside the write's
 * transaction, so a hook's or a batch's change is seen too; the migration's partial unique index
 * (the shape `uniqueIndexesOf` gives) catches what parallel transactions race past, and the
 * repository answers its refusal with the same 409.
 */
import type { Entity, UniqueDecl } from '../../src/schema/engine/entity';
import { columnOf } from '../../src/schema/engine/entity';
import type { MessageKey } from '../../src/schema/api';
import { MESSAGES } from '../../src/schema/api';
import { conflict } from '../http/errors';
import type { AnyDb } from './hooks';
import { MAX_ID } from './ids';
import { toColumnValue } from './row';
import type { AnyEb } from '../db/index';

/** One declared combination as the database sees it. */
export type UniqueIndex = {
  /** `<table>_<columns>_key`, the name the migration gives the index. */
  readonly name: string;
  readonly columns: readonly string[];
  /** The condition's columns with their stored values (null: `IS NULL`); empty without one. */
  readonly where: readonly (readonly [column: string, value: unknown])[];
  /** The field an answer names: the last of `fields`. */
  readonly field: string;
  readonly decl: UniqueDecl;
};

export const uniqueIndexesOf = (entity: Entity): UniqueIndex[] =>
  (entity.unique ?? []).map((decl) => {
    const fieldDecl = (name: string) => {
      const found = entity.fields[name];
      if (!found || found.virtual) throw new Error(`${entity.name}: unique names "${name}", not a stored field`);
      return found;
    };
    if (!decl.fields.length) throw new Error(`${entity.name}: a unique combination needs at least one field`);
    const columns = decl.fields.map((name) => columnOf(name, fieldDecl(name)));
    const where = Object.entries(decl.where ?? {}).map(([name, value]) =>
      [columnOf(name, fieldDecl(name)), toColumnValue(fieldDecl(name), value)] as const);
    return { name: `${entity.table}_${columns.join('_')}_key`, columns, where, field: decl.fields[decl.fields.length - 1]!, decl };
  });

/** The key a clash answers: the declared one, or `not_unique`. A key the messages lack stops the start. */
export const uniqueMessageOf = (index: UniqueIndex): MessageKey => {
  const key = index.decl.messageKey ?? 'not_unique';
  if (!(key in MESSAGES)) throw new Error(`${index.name}: no message key ${key}`);
  return key as MessageKey;
};

/** Whether the record falls under the combination's condition. */
const applies = (index: UniqueIndex, record: Readonly<Record<string, unknown>>): boolean =>
  Object.entries(index.decl.where ?? {}).every(([name, value]) => (record[name] ?? null) === value);

/** A value no row can hold: an integer past the id column's range (PostgreSQL would fail the comparison). */
const outOfRange = (value: unknown): boolean => typeof value === 'number' && Math.abs(value) > MAX_ID;

export type UniqueRules = {
  /** Refuses (409 on the combination's field) when another row holds a written record's combination. */
  readonly check: (trx: AnyDb, records: readonly Readonly<Record<string, unknown>>[]) => Promise<void>;
};

export const uniqueRules = (entity: Entity): UniqueRules | null => {
  const indexes = uniqueIndexesOf(entity);
  if (!indexes.length) return null;
  for (const index of indexes) uniqueMessageOf(index);
  const check: UniqueRules['check'] = async (trx, records) => {
    for (const record of records) {
      for (const index of indexes) {
        if (!applies(index, record)) continue;
        const values = index.decl.fields.map((name) => toColumnValue(entity.fields[name]!, record[name]));
        if (values.some((value) => value === null || outOfRange(value))) continue;
        const clash = await trx.selectFrom(entity.table).select('id')
          .where((eb: AnyEb) => eb.and([
            ...index.columns.map((column, i) => eb(column, '=', values[i])),
            ...index.where.map(([column, value]) => (value === null ? eb(column, 'is', null) : eb(column, '=', value))),
            eb('id', '<>', record.id),
          ]))
          .limit(1).executeTakeFirst();
        if (clash) throw conflict(index.field, uniqueMessageOf(index));
      }
    }
  };
  return { check };
};
