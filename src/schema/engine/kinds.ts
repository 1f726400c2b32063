/**
 * What each field kind means to both halves, in one table: the zod schema of its value (the same
 * schema checks request bodies on the server and form values in the admin) and the facts about its
 * wire form that the server's parsers and the admin's forms act on. Adding a kind is one entry here
 * and one in each half's own table (server/crud/kinds.ts, src/engine/kinds.tsx); the `satisfies`
 * below makes a kind without an entry a compile error.
 */
import { z } from 'zod';
import { DEFAULT_MAX_ROWS } from './limits';
import { isCentAmount, isRatioValue } from './money';
import type { ChildRowsDecl, FieldDecl, FieldKind, RelationRowsDecl } from './types';

/**
 * Text no field may hold: NUL (U+0000), which PostgreSQL text cannot store (the write fails) and
 * SQLite would keep, and lone UTF-16 surrogates, which are not characters at all (drivers store
 * them as U+FFFD, three bytes each, so the value comes back changed). Both are refused as
 * `invalid_format` on every route, generated or hand-written: this is the one rule for all of them.
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const isUnsafeText = (value: string): boolean => value.includes('\u0000') || LONE_SURROGATE.test(value);

/** The largest id an id column holds (int4 on PostgreSQL), and the most ids one list may name. */
export const MAX_ID = 2_147_483_647;
export const MAX_IDS = 1000;

const URL_PATTERN = /^(https?:\/\/|\/)[^\s]*$/;

/** An absolute `http(s)://host…` address: what a jump link may point to (no `javascript:`, no relative paths). */
export const isWebUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
};
const MAX_URL_LENGTH = 500;

export type KindSpec = {
  /** The zod schema of one value (never null; nullability is added by the object schemas). */
  readonly schema: (decl: FieldDecl) => z.ZodType;
  /** Free text: filtered with `like` by default, and an empty string is a value, not "none". */
  readonly text: boolean;
  /** A JSON number on the wire: digits in a query string or form value are read as a number. */
  readonly numeric: (decl: FieldDecl) => boolean;
  /** A range filter (`<param>From`/`<param>To`) can compare it. */
  readonly range: boolean;
  /** An empty string sent for an optional field can only mean "no value" (text fields declared `url` too). */
  readonly emptyIsNull: boolean;
  /**
   * Never read back (secrets, passwords): a record answers `<field>Set` instead, and an absent,
   * null or empty value in a body keeps the stored one (see `secret` in ./entity.ts).
   */
  readonly writeOnly: boolean;
};

const never = (): boolean => false;
const always = (): boolean => true;
const plain = { text: false, numeric: never, range: false, emptyIsNull: false, writeOnly: false } as const;

const textSchema = (decl: FieldDecl): z.ZodType => {
  const [min, max] = decl.length ?? [decl.required ? 1 : 0, decl.kind === 'text' ? 500 : 1_000_000];
  let s = (decl.trim ? z.string().trim() : z.string()).min(min).max(max);
  if (decl.pattern) s = s.regex(decl.pattern);
  // Unsafe text (NUL) is reported once, as invalid_format, by the body's unsafe-text check.
  return decl.url ? s.refine((value) => value === '' || isUnsafeText(value) || isWebUrl(value), { message: 'invalid_url' }) : s;
};
const textKind = { ...plain, text: true, schema: textSchema } as const;

/**
 * One pick of a reference list whose picks travel as relation rows (RelationDecl `rows`): a row
 * naming the pick by `other` (with at most its own `id`, the owner's key and its `names` beside it) reads as
 * that id; anything else is checked as an id, so a row with other keys is a wrong type.
 */
const relationItem = <T extends z.ZodType>(rows: RelationRowsDecl | undefined, id: T): z.ZodType<z.output<T>> => {
  if (!rows) return id as z.ZodType<z.output<T>>;
  // The names a row answers beside its pick come back too when a client posts the rows as read.
  const known = new Set(['id', rows.own, rows.other, ...Object.keys(rows.names ?? {})]);
  return z.preprocess((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const keys = Object.keys(item);
    return keys.includes(rows.other) && keys.every((key) => known.has(key)) ? (item as Record<string, unknown>)[rows.other] : item;
  }, id);
};

