/**
 * Converting between API records (camelCase, decimals, arrays) and table rows (snake_case,
 * integer minor units, joined strings), once for every declared entity.
 */
import type { Entity, FieldDecl } from '../../src/schema/entity';
import { columnFields, columnOf, secretFields, secretSetName } from '../../src/schema/entity';
import { fromCents, toCents } from '../../src/schema/money';
import { toApiTime } from '../db/time';

export type Row = Record<string, unknown>;
export type ApiRecord = Record<string, unknown> & { id: number };

/** `2024-05-01T16:00:00.000Z`: the storage form of ../db/time.ts, which is also the API form. */
const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** One field's value as stored. */
export const toColumnValue = (decl: FieldDecl, value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  switch (decl.kind) {
    case 'money': return toCents(value as number);
    case 'images': return decl.joined ? (value as string[]).join(',') : JSON.stringify(value);
    case 'json': case 'references': return JSON.stringify(value);
    case 'dateTime': return new Date(value as string).toISOString();
    default: return value;
  }
};

/** One column's value as the API shows it. */
export const fromColumnValue = (decl: FieldDecl, value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  switch (decl.kind) {
    case 'int': case 'flag': case 'reference': return toNumber(value);
    case 'enum': return typeof decl.options?.[0]?.value === 'number' ? toNumber(value) : value;
    // A column written by another tool may hold a fraction of a cent: read it rounded, not as a 500.
    case 'money': return fromCents(Math.round(Number(value)));
    case 'images': return decl.joined ? String(value).split(',').filter(Boolean) : JSON.parse(String(value));
    case 'json': case 'references': return JSON.parse(String(value));
    // What the server writes is already in API form; only other shapes need parsing.
    case 'dateTime': return typeof value === 'string' && API_TIME.test(value) ? value : toApiTime(value as string);
    default: return value;
  }
};

type StoredField = { name: string; decl: FieldDecl; column: string };

// Worked out once per entity: every list row would otherwise redo it for every field. Secret
// fields are not among them: they are written sealed (./secrets.ts) and read as `<field>Set`.
const storedFieldsCache = new WeakMap<Entity, { plain: StoredField[]; secret: StoredField[] }>();
const storedFields = (entity: Entity): { plain: StoredField[]; secret: StoredField[] } => {
  let fields = storedFieldsCache.get(entity);
  if (!fields) {
    const secret = new Set(secretFields(entity).map(([name]) => name));
    const all = columnFields(entity).map(([name, decl]) => ({ name, decl, column: columnOf(name, decl) }));
    fields = { plain: all.filter((f) => !secret.has(f.name)), secret: all.filter((f) => secret.has(f.name)) };
    storedFieldsCache.set(entity, fields);
  }
  return fields;
};

/** A row for insert/update from the (validated) writable part of a record. */
export const toRow = (entity: Entity, record: Record<string, unknown>): Row => {
  const row: Row = {};
  for (const { name, decl, column } of storedFields(entity).plain) {
    if (name in record) row[column] = toColumnValue(decl, record[name]);
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
  for (const { name, decl, column } of plain) {
    record[name] = options.list && decl.omitInList ? null : fromColumnValue(decl, row[column]);
  }
  for (const { name, column } of secret) record[secretSetName(name)] = row[column] !== null && row[column] !== undefined && row[column] !== '';
  return record as ApiRecord;
};
