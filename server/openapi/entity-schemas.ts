/** JSON Schemas of declared entities (records, bodies, list parameters) for the OpenAPI document. */
import { z } from 'zod';
import type { Endpoint } from '../../src/schema/engine/endpoints';
import type { Entity, FieldDecl } from '../../src/schema/engine/entity';
import { columnFields, compareFiltersOf, filterOf, rangeOf, secretSetName } from '../../src/schema/engine/entity';
import { recycleBinOf } from '../../src/schema/engine/recycleBin';
import { createSchema, fieldSchema, updateSchema } from '../../src/schema/validation';
import { SERVER_KINDS } from '../crud/kinds';

export type JsonSchema = Record<string, unknown>;

export const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;

/**
 * A declaration's JSON schemas, made once per declaration object and process: turning zod into
 * JSON schema was most of an app's start (every app, every test file, built them again). Each
 * caller gets its own copy, so a document that is changed later changes no other.
 */
const made = new WeakMap<object, Map<string, JsonSchema>>();
const keptSchema = (owner: object, key: string, make: () => JsonSchema): JsonSchema => {
  let byKey = made.get(owner);
  if (!byKey) made.set(owner, byKey = new Map());
  let schema = byKey.get(key);
  if (!schema) byKey.set(key, schema = make());
  return structuredClone(schema);
};

/** A field's value, nullable unless it is required (or `required` says it is, as for an action's parameter). */
const valueSchema = (decl: FieldDecl, required = Boolean(decl.required)): JsonSchema => keptSchema(decl, `value:${required}`, () => {
  const { $schema: _ignored, ...schema } = toJsonSchema(fieldSchema(required === Boolean(decl.required) ? decl : { ...decl, required }));
  return required ? schema : { anyOf: [schema, { type: 'null' }] };
});

/**
 * A field's value in a record: the body's value, and null too where the record may hold none: an
 * optional field, or one left out of list answers (`omitInList`: null there, as in `mall`, even
 * when the body requires it, e.g. a product's description).
 */
const recordValueSchema = (decl: FieldDecl): JsonSchema => {
  // A `joined` image list is answered as `mall` does, one comma-joined string (bodies take either form).
  if (decl.kind === 'images' && decl.joined) {
    const joined = { type: 'string', description: 'comma-separated image URLs (`""` for none)' };
    return decl.required ? joined : { anyOf: [joined, { type: 'null' }] };
  }
  const schema = valueSchema(decl);
  if (!decl.required || !decl.omitInList) return schema;
  return { anyOf: [schema, { type: 'null' }], description: 'null in list answers (left out there); set on every other answer' };
};

/** The record an entity's API answers with. */
export const recordSchema = (entity: Entity): JsonSchema => keptSchema(entity, 'record', () => ({
  type: 'object',
  properties: {
    id: { type: 'integer' },
    // A secret is write-only: the record says whether one is stored, never what.
    ...Object.fromEntries(Object.entries(entity.fields).flatMap(([name, decl]) => {
      if (decl.kind !== 'secret') return [[name, { ...recordValueSchema(decl), ...(decl.serverManaged ? { readOnly: true } : {}) }]];
      return decl.required ? [] : [[secretSetName(name), { type: 'boolean', readOnly: true, description: `Whether ${name} holds a value (write-only, never answered)` }]];
    })),
  },
  required: ['id', ...columnFields(entity).flatMap(([name, decl]) => (decl.kind !== 'secret' ? [name] : decl.required ? [] : [secretSetName(name)]))],
}));

export const createBodySchema = (entity: Entity): JsonSchema => keptSchema(entity, 'create', () => toJsonSchema(createSchema(entity)));
export const updateBodySchema = (entity: Entity): JsonSchema => keptSchema(entity, 'update', () => toJsonSchema(updateSchema(entity)));

type QueryParameter = { name: string; in: 'query' | 'path'; required: boolean; schema: JsonSchema; description?: string };

const COMPARE_WORDS = { lt: 'below', lte: 'at or below', gt: 'above', gte: 'at or above' } as const;

