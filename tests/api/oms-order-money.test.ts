// Protects: an order's money stays true: fee and line changes are refused (409, by name) once money is bound or received unless the amount stays, an unpaid order's payable amount never falls to zero, closing an order with cashier money bound is refused naming the amount (the order's read and its list row carry it), and a property test of random bind, unbind, fee, line, ship, close, return, refund and purge sequences (one by one and in parallel) keeps bound ≤ payable, paid ⇔ bound = payable or paid by channel, refunded ≤ paid and shipped money fixed (SQLite and PostgreSQL).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MESSAGES } from '../../src/schema/api';
import { ORDER_STATUS, PAY_STATUS } from '../../src/schema/oms/entities';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Order = { id: number; items: number[] };

describe.each(testDialects())('order money (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shop: number;
  let address: number;
  let serial = 0;
  const db = () => t.db as unknown as AnyKysely;
  const post = (url: string, body?: unknown) => call(t.app, 'POST', `/api${url}`, { token: admin, ...(body === undefined ? {} : { body }) });
  const get = <T>(url: string) => call<T>(t.app, 'GET', `/api${url}`, { token: admin });

  /** An order with two lines (12.50 × 2 and 3.00 × 1), freight 5.00: total 28.00, payable 33.00; `paid`: paid by a channel. */
  const insertOrder = async (paid = false): Promise<Order> => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shop, order_sn: `MN${dialect}${serial}`, create_time: toDbTime(), total_amount: 2_800, freight_amount: 500, pay_amount: 3_300,
      status: paid ? ORDER_STATUS.pendingShipment : ORDER_STATUS.pendingPayment, pay_status: paid ? PAY_STATUS.paid : PAY_STATUS.unpaid,
      receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1',
    }).returning('id').executeTakeFirstOrThrow();
    const items = await db().insertInto('oms_order_item').values([
      { order_id: id, shop_id: shop, product_name: 'Box', product_price: 1_250, product_quantity: 2 },
      { order_id: id, shop_id: shop, product_name: 'Tape', product_price: 300, product_quantity: 1 },
    ]).returning('id').execute();
    return { id: Number(id), items: items.map((i) => Number(i.id)) };
  };
  const newBalance = async (amount: number): Promise<number> => {
    const answer = await call<{ id: number }>(t.app, 'POST', '/api/balance/create', { token: admin, body: { shopId: shop, amount, payChannel: 'bank' } });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data.id;
  };
  const bind = (balance: number, order: number, amount: number) => post(`/balance/bind/${balance}`, [{ orderId: order, amount }]);
  const fees = (order: number, freightAmount: number, discountAmount: number) => post('/order/update/moneyInfo', { orderId: order, freightAmount, discountAmount });
  const line = (o: Order, productQuantity: number, productPrice: number) =>
    post(`/order/update/item?orderId=${o.id}&itemId=${o.items[0]}&productQuantity=${productQuantity}&productPrice=${productPrice}`);
  const close = (order: number) => post(`/order/update/close?ids=${order}&note=Buyer%20left`);
  const refused = (answer: Answer, messageKey: keyof typeof MESSAGES) => {
    expect(answer.status, answer.raw).toBe(409);
    expect(answer.body.messageKey ?? answer.body.errors?.[0]?.messageKey).toBe(messageKey);
  };
  const payOf = async (id: number) => Number((await db().selectFrom('oms_order').select('pay_amount').where('id', '=', id).executeTakeFirstOrThrow()).pay_amount);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    [shop] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    const answer = await call<{ id: number }>(t.app, 'POST', '/api/companyAddress/create', {
      token: admin, body: { shopId: shop, addressName: 'Money depot', name: 'Zhang', phone: '138', detailAddress: 'Road 1' },
    });
    address = answer.body.data.id;
  });
  afterAll(async () => t?.close());

  it('a paid order keeps its amount: fee and line changes that move it are refused, ones that keep it pass', async () => {
    const order = await insertOrder(true);
    refused(await fees(order.id, 10, 0), 'order_paid_amount_fixed');
    refused(await line(order, 3, 12.5), 'order_paid_amount_fixed');
    expect(await payOf(order.id)).toBe(3_300);
    // Freight up by 2, discount up by 2: the same amount, so it stands.
    expect((await fees(order.id, 7, 2)).status).toBe(200);
    expect(await payOf(order.id)).toBe(3_300);
  });

  it('an unpaid order with cashier money bound keeps its payable amount above it', async () => {
    const order = await insertOrder();
    const balance = await newBalance(100);
    expect((await bind(balance, order.id, 20)).status).toBe(200);
    const answer = await fees(order.id, 0, 8); // payable 20.00 = bound: would be paid behind the cashier's back
    refused(answer, 'payable_not_above_bound');
    expect(answer.body.errors?.[0]).toMatchObject({ field: 'discountAmount', params: { bound: 20 } });
    refused(await line(order, 1, 12), 'payable_not_above_bound');
    expect(await payOf(order.id)).toBe(3_300);
    expect((await fees(order.id, 0, 7)).status).toBe(200);
    expect(await payOf(order.id)).toBe(2_100);
  });

  it('an unpaid order\'s payable amount stays above zero: waiting for a payment of nothing is refused (found by the property below, seed 1984361202)', async () => {
    const order = await insertOrder();
    const answer = await fees(order.id, 8, 36); // 28.00 + 8.00 − 36.00 = 0
    expect(answer.status, answer.raw).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({ field: 'discountAmount', messageKey: 'payable_zero_unpaid' });
    expect(await payOf(order.id)).toBe(3_300);
    expect((await fees(order.id, 8, 35.99)).status).toBe(200);
    expect(await payOf(order.id)).toBe(1);
  });

  it('closing an order with cashier money bound is refused naming the amount, which the order read and its list row carry; unbound, it closes', async () => {
    const order = await insertOrder();
    const balance = await newBalance(50);
    expect((await bind(balance, order.id, 12.34)).status).toBe(200);
    expect((await get<{ boundAmount: number }>(`/order/${order.id}`)).body.data.boundAmount).toBe(12.34);
    // So does its row in the list (the list's close dialog warns before it is sent).
    const rows = (await get<{ list: { id: number; boundAmount: number }[] }>(`/order/list?orderSn=MN${dialect}${serial}&pageSize=50`)).body.data.list;
    expect(rows.find((r) => r.id === order.id)?.boundAmount).toBe(12.34);
    const answer = await close(order.id);
    refused(answer, 'order_close_bound');
    expect(answer.body.message).toBe(`Cashier money of 12.34 is bound to order MN${dialect}${serial}: unbind it before closing the order`);
    expect((await db().selectFrom('oms_order').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe(ORDER_STATUS.pendingPayment);
    expect((await post(`/balance/unbind/${balance}?orderId=${order.id}`)).status).toBe(200);
    expect((await get<{ boundAmount: number }>(`/order/${order.id}`)).body.data.boundAmount).toBe(0);
    expect((await close(order.id)).status).toBe(200);
  });

  /**
   * The property: random operations on a few fresh orders, one by one or several at once, through
   * the API; after each step every order of the run meets the invariants, whatever was refused.
   */
  it('random sequences of money operations keep every order\'s invariants', async () => {
    type Op = { kind: string; order: number; a: number; b: number };
    const op = fc.record({
      kind: fc.constantFrom('bind', 'bind', 'unbind', 'fees', 'line', 'ship', 'close', 'return', 'refund', 'purge'),
      order: fc.nat(2), a: fc.integer({ min: 0, max: 40 }), b: fc.integer({ min: 0, max: 40 }),
    });
    const step = fc.oneof(op.map((o) => [o]), fc.array(op, { minLength: 2, maxLength: 4 }));

    const run = async (steps: Op[][]) => {
      const orders = [await insertOrder(), await insertOrder(), await insertOrder(true)];
      const channelPaid = new Set([orders[2]!.id]);
      const balances = [await newBalance(40), await newBalance(40)];
      const shippedPay = new Map<number, number>();
      const perform = async ({ kind, order: index, a, b }: Op): Promise<void> => {
        const o = orders[index]!;
        switch (kind) {
          case 'bind': await bind(balances[a % 2]!, o.id, 1 + b); break;
          case 'unbind': await post(`/balance/unbind/${balances[a % 2]!}?orderId=${o.id}`); break;
          case 'fees': await fees(o.id, a, b); break;
          case 'line': await line(o, 1 + (a % 3), b); break;
          case 'ship': {
            const before = await db().selectFrom('oms_order').select('pay_amount').where('id', '=', o.id).executeTakeFirst();
            const answer = await post('/order/update/delivery', [{ orderId: o.id, deliveryCompany: '顺丰快递', deliverySn: `SF${o.id}` }]);
            if (answer.status === 200 && before) shippedPay.set(o.id, Number(before.pay_amount));
            break;
          }
          case 'close': await close(o.id); break;
          case 'return': {
            const row = await db().selectFrom('oms_order').select(['order_sn']).where('id', '=', o.id).executeTakeFirst();
            if (!row) break;
            const { id } = await db().insertInto('oms_order_return_apply').values({
              shop_id: shop, order_id: o.id, order_sn: row.order_sn, status: 0, create_time: toDbTime(), product_name: 'Box',
              product_count: 1 + (a % 3), product_price: 1_250, product_real_price: 1_250,
            }).returning('id').executeTakeFirstOrThrow();
            await post(`/returnApply/update/status/${Number(id)}`, { status: 1, returnAmount: b, companyAddressId: address });
            break;
          }
          case 'refund': {
            const open = await db().selectFrom('oms_order_return_apply').select('id').where('order_id', '=', o.id).where('status', '=', 1).executeTakeFirst();
            if (open) await post(`/returnApply/update/status/${Number(open.id)}`, { status: 2 });
            break;
          }
          case 'purge': {
            await post(`/order/delete?ids=${o.id}`);
            await post(`/order/purge?ids=${o.id}`);
            break;
          }
        }
      };
      const check = async () => {
        for (const o of orders) {
          const row = await db().selectFrom('oms_order').select(['status', 'pay_status', 'pay_amount']).where('id', '=', o.id).executeTakeFirst();
          const bindings = await db().selectFrom('oms_cashier_balance_order').select('amount').where('order_id', '=', o.id).execute();
          const bound = bindings.reduce((sum, r) => sum + Number(r.amount), 0);
          if (!row) {
            // Purged: nothing of its money remained to vanish with it.
            expect(bound).toBe(0);
            continue;
          }
          const pay = Number(row.pay_amount);
          const status = Number(row.status);
          const paid = Number(row.pay_status) !== PAY_STATUS.unpaid;
          expect(bound, `order ${o.id}: bound ≤ payable`).toBeLessThanOrEqual(pay);
          expect(paid, `order ${o.id}: paid ⇔ bound = payable or paid by channel`).toBe(bound === pay || channelPaid.has(o.id));
          expect(paid, `order ${o.id}: status and pay status agree`).toBe(status === 1 || status === 2 || status === 3);
          const refunds = await db().selectFrom('oms_order_return_apply').select('return_amount').where('order_id', '=', o.id).where('status', '=', 2).execute();
          const refunded = refunds.reduce((sum, r) => sum + Number(r.return_amount ?? 0), 0);
          expect(refunded, `order ${o.id}: refunded ≤ paid`).toBeLessThanOrEqual(paid ? pay : 0);
          if (shippedPay.has(o.id)) expect(pay, `order ${o.id}: shipped money is fixed`).toBe(shippedPay.get(o.id));
        }
      };
      for (const batch of steps) {
        await Promise.all(batch.map(perform));
        await check();
      }
    };
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), run), { numRuns: 8, endOnFailure: true });
  });
});
