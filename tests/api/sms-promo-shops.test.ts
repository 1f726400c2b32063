// Protects: sellers' own promotions: flash sales, sessions, flash products, coupons and advertisements are a shop's (or the platform's): per role (seller, seller2, marketingAdmin, admin) who creates, lists and edits which; another shop's product is refused by name in both languages; a coupon is in its shop's currency; a seller sees its products in the platform's sales, and the platform's coupons covering them, read-only; a seller's flash sale and coupon work end to end through its shop front (claim, order at the flash price) and are invisible to seller2 and to another shop's buyers. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsZh } from '../../src/i18n/errors';
import { COUPON_USE_TYPE, PLATFORM_CURRENCY } from '../../src/schema/sms/coupon';
import { DEMO } from '../helpers/accounts';
import { login } from '../helpers/api';
import type { BuyerToken } from '../helpers/shop-world';
import { asBuyer, productOnSale, signUpBuyer } from '../helpers/shop-world';
import { adminIdOf, client, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Row = { id: number; shopId: number | null; currency?: string } & Record<string, unknown>;
type Page = { list: Row[]; total: number };

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

describe.each(testDialects())('sellers\' own promotions (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let marketing: ReturnType<typeof client>;
  let seller: ReturnType<typeof client>;
  let seller2: ReturnType<typeof client>;
  let shopA: number;
  let shopB: number;
  let sessionA: number;
  let platformSession: number;

  beforeAll(async () => {
    // With the demo content: the sellers' shops sell products, and their own promotions are seeded.
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    admin = client(t.app, await login(t.app, DEMO.admin));
    marketing = client(t.app, await login(t.app, DEMO.marketingAdmin));
    seller = client(t.app, await login(t.app, DEMO.seller));
    seller2 = client(t.app, await login(t.app, DEMO.seller2));
    [shopA] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    [shopB] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
    // The demo's own all-day session of the seller's shop, and a platform session.
    sessionA = Number((await t.db.selectFrom('sms_flash_promotion_session').select('id').where('shop_id', '=', shopA).where('status', '=', 1).executeTakeFirstOrThrow()).id);
    const platform = await marketing.post<Row>('/flashSession/create', { name: 'Platform night', startTime: '02:00:00', endTime: '03:00:00', status: 0 });
    expect(platform.status, platform.raw).toBe(200);
    platformSession = platform.body.data.id;
  });
  afterAll(async () => t?.close());

  const product = (shopId: number, name: string, price = 10_000, stock = 50) => productOnSale(t.db, shopId, { name: `${name}-${shopId}-${dialect}`, price, stock });
  const couponBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Shop coupon', type: 0, amount: 2, minPoint: 0, publishCount: 10, perLimit: 1, startTime: at(-1), endTime: at(10), ...extra,
  });
  const ids = (answer: { body: { data: Page } }) => answer.body.data.list.map((r) => r.id);

  it('demo: each seller\'s shop runs its own flash sale with products, coupons and an advertisement', async () => {
    for (const shopId of [shopA, shopB]) {
      const sale = await t.db.selectFrom('sms_flash_promotion').select('id').where('shop_id', '=', shopId).where('status', '=', 1).executeTakeFirst();
      expect(sale, `shop ${shopId}`).toBeDefined();
      const lines = await t.db.selectFrom('sms_flash_promotion_product_relation as r').innerJoin('pms_product as p', 'p.id', 'r.product_id')
        .select(['p.shop_id', 'r.shop_id as relation_shop']).where('r.flash_promotion_id', '=', sale!.id).execute();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((l) => Number(l.shop_id) === shopId && Number(l.relation_shop) === shopId)).toBe(true);
      expect((await t.db.selectFrom('sms_coupon').select('id').where('shop_id', '=', shopId).execute()).length).toBeGreaterThan(0);
      expect(await t.db.selectFrom('sms_home_advertise').select('id').where('shop_id', '=', shopId).executeTakeFirst()).toBeDefined();
    }
  });

  it('a seller creates, lists and edits its own flash sales and flash products only; another shop\'s product or session is refused by name', async () => {
    const own = await product(shopA, 'Own');
    const theirs = await product(shopB, 'Theirs');
    const sale = await seller.post<Row>('/flash/create', { title: 'Seller sale', startDate: day(0), endDate: day(3), status: 1, shopId: shopA });
    expect(sale.status, sale.raw).toBe(200);
    expect(sale.body.data.shopId).toBe(shopA);

    const added = await seller.post('/flashProductRelation/create', [{ flashPromotionId: sale.body.data.id, flashPromotionSessionId: sessionA, productId: own.productId, flashPromotionPrice: 80, flashPromotionCount: 5, flashPromotionLimit: 1 }]);
    expect(added.status, added.raw).toBe(200);
    const other = await seller.post('/flashProductRelation/create', [{ flashPromotionId: sale.body.data.id, flashPromotionSessionId: sessionA, productId: theirs.productId, flashPromotionPrice: 80, flashPromotionCount: 5 }]);
    expect(other.status).toBe(400);
    expect(other.body.errors?.[0]).toMatchObject({ field: '0.productId', messageKey: 'promotion_product_not_shop' });
    expect(errorsZh.promotion_product_not_shop).toMatch(/[\u4e00-\u9fff]/);
    const platformTime = await seller.post('/flashProductRelation/create', [{ flashPromotionId: sale.body.data.id, flashPromotionSessionId: platformSession, productId: own.productId, flashPromotionPrice: 80, flashPromotionCount: 5 }]);
    expect(platformTime.status).toBe(400);
    expect(platformTime.body.errors?.[0]).toMatchObject({ messageKey: 'flash_session_not_shop' });

    // Staff putting another shop's product into a shop's sale are refused the same way.
    const staffOther = await marketing.post('/flashProductRelation/create', [{ flashPromotionId: sale.body.data.id, flashPromotionSessionId: sessionA, productId: theirs.productId, flashPromotionPrice: 80, flashPromotionCount: 5 }]);
    expect(staffOther.body.errors?.[0]).toMatchObject({ messageKey: 'promotion_product_not_shop' });

    // Lists: the seller its own only, seller2 none of them, staff all.
    const mine = await seller.get<Page>('/flash/list?pageSize=100');
    expect(mine.body.data.list.every((r) => r.shopId === shopA)).toBe(true);
    expect(ids(mine)).toContain(sale.body.data.id);
    expect(ids(await seller2.get<Page>('/flash/list?pageSize=100'))).not.toContain(sale.body.data.id);
    expect(ids(await marketing.get<Page>('/flash/list?pageSize=100'))).toContain(sale.body.data.id);
    expect((await seller2.get(`/flash/${sale.body.data.id}`)).status).toBe(404);
    expect((await seller2.post(`/flash/update/${sale.body.data.id}`, { title: 'Taken' })).status).toBe(404);
    const relations = await seller2.get<Page>(`/flashProductRelation/list?flashPromotionId=${sale.body.data.id}`);
    expect(relations.body.data.list).toEqual([]);
    // The seller's select list offers its own sessions only; seller2 cannot name the sale.
    const sessions = await seller.get<Row[]>(`/flashSession/selectList?flashPromotionId=${sale.body.data.id}`);
    expect(sessions.body.data.map((s) => s.shopId)).toEqual(sessions.body.data.map(() => shopA));
    expect((await seller2.get(`/flashSession/selectList?flashPromotionId=${sale.body.data.id}`)).status).toBe(400);
    // Editing: the seller and the admin may, seller2 may not.
    expect((await seller.post(`/flash/update/${sale.body.data.id}`, { title: 'Seller sale, renamed' })).status).toBe(200);
    expect((await admin.post(`/flash/update/${sale.body.data.id}`, { title: 'Seller sale, by the admin' })).status).toBe(200);
    // A seller's session is its shop's; the platform's are not listed to it.
    const session = await seller.post<Row>('/flashSession/create', { name: 'Seller night', startTime: '03:00:00', endTime: '04:00:00', status: 0, shopId: shopA });
    expect(session.body.data.shopId).toBe(shopA);
    const listed = await seller.get<Row[]>('/flashSession/list');
    expect(listed.body.data.every((s) => s.shopId === shopA)).toBe(true);
    expect(listed.body.data.map((s) => s.id)).not.toContain(platformSession);
  });

  it('a seller sees its products in the platform\'s flash sales, read-only', async () => {
    const own = await product(shopA, 'InPlatform');
    const sale = await marketing.post<Row>('/flash/create', { title: 'Platform sale', startDate: day(0), endDate: day(2), status: 0 });
    expect(sale.body.data.shopId).toBeNull();
    const added = await marketing.post('/flashProductRelation/create', [{ flashPromotionId: sale.body.data.id, flashPromotionSessionId: platformSession, productId: own.productId, flashPromotionPrice: 90, flashPromotionCount: 3 }]);
    expect(added.status, added.raw).toBe(200);
    const seen = await seller.get<Page>(`/flashProductRelation/list?flashPromotionId=${sale.body.data.id}`);
    expect(seen.body.data.list).toEqual([expect.objectContaining({ productId: own.productId, shopId: shopA, flashPromotionTitle: 'Platform sale' })]);
    const row = seen.body.data.list[0]!;
    const edit = await seller.post(`/flashProductRelation/update/${row.id}`, { flashPromotionPrice: 1 });
    expect(edit.status).toBe(400);
    expect(edit.body.errors?.[0]).toMatchObject({ messageKey: 'platform_promotion_read_only' });
    const gone = await seller.post(`/flashProductRelation/delete/${row.id}`);
    expect(gone.status).toBe(409);
    expect(gone.body.messageKey).toBe('platform_promotion_read_only');
    expect(Number((await t.db.selectFrom('sms_flash_promotion_product_relation').select('flash_promotion_price').where('id', '=', row.id).executeTakeFirstOrThrow()).flash_promotion_price)).toBe(9_000);
    // The platform's sale itself is not the seller's to read; seller2 sees nothing of it.
    expect((await seller.get(`/flash/${sale.body.data.id}`)).status).toBe(404);
    expect((await seller2.get<Page>(`/flashProductRelation/list?flashPromotionId=${sale.body.data.id}`)).body.data.list).toEqual([]);
    expect((await marketing.post(`/flashProductRelation/update/${row.id}`, { flashPromotionPrice: 85 })).status).toBe(200);
  });

  it('coupons: a seller\'s are its shop\'s, in its currency, with its own products only; staff see all and write the platform\'s', async () => {
    await t.db.updateTable('shop').set({ currency: 'EUR' }).where('id', '=', shopB).execute();
    const own = await product(shopA, 'CouponOwn');
    const theirs = await product(shopB, 'CouponTheirs');
    const currencyA = (await t.db.selectFrom('shop').select('currency').where('id', '=', shopA).executeTakeFirstOrThrow()).currency;
    const made = await seller.post<Row>('/coupon/create', couponBody({ shopId: shopA, useType: COUPON_USE_TYPE.products, productRelationList: [own.productId] }));
    expect(made.status, made.raw).toBe(200);
    expect(made.body.data).toMatchObject({ shopId: shopA, currency: currencyA });
    const refused = await seller.post('/coupon/create', couponBody({ shopId: shopA, useType: COUPON_USE_TYPE.products, productRelationList: [theirs.productId] }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ field: 'productRelationList', messageKey: 'promotion_product_not_shop' });
    expect((await seller.post('/coupon/create', couponBody({ shopId: shopB }))).body.errors?.[0]).toMatchObject({ field: 'shopId', messageKey: 'invalid_reference' });
    expect((await seller.post('/coupon/create', couponBody({ shopId: null }))).body.errors?.[0]).toMatchObject({ field: 'shopId', messageKey: 'invalid_reference' });

    const second = await seller2.post<Row>('/coupon/create', couponBody({ name: 'Seller2 coupon', shopId: shopB }));
    expect(second.body.data).toMatchObject({ shopId: shopB, currency: 'EUR' });
    // Staff: a platform coupon by leaving the shop out, in the platform's currency; another shop's product refused for a shop's coupon.
    const platform = await marketing.post<Row>('/coupon/create', couponBody({ name: 'Platform coupon', useType: COUPON_USE_TYPE.products, productRelationList: [own.productId, theirs.productId] }));
    expect(platform.body.data).toMatchObject({ shopId: null, currency: PLATFORM_CURRENCY });
    const mixed = await marketing.post('/coupon/create', couponBody({ shopId: shopB, useType: COUPON_USE_TYPE.products, productRelationList: [own.productId] }));
    expect(mixed.body.errors?.[0]).toMatchObject({ messageKey: 'promotion_product_not_shop' });

    // The seller's own, and read-only the platform's covering its products (tests/api/sms-coupon-platform-read.test.ts).
    const sellerList = await seller.get<Page>('/coupon/list?pageSize=100');
    expect(sellerList.body.data.list.every((r) => r.shopId === shopA || (r.shopId === null && r.readOnly === true))).toBe(true);
    expect(ids(sellerList)).toContain(made.body.data.id);
    expect(sellerList.body.data.list.find((r) => r.id === platform.body.data.id)).toMatchObject({ readOnly: true });
    expect((await seller.post(`/coupon/update/${platform.body.data.id}`, { name: 'Taken' })).status).toBe(404);
    expect(ids(await seller2.get<Page>('/coupon/list?pageSize=100'))).not.toContain(made.body.data.id);
    const staffList = ids(await marketing.get<Page>('/coupon/list?pageSize=200'));
    expect(staffList).toEqual(expect.arrayContaining([made.body.data.id, second.body.data.id, platform.body.data.id]));
    expect((await seller2.post(`/coupon/update/${made.body.data.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await seller.post(`/coupon/update/${made.body.data.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await admin.post(`/coupon/update/${made.body.data.id}`, { note: 'Checked' })).status).toBe(200);
    // The shop never changes: the coupon's buyers are that shop's.
    expect((await admin.post(`/coupon/update/${made.body.data.id}`, { shopId: shopB })).status).toBe(400);
  });

  it('advertisements: a seller\'s show on its own shop\'s home, with the platform\'s; never on another shop\'s', async () => {
    const pic = (await t.db.selectFrom('sms_home_advertise').select('pic').orderBy('id').executeTakeFirstOrThrow()).pic;
    const ad = await seller.post<Row>('/home/advertise/create', { name: 'Seller ad', type: 1, pic, startTime: at(-1), endTime: at(5), status: 1, sort: 999, url: 'https://example.com/seller', shopId: shopA });
    expect(ad.status, ad.raw).toBe(200);
    expect(ids(await seller2.get<Page>('/home/advertise/list?pageSize=100'))).not.toContain(ad.body.data.id);
    const homeA = await t.app.inject({ method: 'GET', url: `/portal/${shopA}/home/content` });
    const homeB = await t.app.inject({ method: 'GET', url: `/portal/${shopB}/home/content` });
    const adsOf = (body: string) => (JSON.parse(body) as { data: { advertiseList: Row[] } }).data.advertiseList;
    expect(adsOf(homeA.body).map((a) => a.id)).toContain(ad.body.data.id);
    expect(adsOf(homeB.body).map((a) => a.id)).not.toContain(ad.body.data.id);
    expect(adsOf(homeB.body).every((a) => a.shopId === null || a.shopId === shopB)).toBe(true);
    const click = await t.app.inject({ method: 'GET', url: `/portal/${shopB}/home/advertise/click/${ad.body.data.id}` });
    expect(JSON.parse(click.body).data).toBeNull();
  });

  it('as seller: its flash sale and coupon work end to end on its shop front, and are invisible to seller2 and to another shop\'s buyers', async () => {
    const item = await product(shopA, 'EndToEnd', 20_000, 40);
    const sale = await seller.post<Row>('/flash/create', { title: 'End to end', startDate: day(-1), endDate: day(1), status: 1, shopId: shopA });
    const added = await seller.post('/flashProductRelation/create', [{ flashPromotionId: sale.body.data.id, flashPromotionSessionId: sessionA, productId: item.productId, flashPromotionPrice: 150, flashPromotionCount: 10, flashPromotionLimit: 2 }]);
    expect(added.status, added.raw).toBe(200);
    const coupon = await seller.post<Row>('/coupon/create', couponBody({ name: 'End to end coupon', shopId: shopA, amount: 5, useType: COUPON_USE_TYPE.products, productRelationList: [item.productId] }));
    expect(coupon.status, coupon.raw).toBe(200);
    const couponId = coupon.body.data.id;

    const ann: BuyerToken = await signUpBuyer(t.app, t.db, shopA, `promo-ann-${dialect}`, dialect === 'sqlite' ? '13955550001' : '13955550002');
    const bob: BuyerToken = await signUpBuyer(t.app, t.db, shopB, `promo-bob-${dialect}`, dialect === 'sqlite' ? '13955550003' : '13955550004');

    // The shop's home shows its flash product at the flash price; the other shop's home does not.
    const home = await asBuyer(t.app, ann, 'GET', '/home/content');
    expect(home.body.code, home.raw).toBe(200);
    const flash = (home.body.data as { homeFlashPromotion: { productList: { id: number; flashPromotionPrice: number }[] } | null }).homeFlashPromotion;
    expect(flash?.productList).toEqual(expect.arrayContaining([expect.objectContaining({ id: item.productId, flashPromotionPrice: 150 })]));
    const other = (await asBuyer(t.app, bob, 'GET', '/home/content')).body.data as { homeFlashPromotion: { productList: { id: number }[] } | null };
    expect((other.homeFlashPromotion?.productList ?? []).map((p) => p.id)).not.toContain(item.productId);

    // Another shop's buyer cannot claim it (as if it did not exist), nor see it by product.
    const foreign = await asBuyer(t.app, bob, 'POST', `/member/coupon/add/${couponId}`);
    expect(foreign.body.code).not.toBe(200);
    expect(foreign.body.messageKey).toBe('portal_coupon_unavailable');
    const byProduct = await asBuyer(t.app, ann, 'GET', `/member/coupon/listByProduct/${item.productId}`);
    expect((byProduct.body.data as Row[]).map((c) => c.id)).toContain(couponId);
    expect(((await asBuyer(t.app, bob, 'GET', `/member/coupon/listByProduct/${item.productId}`)).body.data as Row[]).map((c) => c.id)).not.toContain(couponId);

    // Ann claims it and orders the product at the flash price with it.
    const claimed = await asBuyer(t.app, ann, 'POST', `/member/coupon/add/${couponId}`);
    expect(claimed.body.code, claimed.raw).toBe(200);
    expect((await asBuyer(t.app, ann, 'POST', '/cart/add', { productId: item.productId, productSkuId: item.skuId, quantity: 1 })).body.code).toBe(200);
    const address = await asBuyer(t.app, ann, 'POST', '/member/address/add', { name: 'Ann', phoneNumber: '13911110009', province: 'Zhejiang', city: 'Hangzhou', region: 'Xihu', detailAddress: '3 Lake Road', defaultStatus: 1 });
    expect(address.body.code, address.raw).toBe(200);
    const cart = (await asBuyer(t.app, ann, 'GET', '/cart/list')).body.data as { id: number }[];
    const addressId = ((await asBuyer(t.app, ann, 'GET', '/member/address/list')).body.data as { id: number }[])[0]!.id;
    const placed = await asBuyer(t.app, ann, 'POST', '/order/generateOrder', { cartIds: cart.map((c) => c.id), memberReceiveAddressId: addressId, couponId, payType: 0, useIntegration: 0 });
    expect(placed.body.code, placed.raw).toBe(200);
    const order = (placed.body.data as { order: { id: number; shopId?: number; totalAmount: number; payAmount: number; couponAmount: number } }).order;
    // Listed at 200, sold at the flash price 150, less the shop's coupon.
    expect({ total: order.totalAmount, coupon: order.couponAmount, pay: order.payAmount }, placed.raw).toEqual({ total: 200, coupon: 5, pay: 145 });
    const sold = await t.db.selectFrom('sms_flash_promotion_product_relation').select('flash_promotion_sold').where('product_id', '=', item.productId).executeTakeFirstOrThrow();
    expect(Number(sold.flash_promotion_sold)).toBe(1);
    const history = await t.db.selectFrom('sms_coupon_history').select(['use_status', 'order_id']).where('coupon_id', '=', couponId).where('member_id', '=', ann.memberId).executeTakeFirstOrThrow();
    expect(history).toMatchObject({ use_status: 1, order_id: order.id });

    // seller2 sees none of it: not the sale, the coupon or the order.
    expect((await seller2.get(`/flash/${sale.body.data.id}`)).status).toBe(404);
    expect((await seller2.get(`/coupon/${couponId}`)).status).toBe(404);
    expect((await seller2.get(`/order/${order.id}`)).status).toBe(404);
    expect((await seller.get(`/order/${order.id}`)).status).toBe(200);
  });
});
