/**
 * The OpenAPI 3.1 document: every declared entity's generated routes with their schemas, plus
 * every other route the app registered (collected by an onRoute hook), described by the
 * `openapi` entry of its route config where it has one.
 */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Entity } from '../../src/schema/engine/entity';
import { columnFields } from '../../src/schema/engine/entity';
import { endpointsOf } from '../../src/schema/engine/endpoints';
import { recycleBinOf } from '../../src/schema/engine/recycleBin';
import type { Endpoint } from '../../src/schema/engine/endpoints';
import type { JsonSchema } from './entity-schemas';
import { actionBodySchema, actionParameters, createBodySchema, listParameters, recordSchema, toJsonSchema, updateBodySchema } from './entity-schemas';

/** A schema of a hand-written route: the zod schema it parses with (preferred) or JSON Schema. */
export type SchemaLike = z.ZodType | JsonSchema;

/**
 * What a hand-written route says about itself (Fastify route `config.openapi`). `query` and
 * `body` must be stated, `null` when the route reads none, so no route is documented by omission.
 */
export type RouteDoc = {
  summary: string; tags?: string[]; query: SchemaLike | null; body: SchemaLike | null; public?: boolean;
  /** Media type of the body; default `application/json`. */
  contentType?: string;
};

export type CollectedRoute = { method: string; url: string; doc?: RouteDoc };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation of a hand-written route (see RouteDoc). */
    openapi?: RouteDoc;
  }
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer', example: 200 }, message: { type: 'string' }, data },
  required: ['code', 'message', 'data'],
});

const page = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: {
    pageNum: { type: 'integer' }, pageSize: { type: 'integer' }, totalPage: { type: 'integer' },
    total: { type: 'integer' }, list: { type: 'array', items: item },
    // Only on a list longer than the exact bound that was not asked `exactTotal=1`: `total` is then an estimate.
    totalExact: { type: 'boolean', description: 'false when `total` is an estimate (the list has at least `totalAtLeast` rows); absent when exact' },
    totalAtLeast: { type: 'integer', description: 'with `totalExact: false`: the list has at least this many rows' },
  },
});

const errorResponse = { description: 'Error envelope (validation: code 404 with `errors[]`)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

const toOpenApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

const pathParams = (url: string) => [...url.matchAll(/\{(\w+)\}/g)].map((m) => ({
  name: m[1], in: 'path', required: true, schema: m[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'integer' },
}));

const json = (description: string, data: JsonSchema) => ({ description, content: { 'application/json': { schema: envelope(data) } } });

const idsParameter = { name: 'ids', in: 'query', required: true, schema: { type: 'string', example: '1,2,3' } };

/** A JSON Schema object of a zod schema or a JSON Schema as given, without its `$schema` key. */
const asJsonSchema = (schema: SchemaLike): JsonSchema => {
  const { $schema: _ignored, ...rest } = schema instanceof z.ZodType ? toJsonSchema(schema) : schema;
  return rest;
};

/** Query parameters from an object schema's properties. */
const queryParameters = (schema: JsonSchema): { name: string; in: 'query'; required: boolean; schema: JsonSchema }[] => {
  // zod's `a.and(b)` becomes allOf: the parameters of each part.
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonSchema[]).flatMap(queryParameters);
  const required = (schema.required ?? []) as string[];
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .map(([name, property]) => ({ name, in: 'query' as const, required: required.includes(name), schema: property }));
};

/** A sparse row of a nested look-up: every stored field, only some filled. */
const sparseSchema = (entity: Entity, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { id: { type: 'integer' }, ...Object.fromEntries(columnFields(entity).map(([name]) => [name, {}])), ...extra },
});

