// Protects: property: whatever two sellers hold and ask, neither sees, counts or changes the other's shops, molds and (through declared actions) a fixture's gadgets.
/**
 * Property: whatever shops and molds two sellers hold, and whatever either of them asks, neither
 * sees, counts or changes the other's records. fast-check generates the two data sets (shops
 * and molds with random statuses, usage and names) and a sequence of operations by either seller
 * with ids picked from BOTH sellers' rows (lists with filters, search, sort and ids; gets;
 * updates; batch operations; creates naming any shop; shop look-ups; and the declared actions of
 * a shop-owned fixture entity: row actions by path id and by named parameter with an id list,
 * a selection, collection reads and writes). A model says what each answer must be; at the end
 * the database must equal the model. If this fails, the shop scope leaks somewhere the example
 * tests do not look.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mold } from '../../src/schema/mold/entities';
import { createGadgetTable, GADGET_BUILD, gadgetTable, insertGadget } from '../helpers/action-fixture';
import type { MoldRecord, Page, ShopRecord } from '../helpers/tenancy';
import { client, makeSeller, withoutQuotas } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** Runs per dialect; each run builds a fresh two-seller data set (PROPERTY_RUNS to raise it). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
const TAGS = ['alpha', 'beta', 'gamma'] as const;
const SORTS = ['id', 'code', 'name', 'usageCount', 'createTime'] as const;
const STATUS_BATCH = mold.batch?.find((b) => b.kind === 'set' && b.field === 'status');

type Seller = 'a' | 'b';
type MoldSpec = { status: number; usage: number; tag: (typeof TAGS)[number] };
type Model = {
  shops: Map<number, Seller>;
  molds: Map<number, { owner: Seller; shopId: number; status: number; name: string; code: string; usageCount: number }>;
  gadgets: Map<number, { owner: Seller; shopId: number; status: number; name: string; note: string | null }>;
};

const moldSpec = fc.record({ status: fc.integer({ min: 0, max: 3 }), usage: fc.nat({ max: 5000 }), tag: fc.constantFrom(...TAGS) });
const holdings = fc.array(fc.array(moldSpec, { maxLength: 4 }), { minLength: 1, maxLength: 3 });
const actor = fc.constantFrom<Seller>('a', 'b');
const pick = fc.nat({ max: 1000 });

const operation = fc.oneof(
  fc.record({ kind: fc.constant('list' as const), actor, status: fc.option(fc.integer({ min: 0, max: 3 })), shop: fc.option(pick),
    tag: fc.option(fc.constantFrom(...TAGS)), ids: fc.option(fc.array(pick, { minLength: 1, maxLength: 5 })),
    sort: fc.constantFrom(...SORTS), order: fc.constantFrom('asc', 'desc') }),
  fc.record({ kind: fc.constant('get' as const), actor, pick }),
  fc.record({ kind: fc.constant('update' as const), actor, pick, status: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('delete' as const), actor, pick }),
  fc.record({ kind: fc.constant('batchDelete' as const), actor, picks: fc.array(pick, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('batchStatus' as const), actor, picks: fc.array(pick, { minLength: 1, maxLength: 4 }), status: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('create' as const), actor, shop: pick, tag: fc.constantFrom(...TAGS) }),
  fc.record({ kind: fc.constant('shops' as const), actor }),
  fc.record({ kind: fc.constant('getShop' as const), actor, shop: pick }),
  // The fixture gadgets' declared actions (tests/helpers/action-fixture.ts).
  fc.record({ kind: fc.constant('rename' as const), actor, pick, tag: fc.constantFrom(...TAGS) }),
  fc.record({ kind: fc.constant('link' as const), actor, pick, picks: fc.array(pick, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('retag' as const), actor, picks: fc.array(pick, { minLength: 1, maxLength: 3 }), tag: fc.constantFrom(...TAGS) }),
  fc.record({ kind: fc.constant('count' as const), actor, status: fc.option(fc.integer({ min: 0, max: 3 })) }),
  fc.record({ kind: fc.constant('peek' as const), actor, pick }),
  fc.record({ kind: fc.constant('resetAll' as const), actor }),
);

type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

const NOT_FOUND = { code: 404, message: 'Not found', data: null, messageKey: 'not_found' };

describe.each(testDialects())('no leak across shops, for any two-seller data set (%s)', (dialect) => {
  let t: TestApp;
  const sellers = {} as Record<Seller, { id: number; api: ReturnType<typeof client> }>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, GADGET_BUILD);
    await createGadgetTable(t.db);
    for (const key of ['a', 'b'] as const) {
      const account = await makeSeller(t.app, t.db, `prop-seller-${key}`);
      await withoutQuotas(t.db, [account.id]);
      sellers[key] = { id: account.id, api: client(t.app, account.token) };
    }
  });
  afterAll(async () => t?.close());

  let seq = 0;
  const build = async (data: Record<Seller, MoldSpec[][]>): Promise<Model> => {
    // A fresh data set: the two sellers' previous shops (and, by cascade, molds) go.
    await t.db.deleteFrom('shop').where('owner_id', 'in', [sellers.a.id, sellers.b.id]).execute();
    const model: Model = { shops: new Map(), molds: new Map(), gadgets: new Map() };
    for (const owner of ['a', 'b'] as const) {
      for (const molds of data[owner]) {
        seq += 1;
        const shop = await sellers[owner].api.post<ShopRecord>('/shop/create', { shopName: `Shop ${owner} ${seq}` });
        expect(shop.status, shop.raw).toBe(200);
        model.shops.set(shop.body.data.id, owner);
        for (const spec of molds) {
          seq += 1;
          const body = { code: `P${seq}`, name: `${spec.tag} mold ${seq}`, shopId: shop.body.data.id, status: spec.status, usageCount: spec.usage, ratedLife: 5000 };
          const created = await sellers[owner].api.post<MoldRecord>('/mold/create', body);
          expect(created.status, created.raw).toBe(200);
          model.molds.set(created.body.data.id, { owner, shopId: body.shopId, status: spec.status, name: body.name, code: body.code, usageCount: spec.usage });
          // A gadget beside each mold, with the mold's status and tag.
          const gadgetName = `${spec.tag} gadget ${seq}`;
          const gadgetId = await insertGadget(t.db, body.shopId, gadgetName, spec.status);
          model.gadgets.set(gadgetId, { owner, shopId: body.shopId, status: spec.status, name: gadgetName, note: null });
        }
      }
    }
    return model;
  };

  /** Picks an id from both sellers' rows (and sometimes one that never existed). */
  const idFrom = (ids: number[], n: number): number => (ids.length && n % 7 !== 6 ? ids[n % ids.length]! : 2_000_000_000 - n);

  const ownMolds = (model: Model, who: Seller) => [...model.molds].filter(([, m]) => m.owner === who).map(([id]) => id);
  const ownGadget = (model: Model, who: Seller, id: number) => model.gadgets.get(id)?.owner === who;

  const check = async (model: Model, op: Operation) => {
    const me = sellers[op.actor];
    const moldIds = [...model.molds.keys()];
    const shopIds = [...model.shops.keys()];
    const gadgetIds = [...model.gadgets.keys()];
    const what = JSON.stringify(op);
    switch (op.kind) {
      case 'list': {
        const shop = op.shop === null ? null : idFrom(shopIds, op.shop);
        const ids = op.ids === null ? null : op.ids.map((n) => idFrom(moldIds, n));
        const query = [
          'pageSize=200', `sort=${op.sort}`, `order=${op.order}`,
          ...(op.status === null ? [] : [`status=${op.status}`]), ...(shop === null ? [] : [`shopId=${shop}`]),
          ...(op.tag === null ? [] : [`keyword=${op.tag}`]), ...(ids === null ? [] : [`ids=${ids.join(',')}`]),
        ].join('&');
        const answer = await me.api.get<Page<MoldRecord>>(`/mold/list?${query}`);
        expect(answer.status, what).toBe(200);
        const expected = ownMolds(model, op.actor).filter((id) => {
          const m = model.molds.get(id)!;
          return (op.status === null || m.status === op.status) && (shop === null || m.shopId === shop)
            && (op.tag === null || m.name.includes(op.tag) || m.code.toLowerCase().includes(op.tag)) && (ids === null || ids.includes(id));
        }).sort((x, y) => x - y);
        expect(answer.body.data.total, what).toBe(expected.length);
        expect(answer.body.data.list.map((r) => r.id).sort((x, y) => x - y), what).toEqual(expected);
        return;
      }
      case 'get': {
        const id = idFrom(moldIds, op.pick);
        const answer = await me.api.get<MoldRecord>(`/mold/${id}`);
        if (model.molds.get(id)?.owner === op.actor) {
          expect(answer.status, what).toBe(200);
          expect(answer.body.data).toMatchObject({ id, status: model.molds.get(id)!.status, name: model.molds.get(id)!.name });
        } else {
          expect(answer.status, what).toBe(404);
          expect(answer.body, what).toEqual(NOT_FOUND);
        }
        return;
      }
      case 'update': {
        const id = idFrom(moldIds, op.pick);
        const answer = await me.api.post(`/mold/update/${id}`, { status: op.status });
        if (model.molds.get(id)?.owner === op.actor) {
          expect(answer.body, what).toMatchObject({ code: 200, data: 1 });
          model.molds.get(id)!.status = op.status;
        } else expect(answer.body, what).toEqual(NOT_FOUND);
        return;
      }
      case 'delete': {
        const id = idFrom(moldIds, op.pick);
        const answer = await me.api.post(`/mold/delete/${id}`);
        if (model.molds.get(id)?.owner === op.actor) {
          expect(answer.body, what).toMatchObject({ code: 200, data: 1 });
          model.molds.delete(id);
        } else expect(answer.body, what).toEqual(NOT_FOUND);
        return;
      }
      case 'batchDelete':
      case 'batchStatus': {
        if (op.kind === 'batchStatus' && !STATUS_BATCH) return;
        const ids = [...new Set(op.picks.map((n) => idFrom(moldIds, n)))];
        const mine = ids.filter((id) => model.molds.get(id)?.owner === op.actor);
        const url = op.kind === 'batchDelete'
          ? `/mold/delete/batch?ids=${ids.join(',')}`
          : `/mold${STATUS_BATCH!.path}?ids=${ids.join(',')}&status=${op.status}`;
        const answer = await me.api.post(url);
        if (!mine.length) {
          expect(answer.body, what).toEqual(NOT_FOUND);
          return;
        }
        expect(answer.body, what).toMatchObject({ code: 200, data: mine.length });
        for (const id of mine) {
          if (op.kind === 'batchDelete') model.molds.delete(id);
          else model.molds.get(id)!.status = op.status;
        }
        return;
      }
      case 'create': {
        const shopId = idFrom(shopIds, op.shop);
        seq += 1;
        const body = { code: `P${seq}`, name: `${op.tag} mold ${seq}`, shopId, ratedLife: 100 };
        const answer = await me.api.post<MoldRecord>('/mold/create', body);
        if (model.shops.get(shopId) === op.actor) {
          expect(answer.status, what).toBe(200);
          model.molds.set(answer.body.data.id, { owner: op.actor, shopId, status: 0, name: body.name, code: body.code, usageCount: 0 });
        } else {
          expect(answer.status, what).toBe(400);
          expect(answer.body.errors, what).toEqual([expect.objectContaining({ field: 'shopId', messageKey: 'invalid_reference' })]);
        }
        return;
      }
      case 'shops': {
        const answer = await me.api.get<ShopRecord[]>('/shop/listAll');
        const expected = shopIds.filter((id) => model.shops.get(id) === op.actor).sort((x, y) => x - y);
        expect(answer.body.data.map((s) => s.id).sort((x, y) => x - y), what).toEqual(expected);
        const page = await me.api.get<Page<ShopRecord>>('/shop/list?pageSize=200');
        expect(page.body.data.total, what).toBe(expected.length);
        return;
      }
      case 'getShop': {
        const id = idFrom(shopIds, op.shop);
        const answer = await me.api.get<ShopRecord>(`/shop/${id}`);
        if (model.shops.get(id) === op.actor) expect(answer.body.data, what).toMatchObject({ id, ownerId: me.id });
        else expect(answer.body, what).toEqual(NOT_FOUND);
        return;
      }
      case 'rename': {
        const id = idFrom(gadgetIds, op.pick);
        seq += 1;
        const name = `${op.tag} renamed ${seq}`;
        const answer = await me.api.post(`/gadget/rename/${id}?name=${encodeURIComponent(name)}`);
        if (ownGadget(model, op.actor, id)) {
          expect(answer.body, what).toMatchObject({ code: 200, data: 1 });
          model.gadgets.get(id)!.name = name;
        } else expect(answer.body, what).toEqual(NOT_FOUND);
        return;
      }
      case 'link': {
        const id = idFrom(gadgetIds, op.pick);
        const others = [...new Set(op.picks.map((n) => idFrom(gadgetIds, n)))];
        const answer = await me.api.post(`/gadget/link?gadgetId=${id}&others=${others.join(',')}`);
        if (!ownGadget(model, op.actor, id)) expect(answer.body, what).toEqual(NOT_FOUND);
        else if (others.some((other) => !ownGadget(model, op.actor, other))) {
          // Another seller's gadget reads as no gadget at all.
          expect(answer.status, what).toBe(400);
          expect(answer.body.errors, what).toEqual([expect.objectContaining({ field: 'others', messageKey: 'invalid_reference' })]);
        } else {
          expect(answer.body, what).toMatchObject({ code: 200, data: { others } });
          model.gadgets.get(id)!.note = others.join(',');
        }
        return;
      }
      case 'retag': {
        const ids = [...new Set(op.picks.map((n) => idFrom(gadgetIds, n)))];
        const answer = await me.api.post(`/gadget/retag?ids=${ids.join(',')}&note=${op.tag}`);
        // One id outside the caller's shops spoils the whole selection.
        if (ids.every((id) => ownGadget(model, op.actor, id))) {
          expect(answer.body, what).toMatchObject({ code: 200, data: ids.length });
          for (const id of ids) model.gadgets.get(id)!.note = op.tag;
        } else expect(answer.body, what).toEqual(NOT_FOUND);
        return;
      }
      case 'count': {
        const answer = await me.api.get<number>(`/gadget/count${op.status === null ? '' : `?status=${op.status}`}`);
        const expected = [...model.gadgets.values()].filter((g) => g.owner === op.actor && (op.status === null || g.status === op.status)).length;
        expect(answer.body.data, what).toBe(expected);
        return;
      }
      case 'peek': {
        const id = idFrom(gadgetIds, op.pick);
        const answer = await me.api.get(`/gadget/peek/${id}`);
        if (ownGadget(model, op.actor, id)) expect(answer.body.data, what).toMatchObject({ id, name: model.gadgets.get(id)!.name });
        else expect(answer.body, what).toEqual(NOT_FOUND);
        return;
      }
      case 'resetAll': {
        const answer = await me.api.post('/gadget/resetAll');
        const mine = [...model.gadgets.values()].filter((g) => g.owner === op.actor);
        expect(answer.body, what).toMatchObject({ code: 200, data: mine.filter((g) => g.status !== 0).length });
        for (const g of mine) g.status = 0;
      }
    }
  };

  it('lists, gets, counts, updates, deletes, batches, creates and actions never cross from one seller to the other', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ a: holdings, b: holdings }), fc.array(operation, { minLength: 1, maxLength: 12 }), async (data, ops) => {
      const model = await build(data);
      for (const op of ops) await check(model, op);
      // The database holds exactly what the model says: nothing was changed across the line.
      const rows = await t.db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id')
        .select(['mold.id', 'mold.shop_id', 'mold.status', 'mold.name', 'shop.owner_id'])
        .where('shop.owner_id', 'in', [sellers.a.id, sellers.b.id]).orderBy('mold.id').execute();
      expect(rows.map((r) => ({ id: r.id, shopId: r.shop_id, status: r.status, name: r.name, owner: r.owner_id === sellers.a.id ? 'a' : 'b' })))
        .toEqual([...model.molds].sort(([x], [y]) => x - y).map(([id, m]) => ({ id, shopId: m.shopId, status: m.status, name: m.name, owner: m.owner })));
      const gadgets = (await gadgetTable(t.db)).filter((r) => model.shops.has(Number(r.shop_id)));
      expect(gadgets.map((r) => ({ id: Number(r.id), shopId: Number(r.shop_id), status: Number(r.status), name: r.name, note: r.note })))
        .toEqual([...model.gadgets].sort(([x], [y]) => x - y).map(([id, g]) => ({ id, shopId: g.shopId, status: g.status, name: g.name, note: g.note })));
    }), { numRuns: RUNS });
  }, 120_000);
});