/**
 * An image list as `mall` writes it on the wire, one comma-joined string (`albumPics:
 * "a.png,b.png"`, `""` for none), as the list of its URLs. A list declared `joined` is answered
 * that way (server/crud/kinds.ts); bodies may send either form (server/crud/lenient.ts) and the
 * screens hold the list (src/providers/entityDataProvider.ts).
 */
export const joinedImages = (value: string): string[] => value.split(',').map((part) => part.trim()).filter((part) => part !== '');

/** A time of day as bodies send it: `HH:mm:ss`, or `HH:mm`. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/**
 * The day a time of day is answered on: `1970-01-01T08:00:00`, no offset. `mall`'s clients parse
 * every time field as a date-time (a bare `08:00:00` shows "Invalid Date"), as `mall` answers its
 * TIME columns on 1970-01-01; without an offset the text reads as the shop's wall clock in any
 * browser. The admin's data provider hands its screens the bare time (`timeOfDay`).
 */
export const TIME_ANSWER_DAY = '1970-01-01';

/** The `HH:mm:ss` of a time answered on TIME_ANSWER_DAY; any other value as it is. */
export const timeOfDay = (value: string): string =>
  (value.startsWith(`${TIME_ANSWER_DAY}T`) ? value.slice(TIME_ANSWER_DAY.length + 1, TIME_ANSWER_DAY.length + 9) : value);

const imageUrl = () => z.string().max(MAX_URL_LENGTH).regex(URL_PATTERN);

const TABLE = {
  text: textKind,
  longText: textKind,
  richText: textKind,
  int: {
    ...plain, numeric: always, range: true,
    schema: (decl) => z.number().int().min(decl.min ?? -2_147_483_648).max(decl.max ?? 2_147_483_647),
  },
  money: {
    ...plain, numeric: always, range: true,
    schema: (decl) => z.number().min(decl.min ?? 0).max(decl.max ?? 99_999_999.99).refine(isCentAmount, { message: 'invalid_format' }),
  },
  // A share between 0 and 1 with at most four decimals (a distribution ratio: 0.125 is 12.5 %).
  ratio: {
    ...plain, numeric: always, range: true,
    schema: (decl) => z.number().min(decl.min ?? 0).max(decl.max ?? 1).refine(isRatioValue, { message: 'invalid_format' }),
  },
  flag: { ...plain, numeric: always, schema: () => z.union([z.literal(0), z.literal(1)]) },
  enum: {
    ...plain,
    // Numeric when its values are (`mall`'s status codes); text values stay text.
    numeric: (decl) => typeof decl.options?.[0]?.value === 'number',
    schema: (decl) => {
      const literals = (decl.options ?? []).map((o) => z.literal(o.value));
      return literals.length === 1 ? literals[0]! : z.union(literals as unknown as [z.ZodLiteral, z.ZodLiteral]);
    },
  },
  date: { ...plain, range: true, emptyIsNull: true, schema: () => z.iso.date() },
  dateTime: { ...plain, range: true, emptyIsNull: true, schema: () => z.iso.datetime({ offset: true }) },
  // `HH:mm:ss` or `HH:mm` (the server stores seconds: server/crud/kinds.ts).
  time: { ...plain, emptyIsNull: true, schema: () => z.string().regex(TIME_OF_DAY) },
  image: { ...plain, emptyIsNull: true, schema: imageUrl },
  images: {
    ...plain,
    schema: (decl) => z.array(imageUrl()).max(decl.maxCount ?? 10, { message: 'too_many_images' }),
  },
  reference: { ...plain, numeric: always, schema: () => z.number().int().positive() },
  references: {
    ...plain,
    // `1,2,3` from a query or form arrives as a list already (server/crud/lenient.ts); text that is
    // no list of ids stays text and reads as what it is, not as "wrong type".
    // A record's stored list comes as JSON only: there a non-list is a wrong type like any other.
    schema: (decl) => z.array(relationItem(decl.relation?.rows, z.number().int().positive().max(MAX_ID)), {
      error: (issue) => (issue.input === undefined || issue.input === null || decl.relation ? undefined : 'invalid_ids'),
    // A refinement, not `.max()`: zod 4 applies a length check to a string input too.
    }).refine((ids) => ids.length <= (decl.maxCount ?? MAX_IDS), { message: decl.relation?.maxMessage ?? 'too_many_ids' })
      // A stored pick is there once: a repeated id would be a second relation row saying nothing new.
      .superRefine((ids, ctx) => ids.forEach((id, index) => {
        if (decl.relation && ids.indexOf(id) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'not_unique' });
      })),
  },
  json: { ...plain, schema: (decl) => decl.schema ?? z.unknown() },
  children: { ...plain, schema: (decl) => childListSchema(decl.children!) },
  secret: {
    ...plain, writeOnly: true,
    schema: (decl) => {
      const [min, max] = decl.length ?? [1, 500];
      const s = z.string().min(min).max(max);
      return decl.pattern ? s.regex(decl.pattern) : s;
    },
  },
} satisfies Record<FieldKind, KindSpec>;

