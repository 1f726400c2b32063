/**
 * Validation derived from entity declarations: the same zod schemas check request bodies on the
 * server and form values in the admin, and one mapping turns zod issues into field errors with
 * stable message keys (translated by the admin under `errors.<key>`).
 */
import { z } from 'zod';
import type { FieldError, MessageKey } from './api';
import { MESSAGES } from './api';
import type { ChildRowsDecl, Entity, FieldDecl } from './entity';
import { DEFAULT_MAX_ROWS, writableFields } from './entity';
import { isCentAmount } from './money';

/**
 * Text no field may hold: NUL (U+0000), which PostgreSQL text cannot store (the write fails) and
 * SQLite would keep, and lone UTF-16 surrogates, which are not characters at all (drivers store
 * them as U+FFFD, three bytes each, so the value comes back changed). Both are refused as
 * `invalid_format` on every route, generated or hand-written: this is the one rule for all of them.
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const isUnsafeText = (value: string): boolean => value.includes('\u0000') || LONE_SURROGATE.test(value);

/** True when any string inside `value` (arrays and objects searched, keys too) is unsafe text. */
export const hasUnsafeText = (value: unknown): boolean => {
  if (typeof value === 'string') return isUnsafeText(value);
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => isUnsafeText(key) || hasUnsafeText(inner));
  }
  return false;
};

/** A zod string that refuses unsafe text with `invalid_format` (for hand-written route schemas). */
export const safeString = () => z.string().refine((value) => !isUnsafeText(value), { message: 'invalid_format' });

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

/** The zod schema of one field's value (never null; nullability is added by the object schemas). */
export const fieldSchema = (decl: FieldDecl): z.ZodType => {
  switch (decl.kind) {
    case 'text':
    case 'longText':
    case 'richText': {
      let s = z.string();
      const [min, max] = decl.length ?? [decl.required ? 1 : 0, decl.kind === 'text' ? 500 : 1_000_000];
      s = s.min(min).max(max);
      if (decl.pattern) s = s.regex(decl.pattern);
      // Unsafe text (NUL) is reported once, as invalid_format, by the body's unsafe-text check.
      return decl.url ? s.refine((value) => value === '' || isUnsafeText(value) || isWebUrl(value), { message: 'invalid_url' }) : s;
    }
    case 'int': {
      const s = z.number().int().min(decl.min ?? -2_147_483_648).max(decl.max ?? 2_147_483_647);
      return s;
    }
    case 'money':
      return z.number().min(decl.min ?? 0).max(decl.max ?? 99_999_999.99)
        .refine(isCentAmount, { message: 'invalid_format' });
    case 'flag':
      return z.union([z.literal(0), z.literal(1)]);
    case 'enum': {
      const literals = (decl.options ?? []).map((o) => z.literal(o.value));
      return literals.length === 1 ? literals[0]! : z.union(literals as unknown as [z.ZodLiteral, z.ZodLiteral]);
    }
    case 'date':
      return z.iso.date();
    case 'dateTime':
      return z.iso.datetime({ offset: true });
    case 'image':
      return z.string().max(MAX_URL_LENGTH).regex(URL_PATTERN);
    case 'images':
      return z.array(z.string().max(MAX_URL_LENGTH).regex(URL_PATTERN)).max(decl.maxCount ?? 10, { message: 'too_many_images' });
    case 'reference':
      return z.number().int().positive();
    case 'references':
      // `1,2,3` from a query or form arrives as a list already (server/crud/lenient.ts); text that is
      // no list of ids stays text and reads as what it is, not as "wrong type".
      // A record's stored list comes as JSON only: there a non-list is a wrong type like any other.
      return z.array(z.number().int().positive().max(MAX_ID), {
        error: (issue) => (issue.input === undefined || issue.input === null || decl.relation ? undefined : 'invalid_ids'),
      // A refinement, not `.max()`: zod 4 applies a length check to a string input too.
      }).refine((ids) => ids.length <= (decl.maxCount ?? MAX_IDS), { message: decl.relation?.maxMessage ?? 'too_many_ids' })
        // A stored pick is there once: a repeated id would be a second relation row saying nothing new.
        .superRefine((ids, ctx) => ids.forEach((id, index) => {
          if (decl.relation && ids.indexOf(id) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'not_unique' });
        }));
    case 'json':
      return decl.schema ?? z.unknown();
    case 'children':
      return childListSchema(decl.children!);
    case 'secret': {
      const [min, max] = decl.length ?? [1, 500];
      const s = z.string().min(min).max(max);
      return decl.pattern ? s.regex(decl.pattern) : s;
    }
  }
};

