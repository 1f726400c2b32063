// Protects: what a buyer's order charges beyond its lines: freight by the shop's templates (per template over pieces or grams, free-shipping products and a level's free-freight point waiving it, another shop's template naming none), points spent within the shop's setting (balance, step, share, coupon) and the products' own caps (usePointLimit, each line within its product's), taken in the order's transaction with a history row, given back once on cancel and earned on receipt, never spent twice by parallel orders (PostgreSQL); a product without SKUs sold from its own stock (held, given back, sold); /alipay/query only for the order's own buyer; an Alipay notify naming no currency read as the order's (CNY). SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, generateOrder } from '../../server/areas/portal/orders/place';
import { createAlipaySandbox, DEMO_ALIPAY_PREFIX } from '../../server/areas/vip/demo-alipay';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { BuyerToken } from '../helpers/shop-world';
import { RECEIVER, asBuyer, couponHeldBy, productOnSale, signUpBuyer } from '../helpers/shop-world';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('shop front: freight, points, products without SKUs (%s)', (dialect) => {
  const sandbox = createAlipaySandbox(`${DEMO_ALIPAY_PREFIX}/gateway.do`);
  let t: TestApp;
  let shopA: number;
  let shopB: number;
  let ann: BuyerToken;
  let ben: BuyerToken;
  let admin: string;

  const buyerOf = (b: BuyerToken) => ({ shopId: b.shopId, memberId: b.memberId });
  type Line = { productId: number; skuId: number | null; quantity: number };
  const place = (b: BuyerToken, lines: Line[], extra: { couponId?: number | null; points?: number } = {}) =>
    generateOrder(t.db, buyerOf(b), { lines: lines.map((l, i) => ({ key: i + 1, ...l })), couponId: extra.couponId ?? null, useIntegration: extra.points ?? 0, receiver: RECEIVER });
  const confirm = (b: BuyerToken, lines: Line[]) => confirmOrder(t.db, buyerOf(b), lines.map((l, i) => ({ key: i + 1, ...l })));
  const template = async (shopId: number, values: { name: string; chargeType: number; firstWeight: number; firstFee: number; continueWeight: number; continueFee: number }) =>
    Number((await t.db.insertInto('pms_feight_template').values({
      shop_id: shopId, name: values.name, charge_type: values.chargeType, first_weight: values.firstWeight, first_fee: values.firstFee,
      continue_weight: values.continueWeight, continme_fee: values.continueFee, dest: null,
    }).returning('id').executeTakeFirstOrThrow()).id);
  const shipWith = (productId: number, values: { templateId?: number | null; weight?: number; serviceIds?: string | null; giftPoint?: number }) =>
    t.db.updateTable('pms_product').set({
      ...(values.templateId === undefined ? {} : { feight_template_id: values.templateId }), ...(values.weight === undefined ? {} : { weight: values.weight }),
      ...(values.serviceIds === undefined ? {} : { service_ids: values.serviceIds }), ...(values.giftPoint === undefined ? {} : { gift_point: values.giftPoint }),
    }).where('id', '=', productId).execute();
  const points = async (b: BuyerToken) => Number((await t.db.selectFrom('ums_member').select('integration').where('id', '=', b.memberId).executeTakeFirstOrThrow()).integration);
  const setPoints = (b: BuyerToken, n: number) => t.db.updateTable('ums_member').set({ integration: n }).where('id', '=', b.memberId).execute();
  const pointsHistory = async (b: BuyerToken) => (await t.db.selectFrom('ums_integration_change_history').select(['change_type', 'change_count', 'order_id'])
    .where('member_id', '=', b.memberId).orderBy('id').execute()).map((r) => [r.change_type, r.change_count, r.order_id]);
  const orderRow = (id: number) => t.db.selectFrom('oms_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const notify = (fields: Record<string, string>) => t.app.inject({
    method: 'POST', url: `/portal/${shopA}/alipay/notify`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(),
  });
  /** A product on sale with no SKU of its own (price in cents). */
  const productWithoutSkus = async (shopId: number, name: string, price: number, stock: number) => {
    const { productId, skuId } = await productOnSale(t.db, shopId, { name, price, stock });
    await t.db.deleteFrom('pms_sku_stock').where('id', '=', skuId).execute();
    return productId;
  };
  const productFigures = async (productId: number) => {
    const row = await t.db.selectFrom('pms_product').select(['stock', 'sale']).where('id', '=', productId).executeTakeFirstOrThrow();
    return { stock: Number(row.stock), sold: Number(row.sale) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { alipay: sandbox.settings });
    shopA = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    shopB = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)))[0]!;
    ann = await signUpBuyer(t.app, t.db, shopA, 'ann_money', '13922220001');
    ben = await signUpBuyer(t.app, t.db, shopA, 'ben_money', '13922220002');
    admin = await login(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  it('charges freight per template over pieces or grams, none on free-shipping products, none past the level\'s free-freight point', async () => {
    const byPiece = await template(shopA, { name: 'Parcel', chargeType: 1, firstWeight: 1, firstFee: 1_000, continueWeight: 2, continueFee: 300 });
    const byWeight = await template(shopA, { name: 'Heavy', chargeType: 0, firstWeight: 1_000, firstFee: 1_500, continueWeight: 500, continueFee: 400 });
    const foreign = await template(shopB, { name: 'Elsewhere', chargeType: 1, firstWeight: 1, firstFee: 9_900, continueWeight: 1, continueFee: 9_900 });
    const mug = await productOnSale(t.db, shopA, { name: 'Freight mug', price: 2_000, stock: 50 });
    const cup = await productOnSale(t.db, shopA, { name: 'Freight cup', price: 1_000, stock: 50 });
    const anvil = await productOnSale(t.db, shopA, { name: 'Freight anvil', price: 5_000, stock: 50 });
    const card = await productOnSale(t.db, shopA, { name: 'Freight card', price: 500, stock: 50 });
    const odd = await productOnSale(t.db, shopA, { name: 'Freight odd', price: 500, stock: 50 });
    await shipWith(mug.productId, { templateId: byPiece });
    await shipWith(cup.productId, { templateId: byPiece });
    await shipWith(anvil.productId, { templateId: byWeight, weight: 800 });
    await shipWith(card.productId, { templateId: byPiece, serviceIds: '1,3' });
    await shipWith(odd.productId, { templateId: foreign });

    // Pieces: 2 mugs + 2 cups under one template = 4 pieces: 10.00 for the first, then 2 steps of 2 (3.00 each).
    const pieces = await confirm(ann, [{ ...mug, quantity: 2 }, { ...cup, quantity: 2 }]);
    expect(pieces.calcAmount).toMatchObject({ totalAmount: 60, freightAmount: 16, payAmount: 76 });
    expect(pieces.freightDetail).toEqual({ waived: false, parts: [{ templateId: byPiece, name: 'Parcel', chargeType: 1, units: 4, fee: 16 }] });
    // Grams: 2 anvils of 800 g = 1,600 g: 15.00 for the first kilogram, 600 g more is 2 steps of 500 g begun (4.00 each).
    expect((await confirm(ann, [{ ...anvil, quantity: 2 }])).calcAmount).toMatchObject({ freightAmount: 23, payAmount: 123 });
    // A free-shipping product and a product naming another shop's template carry nothing.
    expect((await confirm(ann, [{ ...card, quantity: 3 }, { ...odd, quantity: 1 }])).calcAmount).toMatchObject({ freightAmount: 0, payAmount: 20 });

    // The order keeps it: payAmount = goods + freight, as the admin shows.
    const order = (await place(ann, [{ ...mug, quantity: 1 }]))!;
    expect(order).toMatchObject({ totalAmount: 20, freightAmount: 10, payAmount: 30 });
    const seen = await call<{ freightAmount: number; payAmount: number }>(t.app, 'GET', `/api/order/${order.id}`, { token: admin });
    expect(seen.body.data).toMatchObject({ freightAmount: 10, payAmount: 30 });

    // A level with the free-freight privilege from 50.00 of goods: below it freight is charged, from it none.
    const level = await t.db.insertInto('ums_member_level').values({
      name: 'Free freight level', priviledge_free_freight: 1, free_freight_point: 5_000, default_status: 0, growth_point: 0, comment_growth_point: 0,
      priviledge_sign_in: 0, priviledge_comment: 0, priviledge_promotion: 0, priviledge_member_price: 0, priviledge_birthday: 0, note: null,
    }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('ums_member').set({ member_level_id: level.id }).where('id', '=', ben.memberId).execute();
    expect((await confirm(ben, [{ ...mug, quantity: 2 }])).calcAmount).toMatchObject({ totalAmount: 40, freightAmount: 13 });
    const waived = await confirm(ben, [{ ...mug, quantity: 3 }]);
    expect(waived.calcAmount).toMatchObject({ totalAmount: 60, freightAmount: 0, payAmount: 60 });
    expect(waived.freightDetail.waived).toBe(true);
    await t.db.updateTable('ums_member').set({ member_level_id: null }).where('id', '=', ben.memberId).execute();
  });

  it('spends points within the shop\'s setting in the order\'s transaction, gives them back once on cancel, and refuses what the setting does not allow', async () => {
    const lamp = await productOnSale(t.db, shopA, { name: 'Points lamp', price: 10_000, stock: 50 });
    // The shop's one rule (the demo seeds one per shop) becomes this test's.
    await t.db.deleteFrom('ums_integration_consume_setting').where('shop_id', '=', shopA).execute();
    await t.db.insertInto('ums_integration_consume_setting').values({ shop_id: shopA, deduction_per_amount: 100, max_percent_per_order: 50, use_unit: 100, coupon_status: 0 }).execute();
    await setPoints(ann, 8_000);
    const shown = await confirm(ann, [{ ...lamp, quantity: 1 }]);
    expect(shown).toMatchObject({ memberIntegration: 8_000, integrationConsumeSetting: { deductionPerAmount: 100, maxPercentPerOrder: 50, useUnit: 100, couponStatus: 0 } });

    const refusals = [
      [250, 'points_unit'], [9_000, 'points_over_balance'], [5_100, 'points_over_limit'],
    ] as const;
    for (const [use, key] of refusals) {
      await expect(place(ann, [{ ...lamp, quantity: 1 }], { points: use })).rejects.toMatchObject({ problem: { messageKey: key, code: 500 } });
    }
    const coupon = await couponHeldBy(t.db, { name: 'Points coupon', amount: 500 }, [ann]);
    await expect(place(ann, [{ ...lamp, quantity: 1 }], { points: 100, couponId: coupon })).rejects.toMatchObject({ problem: { messageKey: 'points_with_coupon' } });
    expect(await points(ann)).toBe(8_000);
    expect(await pointsHistory(ann)).toEqual([]);

    // 3,000 points = 30.00 off a 100.00 lamp (within half of it): taken with a history row, split onto the line.
    const order = (await place(ann, [{ ...lamp, quantity: 1 }], { points: 3_000 }))!;
    expect(order).toMatchObject({ totalAmount: 100, integrationAmount: 30, payAmount: 70, useIntegration: 3_000 });
    expect(order.orderItemList[0]).toMatchObject({ integrationAmount: 30, realAmount: 70 });
    expect(await points(ann)).toBe(5_000);
    expect(await pointsHistory(ann)).toEqual([[1, 3_000, order.id]]);
    // The buyer's cancel gives them back, once.
    expect((await asBuyer(t.app, ann, 'POST', `/order/cancelUserOrder?orderId=${order.id}`)).body.code).toBe(200);
    expect(await points(ann)).toBe(8_000);
    expect((await orderRow(order.id)).use_integration).toBe(0);
    expect((await asBuyer(t.app, ann, 'POST', `/order/cancelUserOrder?orderId=${order.id}`)).body.code).toBe(500);
    expect(await pointsHistory(ann)).toEqual([[1, 3_000, order.id], [0, 3_000, order.id]]);
    // An administrator's close gives them back too.
    const again = (await place(ann, [{ ...lamp, quantity: 1 }], { points: 1_000 }))!;
    expect(await points(ann)).toBe(7_000);
    expect((await call(t.app, 'POST', `/api/order/update/close?ids=${again.id}`, { token: admin, body: { note: 'Closed' } })).body.code).toBe(200);
    expect(await points(ann)).toBe(8_000);
  });

  it('caps the points an order takes by its products\' own limits (usePointLimit), each line within its product\'s', async () => {
    await t.db.deleteFrom('ums_integration_consume_setting').where('shop_id', '=', shopA).execute();
    await t.db.insertInto('ums_integration_consume_setting').values({ shop_id: shopA, deduction_per_amount: 100, max_percent_per_order: 50, use_unit: 100, coupon_status: 1 }).execute();
    const lamp = await productOnSale(t.db, shopA, { name: 'Capped lamp', price: 10_000, stock: 50 });
    const pen = await productOnSale(t.db, shopA, { name: 'Capped pen', price: 1_000, stock: 50 });
    const cap = (productId: number, limit: number) => t.db.updateTable('pms_product').set({ use_point_limit: limit }).where('id', '=', productId).execute();
    await cap(lamp.productId, 1_000);
    await cap(pen.productId, 200);
    const cy = await signUpBuyer(t.app, t.db, shopA, 'cy_money', '13922220003');
    await setPoints(cy, 20_000);
    const lines = [{ ...lamp, quantity: 1 }, { ...pen, quantity: 1 }];
    // Half of 110.00 would be 5,500 points; the products take 1,000 + 200.
    expect(await confirm(cy, lines)).toMatchObject({ memberIntegration: 20_000, integrationMax: 1_200 });
    await expect(place(cy, lines, { points: 1_300 })).rejects.toMatchObject({ problem: { messageKey: 'points_over_limit', params: { max: 1_200 } } });
    expect(await points(cy)).toBe(20_000);
    const order = (await place(cy, lines, { points: 1_200 }))!;
    expect(order).toMatchObject({ totalAmount: 110, integrationAmount: 12, payAmount: 98, useIntegration: 1_200 });
    // Proportionally the lamp would carry 10.91: its own cap is 10.00, the pen carries the rest (its 2.00).
    expect(order.orderItemList.map((item) => item.integrationAmount)).toEqual([10, 2]);
    expect(await points(cy)).toBe(18_800);
    // 0 sets no cap of its own: the pen's line is then capped by its own worth only (1,000 + 1,000).
    await cap(pen.productId, 0);
    expect(await confirm(cy, lines)).toMatchObject({ integrationMax: 2_000 });
    // No product with a cap: the shop's share decides, as before.
    await cap(lamp.productId, 0);
    expect(await confirm(cy, lines)).toMatchObject({ integrationMax: 5_500 });
    expect((await asBuyer(t.app, cy, 'POST', `/order/cancelUserOrder?orderId=${order.id}`)).body.code).toBe(200);
    expect(await points(cy)).toBe(20_000);
  });

  it('earns the order\'s gift points and growth on receipt, through the shop front\'s wire', async () => {
    const book = await productOnSale(t.db, shopA, { name: 'Gift book', price: 3_000, stock: 50 });
    await shipWith(book.productId, { giftPoint: 40 });
    await setPoints(ben, 0);
    const order = (await place(ben, [{ ...book, quantity: 2 }]))!;
    expect(order.integration).toBe(80);
    const start = await asBuyer(t.app, ben, 'POST', `/order/pay?orderId=${order.id}&channel=alipay`);
    const biz = JSON.parse(sandbox.readPayUrl((start.body.data as { payUrl: string }).payUrl)!.biz_content!) as { out_trade_no: string; total_amount: string };
    // Alipay names no currency for a domestic trade: the amount is the order's yuan.
    expect((await notify(sandbox.notify({ out_trade_no: biz.out_trade_no, total_amount: biz.total_amount }))).body).toBe('success');
    expect((await orderRow(order.id)).status).toBe(1);
    // /alipay/query answers the order's own buyer (mall's clients send the token), no one else.
    expect((await asBuyer(t.app, ben, 'GET', `/alipay/query?outTradeNo=${order.orderSn}`)).body).toMatchObject({ code: 200, data: 'TRADE_SUCCESS' });
    expect((await asBuyer(t.app, ann, 'GET', `/alipay/query?outTradeNo=${order.orderSn}`)).body).toMatchObject({ code: 200, data: null });
    expect((await call(t.app, 'GET', `/portal/${shopA}/alipay/query?outTradeNo=${order.orderSn}`)).body).toMatchObject({ code: 401 });
    expect((await call(t.app, 'POST', '/api/order/update/delivery', { token: admin, body: [{ orderId: order.id, deliveryCompany: '顺丰快递', deliverySn: 'SF-GIFT' }] })).body.code).toBe(200);
    expect(await points(ben)).toBe(0);
    expect((await asBuyer(t.app, ben, 'POST', `/order/confirmReceiveOrder?orderId=${order.id}`)).body.code).toBe(200);
    expect(await points(ben)).toBe(80);
    expect(await pointsHistory(ben)).toEqual([[0, 80, order.id]]);
    expect((await asBuyer(t.app, ben, 'GET', '/sso/info')).body.data).toMatchObject({ integration: 80 });
  });

  it('sells a product without SKUs from its own price and stock: held at the order, given back on cancel, sold on payment', async () => {
    const poster = await productWithoutSkus(shopA, 'Plain poster', 1_500, 5);
    const line = { productId: poster, skuId: null, quantity: 2 };
    expect((await confirm(ann, [line])).cartPromotionItemList[0]).toMatchObject({ productSkuId: 0, price: 15, realStock: 5 });
    await expect(place(ann, [{ ...line, quantity: 6 }])).rejects.toMatchObject({ problem: { messageKey: 'order_out_of_stock' } });
    expect(await productFigures(poster)).toEqual({ stock: 5, sold: 0 });
    const order = (await place(ann, [line]))!;
    expect(order).toMatchObject({ totalAmount: 30, payAmount: 30 });
    expect(order.orderItemList[0]).toMatchObject({ productSkuId: 0, productQuantity: 2 });
    expect(await productFigures(poster)).toEqual({ stock: 3, sold: 0 });
    expect((await asBuyer(t.app, ann, 'POST', `/order/cancelUserOrder?orderId=${order.id}`)).body.code).toBe(200);
    expect(await productFigures(poster)).toEqual({ stock: 5, sold: 0 });
    // Through the cart (its line names SKU 0) and paid: the units become sold.
    expect((await asBuyer(t.app, ann, 'POST', '/cart/add', { productId: poster, quantity: 3 })).body.code).toBe(200);
    const cart = (await asBuyer(t.app, ann, 'GET', '/cart/list')).body.data as { id: number; productId: number }[];
    const cartId = cart.find((c) => c.productId === poster)!.id;
    const address = await asBuyer(t.app, ann, 'POST', '/member/address/add', { name: 'Ann', phoneNumber: '13922220001', province: 'Guangdong', city: 'Shenzhen', region: 'Futian', detailAddress: '3 Park Road', defaultStatus: 1 });
    expect(address.body.code, address.raw).toBe(200);
    const addressId = ((await asBuyer(t.app, ann, 'GET', '/member/address/list')).body.data as { id: number }[])[0]!.id;
    const placed = await asBuyer(t.app, ann, 'POST', '/order/generateOrder', { cartIds: [cartId], memberReceiveAddressId: addressId });
    expect(placed.body.code, placed.raw).toBe(200);
    const viaCart = (placed.body.data as { order: { id: number; orderSn: string; payAmount: number } }).order;
    expect(await productFigures(poster)).toEqual({ stock: 2, sold: 0 });
    const start = await asBuyer(t.app, ann, 'POST', `/order/pay?orderId=${viaCart.id}&channel=alipay`);
    const biz = JSON.parse(sandbox.readPayUrl((start.body.data as { payUrl: string }).payUrl)!.biz_content!) as { out_trade_no: string; total_amount: string };
    expect((await notify(sandbox.notify({ out_trade_no: biz.out_trade_no, total_amount: biz.total_amount, trans_currency: 'CNY' }))).body).toBe('success');
    expect(await productFigures(poster)).toEqual({ stock: 2, sold: 3 });
    // Free + held + sold = offered (5).
  });

  it('refuses a notify in another currency than the order\'s', async () => {
    const pen = await productOnSale(t.db, shopA, { name: 'Currency pen', price: 1_000, stock: 5 });
    const order = (await place(ben, [{ ...pen, quantity: 1 }]))!;
    expect((await notify(sandbox.notify({ out_trade_no: order.orderSn, total_amount: '10.00', trans_currency: 'USD' }))).body).toBe('failure');
    expect((await orderRow(order.id)).status).toBe(0);
  });
});

