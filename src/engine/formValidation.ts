/**
 * Form-level validation built from the declaration: the same zod schemas and cross-field rules
 * the server applies (`src/schema/validation.ts`), run on the values the save would send, with
 * each problem shown under its field as the translation of `errors.<messageKey>`.
 */
import type { FieldError } from '../schema/api';
import type { Entity } from '../schema/entity';
import { createSchema, refineErrors, updateSchema, validate } from '../schema/validation';
import { changedFields, createBody } from '../providers/entityDataProvider';

type Values = Record<string, unknown>;
/** react-admin's translatable error: `{ message, args }` (with `_` as the fallback text). */
export type FormErrorMessage = { message: string; args: Record<string, string | number> };
export type FormErrors = Record<string, FormErrorMessage>;

/** Stands in for an image that will be uploaded on save: the file itself is checked by the picker. */
const PENDING_UPLOAD_URL = '/pending-upload';

const isPendingFile = (value: unknown): boolean =>
  typeof File !== 'undefined' && (value instanceof File || (value as { rawFile?: unknown } | null)?.rawFile instanceof File);

/** Form values as the API will receive them: empty selections are "no value", new files are URLs. */
export const apiValues = (entity: Entity, values: Values): Values => {
  const out: Values = { ...values };
  for (const [key, decl] of Object.entries(entity.fields)) {
    const value = out[key];
    if (value === '' && decl.kind !== 'text' && decl.kind !== 'longText' && decl.kind !== 'richText') out[key] = null;
    else if (decl.kind === 'image' && isPendingFile(value)) out[key] = PENDING_UPLOAD_URL;
    else if (decl.kind === 'images' && Array.isArray(value)) out[key] = value.map((v) => (isPendingFile(v) ? PENDING_UPLOAD_URL : v));
  }
  return out;
};

/** One message per field (the first), keyed by the top-level field the form knows. */
export const toFormErrors = (errors: readonly FieldError[]): FormErrors => {
  const out: FormErrors = {};
  for (const error of errors) {
    const field = error.field.split('.')[0] ?? error.field;
    if (!field || field === '_' || out[field]) continue;
    out[field] = { message: `errors.${error.messageKey}`, args: { ...(error.params ?? {}), _: error.message } };
  }
  return out;
};

export const validateCreate = (entity: Entity, values: Values): FormErrors => {
  const body = createBody(entity, apiValues(entity, values));
  const result = validate(createSchema(entity), body, entity);
  return toFormErrors([...(result.ok ? [] : result.errors), ...refineErrors(entity, body)]);
};

/** Checks what the update will send (the changed fields) and the cross-field rules on the merged record. */
export const validateUpdate = (entity: Entity, record: Values, values: Values): FormErrors => {
  const changes = changedFields(entity, apiValues(entity, values), record);
  const result = validate(updateSchema(entity), changes, entity);
  return toFormErrors([...(result.ok ? [] : result.errors), ...refineErrors(entity, { ...record, ...changes })]);
};

/** Values a new record starts with: the declared defaults plus values pinned by the screen. */
export const createDefaults = (entity: Entity, pinned: Values = {}): Values => ({
  ...Object.fromEntries(Object.entries(entity.fields).filter(([, d]) => d.default !== undefined && !d.serverManaged).map(([k, d]) => [k, d.default])),
  ...pinned,
});
