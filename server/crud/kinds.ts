/**
 * What each field kind means to the server, in one table: how a value is stored in its column and
 * read back, how a list's range filter reads its bounds, how the OpenAPI document describes those
 * bounds, and how a written value is cleaned. What both halves share (the zod schema, whether the
 * wire form is a number or free text) is in src/schema/engine/kinds.ts. The `satisfies` makes a kind
 * without an entry here a compile error.
 */
import type { z } from 'zod';
import type { FieldError } from '../../src/schema/api';
import type { Entity, FieldDecl, FieldKind } from '../../src/schema/engine/entity';
import { joinedImages, MAX_ID, TIME_ANSWER_DAY } from '../../src/schema/engine/kinds';
import { fromCents, fromRatioUnits, toCents, toRatioUnits } from '../../src/schema/engine/money';
import { toApiTime } from '../db/time';
import { sanitizeRichText } from './rich-text';
import { addDays, dayStartMs } from '../db/days';

/** One end of a list's range filter as stored: compared with `op` (`lt`: a day-bounded time's exclusive end). */
export type Bound = { value: string | number; op: 'gte' | 'lte' | 'lt' };
type RangeEnd = 'from' | 'to';
/** `zone`: the IANA zone a day bound is counted in (the caller's); UTC without it. */
type RangeBound = (decl: FieldDecl, raw: string, end: RangeEnd, schema: z.ZodType, zone?: string) => Bound | { error: FieldError['messageKey'] };

export type ServerKindSpec = {
  /** One API value (never null) as its column stores it. */
  readonly toColumn: (decl: FieldDecl, value: unknown) => unknown;
  /** One stored value (never null) as the API shows it. */
  readonly fromColumn: (decl: FieldDecl, value: unknown) => unknown;
  /** One bound of a range filter as stored; kinds the shared table marks `range` have one (a unit test checks). */
  readonly rangeBound?: RangeBound;
  /** The OpenAPI schema of a range bound, when it is not the value's own schema. */
  readonly rangeParam?: Record<string, unknown>;
  /** The largest value an equality filter may compare (beyond it PostgreSQL would fail the query). */
  readonly filterMax?: number;
  /** The stored form of a written value (rich text's allow-list), applied on every write. */
  readonly sanitize?: (value: string) => string;
};

/** `2024-05-01T16:00:00.000Z`: the storage form of ../db/time.ts, which is also the API form. */
const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY = /^\d{4}-\d\d-\d\d$/;
const DAY_MS = 86_400_000;

const asIs = (_decl: FieldDecl, value: unknown): unknown => value;
const toNumber = (_decl: FieldDecl, value: unknown): unknown => Number(value);
const json = { toColumn: (_decl: FieldDecl, value: unknown) => JSON.stringify(value), fromColumn: (_decl: FieldDecl, value: unknown) => JSON.parse(String(value)) };
const plain = { toColumn: asIs, fromColumn: asIs };

/** Milliseconds of a `YYYY-MM-DD` day's start (UTC), or null when no such day exists (`2031-02-30`). */
const dayStart = (raw: string): number | null => {
  if (!DAY.test(raw)) return null;
  const start = Date.parse(`${raw}T00:00:00.000Z`);
  return !Number.isNaN(start) && new Date(start).toISOString().startsWith(raw) ? start : null;
};

const inclusive = (end: RangeEnd): Bound['op'] => (end === 'from' ? 'gte' : 'lte');

const numberBound = (stored: (value: number) => number): RangeBound => (_decl, raw, end, schema) => {
  if (!/^-?\d+(\.\d+)?$/.test(raw)) return { error: 'invalid_type' };
  const value = Number(raw);
  if (!schema.safeParse(value).success) return { error: 'invalid_value' };
  return { value: stored(value), op: inclusive(end) };
};

/**
 * A time bound may be a day: as a start it is that day's first instant, as an end the next
 * day's, exclusive. Days are the caller's (a seller's shop's zone, the platform's for staff:
 * `zone`, which the list route passes), so "created on the 5th" is the 5th on the reader's
 * calendar, 23 or 25 hours on a daylight-saving change; UTC days without a zone.
 */
const instantBound: RangeBound = (_decl, raw, end, schema, zone) => {
  if (DAY.test(raw)) {
    const start = dayStart(raw);
    if (start === null) return { error: 'invalid_date' };
    const [from, to] = zone ? [dayStartMs(zone, raw), dayStartMs(zone, addDays(raw, 1))] : [start, start + DAY_MS];
    return end === 'from' ? { value: new Date(from).toISOString(), op: 'gte' } : { value: new Date(to).toISOString(), op: 'lt' };
  }
  if (!schema.safeParse(raw).success) return { error: 'invalid_date' };
  return { value: new Date(raw).toISOString(), op: inclusive(end) };
};