/** Query parameters of an entity's list endpoint (path placeholders of listPath included). */
export const listParameters = (entity: Entity): QueryParameter[] => {
  const inPath = new Set([...(entity.listPath ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const params: QueryParameter[] = [
    { name: 'pageNum', in: 'query', required: false, schema: { type: 'integer', minimum: 0, default: 1 } },
    { name: 'pageSize', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 5 } },
  ];
  for (const [name, decl] of Object.entries(entity.fields)) {
    const filter = filterOf(name, decl);
    if (!filter) continue;
    const { anyOf: _a, ...schema } = valueSchema(decl, true);
    params.push({
      name: filter.param, in: inPath.has(filter.param) ? 'path' : 'query', required: inPath.has(filter.param),
      schema: filter.op === 'like' || filter.op === 'prefix' ? { type: 'string' } : schema,
      description: `${filter.op} filter on ${name}`,
    });
    const range = rangeOf(name, decl);
    if (range) {
      const bound = SERVER_KINDS[decl.kind].rangeParam ?? schema;
      params.push(
        { name: range.from, in: 'query', required: false, schema: bound, description: `${name} at or after this (inclusive)` },
        { name: range.to, in: 'query', required: false, schema: bound, description: `${name} at or before this (inclusive)` },
      );
    }
  }
  for (const filter of compareFiltersOf(entity)) {
    const except = filter.except.length ? ` (never where ${filter.field} is ${filter.except.join(' or ')})` : '';
    params.push({
      name: filter.param, in: 'query', required: false, schema: { type: 'string', enum: ['1', 'true', '0', 'false'] },
      description: `1 or true: only rows whose ${filter.field} is ${COMPARE_WORDS[filter.op]} ${filter.than}${except}; 0, false or absent: no filter`,
    });
  }
  if (entity.search) {
    params.push({ name: entity.search.param, in: 'query', required: false, schema: { type: 'string' }, description: `keyword in ${entity.search.fields.join(', ')}` });
  }
  const bin = recycleBinOf(entity);
  if (bin) params.push({ name: bin.param, in: 'query', required: false, schema: { type: 'integer', enum: [0, 1], default: 0 }, description: '1: the recycle bin instead of the live records' });
  params.push({ name: 'ids', in: 'query', required: false, schema: { type: 'string', example: '1,2,3' }, description: 'only these ids' });
  const sortable = ['id', ...Object.entries(entity.fields).filter(([, d]) => d.sortable).map(([n]) => n)];
  params.push({ name: 'sort', in: 'query', required: false, schema: { type: 'string', enum: sortable } });
  params.push({ name: 'order', in: 'query', required: false, schema: { type: 'string', enum: ['asc', 'desc'] } });
  params.push({ name: 'exactTotal', in: 'query', required: false, schema: { type: 'integer', enum: [0, 1], default: 0 }, description: '1: the exact total even past the bound where a long list answers an estimate (`totalExact: false`)' });
  return params;
};

/** A declared action's target id and parameters, as query (and path) parameters. */
export const actionParameters = (endpoint: Endpoint): QueryParameter[] => {
  const { decl } = endpoint.action!;
  const params: QueryParameter[] = [];
  if (endpoint.ids === 'path') params.push({ name: endpoint.idParam!, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
  if (endpoint.ids === 'query') {
    params.push(decl.on === 'row'
      ? { name: endpoint.idParam!, in: 'query', required: true, schema: { type: 'integer', minimum: 1 }, description: 'the record' }
      : { name: endpoint.idParam!, in: 'query', required: true, schema: { type: 'string', example: '1,2,3' }, description: `the records (at most ${decl.maxIds ?? 1000})` });
  }
  for (const [name, param] of Object.entries(decl.params ?? {})) {
    if (name === decl.bodyParam || endpoint.ids === 'body') continue; // in the JSON body (actionBodySchema)
    const { anyOf: _a, ...schema } = valueSchema(param, true);
    params.push({
      name, in: 'query', required: Boolean(param.required),
      schema: param.kind === 'references' ? { type: 'string', example: '1,2,3', description: 'comma-separated ids; empty for none' } : schema,
    });
  }
  return params;
};

/** The same parameters as a JSON or form body (a write takes them there too). */
export const actionBodySchema = (endpoint: Endpoint): JsonSchema => {
  const params = endpoint.action!.decl.params ?? {};
  const { bodyParam, maxIds } = endpoint.action!.decl;
  if (bodyParam && params[bodyParam]) return valueSchema(params[bodyParam], true);
  if (endpoint.ids === 'body') {
    // One row per record: its id and its own parameters.
    const idParam = endpoint.idParam!;
    return {
      type: 'array', minItems: 1, maxItems: maxIds ?? 1000,
      items: {
        type: 'object',
        properties: { [idParam]: { type: 'integer', minimum: 1 }, ...Object.fromEntries(Object.entries(params).map(([name, param]) => [name, valueSchema(param, true)])) },
        required: [idParam, ...Object.entries(params).filter(([, param]) => param.required).map(([name]) => name)],
        additionalProperties: false,
      },
    };
  }
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(params).map(([name, param]) => [name, valueSchema(param, true)])),
    required: Object.entries(params).filter(([, param]) => param.required).map(([name]) => name),
    additionalProperties: false,
  };
};
