// Protects: the order's status machine operation by operation on SQLite and PostgreSQL: every operation (close, ship, confirm receipt, note, receiver, fees, product line, message, track, delete) tried in every order status is done exactly in the statuses the declaration allows and otherwise refused with 409 changing nothing; product-line changes recompute the totals with the money helper and never make the payable amount negative; messages to the buyer are stored and listed; history rows carry operator, time, from and to; the stored payment and delivery status move with shipping and a cashier binding that fully pays (and back when it is withdrawn), never by a request body; a seller cannot touch or read another shop's order by any operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_STATUS, ORDER_STATUS, PAY_STATUS } from '../../src/schema/oms/entities';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const STATUSES = [0, 1, 2, 3, 4, 5] as const;

describe.each(testDialects())('order operations by status (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let sellerId: number;
  let shopA: number;
  let shopForeign: number;
  let serial = 0;
  const db = () => t.db as unknown as AnyKysely;

  const request = (method: 'GET' | 'POST', url: string, body?: unknown, as = admin) =>
    call(t.app, method, `/api${url}`, { token: as, ...(body === undefined ? {} : { body }) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);

  /** An order with two lines (12.50 × 2 and 3.00 × 1), freight 5.00, coupon 1.00: total 28.00, payable 32.00. */
  const insertOrder = async (shopId: number, status: number): Promise<{ id: number; items: number[] }> => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shopId, order_sn: `OP${dialect}${serial}`, create_time: toDbTime(), status, total_amount: 2_800, freight_amount: 500,
      coupon_amount: 100, pay_amount: 3_200, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1',
      delivery_company: status === 2 || status === 3 ? '顺丰快递' : null, delivery_sn: status === 2 || status === 3 ? 'SF1' : null,
    }).returning('id').executeTakeFirstOrThrow();
    const items = await db().insertInto('oms_order_item').values([
      { order_id: id, shop_id: shopId, product_name: 'Box', product_price: 1_250, product_quantity: 2 },
      { order_id: id, shop_id: shopId, product_name: 'Tape', product_price: 300, product_quantity: 1 },
    ]).returning('id').execute();
    return { id: Number(id), items: items.map((i) => Number(i.id)) };
  };
  const snapshot = async (id: number) => ({
    order: await db().selectFrom('oms_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    items: await db().selectFrom('oms_order_item').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    history: await db().selectFrom('oms_order_operate_history').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    messages: await db().selectFrom('oms_order_message').selectAll().where('order_id', '=', id).orderBy('id').execute(),
  });

  type Operation = { name: string; allowed: readonly number[]; run: (order: { id: number; items: number[] }, as?: string) => Promise<Answer> };
  const OPERATIONS: readonly Operation[] = [
    { name: 'close', allowed: [0], run: (o, as) => request('POST', `/order/update/close?ids=${o.id}&note=Buyer%20asked`, undefined, as) },
    { name: 'deliver', allowed: [1], run: (o, as) => request('POST', '/order/update/delivery', [{ orderId: o.id, deliveryCompany: '顺丰快递', deliverySn: 'SF9' }], as) },
    { name: 'confirmReceipt', allowed: [2], run: (o, as) => request('POST', `/order/update/confirmReceipt?id=${o.id}`, undefined, as) },
    { name: 'note', allowed: STATUSES, run: (o, as) => request('POST', `/order/update/note?id=${o.id}&note=Call%20first&status=1`, undefined, as) },
    {
      name: 'receiverInfo', allowed: [0, 1],
      run: (o, as) => request('POST', '/order/update/receiverInfo', { orderId: o.id, receiverName: 'Bob', receiverPhone: '555', receiverCountry: 'China', receiverDetailAddress: 'Lane 2', status: 1 }, as),
    },
    { name: 'moneyInfo', allowed: [0, 1], run: (o, as) => request('POST', '/order/update/moneyInfo', { orderId: o.id, freightAmount: 8, discountAmount: 2, status: 1 }, as) },
    { name: 'item', allowed: [0, 1], run: (o, as) => request('POST', `/order/update/item?orderId=${o.id}&itemId=${o.items[0]}&productQuantity=3&productPrice=10.5`, undefined, as) },
    { name: 'message', allowed: STATUSES, run: (o, as) => request('POST', `/order/message/${o.id}?content=Your%20parcel%20is%20on%20its%20way`, undefined, as) },
    { name: 'track', allowed: [2, 3], run: (o, as) => request('GET', `/order/track/${o.id}`, undefined, as) },
    { name: 'delete', allowed: [4, 5], run: (o, as) => request('POST', `/order/delete?ids=${o.id}`, undefined, as) },
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
    [shopA] = await shopIdsOf(t.db, sellerId) as [number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
  });
  afterAll(async () => t?.close());

  for (const op of OPERATIONS) {
    it(`${op.name}: done in ${op.allowed.join(', ')}, refused with 409 and nothing changed in the other statuses`, async () => {
      for (const status of STATUSES) {
        const order = await insertOrder(shopA, status);
        if (op.allowed.includes(status)) {
          const answer = await op.run(order, seller);
          expect(answer.status, `${op.name} in ${status}: ${answer.raw.slice(0, 200)}`).toBe(200);
        } else {
          const before = await snapshot(order.id);
          const answer = await op.run(order, seller);
          expect(answer.status, `${op.name} in ${status}: ${answer.raw.slice(0, 200)}`).toBe(409);
          expect(await snapshot(order.id)).toEqual(before);
        }
      }
    });
  }

  it('each transition moves the status, and its history row says from, to, who and when', async () => {
    const steps: [number, Operation['name'], number][] = [[0, 'close', 4], [1, 'deliver', 2], [2, 'confirmReceipt', 3]];
    for (const [from, name, to] of steps) {
      const order = await insertOrder(shopA, from);
      expect((await OPERATIONS.find((o) => o.name === name)!.run(order, seller)).status).toBe(200);
      const { order: row, history } = await snapshot(order.id);
      expect(Number(row.status)).toBe(to);
      expect(history).toEqual([expect.objectContaining({ from_status: from, order_status: to, operator_id: sellerId, create_time: expect.stringMatching(/^\d{4}-/) })]);
    }
  });

  it('shipping sets the delivery status; a cashier binding that fully pays sets paid, withdrawing it unpaid; the order answers both', async () => {
    type Detail = { status: number; payStatus: number; deliveryStatus: number };
    const detail = async (id: number) => (await call<Detail>(t.app, 'GET', `/api/order/${id}`, { token: admin })).body.data;
    const paid = await insertOrder(shopA, ORDER_STATUS.pendingShipment);
    await db().updateTable('oms_order').set({ pay_status: PAY_STATUS.paid }).where('id', '=', paid.id).execute();
    expect(await detail(paid.id)).toMatchObject({ status: 1, payStatus: PAY_STATUS.paid, deliveryStatus: DELIVERY_STATUS.notShipped });
    expect((await OPERATIONS.find((o) => o.name === 'deliver')!.run(paid, seller)).status).toBe(200);
    expect(await detail(paid.id)).toMatchObject({ status: 2, payStatus: PAY_STATUS.paid, deliveryStatus: DELIVERY_STATUS.shipped });
    // Confirming receipt keeps both (the delivery status has no "received").
    expect((await OPERATIONS.find((o) => o.name === 'confirmReceipt')!.run(paid, seller)).status).toBe(200);
    expect(await detail(paid.id)).toMatchObject({ status: 3, payStatus: PAY_STATUS.paid, deliveryStatus: DELIVERY_STATUS.shipped });

    const unpaid = await insertOrder(shopA, ORDER_STATUS.pendingPayment);
    const balance = (await request('POST', '/balance/create', { shopId: shopA, amount: 100, payChannel: 'bank', note: 'Transfer 7' })).body.data as { id: number };
    // Part of the payable amount (32.00) leaves it unpaid; the rest pays it, in the binding's transaction.
    expect((await request('POST', `/balance/bind/${balance.id}`, [{ orderId: unpaid.id, amount: 30 }])).body).toMatchObject({ code: 200, data: { paidOrderIds: [] } });
    expect(await detail(unpaid.id)).toMatchObject({ status: 0, payStatus: PAY_STATUS.unpaid, deliveryStatus: DELIVERY_STATUS.notShipped });
    expect((await request('POST', `/balance/bind/${balance.id}`, [{ orderId: unpaid.id, amount: 2 }])).body).toMatchObject({ code: 200, data: { paidOrderIds: [unpaid.id] } });
    expect(await detail(unpaid.id)).toMatchObject({ status: 1, payStatus: PAY_STATUS.paid, deliveryStatus: DELIVERY_STATUS.notShipped });
    expect((await request('POST', `/balance/unbind/${balance.id}?orderId=${unpaid.id}`)).body).toMatchObject({ code: 200 });
    expect(await detail(unpaid.id)).toMatchObject({ status: 0, payStatus: PAY_STATUS.unpaid });
  });

  it('a request body cannot set the payment or delivery status (server-managed): refused as unknown, nothing changed', async () => {
    const order = await insertOrder(shopA, ORDER_STATUS.pendingShipment);
    const before = await snapshot(order.id);
    const receiver = await request('POST', '/order/update/receiverInfo', { orderId: order.id, receiverName: 'Bob', receiverPhone: '555', receiverDetailAddress: 'Lane 2', payStatus: 2, deliveryStatus: 1 });
    expect(receiver.status).toBe(400);
    expect(fields(receiver)).toEqual(expect.arrayContaining(['payStatus:unknown_field', 'deliveryStatus:unknown_field']));
    const ship = await request('POST', '/order/update/delivery', [{ orderId: order.id, deliveryCompany: '顺丰快递', deliverySn: 'SF9', payStatus: 2 }]);
    expect(ship.status).toBe(400);
    expect((await request('POST', `/order/update/note?id=${order.id}&note=x&payStatus=2`)).status).toBe(400);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('a product line change recomputes the total and payable amount in cents, and refuses a negative payable amount or another order\'s line', async () => {
    const order = await insertOrder(shopA, 1);
    const other = await insertOrder(shopA, 1);
    const answer = await request('POST', `/order/update/item?orderId=${order.id}&itemId=${order.items[0]}&productQuantity=3&productPrice=10.05`);
    expect(answer.body).toMatchObject({ code: 200 });
    const { order: row, items, history } = await snapshot(order.id);
    // 10.05 × 3 + 3.00 = 33.15; payable 33.15 + 5.00 − 1.00 = 37.15.
    expect([row.total_amount, row.pay_amount].map(Number)).toEqual([3_315, 3_715]);
    expect(items.map((i) => [Number(i.product_price), Number(i.product_quantity)])).toEqual([[1_005, 3], [300, 1]]);
    // Stored as a message key with its parameters (shown in the reader's language), no English text.
    expect(history.at(-1)).toMatchObject({ from_status: 1, order_status: 1, note: null, note_key: 'line_changed' });
    expect(JSON.parse(String(history.at(-1)!.note_params))).toEqual({ product: 'Box', fromQuantity: 2, fromPrice: 12.5, toQuantity: 3, toPrice: 10.05 });
    const detail = await call<{ totalAmount: number; payAmount: number; historyList: Record<string, unknown>[] }>(t.app, 'GET', `/api/order/${order.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ totalAmount: 33.15, payAmount: 37.15 });
    // mall's clients read `note`: the answers carry it readable, newest row first.
    expect(detail.body.data.historyList[0]).toMatchObject({ noteKey: 'line_changed', note: 'Product line changed: Box 2 × 12.5 → 3 × 10.05' });

    const before = await snapshot(order.id);
    // A discount of 30 leaves 7.15 payable; a line priced 0 then makes it negative.
    expect((await request('POST', '/order/update/moneyInfo', { orderId: order.id, freightAmount: 5, discountAmount: 30 })).status).toBe(200);
    const after = await snapshot(order.id);
    expect(fields(await request('POST', `/order/update/item?orderId=${order.id}&itemId=${order.items[0]}&productQuantity=1&productPrice=0`)))
      .toEqual(['productPrice:payable_negative']);
    expect(fields(await request('POST', `/order/update/item?orderId=${order.id}&itemId=${other.items[0]}&productQuantity=1&productPrice=1`)))
      .toEqual(['itemId:invalid_reference']);
    expect(fields(await request('POST', `/order/update/item?orderId=${order.id}&itemId=${order.items[0]}&productQuantity=0&productPrice=1`)))
      .toEqual(['productQuantity:too_small']);
    expect(await snapshot(order.id)).toEqual(after);
    expect(after.order.pay_amount).not.toEqual(before.order.pay_amount);
  });

  it('messages to the buyer are stored with who and when, listed newest first, and need content', async () => {
    const order = await insertOrder(shopA, 2);
    expect(fields(await request('POST', `/order/message/${order.id}`, undefined, seller))).toEqual(['content:required']);
    for (const content of ['First', 'Second']) {
      expect((await request('POST', `/order/message/${order.id}?content=${content}`, undefined, seller)).body).toMatchObject({ code: 200 });
    }
    const list = await call<{ list: { content: string; operatorName: string; createTime: string }[] }>(t.app, 'GET', `/api/order/messages/list?orderId=${order.id}`, { token: seller });
    expect(list.body.data.list.map((m) => [m.content, m.operatorName])).toEqual([['Second', DEMO.seller.username], ['First', DEMO.seller.username]]);
    expect(list.body.data.list[0]!.createTime).toMatch(/^\d{4}-/);
  });

  it('history rows written before message keys read as they were written', async () => {
    const order = await insertOrder(shopA, 1);
    await db().insertInto('oms_order_operate_history').values({
      order_id: order.id, shop_id: shopA, operator_id: null, create_time: toDbTime(), from_status: 1, order_status: 1, note: 'Receiver changed',
    }).execute();
    await request('POST', '/order/update/receiverInfo', { orderId: order.id, receiverName: 'Bob', receiverPhone: '555', receiverDetailAddress: 'Lane 2', status: 1 });
    const rows = await call<{ list: Record<string, unknown>[] }>(t.app, 'GET', `/api/order/history/list?orderId=${order.id}`, { token: admin });
    expect(rows.body.data.list.map((r) => [r.noteKey, r.note])).toEqual([['receiver_changed', 'Receiver changed'], [null, 'Receiver changed']]);
  });

  it('the logistics timeline is the order\'s own shipping history (there is no carrier feed)', async () => {
    const order = await insertOrder(shopA, 1);
    await request('POST', '/order/update/delivery', [{ orderId: order.id, deliveryCompany: '圆通快递', deliverySn: 'YT7' }], seller);
    const track = await call<{ source: string; deliveryCompany: string; deliverySn: string; events: { status: number; operator: string }[] }>(
      t.app, 'GET', `/api/order/track/${order.id}`, { token: seller });
    expect(track.body.data).toMatchObject({ source: 'order_history', deliveryCompany: '圆通快递', deliverySn: 'YT7' });
    expect(track.body.data.events).toEqual([expect.objectContaining({ status: ORDER_STATUS.shipped, operator: DEMO.seller.username })]);
  });

  it('a seller cannot touch or read another shop\'s order by any operation: 404 and nothing changed', async () => {
    for (const op of OPERATIONS) {
      for (const status of op.allowed) {
        const order = await insertOrder(shopForeign, status);
        const before = await snapshot(order.id);
        const answer = await op.run(order, seller);
        expect(answer.status, `${op.name} on another shop's order in ${status}: ${answer.raw.slice(0, 200)}`).toBe(404);
        expect(await snapshot(order.id)).toEqual(before);
      }
    }
    const foreign = await insertOrder(shopForeign, 2);
    await request('POST', `/order/message/${foreign.id}?content=Hello`);
    const list = await call<{ list: unknown[] }>(t.app, 'GET', `/api/order/messages/list?orderId=${foreign.id}`, { token: seller });
    expect(list.body.data.list).toEqual([]);
    const history = await call<{ list: unknown[] }>(t.app, 'GET', `/api/order/history/list?orderId=${foreign.id}`, { token: seller });
    expect(history.body.data.list).toEqual([]);
  });
});