/**
 * A secret field in a body where it may be left out: absent, null or `""` all mean "no new
 * value" (keep the stored one on update, store none on create), so a form that never saw the
 * value can post its empty input back.
 */
const keptSecret = (decl: FieldDecl): z.ZodType => z.preprocess((value) => (value === '' ? null : value), fieldSchema(decl).nullable().optional());

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

function valueSchema(decl: FieldDecl, requiredNow: boolean): z.ZodType {
  return requiredNow ? fieldSchema(decl) : fieldSchema(decl).nullable().optional();
}

/** A field whose stored value is never null: required, or filled with its default on create. */
export const neverNull = (decl: FieldDecl): boolean => Boolean(decl.required) || decl.default !== undefined;

/**
 * Body of `POST /x/create`: writable fields only (unknown and server-managed keys are refused).
 * An explicit `null` for a field with a default means "no value", like an absent key: the engine
 * stores the default (server/crud/repository.ts, `defaultsFor`).
 */
export const createSchema = (entity: Entity) =>
  z.strictObject(Object.fromEntries(writableFields(entity).map(([key, decl]) =>
    [key, decl.kind === 'secret' && !decl.required ? keptSecret(decl) : valueSchema(decl, Boolean(decl.required) && decl.default === undefined)])));

/**
 * Body of `POST /x/update/{id}`: a selective update; absent keys stay unchanged. A required field,
 * and a field with a default (which is never empty once created), cannot be nulled: `required`.
 */
export const updateSchema = (entity: Entity) =>
  z.strictObject(Object.fromEntries(writableFields(entity).filter(([, decl]) => !decl.immutable).map(([key, decl]) =>
    [key, decl.kind === 'secret' ? keptSecret(decl) : neverNull(decl) ? fieldSchema(decl).optional() : fieldSchema(decl).nullable().optional()])));

const isMessageKey = (value: unknown): value is MessageKey => typeof value === 'string' && value in MESSAGES;

const fill = (key: MessageKey, params: Record<string, string | number> = {}): string =>
  (MESSAGES[key] as string).replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m));

const fieldError = (field: string, messageKey: MessageKey, params?: Record<string, string | number>): FieldError =>
  ({ field, messageKey, message: fill(messageKey, params), ...(params ? { params } : {}) });

const isRow = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * One `invalid_format` error per top-level field whose value holds unsafe text anywhere; in a
 * list of rows (child rows), per row and field (`skuStockList.2.name`), or per row for a bad key.
 */
export const unsafeTextErrors = (values: Record<string, unknown>): FieldError[] =>
  Object.entries(values).filter(([, value]) => hasUnsafeText(value)).flatMap(([field, value]) => {
    if (!Array.isArray(value) || !value.every(isRow)) return [fieldError(field, 'invalid_format')];
    return value.flatMap((row, index) => {
      if (!hasUnsafeText(row)) return [];
      if (Object.keys(row).some(isUnsafeText)) return [fieldError(`${field}.${index}`, 'invalid_format')];
      return Object.entries(row).filter(([, inner]) => hasUnsafeText(inner)).map(([key]) => fieldError(`${field}.${index}.${key}`, 'invalid_format'));
    });
  });

