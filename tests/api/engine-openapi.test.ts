// Protects: the OpenAPI document lists exactly the registered routes with exact writable-field bodies, and Swagger UI is served offline.
/**
 * The API documentation: GET /api/docs/json is an OpenAPI 3.1 document that lists exactly the
 * routes the app registered (every generated route of every entity and every other API route),
 * with create/update body schemas that list exactly the writable fields; /api/docs serves
 * Swagger UI from the package (no CDN) without a token. If this fails, the document and the
 * running API have drifted apart, or the docs page is broken or needs the internet.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, flag, longText, name, writableFields, secretSetName } from '../../src/schema/engine/entity';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { endpointsOf, operationsOf } from '../../src/schema/engine/endpoints';
import type { Endpoint } from '../../src/schema/engine/endpoints';
import type { RouteDoc } from '../../server/openapi/document';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { listParameters, toJsonSchema } from '../../server/openapi/entity-schemas';
import { call } from '../helpers/api';
import { updatableFields } from '../helpers/entity-bodies';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
};
type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown };
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every `$ref` anywhere in a JSON value. */
const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => (key === '$ref' && typeof v === 'string' ? [v] : refsIn(v)));
  }
  return [];
};

describe('buildOpenApiDocument', () => {
  it('names a batch set parameter as the route reads it (the batch param, not the field)', () => {
    const homeBrand = defineEntity({
      name: 'homeBrandDoc', path: '/home/brandDoc', table: 'sms_home_brand', tenant: null, display: 'brandName',
      menu: { route: 'homeBrand' },
      fields: { brandName: name(), recommandStatus: flag({ default: 0 }) },
      batch: [{ kind: 'set', path: '/update/recommendStatus', field: 'recommandStatus', param: 'recommendStatus' }],
    }) as unknown as Entity;
    const document = buildOpenApiDocument({ apiPrefix: '/api', entities: [homeBrand], routes: [] }) as unknown as Document;
    const names = document.paths['/home/brandDoc/update/recommendStatus']!.post!.parameters!.map((p) => p.name);
    expect(names).toEqual(['ids', 'recommendStatus']);
  });

  it('lets a record hold null for a required field that list answers leave out (omitInList), as the list answers it', () => {
    const note = defineEntity({
      name: 'noteDoc', path: '/noteDoc', table: 'sms_note_doc', tenant: null, display: 'title',
      menu: { route: 'noteDoc' },
      fields: { title: name(), body: longText({ required: true, length: [1, 500], omitInList: true }) },
    }) as unknown as Entity;
    const document = buildOpenApiDocument({ apiPrefix: '/api', entities: [note], routes: [] }) as unknown as Document;
    const record = document.components.schemas.noteDoc as Schema & { properties: Record<string, { anyOf?: unknown[]; type?: string }> };
    expect(record.properties.body!.anyOf).toEqual([expect.objectContaining({ type: 'string' }), { type: 'null' }]);
    expect(record.properties.title!.type).toBe('string');
    expect(record.required).toEqual(expect.arrayContaining(['title', 'body']));
    // The create body still requires it, and refuses null.
    const create = document.paths['/noteDoc/create']!.post!.requestBody!.content['application/json']!.schema;
    expect(create.required).toEqual(expect.arrayContaining(['title', 'body']));
  });
});