const TABLE = {
  text: plain,
  longText: plain,
  richText: { ...plain, sanitize: sanitizeRichText },
  int: { toColumn: asIs, fromColumn: toNumber, rangeBound: numberBound((value) => value) },
  money: {
    toColumn: (_decl, value) => toCents(value as number),
    // A column written by another tool may hold a fraction of a cent: read it rounded, not as a 500.
    fromColumn: (_decl, value) => fromCents(Math.round(Number(value))),
    rangeBound: numberBound(toCents),
  },
  // Whole ten-thousandths in an integer column, as money keeps cents.
  ratio: {
    toColumn: (_decl, value) => toRatioUnits(value as number),
    fromColumn: (_decl, value) => fromRatioUnits(Math.round(Number(value))),
    rangeBound: numberBound(toRatioUnits),
  },
  flag: { toColumn: asIs, fromColumn: toNumber },
  enum: { toColumn: asIs, fromColumn: (decl, value) => (typeof decl.options?.[0]?.value === 'number' ? Number(value) : value) },
  date: {
    ...plain,
    rangeBound: (_decl, raw, end) => (dayStart(raw) === null ? { error: 'invalid_date' } : { value: raw, op: inclusive(end) }),
    rangeParam: { type: 'string', description: 'YYYY-MM-DD' },
  },
  dateTime: {
    toColumn: (_decl, value) => new Date(value as string).toISOString(),
    // What the server writes is already in API form; only other shapes need parsing.
    fromColumn: (_decl, value) => (typeof value === 'string' && API_TIME.test(value) ? value : toApiTime(value as string)),
    rangeBound: instantBound,
    rangeParam: { type: 'string', description: 'YYYY-MM-DD (a whole day in the caller\'s time zone: a seller\'s shop\'s, else the platform\'s) or an ISO-8601 instant' },
  },
  // Seconds always stored, so two times compare as text (`08:00` is `08:00:00`).
  // Answered on TIME_ANSWER_DAY (`1970-01-01T08:00:00`), a date-time `mall`'s clients can parse.
  time: {
    toColumn: (_decl, value) => (String(value).length === 5 ? `${String(value)}:00` : value),
    fromColumn: (_decl, value) => `${TIME_ANSWER_DAY}T${String(value)}`,
  },
  image: plain,
  images: {
    // `mall` keeps a product's album as one comma-joined string (`joined`), and answers it so
    // (its clients `.split(',')` it): the column's string is the wire form. Otherwise a JSON list.
    toColumn: (decl, value) => (decl.joined ? (Array.isArray(value) ? value.join(',') : String(value)) : JSON.stringify(value)),
    fromColumn: (decl, value) => (decl.joined ? joinedImages(String(value)).join(',') : JSON.parse(String(value))),
  },
  reference: { toColumn: asIs, fromColumn: toNumber, filterMax: MAX_ID },
  references: json,
  json,
  // Kept in the child table (server/crud/lists.ts), never in a column of the record's own.
  children: plain,
  // Sealed (encrypted, or hashed for a password) by ./secrets.ts and answered as `<field>Set`, never mapped here.
  secret: plain,
} satisfies Record<FieldKind, ServerKindSpec>;

/** The server's entry of every kind. */
export const SERVER_KINDS: Readonly<Record<FieldKind, ServerKindSpec>> = TABLE;

const sanitizeFields = (fields: Entity['fields'], values: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...values };
  for (const [name, decl] of Object.entries(fields)) {
    const { sanitize } = SERVER_KINDS[decl.kind];
    if (sanitize && typeof out[name] === 'string') out[name] = sanitize(out[name] as string);
    // Child rows hold the same kinds: their rich text is stored as sanitised as the record's own.
    if (decl.children && Array.isArray(out[name])) {
      out[name] = (out[name] as Record<string, unknown>[]).map((row) => sanitizeFields(decl.children!.fields, row));
    }
  }
  return out;
};

/** `values` with every field whose kind cleans written text (rich text), of the entity and its child rows, cleaned; others untouched. */
export const sanitizeFieldValues = (entity: Entity, values: Record<string, unknown>): Record<string, unknown> =>
  sanitizeFields(entity.fields, values);
