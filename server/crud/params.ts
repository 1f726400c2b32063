/**
 * The one way request parameters are read outside JSON records: a record id from the path or a
 * parameter, a list of ids, and parameters declared like fields (src/schema/engine/entity.ts), from the
 * query and a form or JSON body together, as `mall` binds `@RequestParam` (the query wins). Every
 * problem is a field error naming the parameter; unknown parameters are refused. Declared
 * actions (./actions.ts), the generated batch routes (./routes.ts) and the hand-written routes
 * that remain (admin accounts) read theirs here.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FieldError, MessageKey } from '../../src/schema/api';
import { fieldError } from '../../src/schema/api';
import type { FieldDecl } from '../../src/schema/engine/entity';
import { fieldSchema, unsafeTextErrors, validate } from '../../src/schema/validation';
import { validationFailed } from '../http/errors';
import { parseIds } from './ids';
import { lenientParam } from './lenient';


const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A request's parameters: query and body values by name, and which of them arrived as text (query, form). */
export type ParamBag = { readonly values: Record<string, unknown>; readonly text: ReadonlySet<string> };

/** Query and body parameters together, the query winning; a body that is no object is refused. */
export const paramBag = (request: FastifyRequest): ParamBag => {
  const body = request.body;
  if (body !== undefined && !isRecord(body)) throw validationFailed([fieldError('_', 'invalid_type')]);
  const form = /^application\/x-www-form-urlencoded/i.test(String(request.headers['content-type'] ?? ''));
  const values: Record<string, unknown> = {};
  const text = new Set<string>();
  const put = (key: string, value: unknown) => {
    // An own key even for `__proto__` (refused as unknown later), never a prototype.
    Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const [key, value] of Object.entries(body ?? {})) {
    put(key, value);
    if (form) text.add(key);
  }
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    put(key, value);
    text.add(key);
  }
  return { values, text };
};

const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

/** One record id (a path segment or a parameter), or null with the reason pushed to `errors`. */
export const oneId = (raw: unknown, field: string, errors: FieldError[]): number | null => {
  const value = single(raw);
  if (value === undefined || value === null || value === '') { errors.push(fieldError(field, 'required')); return null; }
  const text = String(value);
  const ids = /^\d{1,10}$/.test(text) ? parseIds(text) : null;
  if (!ids || ids.length !== 1) { errors.push(fieldError(field, 'invalid_type')); return null; }
  return ids[0]!;
};

/** The record id of a path placeholder (`/admin/update/{id}`): 400 naming it when it is none. */
export const pathId = (request: FastifyRequest, name = 'id'): number => {
  const errors: FieldError[] = [];
  const id = oneId((request.params as Record<string, string>)[name], name, errors);
  if (id === null) throw validationFailed(errors);
  return id;
};

/** A selection (`ids=1,2,3`, or repeated): at least one, at most `max`, or null with the reason pushed to `errors`. */
export const idList = (raw: unknown, field: string, max: number, errors: FieldError[], emptyMessage = 'select_record'): number[] | null => {
  const parts = (Array.isArray(raw) ? raw : [raw ?? '']).flatMap((v) => String(v).split(',')).filter((s) => s.trim() !== '');
  if (parts.length > max) { errors.push(fieldError(field, 'too_many_ids', { max })); return null; }
  const ids = parseIds(parts, max);
  if (ids === null) { errors.push(fieldError(field, 'invalid_ids')); return null; }
  if (!ids.length) { errors.push(fieldError(field, emptyMessage as MessageKey)); return null; }
  return ids;
};

const schemas = new WeakMap<object, z.ZodType>();

/** The zod schema of declared parameters: declared keys only, required ones present (built once per declaration: a body of 500 rows checks each against it). */
const schemaOf = (decls: Readonly<Record<string, FieldDecl>>): z.ZodType => {
  let schema = schemas.get(decls);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(Object.entries(decls).map(([name, decl]) =>
      [name, decl.required ? fieldSchema(decl) : fieldSchema(decl).nullable().optional()])));
    schemas.set(decls, schema);
  }
  return schema;
};

/**
 * The declared parameters among `values` (every other key refused as unknown), converted as a
 * query string or form carries them (`1,2,3` lists, `"61"` numbers, `""` not given) and checked
 * with the fields' own rules and the unsafe-text rule; absent ones hold their default or null.
 * Problems are pushed to `errors`.
 */
export const declaredParams = (
  bag: ParamBag, values: Record<string, unknown>, decls: Readonly<Record<string, FieldDecl>>, errors: FieldError[],
): Record<string, unknown> => {
  const input = Object.fromEntries(Object.entries(values).map(([key, raw]) => {
    const decl = Object.hasOwn(decls, key) ? decls[key] : undefined;
    return [key, decl ? lenientParam(decl, raw, bag.text.has(key)) : raw];
  }).filter(([, value]) => value !== undefined));
  const result = validate(schemaOf(decls), input, { fields: decls });
  if (!result.ok) {
    errors.push(...result.errors);
    return {};
  }
  errors.push(...unsafeTextErrors(result.value as Record<string, unknown>));
  const valid = result.value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(decls).map(([name, decl]) => [name, valid[name] ?? decl.default ?? null]));
};

/** A hand-written route's declared parameters (`?status=0`), or a 400 naming every bad one. */
export const readParams = (request: FastifyRequest, decls: Readonly<Record<string, FieldDecl>>): Record<string, unknown> => {
  const bag = paramBag(request);
  const errors: FieldError[] = [];
  const params = declaredParams(bag, bag.values, decls, errors);
  if (errors.length) throw validationFailed(errors);
  return params;
};
