// Protects: the demo seed fills every declared entity list for the super admin and the seller, and its images are served.
/**
 * The demo seed fills every screen: after `seed(..., { demo: true, content: true })` (what
 * `npm start` does on a fresh data folder) every declared entity's list answers at least one row
 * to the super admin, the shop-scoped lists answer rows to the demo seller, and the seeded image
 * URLs are served from the upload storage. The entities come from `entityList`, so a new
 * declaration without demo content fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/entity';
import type { Page } from '../../src/schema/api';
import { DEMO_SELLER } from '../../server/db/seed/index';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { listPathFields, routeOf, urlOf } from '../helpers/entity-bodies';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Row = Record<string, unknown> & { id: number };

const listed = entityList.filter((entity) => routeOf(entity, 'list') !== undefined);

describe.each(testDialects())('demo content (%s)', (dialect) => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    adminToken = await login(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = async (entity: Entity, token: string): Promise<Row[]> => {
    // A per-parent list (`/list/{parentId}`) is read for the first row of the entity it names, else at the top.
    const values: Record<string, unknown> = {};
    for (const field of listPathFields(entity)) {
      const target = entity.fields[field]?.reference?.entity;
      const referenced = target ? entityList.find((e) => e.name === target) : undefined;
      values[field] = referenced ? (await rowsOf(referenced, token))[0]?.id : entity.fields[field]?.default ?? 0;
    }
    const answer = await call<Page<Row>>(t.app, 'GET', `${urlOf(routeOf(entity, 'list')!, values)}?pageSize=100`, { token });
    expect(answer.status, `${entity.name}: ${answer.raw}`).toBe(200);
    return answer.body.data.list;
  };

  it.each(listed.map((entity) => [entity.name, entity] as const))('lists %s with at least one row for the super admin', async (_name, entity) => {
    expect((await rowsOf(entity, adminToken)).length).toBeGreaterThan(0);
  });

  it('lists the shop-scoped entities with rows for the demo seller', async () => {
    const token = await login(t.app, DEMO_SELLER);
    const scoped = listed.filter((entity) => entity.tenant !== null);
    expect(scoped.length).toBeGreaterThan(0);
    for (const entity of scoped) expect((await rowsOf(entity, token)).length, entity.name).toBeGreaterThan(0);
  });

  it('has second-level categories, specifications and parameters, and ads on both positions, some expiring soon', async () => {
    const byName = (name: string) => entityList.find((e) => e.name === name)!;
    const top = await rowsOf(byName('productCategory'), adminToken);
    const children = await call<Page<Row>>(t.app, 'GET', `/api/productCategory/list/${top[0]!.id}`, { token: adminToken });
    expect(children.body.data.list.length).toBeGreaterThan(0);
    expect(children.body.data.list.every((c) => c.level === 1 && typeof c.icon === 'string')).toBe(true);

    const types = await rowsOf(byName('productAttributeCategory'), adminToken);
    expect(types.every((type) => Number(type.attributeCount) > 0 && Number(type.paramCount) > 0)).toBe(true);

    const ads = await rowsOf(byName('homeAdvertise'), adminToken);
    expect(new Set(ads.map((ad) => ad.type))).toEqual(new Set([0, 1]));
    const soon = ads.filter((ad) => ad.status === 1 && Date.parse(String(ad.endTime)) - Date.now() < 3 * 24 * 3600 * 1000
      && Date.parse(String(ad.endTime)) > Date.now());
    expect(soon.length).toBeGreaterThan(0);
  });

  it('serves every seeded image URL from the upload storage', async () => {
    const urls = new Set<string>();
    for (const entity of listed) {
      const imageFields = Object.entries(entity.fields).filter(([, decl]) => decl.kind === 'image').map(([name]) => name);
      if (!imageFields.length) continue;
      for (const row of await rowsOf(entity, adminToken)) {
        for (const field of imageFields) if (typeof row[field] === 'string') urls.add(row[field]);
      }
    }
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/(png|jpeg)/);
    }
  });

  it('fills nothing without the content option (the API tests start from empty lists)', async () => {
    const plain = await createTestApp(dialect);
    try {
      const token = await login(plain.app, DEMO.admin);
      const brands = await call<Page<Row>>(plain.app, 'GET', '/api/brand/list', { token });
      expect(brands.body.data.total).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
