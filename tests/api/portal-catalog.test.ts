// Protects: the shop front's catalog and home (`/portal/<shop>/product/*`, `/brand/*`, `/home/*`): a shop shows only its own live products (published, verified, not in the bin), another shop's or a hidden one reads as "nothing found"; search with filters, sorts and CommonPage (a page past the end is an empty list, pageSize capped); detail with SKUs (strict-JSON spData), attributes, tiers and the price engine's promotion; categories as a tree; home content's shape; an advertisement's click counted once per address. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshIp } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Product = { id: number; name: string; price: number; sale: number; brandId: number | null; productCategoryId: number };
type Page<T> = { pageNum: number; pageSize: number; totalPage: number; total: number; list: T[] };

describe.each(testDialects())('shop front: catalog (%s)', (dialect) => {
  let t: TestApp;
  let shopA: number;
  let shopB: number;

  const get = <T>(shop: number, path: string, ip = freshIp()): Promise<Answer<T>> => call<T>(t.app, 'GET', `/portal/${shop}${path}`, { ip });
  const liveIds = async (shop: number) => (await t.db.selectFrom('pms_product').select('id').where('shop_id', '=', shop)
    .where('publish_status', '=', 1).where('verify_status', '=', 1).where('delete_status', '=', 0).execute()).map((r) => r.id);

  beforeAll(async () => {
    // The demo with its list content: both sellers' shops hold products, categories, brands and picks.
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    shopA = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    shopB = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)))[0]!;
  });
  afterAll(async () => t?.close());

  it('lists only the shop\'s live products, pages them as mall does, and sorts them', async () => {
    const live = await liveIds(shopA);
    expect(live.length).toBeGreaterThan(2);
    const all = await get<Page<Product>>(shopA, '/product/search?pageNum=1&pageSize=100');
    expect(all.body.code, all.raw).toBe(200);
    expect(all.body.data.total).toBe(live.length);
    expect(new Set(all.body.data.list.map((p) => p.id))).toEqual(new Set(live));
    const other = new Set(await liveIds(shopB));
    expect(all.body.data.list.some((p) => other.has(p.id))).toBe(false);
    // A product taken off sale leaves the front at once.
    const hidden = live[0]!;
    await t.db.updateTable('pms_product').set({ publish_status: 0 }).where('id', '=', hidden).execute();
    const after = await get<Page<Product>>(shopA, '/product/search?pageNum=1&pageSize=100');
    expect(after.body.data.list.map((p) => p.id)).not.toContain(hidden);
    expect((await get(shopA, `/product/detail/${hidden}`)).body).toMatchObject({ code: 200, data: null });
    await t.db.updateTable('pms_product').set({ publish_status: 1 }).where('id', '=', hidden).execute();
    const cheap = await get<Page<Product>>(shopA, '/product/search?sort=3&pageSize=100');
    const prices = cheap.body.data.list.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dear = await get<Page<Product>>(shopA, '/product/search?sort=4&pageSize=100');
    expect(dear.body.data.list.map((p) => p.price)).toEqual([...prices].sort((a, b) => b - a));
    const past = await get<Page<Product>>(shopA, '/product/search?pageNum=999&pageSize=6');
    expect([past.body.code, past.body.data.list]).toEqual([200, []]);
    const named = all.body.data.list[0]!;
    const byName = await get<Page<Product>>(shopA, `/product/search?keyword=${encodeURIComponent(named.name.slice(0, 4))}&pageSize=100`);
    expect(byName.body.data.list.map((p) => p.id)).toContain(named.id);
    for (const bad of ['pageSize=101', 'sort=9', 'pageNum=0', 'brandId=x']) {
      const answer = await get(shopA, `/product/search?${bad}`);
      expect([answer.status, answer.body.code], bad).toEqual([200, 404]);
    }
  });

  it('answers a product\'s detail with SKUs, attributes and its promotion; another shop\'s product is nothing', async () => {
    const [id] = await liveIds(shopA);
    const detail = await get<Record<string, unknown>>(shopA, `/product/detail/${id}`);
    expect(detail.body.code, detail.raw).toBe(200);
    const data = detail.body.data as { product: Product; skuStockList: { spData: string | null; price: number }[]; productAttributeList: unknown[]; promotion: { unitPrice: number } };
    expect(data.product.id).toBe(id);
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['brand', 'productAttributeList', 'productAttributeValueList', 'productLadderList', 'productFullReductionList', 'couponList']));
    for (const sku of data.skuStockList) if (sku.spData) expect(() => JSON.parse(sku.spData!)).not.toThrow();
    expect(data.promotion.unitPrice).toBeLessThanOrEqual(data.product.price);
    const [foreign] = await liveIds(shopB);
    expect((await get(shopA, `/product/detail/${foreign}`)).body).toMatchObject({ code: 200, data: null });
    expect((await get(shopB, `/product/detail/${foreign}`)).body.data).not.toBeNull();
    expect((await get(shopA, '/product/detail/abc')).body.code).toBe(404);
  });

  it('answers categories as a tree, brands with the shop\'s own product counts, and home content in mall\'s shape', async () => {
    const tree = await get<{ id: number; name: string; children: { id: number; parentId: number }[] }[]>(shopA, '/product/categoryTreeList');
    expect(tree.body.code).toBe(200);
    expect(tree.body.data.length).toBeGreaterThan(0);
    for (const top of tree.body.data) for (const child of top.children) expect(child.parentId).toBe(top.id);
    const level1 = await get<{ id: number }[]>(shopA, '/home/productCateList/0');
    expect(level1.body.data.map((c) => c.id).sort()).toEqual(tree.body.data.map((c) => c.id).sort());
    const home = await get<Record<string, unknown>>(shopA, '/home/content');
    expect(home.body.code, home.raw).toBe(200);
    expect(Object.keys(home.body.data)).toEqual(expect.arrayContaining(['advertiseList', 'brandList', 'homeFlashPromotion', 'hotProductList', 'newProductList', 'subjectList']));
    const live = new Set(await liveIds(shopA));
    for (const list of ['hotProductList', 'newProductList'] as const) {
      for (const p of home.body.data[list] as Product[]) expect(live.has(p.id)).toBe(true);
    }
    for (const path of ['/home/hotProductList?pageNum=1&pageSize=6', '/home/newProductList?pageNum=1&pageSize=6', '/home/recommendProductList?pageNum=1&pageSize=4', '/brand/recommendList?pageNum=1&pageSize=6', '/home/subjectList?pageNum=1&pageSize=4']) {
      const answer = await get<unknown[]>(shopA, path);
      expect(answer.body.code, path).toBe(200);
      expect(Array.isArray(answer.body.data), path).toBe(true);
    }
    const brandRow = await t.db.selectFrom('pms_product').select('brand_id').where('id', 'in', [...live]).where('brand_id', 'is not', null).executeTakeFirstOrThrow();
    const brand = await get<{ id: number; productCount: number }>(shopA, `/brand/detail/${brandRow.brand_id}`);
    const brandProducts = await get<Page<Product>>(shopA, `/brand/productList?brandId=${brandRow.brand_id}&pageSize=100`);
    expect(brand.body.data.productCount).toBe(brandProducts.body.data.total);
    expect(brandProducts.body.data.list.every((p) => p.brandId === brandRow.brand_id && live.has(p.id))).toBe(true);
    expect((await get(shopA, '/brand/productList')).body.code).toBe(404);
  });

  it('counts an advertisement\'s click once per address and answers its URL', async () => {
    const now = new Date().toISOString();
    const ad = await t.db.insertInto('sms_home_advertise').values({
      name: 'Portal test ad', type: 1, pic: '/uploads/ad.png', start_time: '2020-01-01T00:00:00.000Z', end_time: '2099-01-01T00:00:00.000Z',
      status: 1, click_count: 0, order_count: 0, url: 'https://example.com/sale', note: null, sort: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const clicks = async () => Number((await t.db.selectFrom('sms_home_advertise').select('click_count').where('id', '=', ad.id).executeTakeFirstOrThrow()).click_count);
    const ip = freshIp();
    const first = await get<{ url: string }>(shopA, `/home/advertise/click/${ad.id}`, ip);
    expect(first.body.data.url).toBe('https://example.com/sale');
    await get(shopA, `/home/advertise/click/${ad.id}`, ip);
    expect(await clicks()).toBe(1);
    await get(shopB, `/home/advertise/click/${ad.id}`);
    expect(await clicks()).toBe(2);
    const home = await get<{ advertiseList: { id: number }[] }>(shopA, '/home/content');
    expect(home.body.data.advertiseList.map((a) => a.id)).toContain(ad.id);
    expect(now).toBeTruthy();
  });
});