/** PostgreSQL is where the race is real; without it, SQLite. */
const raceDialects = testDialects().includes('postgres') ? ['postgres' as const] : testDialects();

describe.each(raceDialects)('shop front: points spent by parallel orders (%s)', (dialect) => {
  let t: TestApp;
  let shop: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
  });
  afterAll(async () => t?.close());

  it('never spends the same points twice: of many orders each spending the whole balance, one passes', async () => {
    const radio = await productOnSale(t.db, shop, { name: 'Race radio', price: 20_000, stock: 500 });
    const { id } = await t.db.insertInto('ums_member').values({ shop_id: shop, username: 'points_racer', apply_status: 1, create_time: toDbTime(), integration: 5_000 })
      .returning('id').executeTakeFirstOrThrow();
    const memberId = Number(id);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => generateOrder(t.db, { shopId: shop, memberId }, {
      lines: [{ key: 1, ...radio, quantity: 1 }], couponId: null, useIntegration: 5_000, receiver: RECEIVER,
    }).then(() => 'ok', (error: { problem?: { messageKey: string } }) => {
      if (!error.problem) throw error;
      return error.problem.messageKey;
    })));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set(['points_over_balance']));
    const member = await t.db.selectFrom('ums_member').select('integration').where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(Number(member.integration)).toBe(0);
    const history = await t.db.selectFrom('ums_integration_change_history').select(['change_type', 'change_count']).where('member_id', '=', memberId).execute();
    expect(history).toEqual([{ change_type: 1, change_count: 5_000 }]);
    const orders = await t.db.selectFrom('oms_order').select(['use_integration', 'integration_amount']).where('member_id', '=', memberId).execute();
    expect(orders.map((o) => [Number(o.use_integration), Number(o.integration_amount)])).toEqual([[5_000, 5_000]]);
    // The held stock is the one order's only.
    const sku = await t.db.selectFrom('pms_sku_stock').select('lock_stock').where('id', '=', radio.skuId).executeTakeFirstOrThrow();
    expect(Number(sku.lock_stock)).toBe(1);
  }, 60_000);
});
