// Protects: the shop front keeps mall-portal's wire: docs/mall-compatibility.md lists each of the contract's 65 endpoints once, every one marked served is registered under /portal/:shopId and every one left out is not; the served reads answer mall's shapes on the demo data (CommonPage or plain arrays where mall has them, the fields buyer clients read, numbers for ids and money, parseable dates, strict-JSON productAttr and spData, comma-joined albumPics), orders included (confirm, generate, list, detail). SQLite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshIp } from '../helpers/accounts';
import { call } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { MALL_PORTAL_ENDPOINTS } from '../fixtures/mall-portal-endpoints';

type Row = Record<string, unknown>;
type Token = { token: string; tokenHead: string };

/** The endpoint table of docs/mall-compatibility.md's buyer part. */
const documented = (): { method: string; path: string; served: boolean }[] => {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'mall-compatibility.md'), 'utf8');
  const table = /<!-- portal-endpoints -->([\s\S]*?)<!-- \/portal-endpoints -->/.exec(doc)?.[1] ?? '';
  return [...table.matchAll(/^\| (GET|POST) \| `([^`]+)` \| ([^|]+) \|$/gm)].map((m) => ({ method: m[1]!, path: m[2]!, served: m[3]!.trim().startsWith('served') }));
};

const isDate = (value: unknown) => value === null || (typeof value === 'string' && !Number.isNaN(new Date(value).getTime()));
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const has = (row: Row, fields: readonly string[], what: string) => {
  for (const field of fields) expect(row, `${what}.${field}`).toHaveProperty(field);
};
const PRODUCT_ITEM = ['id', 'pic', 'name', 'subTitle', 'price', 'sale'] as const;
const product = (row: Row, what: string) => {
  has(row, PRODUCT_ITEM, what);
  expect(isNumber(row.id) && isNumber(row.price), what).toBe(true);
  if (row.albumPics) expect(typeof row.albumPics, what).toBe('string');
};
const page = (data: Row, what: string) => {
  has(data, ['pageNum', 'pageSize', 'totalPage', 'total', 'list'], what);
  expect(Array.isArray(data.list), what).toBe(true);
  return data.list as Row[];
};
const strictJson = (value: unknown, what: string) => {
  expect(typeof value, what).toBe('string');
  const parsed = JSON.parse(value as string) as unknown;
  expect(Array.isArray(parsed), what).toBe(true);
  for (const pair of parsed as Row[]) expect(Object.keys(pair).sort(), what).toEqual(['key', 'value']);
};

describe('the buyer API\'s table of endpoints', () => {
  it('lists each of mall-portal\'s 65 endpoints exactly once', () => {
    const rows = documented();
    expect(MALL_PORTAL_ENDPOINTS).toHaveLength(65);
    expect(rows.map((r) => `${r.method} ${r.path}`).sort()).toEqual(MALL_PORTAL_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
  });
});

describe.each(testDialects())('shop front: mall-portal contract (%s)', (dialect) => {
  let t: TestApp;
  let shop: number;
  let buyer: Token;
  const get = async (path: string, token?: Token): Promise<unknown> => {
    const answer = await call(t.app, 'GET', `/portal/${shop}${path}`, { headers: { 'source-client': 'miniapp', ...(token ? { authorization: token.tokenHead + token.token } : {}) }, ip: freshIp() });
    expect([answer.status, answer.body.code], `${path}: ${answer.raw.slice(0, 300)}`).toEqual([200, 200]);
    expect(Object.keys(answer.body).slice(0, 3), path).toEqual(['code', 'message', 'data']);
    return answer.body.data;
  };
  const post = async (path: string, token: Token, body?: unknown): Promise<unknown> => {
    const answer = await call(t.app, 'POST', `/portal/${shop}${path}`, { headers: { authorization: token.tokenHead + token.token }, body, ip: freshIp() });
    expect(answer.body.code, `${path}: ${answer.raw}`).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    shop = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    await t.db.updateTable('shop').set({ auto_approve: 1 }).where('id', '=', shop).execute();
    const form = new URLSearchParams({ username: 'contract_buyer', password: 'Contract-pass-2026', telephone: '13600000099' }).toString();
    await call(t.app, 'POST', `/portal/${shop}/sso/register`, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, ip: freshIp() });
    buyer = (await call<Token>(t.app, 'POST', `/portal/${shop}/sso/login`, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, ip: freshIp() })).body.data;
  });
  afterAll(async () => t?.close());

  it('registers every endpoint marked served, and none left out', () => {
    for (const row of documented()) {
      const url = `/portal/:shopId${row.path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(t.app.hasRoute({ method: row.method as 'GET', url }), `${row.method} ${row.path} is ${row.served ? 'served' : 'left out'}`).toBe(row.served);
    }
  });

  it('answers sign-in, catalog and home in mall-portal\'s shapes', async () => {
    has(await get('/sso/info', buyer) as Row, ['id', 'username', 'nickname', 'icon', 'integration', 'growth'], 'info');
    has(await get('/sso/refreshToken', buyer) as Row, ['token', 'tokenHead'], 'refreshToken');
    const home = await get('/home/content') as Row;
    has(home, ['advertiseList', 'brandList', 'homeFlashPromotion', 'hotProductList', 'newProductList', 'subjectList'], 'home');
    for (const ad of home.advertiseList as Row[]) has(ad, ['id', 'pic', 'url', 'clickCount'], 'advertise');
    for (const b of home.brandList as Row[]) has(b, ['id', 'name', 'logo', 'productCount'], 'brand');
    for (const list of ['hotProductList', 'newProductList'] as const) for (const p of home[list] as Row[]) product(p, list);
    if (home.homeFlashPromotion !== null) {
      const flash = home.homeFlashPromotion as Row;
      expect(isDate(flash.endTime) && isDate(flash.nextStartTime)).toBe(true);
      for (const p of flash.productList as Row[]) has(p, ['flashPromotionPrice', 'flashPromotionCount', 'flashPromotionLimit'], 'flash product');
    }
    for (const path of ['/home/recommendProductList?pageNum=1&pageSize=4', '/home/hotProductList?pageNum=1&pageSize=6', '/home/newProductList?pageNum=1&pageSize=6']) {
      const list = await get(path) as Row[];
      expect(Array.isArray(list), path).toBe(true);
      for (const p of list) product(p, path);
    }
    expect(Array.isArray(await get('/home/subjectList?pageNum=1&pageSize=4'))).toBe(true);
    for (const c of await get('/home/productCateList/0') as Row[]) has(c, ['id', 'name', 'icon'], 'category');
    for (const c of await get('/product/categoryTreeList') as Row[]) has(c, ['id', 'name', 'children'], 'category node');
    const found = page(await get('/product/search?keyword=&sort=2&pageNum=1&pageSize=6') as Row, 'search');
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) product(p, 'search');
    const detail = await get(`/product/detail/${found[0]!.id}`) as Row;
    has(detail, ['product', 'brand', 'productAttributeList', 'productAttributeValueList', 'skuStockList', 'productLadderList', 'productFullReductionList', 'couponList'], 'detail');
    has(detail.product as Row, ['id', 'name', 'subTitle', 'pic', 'albumPics', 'price', 'originalPrice', 'sale', 'stock', 'promotionType', 'serviceIds', 'detailMobileHtml', 'brandName', 'productCategoryId', 'productSn'], 'detail.product');
    for (const a of detail.productAttributeList as Row[]) has(a, ['id', 'name', 'type', 'handAddStatus', 'inputList'], 'attribute');
    for (const sku of detail.skuStockList as Row[]) {
      has(sku, ['id', 'skuCode', 'price', 'promotionPrice', 'stock', 'spData'], 'sku');
      strictJson(sku.spData ?? '[]', 'sku.spData');
    }
    const brands = await get('/brand/recommendList?pageNum=1&pageSize=6') as Row[];
    expect(Array.isArray(brands)).toBe(true);
    const brandId = (detail.product as Row).brandId ?? brands[0]?.id;
    if (brandId) {
      has(await get(`/brand/detail/${brandId}`) as Row, ['id', 'name', 'logo', 'bigPic', 'firstLetter', 'brandStory'], 'brand detail');
      for (const p of page(await get(`/brand/productList?brandId=${brandId}&pageNum=1&pageSize=4`) as Row, 'brand products')) product(p, 'brand products');
    }
  });

  it('answers cart, addresses and coupons in mall-portal\'s shapes', async () => {
    const [first] = page(await get('/product/search?pageNum=1&pageSize=1') as Row, 'search');
    const detail = await get(`/product/detail/${first!.id}`) as { skuStockList: Row[] };
    await post('/cart/add', buyer, { productId: first!.id, productSkuId: detail.skuStockList[0]?.id ?? null, quantity: 1, price: 0 });
    const cart = await get('/cart/list', buyer) as Row[];
    expect(cart).toHaveLength(1);
    has(cart[0]!, ['id', 'productId', 'productName', 'productPic', 'productAttr', 'price', 'quantity', 'createDate', 'modifyDate'], 'cart item');
    strictJson(cart[0]!.productAttr, 'cart.productAttr');
    for (const line of await get('/cart/list/promotion', buyer) as Row[]) has(line, ['promotionMessage', 'reduceAmount', 'realStock', 'integration', 'growth'], 'cart promotion');
    has(await get(`/cart/getProduct/${first!.id}`, buyer) as Row, ['id', 'productAttributeList', 'skuStockList'], 'cart product');
    await post('/member/address/add', buyer, { name: 'Contract', phoneNumber: '13600000099', province: 'P', city: '', region: 'R', detailAddress: 'D 1', defaultStatus: 1, prefixAddress: 'x' });
    const [address] = await get('/member/address/list', buyer) as Row[];
    has(address!, ['id', 'name', 'phoneNumber', 'province', 'city', 'region', 'detailAddress', 'defaultStatus'], 'address');
    has(await get(`/member/address/${address!.id}`, buyer) as Row, ['id', 'name'], 'address');
    const coupon = await t.db.insertInto('sms_coupon').values({ status: 0,
      type: 0, name: 'Contract coupon', platform: 0, count: 5, amount: 300, per_limit: 2, min_point: 0, start_time: '2020-01-01T00:00:00.000Z',
      end_time: '2099-01-01T00:00:00.000Z', use_type: 0, note: null, publish_count: 5, use_count: 0, receive_count: 0,
    }).returning('id').executeTakeFirstOrThrow();
    for (const c of await get(`/member/coupon/listByProduct/${first!.id}`, buyer) as Row[]) has(c, ['id', 'name', 'endTime', 'amount', 'minPoint', 'useType'], 'coupon');
    await post(`/member/coupon/add/${coupon.id}`, buyer);
    const mine = await get('/member/coupon/list?useStatus=0', buyer) as Row[];
    has(mine[0]!, ['name', 'endTime', 'amount', 'minPoint', 'useType'], 'my coupon');
    expect(isDate(mine[0]!.endTime) && isNumber(mine[0]!.amount)).toBe(true);
    for (const h of await get('/member/coupon/listHistory?useStatus=0', buyer) as Row[]) has(h, ['id', 'couponId', 'memberId', 'couponCode', 'getType', 'createTime', 'useStatus'], 'history');
    for (const h of await get('/member/coupon/list/cart/1', buyer) as Row[]) has(h, ['coupon', 'productRelationList', 'categoryRelationList'], 'history detail');
    await post('/member/productCollection/add', buyer, { productId: first!.id });
    await post('/member/readHistory/create', buyer, { productId: first!.id });
    for (const path of ['/member/productCollection/list?pageNum=1&pageSize=6', '/member/readHistory/list?pageNum=1&pageSize=6']) {
      const [mark] = page(await get(path, buyer) as Row, path);
      has(mark!, ['id', 'productId', 'productPic', 'productName', 'productSubTitle', 'productPrice', 'createTime'], path);
      expect([typeof mark!.id, typeof mark!.productPrice], path).toEqual(['string', 'string']);
    }
    expect(await get(`/member/productCollection/detail?productId=${first!.id}`, buyer)).not.toBeNull();
    const brand = await t.db.selectFrom('pms_brand').select('id').where('show_status', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await post('/member/attention/add', buyer, { brandId: brand.id, brandCity: '' });
    const [followed] = page(await get('/member/attention/list?pageNum=1&pageSize=6', buyer) as Row, 'attention');
    has(followed!, ['id', 'brandId', 'brandLogo', 'brandName'], 'attention');
  });

  it('answers orders in mall-portal\'s shapes: confirm, generate, list, detail', async () => {
    const [first] = page(await get('/product/search?pageNum=1&pageSize=1&sort=3') as Row, 'search');
    const detail = await get(`/product/detail/${first!.id}`) as { skuStockList: Row[] };
    await post('/cart/add', buyer, { productId: first!.id, productSkuId: detail.skuStockList[0]?.id ?? null, quantity: 1 });
    const cartIds = (await get('/cart/list', buyer) as Row[]).map((c) => c.id);
    if (!(await get('/member/address/list', buyer) as Row[]).length) {
      await post('/member/address/add', buyer, { name: 'Contract', phoneNumber: '13600000099', province: 'P', city: '', region: 'R', detailAddress: 'D 1', defaultStatus: 1 });
    }
    const confirm = await post('/order/generateConfirmOrder', buyer, cartIds) as Row;
    has(confirm, ['cartPromotionItemList', 'memberReceiveAddressList', 'couponHistoryDetailList', 'integrationConsumeSetting', 'memberIntegration', 'calcAmount'], 'confirm');
    for (const line of confirm.cartPromotionItemList as Row[]) {
      has(line, ['id', 'productPic', 'productName', 'productAttr', 'promotionMessage', 'price', 'quantity', 'reduceAmount', 'realStock', 'integration', 'growth'], 'confirm line');
      strictJson(line.productAttr, 'confirm line.productAttr');
    }
    for (const h of confirm.couponHistoryDetailList as Row[]) has(h.coupon as Row, ['id', 'name', 'endTime', 'amount', 'minPoint', 'useType'], 'confirm coupon');
    has(confirm.integrationConsumeSetting as Row, ['deductionPerAmount', 'maxPercentPerOrder', 'useUnit', 'couponStatus'], 'integrationConsumeSetting');
    expect(isNumber(confirm.memberIntegration), 'memberIntegration').toBe(true);
    const amounts = confirm.calcAmount as Row;
    for (const field of ['totalAmount', 'freightAmount', 'promotionAmount', 'payAmount']) expect(isNumber(amounts[field]), `calcAmount.${field}`).toBe(true);
    const [address] = confirm.memberReceiveAddressList as Row[];
    has(address!, ['id', 'name', 'phoneNumber', 'defaultStatus'], 'confirm address');
    const placed = await post('/order/generateOrder', buyer, { cartIds: cartIds.map(String), memberReceiveAddressId: address!.id, payType: 0, useIntegration: '0' }) as Row;
    const orderId = (placed.order as Row).id;
    expect(isNumber(orderId), 'generateOrder data.order.id').toBe(true);
    const ITEM = ['id', 'productPic', 'productName', 'productAttr', 'promotionName', 'productPrice', 'productQuantity', 'realAmount', 'giftIntegration', 'giftGrowth'];
    const [listed] = page(await get('/order/list?status=-1&pageNum=1&pageSize=5', buyer) as Row, 'order list');
    has(listed!, ['id', 'status', 'createTime', 'payAmount', 'orderItemList'], 'listed order');
    for (const item of listed!.orderItemList as Row[]) has(item, ITEM, 'listed order item');
    const shown = await get(`/order/detail/${String(orderId)}`, buyer) as Row;
    has(shown, ['status', 'orderSn', 'createTime', 'paymentTime', 'payType', 'receiverName', 'receiverPhone', 'receiverProvince', 'receiverCity', 'receiverRegion',
      'receiverDetailAddress', 'totalAmount', 'freightAmount', 'promotionAmount', 'couponAmount', 'integrationAmount', 'payAmount', 'note', 'orderItemList'], 'order detail');
    expect(isDate(shown.createTime) && isNumber(shown.payAmount) && isNumber(shown.freightAmount), 'order detail types').toBe(true);
    for (const item of shown.orderItemList as Row[]) {
      has(item, ITEM, 'order detail item');
      strictJson(item.productAttr, 'order item.productAttr');
    }
  });
});