const variantOperation = (entity: Entity, route: Endpoint, entities: readonly Entity[]): Record<string, unknown> => {
  const variant = route.variant!;
  const slug = route.url.slice(entity.path.length).replace(/[{}]/g, '').replace(/\W+/g, '_');
  const base = { tags: [entity.name], operationId: `${entity.name}_${route.method.toLowerCase()}${slug}` };
  switch (variant.kind) {
    case 'alias':
      if (variant.of === 'set') {
        return { ...base, summary: `Set ${variant.field} on one ${entity.name} (mall's path; an \`id\` in the query is ignored)`,
          parameters: [...pathParams(route.url), { name: variant.field, in: 'query', required: true, schema: { type: 'integer' } }],
          responses: { 200: json('Rows changed', { type: 'integer' }), 400: errorResponse, 404: errorResponse } };
      }
      if (variant.of === 'get') {
        return { ...base, summary: `One ${entity.name} with its lists (mall's path)`, parameters: pathParams(route.url),
          responses: { 200: json('The record', recordSchema(entity)), 400: errorResponse, 404: errorResponse } };
      }
      return { ...base, summary: `Delete a ${entity.name} (mall's ${route.method} path)`, parameters: pathParams(route.url),
        responses: { 200: json(variant.answer === 'null' ? 'Deleted (data is null, as in mall)' : 'Rows changed',
          variant.answer === 'null' ? { type: 'null' } : { type: 'integer' }), 404: errorResponse } };
    case 'nested': {
      const child = entities.find((e) => e.name === variant.children.entity)!;
      const item = sparseSchema(entity, { [variant.children.as]: { type: 'array', items: sparseSchema(child) } });
      return { ...base, summary: `Every ${entity.name} with its ${variant.children.as}; only id and ${variant.fields.join(', ')} filled, as mall's look-up`,
        parameters: [], responses: { 200: json('Every row with its children', { type: 'array', items: item }), 400: errorResponse } };
    }
    case 'view':
      return { ...base, summary: variant.summary, parameters: pathParams(route.url),
        responses: { 200: json('The rows', { type: 'array', items: { type: 'object' } }), 400: errorResponse, 404: errorResponse } };
  }
};

/** Writable fields as query parameters (`paramsBody` entities: mall's `?name=`). */
const fieldParameters = (entity: Entity, operation: 'create' | 'update') => {
  const schema = (operation === 'create' ? createBodySchema(entity) : updateBodySchema(entity)) as { properties?: Record<string, JsonSchema> };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: false, schema: property }));
};