describe.each(testDialects())('OpenAPI document and Swagger UI (%s)', (dialect) => {
  let t: TestApp;
  let doc: Document;
  /** `METHOD /path` of every route the app registered under the API prefix, in OpenAPI form. */
  let registered: Set<string>;
  /** Every registered API route (OpenAPI form, no prefix) with the documentation in its route config. */
  const routeDocs = new Map<string, RouteDoc | undefined>();
  let probe: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A second app on the same database, with a root onRoute hook added before its plugins load,
    // so it sees every route exactly as the server registers them.
    probe = buildApp(t.config, { db: t.db });
    const routes: string[] = [];
    probe.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        routes.push(`${method} ${route.url}`);
        const prefix = t.config.apiPrefix;
        if (method === 'HEAD' || !route.url.startsWith(`${prefix}/`) || route.url.startsWith(`${prefix}/docs`)) continue;
        routeDocs.set(`${method} ${route.url.slice(prefix.length).replace(/:(\w+)/g, '{$1}')}`, (route.config as { openapi?: RouteDoc } | undefined)?.openapi);
      }
    });
    await probe.ready();
    const prefix = t.config.apiPrefix;
    registered = new Set(routes
      .map((r) => r.split(' ') as [string, string])
      .filter(([method, url]) => method !== 'HEAD' && url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}/docs`))
      .map(([method, url]) => `${method} ${url.slice(prefix.length).replace(/:(\w+)/g, '{$1}')}`));
    const answer = await call<never>(t.app, 'GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    doc = JSON.parse(answer.raw) as Document;
  });
  afterAll(async () => {
    await probe?.close();
    await t?.close();
  });

  const documented = (): Set<string> => new Set(Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`)));

  it('is an OpenAPI 3.1 document with info, servers, security and sorted, templated paths', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title.length).toBeGreaterThan(0);
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\/[A-Za-z0-9/{}_-]*$/);
      expect(path, 'Fastify :params must be written {params}').not.toContain(':');
    }
  });

  it('documents exactly the routes the app registered: no route missing, none invented', () => {
    expect(registered.size).toBeGreaterThan(10);
    expect([...registered].filter((r) => !documented().has(r)), 'registered but not documented').toEqual([]);
    expect([...documented()].filter((r) => !registered.has(r)), 'documented but not registered').toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document (checked by a maintained validator of the specification, offline)', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  /** The path, query and body inputs a documented operation names. */
  const inputsOf = (operation: Operation) => ({
    path: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort(),
    query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort(),
    body: operation.requestBody ? Object.keys(Object.values(operation.requestBody.content)[0]!.schema.properties ?? {}).sort() : null,
  });

  /** What an entity route reads, from its declaration (not from the document). */
  const declaredInputs = (entity: Entity, route: Endpoint): { query: string[]; body: 'create' | 'update' | string[] | null } => {
    const [operation, field] = route.operation.split(':');
    if (route.action) {
      // A declared action: its target parameter and its parameters in the query, and as a body too for a write.
      const params = Object.keys(route.action.decl.params ?? {});
      // A parameter that is the whole body (mall's array of SKUs) is no query parameter; the body is a list, no named fields.
      const bodyParam = route.action.decl.bodyParam;
      // A body of rows (bodyRows: mall's shipping array) carries the ids and parameters in its rows: no query parameter, no named fields.
      if (route.ids === 'body') return { query: [], body: [] };
      if (bodyParam) return { query: [...(route.ids === 'query' ? [route.idParam!] : []), ...params.filter((p) => p !== bodyParam)], body: [] };
      return { query: [...(route.ids === 'query' ? [route.idParam!] : []), ...params], body: route.action.decl.writes && params.length ? params : null };
    }
    const setParam = (f: string) => {
      const batch = entity.batch?.find((b) => b.kind === 'set' && b.field === f);
      return (batch?.kind === 'set' && batch.param) || f;
    };
    const fields = (op: 'create' | 'update') => (entity.paramsBody
      ? (op === 'create' ? writableFields(entity) : updatableFields(entity)).map(([n]) => n) : []);
    switch (operation) {
      case 'list': return { query: listParameters(entity).filter((p) => p.in === 'query').map((p) => p.name), body: null };
      case 'create': return { query: fields('create'), body: 'create' };
      case 'update': return { query: fields('update'), body: 'update' };
      case 'batchDelete': case 'restore': case 'purge': return { query: ['ids'], body: null };
      case 'batchSet': return { query: route.url.includes('{id}') ? [setParam(field!)] : ['ids', setParam(field!)], body: null };
      case 'alias': return { query: route.variant?.kind === 'alias' && route.variant.of === 'set' ? [setParam(route.variant.field)] : [], body: null };
      default: return { query: [], body: null }; // get, delete, listAll, nested, view
    }
  };

  it('documents every registered route with its method, path parameters, query parameters and body', () => {
    expect(routeDocs.size).toBeGreaterThan(10);
    const byRoute = new Map<string, { entity: Entity; route: Endpoint }>([
      ...entityList.flatMap((entity) => endpointsOf(entity).map((r) => [`${r.method} ${r.url}`, { entity, route: r }] as const)),
    ]);
    for (const [key, routeDoc] of routeDocs) {
      const [method, path] = key.split(' ') as [string, string];
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, `${key} is documented`).toBeDefined();
      const inputs = inputsOf(operation!);
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
      expect(inputs.path, `${key} path parameters`).toEqual(placeholders);
      const generated = byRoute.get(key);
      if (generated) {
        const declared = declaredInputs(generated.entity, generated.route);
        expect(inputs.query, `${key} query parameters`).toEqual([...declared.query].sort());
        const bodyFields = declared.body === 'create' ? writableFields(generated.entity).map(([n]) => n)
          : declared.body === 'update' ? updatableFields(generated.entity).map(([n]) => n) : declared.body;
        expect(inputs.body, `${key} body`).toEqual(bodyFields && [...bodyFields].sort());
        if (method === 'GET') expect(operation!.requestBody, `${key}: a GET reads no body`).toBeUndefined();
        continue;
      }
      // A hand-written route states its query and body in its route config (null: reads none).
      expect(routeDoc, `${key} has config.openapi`).toBeDefined();
      expect(Object.keys(routeDoc!), `${key} states query and body`).toEqual(expect.arrayContaining(['summary', 'query', 'body']));
      const schemaKeys = (schema: unknown): string[] => {
        if (!schema) return [];
        const json = (schema instanceof z.ZodType ? toJsonSchema(schema) : schema) as { properties?: object; allOf?: unknown[] };
        return [...Object.keys(json.properties ?? {}), ...(json.allOf ?? []).flatMap(schemaKeys)];
      };
      expect(inputs.query, `${key} query parameters`).toEqual(schemaKeys(routeDoc!.query).sort());
      expect(inputs.body, `${key} body`).toEqual(routeDoc!.body ? schemaKeys(routeDoc!.body).sort() : null);
    }
  });

  it('the account bodies are documented: sign-in, registration, create, update and password change', () => {
    const bodyOf = (path: string) => Object.keys(Object.values(doc.paths[path]!.post!.requestBody!.content)[0]!.schema.properties ?? {});
    expect(bodyOf('/admin/login')).toEqual(expect.arrayContaining(['username', 'password']));
    expect(bodyOf('/admin/register')).toEqual(expect.arrayContaining(['username', 'password']));
    expect(bodyOf('/admin/create')).toEqual(expect.arrayContaining(['username', 'password', 'nickName', 'status']));
    expect(bodyOf('/admin/update/{id}')).toEqual(expect.arrayContaining(['nickName', 'status']));
    expect(bodyOf('/admin/updatePassword')).toEqual(expect.arrayContaining(['oldPassword', 'newPassword']));
    expect(doc.paths['/minio/upload']!.post!.requestBody!.content).toHaveProperty('multipart/form-data');
  });

  it('listAll is a GET of every record (an array), not a batch update', () => {
    const listAlls = entityList.flatMap((e) => operationsOf(e).filter((r) => r.operation === 'listAll').map((r) => ({ e, r })));
    expect(listAlls.length).toBeGreaterThan(0);
    for (const { e, r } of listAlls) {
      const operation = doc.paths[r.url]!.get! as Operation & { summary: string; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
      expect(operation.parameters ?? []).toEqual([]);
      expect(operation.summary).not.toMatch(/^Set /);
      const data = operation.responses['200']!.content['application/json']!.schema.properties!.data as { type: string; items: unknown };
      expect(data).toEqual({ type: 'array', items: { $ref: `#/components/schemas/${e.name}` } });
    }
  });

  it('contains every generated route of every entity, tagged with its entity', () => {
    for (const entity of entityList) {
      for (const route of operationsOf(entity)) {
        const operation = doc.paths[route.url]?.[route.method.toLowerCase()];
        expect(operation, `${route.method} ${route.url}`).toBeDefined();
        expect((operation as { tags?: string[] }).tags).toEqual([entity.name]);
        expect(registered.has(`${route.method} ${route.url}`), `${route.method} ${route.url} is served`).toBe(true);
      }
    }
  });

  it('every operation has a unique operationId where set, answers, and declares each path parameter', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('200');
        if (operation.operationId) {
          expect(ids.has(operation.operationId), operation.operationId).toBe(false);
          ids.add(operation.operationId);
        }
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(operation.parameters?.find((p) => p.name === name && p.in === 'path' && p.required), `${method} ${path} {${name}}`).toBeDefined();
        }
      }
    }
  });

  it('every $ref points at a schema in components', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas, ref).toHaveProperty(ref.slice('#/components/schemas/'.length));
    }
  });

  it('create and update bodies list exactly the writable fields (closed objects); create marks the required ones', () => {
    for (const entity of entityList) {
      for (const route of operationsOf(entity).filter((r) => r.operation === 'create' || r.operation === 'update')) {
        const schema = doc.paths[route.url]!.post!.requestBody!.content['application/json']!.schema;
        const expected = (route.operation === 'create' ? writableFields(entity) : updatableFields(entity)).map(([name]) => name);
        expect(Object.keys(schema.properties ?? {}).sort(), `${entity.name} ${route.operation}`).toEqual([...expected].sort());
        expect(schema.additionalProperties, `${entity.name} ${route.operation} refuses other keys`).toBe(false);
        const required = route.operation === 'create'
          ? writableFields(entity).filter(([, d]) => d.required && d.default === undefined).map(([n]) => n) : [];
        expect([...(schema.required ?? [])].sort(), `${entity.name} ${route.operation} required`).toEqual(required.sort());
      }
    }
  });

  it('records describe every field; list parameters include paging, filters, ids and the sortable fields', () => {
    for (const entity of entityList) {
      const record = doc.components.schemas[entity.name] as Schema;
      // A secret is write-only: the record says whether an optional one is set (`<field>Set`), never the value.
      const answered = Object.entries(entity.fields).flatMap(([name, decl]) => (decl.kind !== 'secret' ? [name] : decl.required ? [] : [secretSetName(name)]));
      expect(Object.keys(record.properties ?? {}).sort()).toEqual(['id', ...answered].sort());
      const list = operationsOf(entity).find((r) => r.operation === 'list');
      if (!list) continue;
      const names = doc.paths[list.url]!.get!.parameters!.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['pageNum', 'pageSize', 'ids', 'sort', 'order', ...(entity.search ? [entity.search.param] : [])]));
    }
  });

  it('the document needs no token', async () => {
    const answer = await call(t.app, 'GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
  });

  for (const page of ['/api/docs', '/api/docs/']) {
    it(`GET ${page} serves the Swagger UI page without a token, with no external URL, and every asset it loads answers`, async () => {
      const answer = await call(t.app, 'GET', page);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.raw).toContain('swagger-ui');
      expect(answer.raw, 'no CDN or other external URL').not.toMatch(/(https?:)?\/\/[a-z0-9-]+\.[a-z]/i);
      const assets = [...answer.raw.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => new URL(m[1]!, `http://localhost${page}`).pathname);
      expect(assets.length).toBeGreaterThanOrEqual(3);
      for (const asset of assets) {
        const file = await call(t.app, 'GET', asset);
        expect(file.status, asset).toBe(200);
        expect(file.raw.length, asset).toBeGreaterThan(0);
      }
    });
  }
});

describe('API_DOCS', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-test-dir' };
  it('defaults to on outside production and off in production; the setting wins either way', () => {
    expect(loadConfig({ ...env }).apiDocs).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...env, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ ...env, API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });

  describe.each(testDialects())('switched off (%s)', (dialect) => {
    let t: TestApp;
    beforeAll(async () => { t = await createTestApp(dialect, { apiDocs: false }); });
    afterAll(async () => t?.close());
    it('serves neither the document nor Swagger UI, and the API still answers', async () => {
      for (const page of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
        expect((await call(t.app, 'GET', page)).status, page).toBe(404);
      }
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
    });
  });
});
