/**
 * The API documentation: GET /api/docs/json is an OpenAPI 3.1 document that lists exactly the
 * routes the app registered (every generated route of every entity and every other API route),
 * with create/update body schemas that list exactly the writable fields; /api/docs serves
 * Swagger UI from the package (no CDN) without a token. If this fails, the document and the
 * running API have drifted apart, or the docs page is broken or needs the internet.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/entity';
import { defineEntity, flag, name, writableFields } from '../../src/schema/entity';
import { buildApp } from '../../server/app';
import { generatedRoutes } from '../../server/crud/routes';
import { buildOpenApiDocument } from '../../server/openapi/document';
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
      menu: { section: 'sms', route: 'homeBrand' },
      fields: { brandName: name(), recommandStatus: flag({ default: 0 }) },
      batch: [{ kind: 'set', path: '/update/recommendStatus', field: 'recommandStatus', param: 'recommendStatus' }],
    }) as unknown as Entity;
    const document = buildOpenApiDocument({ apiPrefix: '/api', entities: [homeBrand], routes: [] }) as unknown as Document;
    const names = document.paths['/home/brandDoc/update/recommendStatus']!.post!.parameters!.map((p) => p.name);
    expect(names).toEqual(['ids', 'recommendStatus']);
  });
});

describe.each(testDialects())('OpenAPI document and Swagger UI (%s)', (dialect) => {
  let t: TestApp;
  let doc: Document;
  /** `METHOD /path` of every route the app registered under the API prefix, in OpenAPI form. */
  let registered: Set<string>;
  let probe: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A second app on the same database, with a root onRoute hook added before its plugins load,
    // so it sees every route exactly as the server registers them.
    probe = buildApp(t.config, { db: t.db });
    const routes: string[] = [];
    probe.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
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

  it('contains every generated route of every entity, tagged with its entity', () => {
    for (const entity of entityList) {
      for (const route of generatedRoutes(entity)) {
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
      for (const route of generatedRoutes(entity).filter((r) => r.operation === 'create' || r.operation === 'update')) {
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
      expect(Object.keys(record.properties ?? {}).sort()).toEqual(['id', ...Object.keys(entity.fields)].sort());
      const list = generatedRoutes(entity).find((r) => r.operation === 'list');
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
