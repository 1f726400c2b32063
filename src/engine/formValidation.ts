/**
 * Form-level validation built from the declaration: the same zod schemas and cross-field rules
 * the server applies (`src/schema/validation.ts`), run on the values the save would send, with
 * each problem shown under its field as the translation of `errors.<messageKey>`.
 */
import type { FieldError } from '../schema/api';
import type { Entity } from '../schema/engine/entity';
import { KINDS } from '../schema/engine/kinds';
import { createFormOf } from '../schema/engine/createMany';
import { createSchema, refineErrors, updateSchema, validate } from '../schema/validation';
import { changedFields, createBody } from '../providers/entityDataProvider';
import { KIND_UI } from './kinds';

type Values = Record<string, unknown>;
/** react-admin's translatable error: `{ message, args }` (with `_` as the fallback text). */
export type FormErrorMessage = { message: string; args: Record<string, string | number> };
/** Errors of a child list's rows, by row and field, as react-admin's validation reads them. */
type RowErrors = Record<string, FormErrorMessage>[];
export type FormErrors = Record<string, FormErrorMessage | RowErrors>;

/** Stands in for an image that will be uploaded on save: the file itself is checked by the picker. */
const PENDING_UPLOAD_URL = '/pending-upload';

const isPendingFile = (value: unknown): boolean =>
  typeof File !== 'undefined' && (value instanceof File || (value as { rawFile?: unknown } | null)?.rawFile instanceof File);

const valuesOf = (fields: Entity['fields'], values: Values): Values => {
  const out: Values = { ...values };
  for (const [key, decl] of Object.entries(fields)) {
    const value = out[key];
    const { upload } = KIND_UI[decl.kind];
    if (value === '' && !KINDS[decl.kind].text) out[key] = null;
    else if (upload === 'one' && isPendingFile(value)) out[key] = PENDING_UPLOAD_URL;
    else if (upload === 'many' && Array.isArray(value)) out[key] = value.map((v) => (isPendingFile(v) ? PENDING_UPLOAD_URL : v));
    else if (decl.children && Array.isArray(value)) {
      out[key] = value.map((row) => (row && typeof row === 'object' ? valuesOf(decl.children!.fields, row as Values) : row));
    }
  }
  return out;
};

/** Form values as the API will receive them: empty selections are "no value", new files are URLs (child rows alike). */
export const apiValues = (entity: Entity, values: Values): Values => valuesOf(entity.fields, values);

/**
 * One message per field (the first), keyed by the field the form knows: the top-level field, or
 * for a child list the row's field (`tiers.2.price` → `{ tiers: [{}, {}, { price }] }`); an error
 * on the list as a whole (its count) goes under the list.
 */
export function toFormErrors(errors: readonly FieldError[]): Record<string, FormErrorMessage>;
export function toFormErrors(errors: readonly FieldError[], entity: Entity): FormErrors;
export function toFormErrors(errors: readonly FieldError[], entity?: Entity): FormErrors {
  const out: FormErrors = {};
  for (const error of errors) {
    const [field = error.field, index, child] = error.field.split('.');
    const message = { message: `errors.${error.messageKey}`, args: { ...(error.params ?? {}), _: error.message } };
    if (!field || field === '_') continue;
    if (entity?.fields[field]?.children && index !== undefined && /^\d+$/.test(index) && child && !out[field]) out[field] = [];
    const rows = out[field];
    if (Array.isArray(rows) && index !== undefined && child) {
      while (rows.length <= Number(index)) rows.push({});
      rows[Number(index)]![child] ??= message;
      continue;
    }
    out[field] ??= message;
  }
  return out;
}

export const validateCreate = (declared: Entity, values: Values): FormErrors => {
  // `createMany`: the picker's list of ids is what the form checks.
  const entity = createFormOf(declared);
  const body = createBody(entity, apiValues(entity, values));
  const result = validate(createSchema(entity), body, entity);
  return toFormErrors([...(result.ok ? [] : result.errors), ...refineErrors(entity, body)], entity);
};

/** Checks what the update will send (the changed fields) and the cross-field rules on the merged record. */
export const validateUpdate = (entity: Entity, record: Values, values: Values): FormErrors => {
  const changes = changedFields(entity, apiValues(entity, values), record);
  const result = validate(updateSchema(entity), changes, entity);
  return toFormErrors([...(result.ok ? [] : result.errors), ...refineErrors(entity, { ...record, ...changes })], entity);
};

/** Values a new record starts with: the declared defaults plus values pinned by the screen. */
export const createDefaults = (entity: Entity, pinned: Values = {}): Values => ({
  ...Object.fromEntries(Object.entries(entity.fields).filter(([, d]) => d.default !== undefined && !d.serverManaged).map(([k, d]) => [k, d.default])),
  ...pinned,
});
