// Protects: the shop front's cart, addresses, coupons, favourites, followed brands and reading history (`/portal/<shop>/cart/*`, `/member/address/*`, `/member/coupon/*`, `/member/productCollection/*`, `/member/attention/*`, `/member/readHistory/*`) with two buyers in one shop and one in another: prices, names and owners come from the database and the token, never the body; a SKU must be the product's own, quantities stay within free stock; adding a SKU again merges its line; another member's or shop's line, address or coupon is "not found" and unchanged; one default address; coupon claims respect what is left, the per-member limit and the end time, and parallel claims never give more than were left; bad input changes nothing. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshIp } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Token = { token: string; tokenHead: string };
type CartItem = { id: number; productId: number; productSkuId: number; productName: string; price: number; quantity: number; productAttr: string; memberId: number };
type Address = { id: number; name: string; defaultStatus: number; memberId: number };
const key = (answer: Answer) => (answer.body as { messageKey?: string }).messageKey;

describe.each(testDialects())('shop front: cart, addresses, coupons (%s)', (dialect) => {
  let t: TestApp;
  let shopA: number;
  let shopB: number;
  let alice: Token;
  let carl: Token;
  let bob: Token;
  let product: { id: number; name: string; skuId: number; skuPrice: number; stock: number };
  let foreignProduct: number;

  const portal = <T = unknown>(method: 'GET' | 'POST', shop: number, path: string, token?: Token, body?: unknown): Promise<Answer<T>> =>
    call<T>(t.app, method, `/portal/${shop}${path}`, { headers: token ? { authorization: token.tokenHead + token.token } : {}, body, ip: freshIp() });
  const buyer = async (shop: number, username: string, phone: string): Promise<Token> => {
    const form = { username, password: 'Cart-pass-2026', telephone: phone };
    const up = await call(t.app, 'POST', `/portal/${shop}/sso/register`, { body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, ip: freshIp() });
    expect(up.body.code, up.raw).toBe(200);
    const login = await call<Token>(t.app, 'POST', `/portal/${shop}/sso/login?username=${username}&password=Cart-pass-2026`, { ip: freshIp() });
    return login.body.data;
  };
  const cart = async (token: Token, shop = shopA) => (await portal<CartItem[]>('GET', shop, '/cart/list', token)).body.data;
  const cartRows = () => t.db.selectFrom('oms_cart_item').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    shopA = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    shopB = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)))[0]!;
    for (const shop of [shopA, shopB]) await t.db.updateTable('shop').set({ auto_approve: 1 }).where('id', '=', shop).execute();
    alice = await buyer(shopA, 'alice_cart', '13700000001');
    carl = await buyer(shopA, 'carl_cart', '13700000002');
    bob = await buyer(shopB, 'bob_cart', '13700000003');
    const live = (shop: number) => t.db.selectFrom('pms_product as p').innerJoin('pms_sku_stock as s', 's.product_id', 'p.id')
      .select(['p.id', 'p.name', 's.id as sku_id', 's.price', 's.stock', 's.lock_stock']).where('p.shop_id', '=', shop)
      .where('p.publish_status', '=', 1).where('p.verify_status', '=', 1).where('p.delete_status', '=', 0).where('s.stock', '>', 5).orderBy('p.id').executeTakeFirstOrThrow();
    const row = await live(shopA);
    product = { id: row.id, name: row.name, skuId: row.sku_id, skuPrice: Number(row.price) / 100, stock: Number(row.stock) - Number(row.lock_stock ?? 0) };
    foreignProduct = (await live(shopB)).id;
  });
  afterAll(async () => t?.close());

  it('adds to the cart with the catalog\'s price and name whatever the body says, and merges a SKU added twice', async () => {
    const added = await portal('POST', shopA, '/cart/add', alice, { productId: product.id, productSkuId: product.skuId, quantity: 1, price: 0.01, productName: 'Free stuff', memberId: 999 });
    expect([added.body.code, added.body.message], added.raw).toEqual([200, 'Added to the cart']);
    await portal('POST', shopA, '/cart/add', alice, { productId: String(product.id), productSkuId: String(product.skuId), quantity: 1 });
    const lines = await cart(alice);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: product.id, productSkuId: product.skuId, productName: product.name, price: product.skuPrice, quantity: 2 });
    expect(Array.isArray(JSON.parse(lines[0]!.productAttr))).toBe(true);
    expect(await cart(carl)).toEqual([]);
    const promotion = await portal<{ id: number; promotionMessage: string; reduceAmount: number; realStock: number }[]>('GET', shopA, '/cart/list/promotion', alice);
    expect(promotion.body.code, promotion.raw).toBe(200);
    expect(promotion.body.data[0]).toMatchObject({ id: lines[0]!.id, realStock: product.stock });
    expect(promotion.body.data[0]!.reduceAmount).toBeGreaterThanOrEqual(0);
  });

  it('refuses what is not for sale here, not the product\'s SKU, past free stock, or malformed, changing nothing', async () => {
    const before = await cartRows();
    const cases: [unknown, number, string | undefined][] = [
      [{ productId: foreignProduct, quantity: 1 }, 500, 'portal_product_unavailable'],
      [{ productId: 99999999, quantity: 1 }, 500, 'portal_product_unavailable'],
      [{ productId: product.id, productSkuId: 99999999, quantity: 1 }, 500, 'portal_sku_required'],
      [{ productId: product.id, productSkuId: product.skuId, quantity: product.stock + 1 }, 500, undefined],
      [{ productId: product.id, productSkuId: product.skuId, quantity: 0 }, 404, 'validation_failed'],
      [{ productId: 'abc', quantity: 1 }, 404, 'validation_failed'],
      [{ quantity: 1 }, 404, 'validation_failed'],
    ];
    for (const [body, code, messageKey] of cases) {
      const answer = await portal('POST', shopA, '/cart/add', alice, body);
      expect(answer.status).toBe(200);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
      if (messageKey) expect(key(answer), JSON.stringify(body)).toBe(messageKey);
    }
    expect((await portal('POST', shopA, '/cart/add', undefined, { productId: product.id })).body.code).toBe(401);
    expect(await cartRows()).toEqual(before);
  });

  it('lets only the line\'s owner change or delete it', async () => {
    const [line] = await cart(alice);
    const before = await cartRows();
    expect((await portal('GET', shopA, `/cart/update/quantity?id=${line!.id}&quantity=1`, carl)).body.code).toBe(500);
    expect((await portal('POST', shopA, `/cart/delete?ids=${line!.id}`, carl)).body.code).toBe(500);
    expect((await portal('GET', shopB, `/cart/update/quantity?id=${line!.id}&quantity=1`, bob)).body.code).toBe(500);
    expect((await portal('GET', shopA, `/cart/update/quantity?id=${line!.id}&quantity=-3`, alice)).body.code).toBe(404);
    expect(await cartRows()).toEqual(before);
    const changed = await portal('GET', shopA, `/cart/update/quantity?id=${line!.id}&quantity=3`, alice);
    expect(changed.body.code, changed.raw).toBe(200);
    expect((await cart(alice))[0]!.quantity).toBe(3);
    await portal('POST', shopA, '/cart/add', carl, { productId: product.id, productSkuId: product.skuId, quantity: 1 });
    const removed = await portal('POST', shopA, `/cart/delete?ids=${line!.id}`, alice);
    expect(removed.body.code).toBe(200);
    expect(await cart(alice)).toEqual([]);
    expect(await cart(carl)).toHaveLength(1);
    expect((await portal('POST', shopA, '/cart/clear', carl)).body.code).toBe(200);
    expect(await cart(carl)).toEqual([]);
  });

  it('keeps each buyer\'s addresses to themselves, with one default', async () => {
    const body = (name: string, defaultStatus: number) => ({ name, phoneNumber: '13700000001', province: '广东省', city: '', region: '南山区', detailAddress: '科技园路 1 号', defaultStatus, memberId: 999, prefixAddress: '广东省南山区' });
    expect((await portal('POST', shopA, '/member/address/add', alice, body('Home', 0))).body.code).toBe(200);
    expect((await portal('POST', shopA, '/member/address/add', alice, body('Office', 1))).body.code).toBe(200);
    const list = (await portal<Address[]>('GET', shopA, '/member/address/list', alice)).body.data;
    expect(list.map((a) => [a.name, a.defaultStatus])).toEqual([['Office', 1], ['Home', 0]]);
    expect(list.every((a) => a.memberId !== 999)).toBe(true);
    const home = list.find((a) => a.name === 'Home')!;
    expect((await portal('GET', shopA, `/member/address/${home.id}`, carl)).body).toMatchObject({ code: 200, data: null });
    expect((await portal('POST', shopA, `/member/address/update/${home.id}`, carl, body('Stolen', 1))).body.code).toBe(500);
    expect((await portal('POST', shopA, `/member/address/delete/${home.id}`, carl)).body.code).toBe(500);
    expect((await portal('POST', shopA, '/member/address/add', alice, { name: '', detailAddress: '' })).body.code).toBe(404);
    const updated = await portal('POST', shopA, `/member/address/update/${home.id}`, alice, { ...body('Home again', 1), id: 12345 });
    expect(updated.body.code, updated.raw).toBe(200);
    const after = (await portal<Address[]>('GET', shopA, '/member/address/list', alice)).body.data;
    expect(after.filter((a) => a.defaultStatus === 1).map((a) => a.name)).toEqual(['Home again']);
    expect((await portal('POST', shopA, `/member/address/delete/${home.id}`, alice)).body.code).toBe(200);
    expect((await portal<Address[]>('GET', shopA, '/member/address/list', alice)).body.data).toHaveLength(1);
  });

  it('gives out coupons within what is left, the per-member limit and their time', async () => {
    const insertCoupon = (values: { count: number; per_limit: number; end_time: string; type?: number; name: string }) => t.db.insertInto('sms_coupon').values({ status: 0,
      type: values.type ?? 0, name: values.name, platform: 0, count: values.count, amount: 500, per_limit: values.per_limit, min_point: 0,
      start_time: '2020-01-01T00:00:00.000Z', end_time: values.end_time, use_type: 0, note: null, publish_count: values.count, use_count: 0, receive_count: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const two = await insertCoupon({ name: 'Two left', count: 2, per_limit: 1, end_time: '2099-01-01T00:00:00.000Z' });
    const expired = await insertCoupon({ name: 'Too late', count: 5, per_limit: 1, end_time: '2021-01-01T00:00:00.000Z' });
    const gifted = await insertCoupon({ name: 'Given only', count: 5, per_limit: 1, end_time: '2099-01-01T00:00:00.000Z', type: 1 });
    const claim = (token: Token, shop: number, id: number) => portal('POST', shop, `/member/coupon/add/${id}`, token);
    const byProduct = await portal<{ id: number }[]>('GET', shopA, `/member/coupon/listByProduct/${product.id}`, alice);
    expect(byProduct.body.data.map((c) => c.id)).toContain(two.id);
    expect(byProduct.body.data.map((c) => c.id)).not.toContain(expired.id);
    expect((await claim(alice, shopA, two.id)).body.code).toBe(200);
    expect(key(await claim(alice, shopA, two.id))).toBe('portal_coupon_limit');
    expect(key(await claim(alice, shopA, expired.id))).toBe('portal_coupon_expired');
    expect(key(await claim(alice, shopA, gifted.id))).toBe('portal_coupon_unavailable');
    // The last one, claimed by two buyers at once: one gets it.
    const [c1, c2] = await Promise.all([claim(carl, shopA, two.id), claim(bob, shopB, two.id)]);
    expect([c1.body.code, c2.body.code].sort()).toEqual([200, 500]);
    const row = await t.db.selectFrom('sms_coupon').select(['count', 'receive_count']).where('id', '=', two.id).executeTakeFirstOrThrow();
    expect([Number(row.count), Number(row.receive_count)]).toEqual([0, 2]);
    const history = await t.db.selectFrom('sms_coupon_history').select(['member_id', 'get_type']).where('coupon_id', '=', two.id).execute();
    expect(history).toHaveLength(2);
    const mine = await portal<{ id: number; name: string }[]>('GET', shopA, '/member/coupon/list?useStatus=0', alice);
    expect(mine.body.data.map((c) => c.name)).toEqual(['Two left']);
    expect((await portal<unknown[]>('GET', shopA, '/member/coupon/listHistory', alice)).body.data).toHaveLength(1);
    expect((await portal('GET', shopA, '/member/coupon/list?useStatus=7', alice)).body.code).toBe(404);
    await portal('POST', shopA, '/cart/add', alice, { productId: product.id, productSkuId: product.skuId, quantity: 1 });
    const usable = await portal<{ coupon: { id: number } }[]>('GET', shopA, '/member/coupon/list/cart/1', alice);
    expect(usable.body.data.map((h) => h.coupon.id)).toEqual([two.id]);
    expect((await portal<unknown[]>('GET', shopA, '/member/coupon/list/cart/0', alice)).body.data).toEqual([]);
  });

  it('keeps favourites, followed brands and the reading history per member, with the catalog\'s values', async () => {
    type Mark = { id: string; productId: number; productName: string; productPrice: string };
    const add = await portal('POST', shopA, '/member/productCollection/add', alice, { productId: product.id, productName: 'Fake', productPrice: '0.01' });
    expect([add.body.code, add.body.data]).toEqual([200, 1]);
    expect((await portal('POST', shopA, '/member/productCollection/add', alice, { productId: product.id })).body.data).toBe(0);
    expect(key(await portal('POST', shopA, '/member/productCollection/add', alice, { productId: foreignProduct }))).toBe('portal_product_unavailable');
    const detail = await portal<Mark>('GET', shopA, `/member/productCollection/detail?productId=${product.id}`, alice);
    expect(detail.body.data).toMatchObject({ productId: product.id, productName: product.name });
    expect(detail.body.data.productPrice).toMatch(/^\d+\.\d{2}$/);
    expect(typeof detail.body.data.id).toBe('string');
    expect((await portal('GET', shopA, `/member/productCollection/detail?productId=${product.id}`, carl)).body).toMatchObject({ code: 200, data: null });
    const list = await portal<{ list: Mark[] }>('GET', shopA, '/member/productCollection/list?pageNum=1&pageSize=6', alice);
    expect(list.body.data.list.map((m) => m.productId)).toEqual([product.id]);
    expect((await portal('POST', shopA, `/member/productCollection/delete?productId=${product.id}`, carl)).body.data).toBe(0);
    expect((await portal('POST', shopA, `/member/productCollection/delete?productId=${product.id}`, alice)).body.data).toBe(1);
    for (let i = 0; i < 2; i += 1) expect((await portal('POST', shopA, '/member/readHistory/create', alice, { productId: product.id })).body.code).toBe(200);
    const history = await portal<{ list: Mark[] }>('GET', shopA, '/member/readHistory/list?pageNum=1&pageSize=6', alice);
    expect(history.body.data.list).toHaveLength(1);
    expect((await portal('POST', shopA, `/member/readHistory/delete?ids=${history.body.data.list[0]!.id}`, carl)).body.data).toBe(0);
    expect((await portal('POST', shopA, `/member/readHistory/delete?ids=${history.body.data.list[0]!.id}`, alice)).body.data).toBe(1);
    const brand = await t.db.selectFrom('pms_brand').select('id').where('show_status', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect((await portal('POST', shopA, '/member/attention/add', alice, { brandId: brand.id, brandName: 'Fake', brandCity: '' })).body.data).toBe(1);
    expect((await portal<{ brandId: number }>('GET', shopA, `/member/attention/detail?brandId=${brand.id}`, alice)).body.data.brandId).toBe(brand.id);
    expect((await portal('GET', shopB, `/member/attention/detail?brandId=${brand.id}`, bob)).body.data).toBeNull();
    expect((await portal<{ total: number }>('GET', shopA, '/member/attention/list', alice)).body.data.total).toBe(1);
    expect((await portal('POST', shopA, '/member/attention/clear', alice)).body.data).toBe(1);
    expect((await portal('GET', shopA, '/member/productCollection/detail', alice)).body.code).toBe(404);
  });
});