/** Both halves' entry of every kind. */
export const KINDS: Readonly<Record<FieldKind, KindSpec>> = TABLE;

/** The zod schema of one field's value (never null; nullability is added by the object schemas). */
export const fieldSchema = (decl: FieldDecl): z.ZodType => KINDS[decl.kind].schema(decl);

/** Sent as a JSON number (numbers in query strings and forms are read as such). */
export const isNumericField = (decl: FieldDecl): boolean => KINDS[decl.kind].numeric(decl);

/** The schema of a value that may be left out (or null) unless it is required now. */
export const valueSchema = (decl: FieldDecl, requiredNow: boolean): z.ZodType =>
  requiredNow ? fieldSchema(decl) : fieldSchema(decl).nullable().optional();

/**
 * One child row as a create sees it (the list is written as a whole): its writable fields, the
 * required ones present, and optionally the `id` of a stored row it keeps.
 */
const childRowSchema = (decl: ChildRowsDecl) => z.strictObject({
  id: z.number().int().positive().optional(),
  ...Object.fromEntries(Object.entries(decl.fields).filter(([, d]) => !d.serverManaged)
    .map(([key, d]) => [key, valueSchema(d, Boolean(d.required) && d.default === undefined)])),
});

const childListSchema = (decl: ChildRowsDecl): z.ZodType => {
  const min = decl.min ?? 0;
  const max = decl.max ?? DEFAULT_MAX_ROWS;
  const unique = Object.entries(decl.fields).filter(([, d]) => d.unique).map(([key]) => key);
  return z.array(childRowSchema(decl))
    .min(min, { message: decl.minMessage ?? 'too_few_rows' })
    .max(max, { message: decl.maxMessage ?? 'too_many_rows' })
    .superRefine((rows, ctx) => {
      const seen = new Map<string, Set<string>>();
      rows.forEach((row, index) => {
        const values = row as Record<string, unknown>;
        for (const { field, messageKey } of decl.refine?.(values) ?? []) ctx.addIssue({ code: 'custom', path: [index, field], message: messageKey });
        // A value a `unique` field holds once per list; the `id` of a kept row once too.
        for (const key of [...unique, 'id']) {
          const value = values[key];
          if (value === undefined || value === null || value === '') continue;
          const taken = seen.get(key) ?? new Set<string>();
          if (taken.has(JSON.stringify(value))) ctx.addIssue({ code: 'custom', path: [index, key], message: 'not_unique' });
          taken.add(JSON.stringify(value));
          seen.set(key, taken);
        }
      });
    });
};
