/**
 * The OpenAPI 3.1 document: every declared entity's generated routes with their schemas, plus
 * every other route the app registered (collected by an onRoute hook), described by the
 * `openapi` entry of its route config where it has one.
 */
import type { RouteOptions } from 'fastify';
import type { Entity } from '../../src/schema/entity';
import type { GeneratedRoute } from '../crud/routes';
import { generatedRoutes } from '../crud/routes';
import type { JsonSchema } from './entity-schemas';
import { createBodySchema, listParameters, recordSchema, updateBodySchema } from './entity-schemas';

/** What a hand-written route says about itself (Fastify route `config.openapi`). */
export type RouteDoc = { summary: string; tags?: string[]; body?: JsonSchema; query?: JsonSchema; public?: boolean };

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
  },
});

const errorResponse = { description: 'Error envelope (validation: code 404 with `errors[]`)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

const toOpenApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

const pathParams = (url: string) => [...url.matchAll(/\{(\w+)\}/g)].map((m) => ({
  name: m[1], in: 'path', required: true, schema: m[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'integer' },
}));

const entityOperation = (entity: Entity, route: GeneratedRoute): Record<string, unknown> => {
  const ref = { $ref: `#/components/schemas/${entity.name}` };
  const [operation, field] = route.operation.split(':');
  const base = { tags: [entity.name], operationId: `${entity.name}_${route.operation.replace(':', '_')}` };
  const count = { description: 'Rows changed', content: { 'application/json': { schema: envelope({ type: 'integer' }) } } };
  switch (operation) {
    case 'list':
      return { ...base, summary: `List ${entity.name}`, parameters: listParameters(entity),
        responses: { 200: { description: 'A page', content: { 'application/json': { schema: envelope(page(ref)) } } }, 400: errorResponse } };
    case 'get':
      return { ...base, summary: `Get one ${entity.name}`, parameters: pathParams(route.url),
        responses: { 200: { description: 'The record', content: { 'application/json': { schema: envelope(ref) } } }, 404: errorResponse } };
    case 'create':
      return { ...base, summary: `Create a ${entity.name}`,
        requestBody: { required: true, content: { 'application/json': { schema: createBodySchema(entity) } } },
        responses: { 200: { description: 'The created record', content: { 'application/json': { schema: envelope(ref) } } }, 400: errorResponse, 409: errorResponse } };
    case 'update':
      return { ...base, summary: `Update a ${entity.name} (only the fields sent)`, parameters: pathParams(route.url),
        requestBody: { required: true, content: { 'application/json': { schema: updateBodySchema(entity) } } },
        responses: { 200: count, 400: errorResponse, 404: errorResponse } };
    case 'delete':
      return { ...base, summary: `Delete a ${entity.name}`, parameters: pathParams(route.url), responses: { 200: count, 404: errorResponse } };
    case 'batchDelete':
      return { ...base, summary: `Delete several ${entity.name}`,
        parameters: [{ name: 'ids', in: 'query', required: true, schema: { type: 'string', example: '1,2,3' } }],
        responses: { 200: count, 400: errorResponse } };
    default: {
      // The query parameter is the batch's own name when it declares one (mall: recommendStatus
      // writes recommandStatus), as the route reads it.
      const batch = entity.batch?.find((b) => b.kind === 'set' && b.field === field);
      const param = (batch?.kind === 'set' && batch.param) || field!;
      // A single-id path (`/role/updateStatus/{id}`) takes its id from the path, the others `?ids=`.
      const single = route.url.includes('{id}');
      return { ...base, summary: single ? `Set ${field} on one ${entity.name}` : `Set ${field} on several ${entity.name}`,
        parameters: [
          ...(single ? pathParams(route.url) : [{ name: 'ids', in: 'query', required: true, schema: { type: 'string', example: '1,2,3' } }]),
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
    for (const route of generatedRoutes(entity)) {
      const path = toOpenApiPath(route.url);
      generated.add(`${route.method} ${path}`);
      (paths[path] ??= {})[route.method.toLowerCase()] = entityOperation(entity, route);
    }
  }
  for (const route of options.routes) {
    const path = toOpenApiPath(route.url);
    if (generated.has(`${route.method} ${path}`) || route.method === 'HEAD' || path.startsWith('/docs')) continue;
    const doc = route.doc;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      tags: doc?.tags ?? [path.split('/')[1] ?? 'api'],
      summary: doc?.summary ?? `${route.method} ${path}`,
      parameters: pathParams(path),
      ...(doc?.query ? { parameters: [...pathParams(path), ...Object.entries((doc.query.properties ?? {}) as Record<string, JsonSchema>)
        .map(([name, schema]) => ({ name, in: 'query', required: ((doc.query?.required ?? []) as string[]).includes(name), schema }))] } : {}),
      ...(doc?.body ? { requestBody: { required: true, content: { 'application/json': { schema: doc.body } } } } : {}),
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
