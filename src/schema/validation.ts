/**
 * Validation derived from entity declarations: the same zod schemas check request bodies on the
 * server and form values in the admin, and one mapping turns zod issues into field errors with
 * stable message keys (translated by the admin under `errors.<key>`).
 */
import { z } from 'zod';
import type { FieldError, MessageKey } from './api';
import { fieldError, MESSAGES } from './api';
import type { Entity, FieldDecl } from './engine/entity';
import { writableFields } from './engine/entity';
import { fieldSchema, isUnsafeText, KINDS, MAX_IDS, valueSchema } from './engine/kinds';

export { fieldSchema, isUnsafeText, isWebUrl, MAX_ID, MAX_IDS } from './engine/kinds';

/**
 * True when any string inside `value` (arrays and objects searched, keys too) is unsafe text.
 * A walk with its own stack, not a recursion: a value nested 20,000 levels must not overflow it.
 */
export const hasUnsafeText = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isUnsafeText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (isUnsafeText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
};

/** A zod string that refuses unsafe text with `invalid_format` (for hand-written route schemas). */
export const safeString = () => z.string().refine((value) => !isUnsafeText(value), { message: 'invalid_format' });

/**
 * A secret field in a body where it may be left out: absent, null or `""` all mean "no new
 * value" (keep the stored one on update, store none on create), so a form that never saw the
 * value can post its empty input back.
 */
const keptSecret = (decl: FieldDecl): z.ZodType => z.preprocess((value) => (value === '' ? null : value), fieldSchema(decl).nullable().optional());

/** A field whose stored value is never null: required, or filled with its default on create. */
export const neverNull = (decl: FieldDecl): boolean => Boolean(decl.required) || decl.default !== undefined;

/**
 * Body of `POST /x/create`: writable fields only (unknown and server-managed keys are refused).
 * An explicit `null` for a field with a default means "no value", like an absent key: the engine
 * stores the default (server/crud/repository.ts, `defaultsFor`).
 */
export const createSchema = (entity: Entity) =>
  z.strictObject(Object.fromEntries(writableFields(entity).map(([key, decl]) =>
    [key, KINDS[decl.kind].writeOnly && !decl.required ? keptSecret(decl) : valueSchema(decl, Boolean(decl.required) && decl.default === undefined)])));

/**
 * Body of `POST /x/update/{id}`: a selective update; absent keys stay unchanged. A required field,
 * and a field with a default (which is never empty once created), cannot be nulled: `required`.
 */
export const updateSchema = (entity: Entity) =>
  z.strictObject(Object.fromEntries(writableFields(entity).filter(([, decl]) => !decl.immutable).map(([key, decl]) =>
    [key, KINDS[decl.kind].writeOnly ? keptSecret(decl) : neverNull(decl) ? fieldSchema(decl).optional() : fieldSchema(decl).nullable().optional()])));

/** Whether a declared message key (a `requiredMessage`, an `invalidMessage`) is one the tables hold. */
export const isMessageKey = (value: unknown): value is MessageKey => typeof value === 'string' && value in MESSAGES;

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
    // A bad image in a list of images is the list's error: its input shows it (rows of child lists keep their paths).
    const top = issue.path[0];
    const field = typeof top === 'string' && entity?.fields[top]?.kind === 'images' ? top : issue.path.map(String).join('.') || '_';
    const decl = declAt(entity, issue.path);
    // A declared "missing" message ("Logistics company is required") stands for the bare `required`.
    const required: MessageKey = isMessageKey(decl?.requiredMessage) ? decl.requiredMessage : 'required';
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
        errors.push(fieldError(field, (issue as { input?: unknown }).input == null ? required : 'invalid_type'));
        break;
      case 'too_small':
      case 'too_big': {
        const isString = issue.origin === 'string';
        if (isString && issue.code === 'too_small' && Number(issue.minimum) === 1 && required !== 'required') {
          errors.push(fieldError(field, required));
        } else if (isString && decl?.length) {
          errors.push(fieldError(field, 'length_between', { min: decl.length[0], max: decl.length[1] }));
        } else if (isString && issue.code === 'too_small' && Number(issue.minimum) === 1) {
          errors.push(fieldError(field, required));
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
        errors.push(fieldError(field, (issue as { input?: unknown }).input == null ? required : 'invalid_value'));
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