/** The declaration at an issue's path: a field, or a field of a child row (`skuStockList.2.price`). */
const declAt = (entity: Pick<Entity, 'fields'> | undefined, path: readonly PropertyKey[]): FieldDecl | undefined => {
  const top = entity?.fields[String(path[0])];
  return top?.children && path.length >= 3 ? top.children.fields[String(path[2])] : top;
};

/** `{min}` / `{max}` of a list's count refused under a declared message key ("Up to three"). */
const boundsOf = (issue: z.core.$ZodIssue): Record<string, number> | undefined => {
  if (issue.code === 'too_small' && issue.origin === 'array') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big' && issue.origin === 'array') return { max: Number(issue.maximum) };
  return undefined;
};

/** Turns zod issues into field errors with stable keys; `entity` (its fields) lets length errors name both bounds. */
export const toFieldErrors = (error: z.ZodError, entity?: Pick<Entity, 'fields'>): FieldError[] => {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    const decl = declAt(entity, issue.path);
    if (isMessageKey(issue.message)) {
      const countKey = issue.message === 'too_many_ids' || (decl?.relation?.maxMessage !== undefined && issue.message === decl.relation.maxMessage);
      const params: Record<string, number> | undefined = countKey ? { max: decl?.maxCount ?? MAX_IDS }
        : decl?.maxCount ? { maxCount: decl.maxCount } : boundsOf(issue);
      errors.push(fieldError(field, issue.message, params));
      continue;
    }
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) errors.push(fieldError([...issue.path.map(String), key].join('.'), 'unknown_field'));
        break;
      case 'invalid_type':
        errors.push(fieldError(field, (issue as { input?: unknown }).input == null ? 'required' : 'invalid_type'));
        break;
      case 'too_small':
      case 'too_big': {
        const isString = issue.origin === 'string';
        if (isString && decl?.length) {
          errors.push(fieldError(field, 'length_between', { min: decl.length[0], max: decl.length[1] }));
        } else if (isString && issue.code === 'too_small' && Number(issue.minimum) === 1) {
          errors.push(fieldError(field, 'required'));
        } else if (isString) {
          errors.push(issue.code === 'too_small'
            ? fieldError(field, 'too_short', { min: Number(issue.minimum) })
            : fieldError(field, 'too_long', { max: Number(issue.maximum) }));
        } else if (issue.origin === 'array' && issue.code === 'too_big') {
          errors.push(fieldError(field, 'too_many_images', { maxCount: Number(issue.maximum) }));
        } else {
          errors.push(issue.code === 'too_small'
            ? fieldError(field, 'too_small', { min: Number(issue.minimum) })
            : fieldError(field, 'too_big', { max: Number(issue.maximum) }));
        }
        break;
      }
      case 'invalid_format':
        errors.push(fieldError(field, issue.format === 'date' || issue.format === 'datetime' ? 'invalid_date' : 'invalid_format'));
        break;
      case 'invalid_union':
      case 'invalid_value':
        // A missing or null flag/enum is "required", as for every other kind, not "not allowed".
        errors.push(fieldError(field, (issue as { input?: unknown }).input == null ? 'required' : 'invalid_value'));
        break;
      default:
        errors.push(fieldError(field, 'validation_failed'));
    }
  }
  return errors;
};

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Parses with `reportInput` so a missing key reads "required" rather than "wrong type". */
export const validate = <T>(schema: z.ZodType<T>, input: unknown, entity?: Pick<Entity, 'fields'>): ValidationResult<T> => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: toFieldErrors(result.error, entity) };
};

/** Cross-field rules of the declaration, for a complete (merged) record. */
export const refineErrors = (entity: Entity, record: Record<string, unknown>): FieldError[] =>
  (entity.refine?.(record as never) ?? []).map(({ field, messageKey }) =>
    fieldError(field, isMessageKey(messageKey) ? messageKey : 'validation_failed'));
