// Protects: GET /price/check: a product's (and SKU's) list price in its shop's currency (named), its chosen strategy read from its declaration's child rows, the member level's privilege, a flash price in place of the strategy (days, session on the product's shop's clock, per-buyer limit), a coupon's amount, minimum spend, scope, platform and time, the time, each line with its reasons in English and as keys; bad input refused on the parameter with nothing changed; only holders of /price/** may ask. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { serverTimeZone, wallClockMs } from '../../server/db/days';
import { ENTITIES } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import type { PriceCheckAnswer } from '../../src/schema/sms/priceCheck';
import { PROMOTION } from '../../src/schema/pms/product';
import { apiSuite } from '../helpers/api-suite';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { DEMO } from '../helpers/accounts';
import { lastAuditId } from '../helpers/entity-bodies';
import { testDialects } from '../helpers/test-db';

const productEntity = ENTITIES.product as unknown as Entity;
const levelEntity = ENTITIES.memberLevel as unknown as Entity;
const couponEntity = ENTITIES.coupon as unknown as Entity;
const DAY_MS = 86_400_000;

const STRATEGY_LISTS = { memberPriceList: [], productLadderList: [], productFullReductionList: [] };

describe.each(testDialects())('price check (%s)', (dialect) => {
  const s = apiSuite(dialect);
  const check = (query: string) => s.get<PriceCheckAnswer>(`/api/price/check?${query}`);
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const rule = (answer: PriceCheckAnswer, name: string) => answer.lines.find((l) => l.rule === name)!;

  const level = (privilege: 0 | 1) => s.fx.create(levelEntity, 0, { priviledgeMemberPrice: privilege, defaultStatus: 0 });
  const product = async (over: Record<string, unknown>) => {
    const made = await s.fx.create(productEntity, 0, {
      price: 100, promotionType: 0, promotionPrice: null, promotionStartTime: null, promotionEndTime: null, ...STRATEGY_LISTS,
      skuStockList: [{ skuCode: 'RED-M', price: 90, stock: 10 }], ...over,
    });
    // On sale and verified, as a promoted product must be.
    await s.db.updateTable('pms_product').set({ publish_status: 1, verify_status: 1 }).where('id', '=', made.id).execute();
    return made;
  };

  it("prices a member price for the buyer's level, line by line, and names every rule that did not apply", async () => {
    const gold = await level(1);
    const bronze = await level(0);
    const p = await product({ promotionType: PROMOTION.memberPrice, memberPriceList: [{ memberLevelId: gold.id, memberPrice: 92.5 }, { memberLevelId: bronze.id, memberPrice: 95 }] });
    const answer = await check(`productId=${p.id}&quantity=2&memberLevelId=${gold.id}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ productId: p.id, quantity: 2, listPrice: 100, unitPrice: 92.5, subtotal: 185, couponAmount: 0, total: 185, platform: 2, memberLevelId: gold.id });
    expect(data.lines.map((l) => l.rule)).toEqual(['listPrice', 'promotionPrice', 'memberPrice', 'ladder', 'fullReduction', 'flash', 'coupon']);
    // The amounts are in the product's shop's currency, which the answer names.
    const shop = await s.db.selectFrom('shop').select('currency').where('id', '=', Number(p.shopId)).executeTakeFirstOrThrow();
    expect(data.currency).toBe(shop.currency);
    expect(rule(data, 'memberPrice')).toMatchObject({ applied: true, unitPrice: 92.5, subtotal: 185 });
    expect(rule(data, 'memberPrice').reasons[0]).toMatchObject({ key: 'member_applied', params: { price: '92.50' } });
    expect(rule(data, 'ladder').reasons[0]).toEqual({ key: 'strategy_not_chosen', params: { strategy: 'member_price' }, message: "Not the product's price strategy (it uses: member_price)" });
    expect(rule(data, 'flash').reasons.map((r) => r.key)).toEqual(['flash_none']);
    expect(rule(data, 'coupon').reasons.map((r) => r.key)).toEqual(['coupon_none']);
    // A level without the member-price privilege keeps the list price, and says so.
    const refused = (await check(`productId=${p.id}&quantity=1&memberLevelId=${bronze.id}`)).body.data;
    expect(refused.total).toBe(100);
    expect(rule(refused, 'memberPrice').reasons.map((r) => r.key)).toEqual(['member_no_privilege']);
    expect(rule((await check(`productId=${p.id}&quantity=1`)).body.data, 'memberPrice').reasons.map((r) => r.key)).toEqual(['member_no_level']);
  });

  it("starts from the SKU's price and applies a quantity ladder and a full reduction exactly", async () => {
    const ladder = await product({ promotionType: PROMOTION.ladder, productLadderList: [{ count: 2, discount: 0.95 }, { count: 5, discount: 0.85 }], skuStockList: [{ skuCode: 'L', price: 33.33, stock: 50 }] });
    const sku = (await s.get<{ id: number }[]>(`/api/sku/${ladder.id}`)).body.data[0]!;
    const five = (await check(`productId=${ladder.id}&skuId=${sku.id}&quantity=5`)).body.data;
    expect(five).toMatchObject({ skuId: sku.id, skuCode: 'L', listPrice: 33.33, unitPrice: 28.33, total: 141.65 });
    const one = (await check(`productId=${ladder.id}&skuId=${sku.id}&quantity=1`)).body.data;
    expect(rule(one, 'ladder').reasons[0]).toMatchObject({ key: 'ladder_short', params: { count: 2 } });

    const reduced = await product({ promotionType: PROMOTION.fullReduction, price: 99.99, productFullReductionList: [{ fullPrice: 200, reducePrice: 20 }] });
    expect((await check(`productId=${reduced.id}&quantity=2`)).body.data.total).toBe(199.98);
    expect((await check(`productId=${reduced.id}&quantity=3`)).body.data).toMatchObject({ subtotal: 279.97, total: 279.97 });
  });

  it('takes a coupon off the amount after the member price, and says every coupon rule a purchase fails', async () => {
    const gold = await level(1);
    const p = await product({ promotionType: PROMOTION.memberPrice, memberPriceList: [{ memberLevelId: gold.id, memberPrice: 80 }] });
    const now = Date.now();
    const base = {
      type: 0, platform: 0, publishCount: 10, perLimit: 1, useType: 0, amount: 10, minPoint: 0, note: null,
      startTime: new Date(now - DAY_MS).toISOString(), endTime: new Date(now + 30 * DAY_MS).toISOString(),
      productCategoryRelationList: [], productRelationList: [],
      // The product's shop's coupons (a shop's coupon names only its own products).
      shopId: p.shopId,
    };
    const ten = await s.fx.create(couponEntity, 0, { ...base, name: 'Ten off' });
    const spend = await s.fx.create(couponEntity, 0, { ...base, name: 'Spend 500', minPoint: 500 });
    const buyer = `productId=${p.id}&quantity=2&memberLevelId=${gold.id}`;
    const applied = (await check(`${buyer}&couponId=${ten.id}`)).body.data;
    expect(applied).toMatchObject({ subtotal: 160, couponAmount: 10, total: 150, couponId: ten.id, couponName: 'Ten off' });
    expect(rule(applied, 'coupon')).toMatchObject({ applied: true, amountOff: 10, subtotal: 150 });
    const refused = (await check(`${buyer}&couponId=${spend.id}`)).body.data;
    expect(refused).toMatchObject({ couponAmount: 0, total: 160 });
    expect(rule(refused, 'coupon').reasons).toEqual([{ key: 'coupon_min_spend', params: { minPoint: '500.00', subtotal: '160.00' }, message: 'The coupon needs a spend of 500.00; the amount is 160.00' }]);

    // Scope, platform and time, each named.
    const otherCategory = (await s.db.selectFrom('pms_product_category').select('id').where('id', '<>', Number(p.productCategoryId)).where('parent_id', '<>', 0).executeTakeFirstOrThrow()).id;
    const categories = await s.fx.create(couponEntity, 0, { ...base, name: 'Other category', useType: 1, productCategoryRelationList: [{ productCategoryId: otherCategory }] });
    const mine = await s.fx.create(couponEntity, 0, { ...base, name: 'This product', useType: 2, productRelationList: [{ productId: p.id }] });
    const mobile = await s.fx.create(couponEntity, 0, { ...base, name: 'Mobile only', platform: 1 });
    const reasons = async (id: number, extra = '') => rule((await check(`${buyer}&couponId=${id}${extra}`)).body.data, 'coupon').reasons.map((r) => r.key);
    expect(await reasons(categories.id)).toEqual(['coupon_category']);
    expect(await reasons(mine.id)).toEqual(['coupon_applied']);
    expect(await reasons(mobile.id)).toEqual(['coupon_platform']);
    expect(await reasons(mobile.id, '&platform=1')).toEqual(['coupon_applied']);
    expect(await reasons(ten.id, `&time=${new Date(now + 40 * DAY_MS).toISOString()}`)).toEqual(['coupon_expired']);
  });

  it('prices a flash sale in place of the strategy on its days and in its enabled session, within the per-buyer limit', async () => {
    const gold = await level(1);
    const p = await product({ promotionType: PROMOTION.memberPrice, memberPriceList: [{ memberLevelId: gold.id, memberPrice: 80 }], stock: 100 });
    const sale = await s.post<{ id: number }>('/api/flash/create', { title: 'Price check sale', startDate: '2026-03-01', endDate: '2026-03-31', status: 1 });
    expect(sale.status).toBe(200);
    const saleId = (await s.db.selectFrom('sms_flash_promotion').select('id').where('title', '=', 'Price check sale').executeTakeFirstOrThrow()).id;
    // An enabled session of the demo, else one of its own (enabled sessions never overlap).
    let session = await s.db.selectFrom('sms_flash_promotion_session').select(['id', 'name', 'start_time', 'end_time']).where('status', '=', 1).executeTakeFirst();
    if (!session) {
      await s.post('/api/flashSession/create', { name: 'Price check hour', startTime: '03:00:00', endTime: '03:59:59', status: 1 });
      session = await s.db.selectFrom('sms_flash_promotion_session').select(['id', 'name', 'start_time', 'end_time']).where('name', '=', 'Price check hour').executeTakeFirstOrThrow();
    }
    const added = await s.post('/api/flashProductRelation/create', [{
      flashPromotionId: saleId, flashPromotionSessionId: session.id, productId: p.id, flashPromotionPrice: 59.9, flashPromotionCount: 10, flashPromotionLimit: 2,
    }]);
    expect(added.status).toBe(200);
    // The session's start on a day of the sale, on the clock of the product's shop (the platform's when it declares none).
    const shop = await s.db.selectFrom('pms_product as p').innerJoin('shop', 'shop.id', 'p.shop_id').select('shop.time_zone').where('p.id', '=', p.id).executeTakeFirstOrThrow();
    const zone = shop.time_zone || serverTimeZone();
    const inSale = new Date(wallClockMs(zone, '2026-03-15', String(session.start_time))).toISOString();
    const buyer = `productId=${p.id}&memberLevelId=${gold.id}&time=${inSale}`;
    const flashed = (await check(`${buyer}&quantity=2`)).body.data;
    expect(flashed).toMatchObject({ unitPrice: 59.9, total: 119.8, timeZone: zone });
    expect(rule(flashed, 'flash').reasons[0]).toMatchObject({ key: 'flash_applied', params: { title: 'Price check sale', session: session.name, price: '59.90' } });
    expect(rule(flashed, 'memberPrice').reasons.map((r) => r.key)).toEqual(['replaced_by_flash']);
    // Above the per-buyer limit, or on a day outside the sale: the member price, and why.
    const over = (await check(`${buyer}&quantity=3`)).body.data;
    expect(over).toMatchObject({ unitPrice: 80, total: 240 });
    expect(rule(over, 'flash').reasons).toEqual([expect.objectContaining({ key: 'flash_over_limit', params: { title: 'Price check sale', limit: 2 } })]);
    const later = new Date(wallClockMs(zone, '2026-04-15', String(session.start_time))).toISOString();
    expect(rule((await check(`productId=${p.id}&memberLevelId=${gold.id}&time=${later}&quantity=1`)).body.data, 'flash').reasons.map((r) => r.key)).toEqual(['flash_not_on_date']);
  });

  it('applies a promotion price only inside its window, at the time asked', async () => {
    const p = await product({ promotionType: PROMOTION.promotionPrice, promotionPrice: 80, promotionStartTime: '2026-03-01T00:00:00.000Z', promotionEndTime: '2026-03-31T00:00:00.000Z' });
    expect((await check(`productId=${p.id}&quantity=1&time=2026-03-15T12:00:00.000Z`)).body.data).toMatchObject({ total: 80, time: '2026-03-15T12:00:00.000Z' });
    const early = (await check(`productId=${p.id}&quantity=1&time=2026-02-28T12:00:00.000Z`)).body.data;
    expect(early.total).toBe(100);
    expect(rule(early, 'promotionPrice').reasons[0]).toMatchObject({ key: 'promotion_not_started', params: { startTime: '2026-03-01T00:00:00.000Z' } });
  });

  it('refuses bad input on the parameter, in a 400, and changes nothing', async () => {
    const p = await product({});
    const other = await product({});
    const otherSku = (await s.get<{ id: number }[]>(`/api/sku/${other.id}`)).body.data[0]!;
    const before = await lastAuditId(s.db);
    const cases: [string, string[]][] = [
      ['quantity=1', ['productId:required']],
      [`productId=${p.id}`, ['quantity:required']],
      [`productId=${p.id}&quantity=0`, ['quantity:too_small']],
      [`productId=${p.id}&quantity=1.5`, ['quantity:invalid_type']],
      [`productId=${p.id}&quantity=10000`, ['quantity:too_big']],
      [`productId=${p.id}&quantity=1&platform=3`, ['platform:invalid_value']],
      [`productId=${p.id}&quantity=1&time=tomorrow`, ['time:invalid_date']],
      [`productId=${p.id}&quantity=1&colour=red`, ['colour:unknown_field']],
    ];
    for (const [query, expected] of cases) {
      const answer = await check(query);
      expect(answer.status, query).toBe(400);
      expect(fields(answer), query).toEqual(expected);
    }
    const missing: [string, string][] = [
      [`productId=999999&quantity=1`, 'productId:not_found'],
      [`productId=${p.id}&skuId=${otherSku.id}&quantity=1`, 'skuId:not_found'],
      [`productId=${p.id}&memberLevelId=999999&quantity=1`, 'memberLevelId:not_found'],
      [`productId=${p.id}&couponId=999999&quantity=1`, 'couponId:not_found'],
    ];
    for (const [query, expected] of missing) {
      const answer = await check(query);
      expect(answer.status, query).toBe(400);
      expect(fields(answer), query).toEqual([expected]);
    }
    expect(await lastAuditId(s.db)).toBe(before);
  });

  it('answers only who holds /price/**: a seller and the product admin are refused', async () => {
    const p = await product({});
    for (const who of [DEMO.seller, DEMO.productAdmin]) {
      const token = await login(s.app, who);
      const answer = await call(s.app, 'GET', `/api/price/check?productId=${p.id}&quantity=1`, { token });
      expect(answer.status, who.username).toBe(403);
    }
  });
});
