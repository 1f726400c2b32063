// Protects: a buyer's orders on the shop front: placing prices every line with the price check's engine (list, strategy, flash price, coupon) and says why, writes the order, its lines and history in one transaction holding SKU stock, using the coupon once and taking flash units within the count and the per-member limit; a refusal (stock, coupon, address, points) changes nothing; paying only through a provider's verified notify (Alipay stand-in keys), paySuccess changing nothing; cancel giving back stock, flash units and the coupon (the admin's close too); confirm receipt, delete hidden for the buyer only, a return within what was bought; another buyer's or shop's order is "not found"; the admin's order list, coupon history and flash sold count follow. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOrder, confirmOrder } from '../../server/areas/portal/orders/place';
import { createAlipaySandbox, DEMO_ALIPAY_PREFIX } from '../../server/areas/vip/demo-alipay';
import { DEMO } from '../helpers/accounts';
import { call, countRows, login } from '../helpers/api';
import type { BuyerToken } from '../helpers/shop-world';
import { RECEIVER, asBuyer, couponHeldBy, flashSale, productOnSale, signUpBuyer, skuFigures } from '../helpers/shop-world';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('shop front: orders (%s)', (dialect) => {
  const sandbox = createAlipaySandbox(`${DEMO_ALIPAY_PREFIX}/gateway.do`);
  let t: TestApp;
  let shopA: number;
  let shopB: number;
  let ann: BuyerToken;
  let ben: BuyerToken;
  let cat: BuyerToken;
  let kettle: { productId: number; skuId: number };
  let admin: string;

  const buyerOf = (b: BuyerToken) => ({ shopId: b.shopId, memberId: b.memberId });
  const place = (b: BuyerToken, lines: { productId: number; skuId: number; quantity: number }[], extra: { couponId?: number | null } = {}) =>
    generateOrder(t.db, buyerOf(b), { lines: lines.map((l, i) => ({ key: i + 1, ...l })), couponId: extra.couponId ?? null, useIntegration: 0, receiver: RECEIVER });
  const orderRow = (id: number) => t.db.selectFrom('oms_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const notify = (fields: Record<string, string>, shop = shopA) => t.app.inject({
    method: 'POST', url: `/portal/${shop}/alipay/notify`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(),
  });
  const payByNotify = async (b: BuyerToken, orderId: number) => {
    const start = await asBuyer(t.app, b, 'POST', `/order/pay?orderId=${orderId}&channel=alipay`);
    expect(start.body.code, start.raw).toBe(200);
    const params = sandbox.readPayUrl((start.body.data as { payUrl: string }).payUrl)!;
    const biz = JSON.parse(params.biz_content!) as { out_trade_no: string; total_amount: string; trans_currency: string };
    return notify(sandbox.notify({ out_trade_no: biz.out_trade_no, total_amount: biz.total_amount, trans_currency: biz.trans_currency }));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { alipay: sandbox.settings });
    shopA = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    shopB = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)))[0]!;
    ann = await signUpBuyer(t.app, t.db, shopA, 'ann_orders', '13911110001');
    ben = await signUpBuyer(t.app, t.db, shopA, 'ben_orders', '13911110002');
    cat = await signUpBuyer(t.app, t.db, shopB, 'cat_orders', '13911110003');
    kettle = await productOnSale(t.db, shopA, { name: 'Kettle', price: 10_000, stock: 10 });
    admin = await login(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  it('confirms an order line by line with reasons and the coupons that apply, writing nothing', async () => {
    const coupon = await couponHeldBy(t.db, { name: 'Ten off', amount: 1_000 }, [ann]);
    const before = await countRows(t.db, 'oms_order');
    const confirm = await confirmOrder(t.db, buyerOf(ann), [{ key: 7, productId: kettle.productId, skuId: kettle.skuId, quantity: 2 }]);
    expect(confirm.calcAmount).toMatchObject({ totalAmount: 200, promotionAmount: 0, freightAmount: 0, payAmount: 200 });
    const line = confirm.cartPromotionItemList[0]!;
    expect(line).toMatchObject({ id: 7, productName: 'Kettle', price: 100, quantity: 2, realStock: 10, promotionMessage: 'No promotion' });
    expect(line.priceLines.map((l) => l.rule)).toEqual(['listPrice', 'promotionPrice', 'memberPrice', 'ladder', 'fullReduction', 'flash', 'coupon']);
    expect(line.priceLines[0]!.reasons[0]!.message).toContain('100.00');
    expect(confirm.couponHistoryDetailList.map((c) => c.coupon.id)).toEqual([coupon]);
    expect(await countRows(t.db, 'oms_order')).toBe(before);
  });

  it('places an order in one transaction: amounts from the engine, stock held, coupon used once, history written, the admin sees it', async () => {
    const coupon = await couponHeldBy(t.db, { name: 'Five off', amount: 500 }, [ben]);
    const order = (await place(ben, [{ ...kettle, quantity: 3 }], { couponId: coupon }))!;
    expect(order).toMatchObject({ status: 0, totalAmount: 300, couponAmount: 5, payAmount: 295, couponId: coupon, memberUsername: 'ben_orders', receiverName: 'Ann Buyer' });
    expect(order.orderItemList).toEqual([expect.objectContaining({ productName: 'Kettle', productPrice: 100, productQuantity: 3, couponAmount: 5, realAmount: 295, productSkuId: kettle.skuId })]);
    expect(await skuFigures(t.db, kettle.skuId)).toMatchObject({ stock: 10, locked: 3, sold: 0 });
    const history = await t.db.selectFrom('sms_coupon_history').selectAll().where('coupon_id', '=', coupon).executeTakeFirstOrThrow();
    expect([history.use_status, history.order_id, history.order_sn]).toEqual([1, order.id, order.orderSn]);
    // The same coupon a second time: refused, nothing written, nothing held.
    const orders = await countRows(t.db, 'oms_order');
    await expect(place(ben, [{ ...kettle, quantity: 1 }], { couponId: coupon })).rejects.toMatchObject({ problem: { messageKey: 'coupon_not_usable', code: 500 } });
    expect(await countRows(t.db, 'oms_order')).toBe(orders);
    expect(await skuFigures(t.db, kettle.skuId)).toMatchObject({ locked: 3 });
    // The admin's order list (the shop's seller) and the coupon's history show it at once.
    const seller = await login(t.app, DEMO.seller);
    const list = await call<{ list: { orderSn: string; payAmount: number }[] }>(t.app, 'GET', `/api/order/list?pageNum=1&pageSize=5&orderSn=${order.orderSn}`, { token: seller });
    expect(list.body.data.list).toEqual([expect.objectContaining({ orderSn: order.orderSn, payAmount: 295 })]);
    const used = await call<{ list: { orderSn: string; useStatus: number }[] }>(t.app, 'GET', `/api/couponHistory/list?couponId=${coupon}&pageNum=1&pageSize=5`, { token: admin });
    expect(used.body.data.list).toEqual([expect.objectContaining({ orderSn: order.orderSn, useStatus: 1 })]);
  });

  it('orders through the shop front: cart lines confirmed and ordered by id, the address snapshotted, the cart emptied, the coupon by its SmsCoupon id', async () => {
    const coupon = await couponHeldBy(t.db, { name: 'One off', amount: 100 }, [cat]);
    const vase = await productOnSale(t.db, shopB, { name: 'Vase', price: 2_500, stock: 5 });
    const added = await asBuyer(t.app, cat, 'POST', '/cart/add', { productId: vase.productId, productSkuId: vase.skuId, quantity: 2, price: 0.01, productName: 'Free vase' });
    expect(added.body.code, added.raw).toBe(200);
    const address = await asBuyer(t.app, cat, 'POST', '/member/address/add', { name: 'Cat', phoneNumber: '13911110003', province: 'Zhejiang', city: 'Hangzhou', region: 'Xihu', detailAddress: '2 Lake Road', defaultStatus: 1 });
    expect(address.body.code, address.raw).toBe(200);
    const cart = (await asBuyer(t.app, cat, 'GET', '/cart/list')).body.data as { id: number }[];
    const addressId = ((await asBuyer(t.app, cat, 'GET', '/member/address/list')).body.data as { id: number }[])[0]!.id;
    const confirm = await asBuyer(t.app, cat, 'POST', '/order/generateConfirmOrder', cart.map((c) => c.id));
    expect(confirm.body.code, confirm.raw).toBe(200);
    expect(confirm.body.data).toMatchObject({ calcAmount: { totalAmount: 50, payAmount: 50 }, memberReceiveAddressList: [expect.objectContaining({ id: addressId })] });
    // Ben may not order Cat's cart lines (another shop's buyer, another member).
    expect((await asBuyer(t.app, ben, 'POST', '/order/generateOrder', { cartIds: cart.map((c) => c.id), memberReceiveAddressId: addressId })).body.code).toBe(500);
    const placed = await asBuyer(t.app, cat, 'POST', '/order/generateOrder', { cartIds: cart.map((c) => String(c.id)), memberReceiveAddressId: addressId, couponId: coupon, payType: 0, useIntegration: '0' });
    expect(placed.body.code, placed.raw).toBe(200);
    const order = (placed.body.data as { order: { id: number; payAmount: number; receiverCity: string; couponAmount: number } }).order;
    expect(order).toMatchObject({ payAmount: 49, couponAmount: 1, receiverCity: 'Hangzhou' });
    expect((await asBuyer(t.app, cat, 'GET', '/cart/list')).body.data).toEqual([]);
    expect((await asBuyer(t.app, cat, 'GET', `/order/detail/${order.id}`)).body.data).toMatchObject({ id: order.id, status: 0 });
  });

  it('refuses what it cannot sell (stock, another shop\'s product, points, no address) and changes nothing', async () => {
    const before = { orders: await countRows(t.db, 'oms_order'), stock: await skuFigures(t.db, kettle.skuId) };
    await expect(place(ann, [{ ...kettle, quantity: 99 }])).rejects.toMatchObject({ problem: { messageKey: 'order_out_of_stock' } });
    await expect(place(cat, [{ ...kettle, quantity: 1 }])).rejects.toMatchObject({ problem: { messageKey: 'order_product_unavailable' } });
    await expect(generateOrder(t.db, buyerOf(ann), { lines: [{ key: 1, ...kettle, quantity: 1 }], couponId: null, useIntegration: 100, receiver: RECEIVER }))
      .rejects.toMatchObject({ problem: { messageKey: 'points_over_balance' } });
    await expect(generateOrder(t.db, buyerOf(ann), { lines: [{ key: 1, ...kettle, quantity: 1 }], couponId: null, useIntegration: 0, receiver: null }))
      .rejects.toMatchObject({ problem: { messageKey: 'order_address_required' } });
    expect({ orders: await countRows(t.db, 'oms_order'), stock: await skuFigures(t.db, kettle.skuId) }).toEqual(before);
  });

  it('pays only on a verified notify: paySuccess alone changes nothing, a replay or a forgery changes nothing, stock becomes sold', async () => {
    const order = (await place(ann, [{ ...kettle, quantity: 2 }]))!;
    const early = await asBuyer(t.app, ann, 'POST', `/order/paySuccess?orderId=${order.id}&payType=1`);
    expect([early.status, early.body.code]).toEqual([200, 500]);
    expect((await orderRow(order.id)).status).toBe(0);
    const forged = await notify(sandbox.notify({ out_trade_no: order.orderSn, total_amount: '200.00', trans_currency: 'CNY' }, { forged: true }));
    expect(forged.statusCode).toBe(400);
    const cheap = await notify(sandbox.notify({ out_trade_no: order.orderSn, total_amount: '1.00', trans_currency: 'CNY' }));
    expect(cheap.body).toBe('failure');
    expect((await orderRow(order.id)).status).toBe(0);
    const before = await skuFigures(t.db, kettle.skuId);
    const paid = await payByNotify(ann, order.id);
    expect(paid.body).toBe('success');
    expect(await orderRow(order.id)).toMatchObject({ status: 1, pay_status: 1, pay_type: 1 });
    expect(await skuFigures(t.db, kettle.skuId)).toEqual({ stock: before.stock - 2, locked: before.locked - 2, sold: before.sold + 2 });
    expect((await asBuyer(t.app, ann, 'POST', `/order/paySuccess?orderId=${order.id}&payType=2`)).body.code).toBe(200);
    const replay = await notify(sandbox.notify({ out_trade_no: order.orderSn, total_amount: '200.00', trans_currency: 'CNY' }));
    expect(replay.body).toBe('success');
    expect(await t.db.selectFrom('oms_order_payment').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    expect(await skuFigures(t.db, kettle.skuId)).toEqual({ stock: before.stock - 2, locked: before.locked - 2, sold: before.sold + 2 });
    const history = await call<{ historyList: { orderStatus: number; note: string | null }[] }>(t.app, 'GET', `/api/order/${order.id}`, { token: admin });
    expect(history.body.data.historyList.map((h) => h.orderStatus)).toEqual([1, 0]);
    expect(history.body.data.historyList[0]!.note).toContain('alipay');
  });

  it('cancels an unpaid order: stock, flash units and the coupon come back; the admin\'s close does the same', async () => {
    const lamp = await productOnSale(t.db, shopA, { name: 'Lamp', price: 5_000, stock: 20 });
    const relation = await flashSale(t.db, lamp.productId, { price: 3_000, count: 5, limit: 2 });
    const coupon = await couponHeldBy(t.db, { name: 'Two off', amount: 200 }, [ann]);
    const order = (await place(ann, [{ ...lamp, quantity: 2 }], { couponId: coupon }))!;
    expect(order).toMatchObject({ orderType: 1, totalAmount: 100, promotionAmount: 40, couponAmount: 2, payAmount: 58 });
    expect(order.orderItemList[0]!.promotionName).toContain('Flash');
    const sold = async () => Number((await t.db.selectFrom('sms_flash_promotion_product_relation').select('flash_promotion_sold').where('id', '=', relation).executeTakeFirstOrThrow()).flash_promotion_sold);
    expect(await sold()).toBe(2);
    // Over the per-member limit: refused whole.
    await expect(place(ann, [{ ...lamp, quantity: 1 }])).rejects.toMatchObject({ problem: { messageKey: 'flash_limit_reached' } });
    expect(await sold()).toBe(2);
    const cancel = await asBuyer(t.app, ann, 'POST', `/order/cancelUserOrder?orderId=${order.id}`);
    expect(cancel.body.code, cancel.raw).toBe(200);
    expect((await orderRow(order.id)).status).toBe(4);
    expect(await sold()).toBe(0);
    expect(await skuFigures(t.db, lamp.skuId)).toEqual({ stock: 20, locked: 0, sold: 0 });
    expect((await t.db.selectFrom('sms_coupon_history').select(['use_status', 'order_id']).where('coupon_id', '=', coupon).executeTakeFirstOrThrow())).toEqual({ use_status: 0, order_id: null });
    // Cancelling again: the wrong state, code 500, nothing moves.
    expect((await asBuyer(t.app, ann, 'POST', `/order/cancelUserOrder?orderId=${order.id}`)).body.code).toBe(500);
    // The admin's close gives back the same.
    const again = (await place(ann, [{ ...lamp, quantity: 1 }], { couponId: coupon }))!;
    const closed = await call(t.app, 'POST', `/api/order/update/close?ids=${again.id}`, { token: admin, body: { note: 'Out of time' } });
    expect(closed.body.code, closed.raw).toBe(200);
    expect([await sold(), (await skuFigures(t.db, lamp.skuId)).locked]).toEqual([0, 0]);
  });

  it('keeps every order to its buyer and shop: another buyer\'s or shop\'s order reads as none and cannot be changed', async () => {
    const order = (await place(ann, [{ ...kettle, quantity: 1 }]))!;
    expect((await asBuyer(t.app, ben, 'GET', `/order/detail/${order.id}`)).body).toMatchObject({ code: 200, data: null });
    expect((await asBuyer(t.app, ben, 'POST', `/order/cancelUserOrder?orderId=${order.id}`)).body.code).toBe(500);
    expect((await asBuyer(t.app, cat, 'GET', `/order/detail/${order.id}`)).body).toMatchObject({ code: 200, data: null });
    // Ann's token does not open shop B's front.
    expect((await asBuyer(t.app, { ...ann, shopId: shopB }, 'GET', `/order/detail/${order.id}`)).body.code).toBe(401);
    const mine = await asBuyer(t.app, ann, 'GET', `/order/detail/${order.id}`);
    expect(mine.body.data).toMatchObject({ id: order.id, status: 0, orderSn: order.orderSn });
    const list = await asBuyer(t.app, ann, 'GET', '/order/list?status=0&pageNum=1&pageSize=5');
    expect((list.body.data as { list: { id: number }[] }).list.map((o) => o.id)).toContain(order.id);
    expect((await asBuyer(t.app, ben, 'GET', '/order/list?status=7')).body.code).toBe(404);
    // The system sweep is no buyer's to run: a no-op.
    expect((await asBuyer(t.app, ben, 'POST', '/order/cancelTimeOutOrder')).body).toMatchObject({ code: 200, data: null });
    expect((await orderRow(order.id)).status).toBe(0);
  });

  it('confirms receipt of a shipped order, takes a return within what was bought, and deletes it for the buyer only', async () => {
    const order = (await place(ben, [{ ...kettle, quantity: 2 }]))!;
    expect((await payByNotify(ben, order.id)).body).toBe('success');
    expect((await asBuyer(t.app, ben, 'POST', `/order/confirmReceiveOrder?orderId=${order.id}`)).body.code).toBe(500);
    const shipped = await call(t.app, 'POST', '/api/order/update/delivery', { token: admin, body: [{ orderId: order.id, deliveryCompany: '顺丰快递', deliverySn: 'SF1' }] });
    expect(shipped.body.code, shipped.raw).toBe(200);
    expect((await asBuyer(t.app, ben, 'POST', `/order/deleteOrder?orderId=${order.id}`)).body.code).toBe(500);
    const tooMany = await asBuyer(t.app, ben, 'POST', '/returnApply/create', { orderId: order.id, productId: kettle.productId, productCount: 3, productPrice: 0.01, memberUsername: 'mallory' });
    expect(tooMany.body).toMatchObject({ code: 500, messageKey: 'return_count_over' });
    const applied = await asBuyer(t.app, ben, 'POST', '/returnApply/create', { orderId: order.id, productId: kettle.productId, productCount: 1, reason: 'Broken', productPrice: 0.01, memberUsername: 'mallory' });
    expect(applied.body.code, applied.raw).toBe(200);
    const apply = await t.db.selectFrom('oms_order_return_apply').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect({ ...apply, product_price: Number(apply.product_price) }).toMatchObject({ product_count: 1, product_price: 10_000, member_username: 'ben_orders', order_sn: order.orderSn, status: 0 });
    expect((await asBuyer(t.app, ben, 'POST', `/order/confirmReceiveOrder?orderId=${order.id}`)).body.code).toBe(200);
    expect((await orderRow(order.id)).status).toBe(3);
    expect((await asBuyer(t.app, ben, 'POST', `/order/deleteOrder?orderId=${order.id}`)).body.code).toBe(200);
    expect((await asBuyer(t.app, ben, 'GET', `/order/detail/${order.id}`)).body.data).toBeNull();
    const kept = await call<{ id: number }>(t.app, 'GET', `/api/order/${order.id}`, { token: admin });
    expect(kept.body.data.id).toBe(order.id);
  });
});