/** A declared action: its target, its parameters (query, or a JSON or form body for a write), the envelope. */
const actionOperation = (entity: Entity, route: Endpoint): Record<string, unknown> => {
  const { name, decl } = route.action!;
  const body = decl.writes && route.body === 'params'
    ? { requestBody: decl.bodyParam || route.ids === 'body'
      ? { required: true, content: { 'application/json': { schema: actionBodySchema(route) } } }
      : { required: false, content: { 'application/json': { schema: actionBodySchema(route) }, 'application/x-www-form-urlencoded': { schema: actionBodySchema(route) } } } }
    : {};
  return {
    tags: [entity.name], operationId: `${entity.name}_${name}`,
    summary: `${decl.summary} (${decl.on === 'row' ? 'one record' : decl.on === 'selection' ? 'several records' : 'the collection'}${decl.writes ? ', audited' : ''})`,
    parameters: actionParameters(route), ...body,
    responses: { 200: json('The answer', {}), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  };
};

const entityOperation = (entity: Entity, route: Endpoint, entities: readonly Entity[]): Record<string, unknown> => {
  if (route.variant) return variantOperation(entity, route, entities);
  if (route.action) return actionOperation(entity, route);
  const ref = { $ref: `#/components/schemas/${entity.name}` };
  const [operation, field] = route.operation.split(':');
  const base = { tags: [entity.name], operationId: `${entity.name}_${route.operation.replace(':', '_')}` };
  const count = { description: 'Rows changed', content: { 'application/json': { schema: envelope({ type: 'integer' }) } } };
  switch (operation) {
    case 'list':
      if (entity.lookupBy) {
        return { ...base, summary: `List ${entity.name}: a page; with ${entity.lookupBy} as the only parameter, every matching row as a plain array (mall's look-up)`,
          parameters: listParameters(entity),
          responses: { 200: json('A page, or the plain array of a look-up', { oneOf: [page(ref), { type: 'array', items: ref }] }), 400: errorResponse } };
      }
      return { ...base, summary: `List ${entity.name}`, parameters: listParameters(entity),
        responses: { 200: { description: 'A page', content: { 'application/json': { schema: envelope(page(ref)) } } }, 400: errorResponse } };
    case 'listAll':
      return { ...base, summary: `Every ${entity.name} the caller may see, not paged, in the list order`, parameters: [],
        responses: { 200: json('Every row', { type: 'array', items: ref }) } };
    case 'get':
      return { ...base, summary: `Get one ${entity.name}`, parameters: pathParams(route.url),
        responses: { 200: { description: 'The record', content: { 'application/json': { schema: envelope(ref) } } }, 404: errorResponse } };
    case 'create':
      return { ...base, summary: `Create a ${entity.name}${entity.paramsBody ? ' (fields in the body, or as query parameters as mall sends them)' : ''}`,
        ...(entity.paramsBody ? { parameters: fieldParameters(entity, 'create') } : {}),
        requestBody: { required: !entity.paramsBody, content: { 'application/json': { schema: createBodySchema(entity) } } },
        responses: { 200: { description: 'The created record', content: { 'application/json': { schema: envelope(ref) } } }, 400: errorResponse, 409: errorResponse } };
    case 'update':
      return { ...base, summary: `Update a ${entity.name} (only the fields sent)`,
        parameters: [...pathParams(route.url), ...(entity.paramsBody ? fieldParameters(entity, 'update') : [])],
        requestBody: { required: !entity.paramsBody, content: { 'application/json': { schema: updateBodySchema(entity) } } },
        responses: { 200: count, 400: errorResponse, 404: errorResponse } };
    case 'delete':
      return { ...base, summary: `Delete a ${entity.name}${recycleBinOf(entity) ? ' (into the recycle bin)' : ''}`, parameters: pathParams(route.url), responses: { 200: count, 404: errorResponse } };
    case 'batchDelete':
      return { ...base, summary: `Delete several ${entity.name}${recycleBinOf(entity) ? ' (into the recycle bin)' : ''}`,
        parameters: [idsParameter],
        responses: { 200: count, 400: errorResponse } };
    case 'restore':
      return { ...base, summary: `Restore ${entity.name} records from the recycle bin`, parameters: [idsParameter],
        responses: { 200: count, 400: errorResponse, 404: errorResponse, 409: errorResponse } };
    case 'purge':
      return { ...base, summary: `Delete ${entity.name} records in the recycle bin for good`, parameters: [idsParameter],
        responses: { 200: count, 400: errorResponse, 404: errorResponse } };
    default: {
      // The query parameter is the batch's own name when it declares one (mall: recommendStatus
      // writes recommandStatus), as the route reads it.
      const batch = entity.batch?.find((b) => b.kind === 'set' && b.field === field);
      const param = (batch?.kind === 'set' && batch.param) || field!;
      // A single-id path (`/role/updateStatus/{id}`) takes its id from the path, the others `?ids=`.
      const single = route.url.includes('{id}');
      return { ...base, summary: single ? `Set ${field} on one ${entity.name}` : `Set ${field} on several ${entity.name}`,
        parameters: [
          ...(single ? pathParams(route.url) : [idsParameter]),
          { name: param, in: 'query', required: true, schema: { type: 'integer' } },
        ],
        responses: { 200: count, 400: errorResponse } };
    }
  }
};

export const buildOpenApiDocument = (options: {
  apiPrefix: string;
  entities: readonly Entity[];
  /** Routes registered under the API prefix (URLs without the prefix), generated ones included. */
  routes: readonly CollectedRoute[];
}): Record<string, unknown> => {
  const paths: Record<string, Record<string, unknown>> = {};
  const generated = new Set<string>();
  for (const entity of options.entities) {
    for (const route of endpointsOf(entity)) {
      const path = toOpenApiPath(route.url);
      generated.add(`${route.method} ${path}`);
      (paths[path] ??= {})[route.method.toLowerCase()] = entityOperation(entity, route, options.entities);
    }
  }
  for (const route of options.routes) {
    const path = toOpenApiPath(route.url);
    if (generated.has(`${route.method} ${path}`) || route.method === 'HEAD' || path.startsWith('/docs')) continue;
    const doc = route.doc;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      tags: doc?.tags ?? [path.split('/')[1] ?? 'api'],
      summary: doc?.summary ?? `${route.method} ${path}`,
      parameters: [...pathParams(path), ...(doc?.query ? queryParameters(asJsonSchema(doc.query)) : [])],
      ...(doc?.body ? { requestBody: { required: true, content: { [doc.contentType ?? 'application/json']: { schema: asJsonSchema(doc.body) } } } } : {}),
      ...(doc?.public ? { security: [] } : {}),
      responses: { 200: { description: 'Envelope', content: { 'application/json': { schema: envelope({}) } } }, 400: errorResponse },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Marketplace back-office API', version: '1.0.0',
      description: 'Wire-compatible with the `mall` admin API: every answer is `{code, message, data}`; `code` 200 is success.' },
    servers: [{ url: options.apiPrefix }],
    security: [{ bearer: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: { bearer: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Bearer <token>` from POST /admin/login' } },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            code: { type: 'integer' }, message: { type: 'string' }, messageKey: { type: 'string' }, data: {},
            errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, messageKey: { type: 'string' }, message: { type: 'string' } } } },
          },
        },
        ...Object.fromEntries(options.entities.map((e) => [e.name, recordSchema(e)])),
      },
    },
  };
};

/** Collects the routes registered inside an API scope, for the document. */
export const collectRoutes = (prefix: string) => {
  const routes: CollectedRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url.startsWith(prefix) ? route.url.slice(prefix.length) || '/' : route.url;
    for (const method of methods) routes.push({ method, url, doc: (route.config as { openapi?: RouteDoc } | undefined)?.openapi });
  };
  return { routes, onRoute };
};
