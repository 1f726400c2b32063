// Protects: rows a seller reads beyond its shops (`readableBeyondScope` hook): its list and a record's detail answer them marked `readOnly: true`, its own rows unmarked; update, delete and a batch set answer 404 and change nothing; another seller and staff see them as before (staff unmarked); the list follows the other table the condition reads at once (never kept). A filter on a virtual field (`filterWhere` hook) selects by the area's condition, is refused with a value none of its options has, and a repository without the hook does not start. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, enumeration, flag, int, text } from '../../src/schema/engine/entity';
import { READ_ONLY_KEY } from '../../src/schema/engine/readOnlyRows';
import type { EntityHooks } from '../../server/crud/hooks';
import { createRepository } from '../../server/crud/repository';
import { registerEntityRoutes } from '../../server/crud/routes';
import type { Scope } from '../../server/crud/scope';
import { ALL_SHOPS } from '../../server/crud/scope';
import { createErrorHandler } from '../../server/http/error-handler';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const SIZES = [{ value: 0, label: 'small' }, { value: 1, label: 'large' }] as const;

const fxDeal = defineEntity({
  name: 'fxDeal', path: '/fxDeal', table: 'fx_deal', tenant: 'shop_id', platformRows: true, display: 'name',
  menu: { route: 'fxDeal' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    shopId: int({ min: 1, list: true, immutable: true }),
    points: int({ default: 0, min: 0, list: true }),
    status: flag({ default: 0, list: true, toggle: '/update/status/{id}' }),
    // Worked out from `points`: its filter is the hook's condition.
    size: enumeration(SIZES, { serverManaged: true, virtual: true, filter: { param: 'size', op: 'eq' } }),
  },
  batch: [{ kind: 'set', path: '/update/status/{id}', field: 'status' }],
});

/** A platform deal is read by the shops an audience row names (another table than the deal's). */
const hooks: EntityHooks = {
  readableBeyondScope: (eb, shopIds) => eb.and([
    eb('fx_deal.shop_id', 'is', null),
    eb.exists(eb.selectFrom('fx_deal_audience as a').select('a.deal_id').whereRef('a.deal_id', '=', 'fx_deal.id').where('a.shop_id', 'in', [...shopIds])),
  ]),
  filterWhere: { size: (eb, value) => (Number(value) === 1 ? eb('fx_deal.points', '>=', 10) : eb('fx_deal.points', '<', 10)) },
};

const ENTITIES = [fxDeal] as unknown as Entity[];

const scopeOf = (request: { headers: Record<string, unknown> }): Scope => {
  const header = String(request.headers['x-scope'] ?? 'all');
  return header === 'all' ? ALL_SHOPS : { kind: 'shops', shopIds: header.split(',').map(Number) };
};

type Row = { id: number; shopId: number | null; name: string; readOnly?: boolean };

describe.each(testDialects())('rows read beyond the scope (%s)', (dialect) => {
  let fx: EngineFixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fx = await engineFixture(dialect, ENTITIES, { fxDeal: hooks });
    await fx.db.schema.createTable('fx_deal_audience').addColumn('deal_id', 'integer', (c) => c.notNull()).addColumn('shop_id', 'integer', (c) => c.notNull()).execute();
    app = Fastify();
    app.setErrorHandler(createErrorHandler({ http200Envelopes: false }));
    registerEntityRoutes(app, { db: fx.db as never, entities: ENTITIES, hooks: { fxDeal: hooks }, scopeOf });
    await app.ready();
  });
  afterAll(async () => { await app?.close(); await fx?.close(); });

  const as = (scope: string) => ({
    post: (url: string, body?: unknown) => call<Row>(app, 'POST', url, { body, headers: { 'x-scope': scope } }),
    get: (url: string) => call<Row & { list: Row[] }>(app, 'GET', url, { headers: { 'x-scope': scope } }),
  });
  const staff = as('all');
  const seller = as('2');
  const seller3 = as('3');
  const listOf = async (who: ReturnType<typeof as>, query = '') => (await who.get(`/fxDeal/list?pageSize=100${query}`)).body.data.list;
  const audience = (dealId: number, shopId: number) => fx.db.insertInto('fx_deal_audience').values({ deal_id: dealId, shop_id: shopId }).execute();

  it('a seller reads the platform rows the hook names, marked read-only, and writes none of them', async () => {
    const shared = (await staff.post('/fxDeal/create', { name: 'For shop 2', points: 3 })).body.data.id;
    const hidden = (await staff.post('/fxDeal/create', { name: 'For shop 3', points: 3 })).body.data.id;
    const mine = (await seller.post('/fxDeal/create', { name: 'Own', points: 3 })).body.data.id;
    await audience(shared, 2);
    await audience(hidden, 3);

    const rows = new Map((await listOf(seller)).map((r) => [r.id, r]));
    expect(rows.get(shared)).toMatchObject({ shopId: null, [READ_ONLY_KEY]: true });
    expect(rows.get(mine)?.[READ_ONLY_KEY]).toBeUndefined();
    expect(rows.has(hidden)).toBe(false);
    expect((await seller.get(`/fxDeal/${shared}`)).body.data).toMatchObject({ id: shared, [READ_ONLY_KEY]: true });
    expect((await seller.get(`/fxDeal/${hidden}`)).status).toBe(404);
    expect((await seller.get(`/fxDeal/list?ids=${shared},${hidden}`)).body.data.list.map((r) => r.id)).toEqual([shared]);

    expect((await seller.post(`/fxDeal/update/${shared}`, { name: 'Taken' })).status).toBe(404);
    expect((await seller.post(`/fxDeal/update/status/${shared}?status=1`)).status).toBe(404);
    expect((await seller.post(`/fxDeal/delete/${shared}`)).status).toBe(404);
    expect(await fx.db.selectFrom('fx_deal').select(['name', 'status']).where('id', '=', shared).executeTakeFirst()).toEqual({ name: 'For shop 2', status: 0 });

    // Another seller sees its own platform row only; staff see all, unmarked.
    expect((await listOf(seller3)).map((r) => r.id)).toEqual([hidden]);
    const all = await listOf(staff);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([shared, hidden, mine]));
    expect(all.every((r) => r[READ_ONLY_KEY] === undefined)).toBe(true);
  });

  it('the list follows the other table the condition reads at once', async () => {
    const later = (await staff.post('/fxDeal/create', { name: 'Later', points: 1 })).body.data.id;
    expect((await listOf(seller)).map((r) => r.id)).not.toContain(later);
    await audience(later, 2);
    expect((await listOf(seller)).map((r) => r.id)).toContain(later);
    expect((await seller.get(`/fxDeal/${later}`)).status).toBe(200);
  });

  it('a virtual field\'s filter is the area\'s condition', async () => {
    const small = (await staff.post('/fxDeal/create', { name: 'Small', points: 2, shopId: 4 })).body.data.id;
    const large = (await staff.post('/fxDeal/create', { name: 'Large', points: 20, shopId: 4 })).body.data.id;
    const shop4 = as('4');
    expect((await listOf(shop4, '&size=0')).map((r) => r.id)).toEqual([small]);
    expect((await listOf(shop4, '&size=1')).map((r) => r.id)).toEqual([large]);
    const bad = await shop4.get('/fxDeal/list?size=7');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ field: 'size', messageKey: 'invalid_value' });
    expect(() => createRepository(fxDeal as unknown as Entity, { db: fx.db as never, entities: ENTITIES, hooks: {} }))
      .toThrow(/filterWhere/);
  });
});
