// Protects: platform rows (`platformRows` on a shop-owned entity): staff leaving the shop out write the platform's row (null shop, not the default shop), a seller never reads, writes or references one and its create goes to its own shop; a reference's `invalidMessage` names a refused reference alike for a missing row, another shop's and the platform's. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, reference, text } from '../../src/schema/engine/entity';
import { registerEntityRoutes } from '../../server/crud/routes';
import type { Scope } from '../../server/crud/scope';
import { ALL_SHOPS } from '../../server/crud/scope';
import { createErrorHandler } from '../../server/http/error-handler';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const fxOffer = defineEntity({
  name: 'fxOffer', path: '/fxOffer', table: 'fx_offer', tenant: 'shop_id', platformRows: true, display: 'name',
  menu: { route: 'fxOffer' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    shopId: int({ min: 1, list: true, immutable: true }),
  },
});

/** The same, without platform rows: a create without its shop goes to the default shop. */
const fxShopOnly = defineEntity({
  name: 'fxShopOnly', path: '/fxShopOnly', table: 'fx_shop_only', tenant: 'shop_id', display: 'name',
  menu: { route: 'fxShopOnly' },
  fields: { name: text({ required: true, length: [1, 40], list: true }), shopId: int({ min: 1, list: true }) },
});

const fxOfferLine = defineEntity({
  name: 'fxOfferLine', path: '/fxOfferLine', table: 'fx_offer_line', tenant: 'shop_id', display: 'id',
  menu: { route: 'fxOfferLine' },
  fields: {
    shopId: int({ min: 1, list: true }),
    offerId: reference('fxOffer', 'name', { required: true, invalidMessage: 'choose_shop' }),
  },
});

const ENTITIES = [fxOffer, fxShopOnly, fxOfferLine] as unknown as Entity[];

/** The caller's scope from a test header: `all`, or the shops it owns (`1,2`). */
const scopeOf = (request: { headers: Record<string, unknown> }): Scope => {
  const header = String(request.headers['x-scope'] ?? 'all');
  return header === 'all' ? ALL_SHOPS : { kind: 'shops', shopIds: header.split(',').map(Number) };
};

describe.each(testDialects())('platform rows (%s)', (dialect) => {
  let fx: EngineFixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fx = await engineFixture(dialect, ENTITIES);
    app = Fastify();
    app.setErrorHandler(createErrorHandler({ http200Envelopes: false }));
    registerEntityRoutes(app, { db: fx.db as never, entities: ENTITIES, scopeOf, defaultShopId: 1 });
    await app.ready();
  });
  afterAll(async () => { await app?.close(); await fx?.close(); });

  const as = (scope: string) => ({
    post: (url: string, body?: unknown) => call<{ id: number; shopId: number | null } & Record<string, unknown>>(app, 'POST', url, { body, headers: { 'x-scope': scope } }),
    get: (url: string) => call<{ id: number; shopId: number | null; list: { id: number; shopId: number | null }[] }>(app, 'GET', url, { headers: { 'x-scope': scope } }),
  });
  const staff = as('all');
  const seller = as('2');
  const seller3 = as('3');
  const rowOf = async (table: string, id: number) => fx.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

  it('staff leaving the shop out write the platform row; naming a shop writes that shop', async () => {
    const platform = await staff.post('/fxOffer/create', { name: 'Platform-wide' });
    expect(platform.status, platform.raw).toBe(200);
    expect((await rowOf('fx_offer', platform.body.data.id))?.shop_id).toBeNull();
    const own = await staff.post('/fxOffer/create', { name: 'Of shop 2', shopId: 2 });
    expect((await rowOf('fx_offer', own.body.data.id))?.shop_id).toBe(2);
    // Without `platformRows` the configured default shop still applies.
    const plain = await staff.post('/fxShopOnly/create', { name: 'Plain' });
    expect((await rowOf('fx_shop_only', plain.body.data.id))?.shop_id).toBe(1);
  });

  it('a seller never sees, changes or names a platform row, and its create goes to its own shop', async () => {
    const platform = (await staff.post('/fxOffer/create', { name: 'Staff only' })).body.data.id;
    const theirs = (await staff.post('/fxOffer/create', { name: 'Shop 3', shopId: 3 })).body.data.id;
    const mine = await seller.post('/fxOffer/create', { name: 'Mine' });
    expect(mine.status, mine.raw).toBe(200);
    expect((await rowOf('fx_offer', mine.body.data.id))?.shop_id).toBe(2);

    const listed = (await seller.get('/fxOffer/list?pageSize=100')).body.data.list;
    expect(listed.every((r) => r.shopId === 2)).toBe(true);
    expect(listed.map((r) => r.id)).toContain(mine.body.data.id);
    expect((await seller.get(`/fxOffer/${platform}`)).status).toBe(404);
    expect((await seller.post(`/fxOffer/update/${platform}`, { name: 'Taken' })).status).toBe(404);
    expect((await seller.post(`/fxOffer/delete/${platform}`)).status).toBe(404);
    expect((await rowOf('fx_offer', platform))?.name).toBe('Staff only');

    // Naming the platform (null) is refused like any shop outside its scope.
    const asPlatform = await seller.post('/fxOffer/create', { name: 'Sneaky', shopId: null });
    expect(asPlatform.status).toBe(400);
    expect(asPlatform.body.errors?.[0]).toMatchObject({ field: 'shopId', messageKey: 'invalid_reference' });

    // A reference's own message, the same for the platform's row, another shop's and a missing one.
    for (const offerId of [platform, theirs, 2_000_000_000]) {
      const line = await seller.post('/fxOfferLine/create', { offerId });
      expect(line.status).toBe(400);
      expect(line.body.errors?.[0]).toMatchObject({ field: 'offerId', messageKey: 'choose_shop' });
    }
    expect((await seller.post('/fxOfferLine/create', { offerId: mine.body.data.id })).status).toBe(200);
    // Another seller sees none of it; staff see all three owners.
    expect((await seller3.get('/fxOffer/list?pageSize=100')).body.data.list.map((r) => r.id)).toEqual([theirs]);
    const all = (await staff.get('/fxOffer/list?pageSize=100')).body.data.list.map((r) => r.shopId);
    expect(new Set(all)).toEqual(new Set([null, 2, 3]));
  });
});
