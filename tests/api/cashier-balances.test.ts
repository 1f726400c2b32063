// Protects: cashier balances on SQLite and PostgreSQL: binding orders of the balance's shop (never past the balance, "exceed balance limit", nor past an order's open amount, "exceed order amount"), a fully covered order becoming paid with its history row, unbinding taking that back and refused once the order shipped, bad calls changing nothing, 200 parallel binds never passing the balance, and the shop scope per role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../src/schema/oms/entities';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Balance = { id: number; shopId: number; amount: number; boundAmount: number; orders: { orderId: number; amount: number; paidOrder: number }[] };

describe.each(testDialects())('cashier balances (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let orderAdmin: string;
  let sellerId: number;
  let shopA: number;
  let shopB: number;
  let shopForeign: number;
  let serial = 0;
  const db = () => t.db as unknown as AnyKysely;

  const post = <T = unknown>(url: string, body?: unknown, as = admin) => call<T>(t.app, 'POST', `/api${url}`, { token: as, ...(body === undefined ? {} : { body }) });
  const get = <T = unknown>(url: string, as = admin) => call<T>(t.app, 'GET', `/api${url}`, { token: as });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);

  /** An order of a shop with its payable amount in cents. */
  const insertOrder = async (shopId: number, payCents: number, status: number = ORDER_STATUS.pendingPayment): Promise<number> => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shopId, order_sn: `B${dialect}${serial}`, create_time: toDbTime(), status, total_amount: payCents, pay_amount: payCents,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  const newBalance = async (shopId: number, amount: number, as = admin): Promise<number> => {
    const answer = await post<{ id: number }>('/balance/create', { shopId, amount, payChannel: 'bank', note: 'Transfer HSBC 0042' }, as);
    expect(answer.body).toMatchObject({ code: 200 });
    return answer.body.data.id;
  };
  const balanceOf = async (id: number, as = admin) => (await get<Balance>(`/balance/${id}`, as)).body.data;
  const orderRow = async (id: number) => db().selectFrom('oms_order').select(['status', 'payment_time']).where('id', '=', id).executeTakeFirstOrThrow();
  const snapshot = async () => ({
    bindings: await db().selectFrom('oms_cashier_balance_order').selectAll().orderBy('id').execute(),
    orders: await db().selectFrom('oms_order').select(['id', 'status']).orderBy('id').execute(),
    history: (await db().selectFrom('oms_order_operate_history').select('id').execute()).length,
    audit: (await db().selectFrom('sys_audit_log').select('id').execute()).length,
  });
  const unchanged = async (work: () => Promise<void>) => {
    const before = await snapshot();
    await work();
    expect(await snapshot()).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    orderAdmin = await login(t.app, DEMO.orderAdmin);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
    [shopA, shopB] = await shopIdsOf(t.db, sellerId) as [number, number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
  });
  afterAll(async () => t?.close());

  it('binds orders up to the balance; a fully covered order becomes paid with its history row; the amounts and related orders are derived', async () => {
    const balance = await newBalance(shopA, 100);
    const o1 = await insertOrder(shopA, 3_000);
    const o2 = await insertOrder(shopA, 5_000);
    const answer = await post(`/balance/bind/${balance}`, [{ orderId: o1, amount: 30 }, { orderId: o2, amount: 20 }], seller);
    expect(answer.body).toMatchObject({ code: 200, data: { boundAmount: 50, openAmount: 50, paidOrderIds: [o1] } });
    expect(await orderRow(o1)).toMatchObject({ status: ORDER_STATUS.pendingShipment });
    expect((await orderRow(o1)).payment_time).not.toBeNull();
    expect(await orderRow(o2)).toMatchObject({ status: ORDER_STATUS.pendingPayment });
    const history = await db().selectFrom('oms_order_operate_history').selectAll().where('order_id', '=', o1).execute();
    expect(history).toEqual([expect.objectContaining({ order_status: ORDER_STATUS.pendingShipment, operator_id: sellerId, note: `Paid by cashier balance #${balance}` })]);
    expect(await balanceOf(balance)).toMatchObject({
      amount: 100, boundAmount: 50,
      orders: [expect.objectContaining({ orderId: o1, amount: 30, paidOrder: 1 }), expect.objectContaining({ orderId: o2, amount: 20, paidOrder: 0 })],
    });
    const listed = (await get<{ list: Balance[] }>(`/balance/list?pageSize=200`)).body.data.list.find((b) => b.id === balance);
    expect(listed).toMatchObject({ boundAmount: 50 });
    const audit = await db().selectFrom('sys_audit_log').selectAll().where('action', '=', 'bind').execute();
    expect(audit.length).toBeGreaterThanOrEqual(3); // two bindings and the order's state
    // Binding the same order again adds to its binding; covering it makes it paid.
    expect((await post(`/balance/bind/${balance}`, [{ orderId: o2, amount: 30 }], seller)).body).toMatchObject({ code: 200, data: { boundAmount: 80, paidOrderIds: [o2] } });
    expect((await balanceOf(balance)).orders).toEqual([expect.objectContaining({ orderId: o1, amount: 30 }), expect.objectContaining({ orderId: o2, amount: 50, paidOrder: 1 })]);
    const bindings = (await get<{ list: { orderId: number; orderSn: string }[] }>(`/balance/order/list?balanceId=${balance}`, seller)).body.data.list;
    expect(bindings.map((b) => b.orderSn).sort()).toEqual([`B${dialect}${serial - 1}`, `B${dialect}${serial}`].sort());
  });

  it('refuses a binding past the order\'s open amount or the balance, another shop\'s order, an order not pending payment, and bad rows, changing nothing', async () => {
    const balance = await newBalance(shopA, 50);
    const paidElsewhere = await insertOrder(shopA, 4_000);
    const other = await newBalance(shopA, 100);
    expect((await post(`/balance/bind/${other}`, [{ orderId: paidElsewhere, amount: 15 }])).body).toMatchObject({ code: 200 });
    const big = await insertOrder(shopA, 8_000);
    const shipped = await insertOrder(shopA, 1_000, ORDER_STATUS.pendingShipment);
    const inB = await insertOrder(shopB, 1_000);
    const foreign = await insertOrder(shopForeign, 1_000);
    await unchanged(async () => {
      // 40 − 15 bound elsewhere leaves 25 of the order open.
      let answer = await post(`/balance/bind/${balance}`, [{ orderId: paidElsewhere, amount: 25.01 }]);
      expect(answer.status).toBe(400);
      expect(fields(answer)).toEqual(['orders.0.amount:exceed_order_amount']);
      expect(answer.body.errors![0]!.message).toBe('exceed order amount');
      // Each row fits its order, together they pass the balance of 50: the row that passes it is named.
      answer = await post(`/balance/bind/${balance}`, [{ orderId: paidElsewhere, amount: 25 }, { orderId: big, amount: 25.01 }]);
      expect(fields(answer)).toEqual(['orders.1.amount:exceed_balance_limit']);
      expect(answer.body.errors![0]!.message).toBe('exceed balance limit');
      answer = await post(`/balance/bind/${balance}`, [{ orderId: big, amount: 10 }, { orderId: shipped, amount: 5 }, { orderId: inB, amount: 5 }, { orderId: foreign, amount: 5 }]);
      expect(fields(answer)).toEqual(['orders.1.orderId:order_not_payable', 'orders.2.orderId:invalid_reference', 'orders.3.orderId:invalid_reference']);
      answer = await post(`/balance/bind/${balance}`, [{ orderId: big, amount: 0 }, { orderId: big, amount: 1.005 }]);
      expect(answer.status).toBe(400);
      expect(fields(answer)).toEqual(expect.arrayContaining([expect.stringMatching(/^orders\.0\.amount:/), expect.stringMatching(/^orders\.1\./)]));
      answer = await post(`/balance/bind/${balance}`, []);
      expect(answer.status).toBe(400);
      answer = await post(`/balance/bind/${balance}`, [{ orderId: 999_999, amount: 1 }]);
      expect(fields(answer)).toEqual(['orders.0.orderId:invalid_reference']);
    });
  });

  it('unbinding takes back the payment of an order it paid, before it ships; refused once it shipped', async () => {
    const balance = await newBalance(shopA, 100);
    const order = await insertOrder(shopA, 6_000);
    expect((await post(`/balance/bind/${balance}`, [{ orderId: order, amount: 60 }], seller)).body).toMatchObject({ code: 200 });
    let answer = await post(`/balance/unbind/${balance}?orderId=${order}`, undefined, seller);
    expect(answer.body).toMatchObject({ code: 200, data: { boundAmount: 0, openAmount: 100 } });
    expect(await orderRow(order)).toEqual({ status: ORDER_STATUS.pendingPayment, payment_time: null });
    const notes = (await db().selectFrom('oms_order_operate_history').select(['order_status', 'note']).where('order_id', '=', order).orderBy('id').execute());
    expect(notes).toEqual([
      { order_status: ORDER_STATUS.pendingShipment, note: `Paid by cashier balance #${balance}` },
      { order_status: ORDER_STATUS.pendingPayment, note: `Payment by cashier balance #${balance} withdrawn` },
    ]);
    // Paid again, then shipped: its money stays bound.
    expect((await post(`/balance/bind/${balance}`, [{ orderId: order, amount: 60 }], seller)).body).toMatchObject({ code: 200 });
    expect((await post('/order/update/delivery', [{ orderId: order, deliveryCompany: 'SF', deliverySn: 'SF1' }], seller)).body).toMatchObject({ code: 200 });
    const notBound = await insertOrder(shopA, 100);
    await unchanged(async () => {
      answer = await post(`/balance/unbind/${balance}?orderId=${order}`, undefined, seller);
      expect(answer.status).toBe(409);
      expect(fields(answer)).toEqual(['orderId:order_shipped_unbind']);
      // An order the balance does not hold.
      answer = await post(`/balance/unbind/${balance}?orderId=${notBound}`, undefined, seller);
      expect(fields(answer)).toEqual(['orderId:invalid_reference']);
    });
    // A partial binding of an unpaid order just goes.
    const partial = await insertOrder(shopA, 5_000);
    await post(`/balance/bind/${balance}`, [{ orderId: partial, amount: 10 }]);
    expect((await post(`/balance/unbind/${balance}?orderId=${partial}`)).body).toMatchObject({ code: 200, data: { boundAmount: 60 } });
    expect(await orderRow(partial)).toMatchObject({ status: ORDER_STATUS.pendingPayment });
  });

  it('a balance shrinks only down to what is bound, and is deleted only without bindings', async () => {
    const balance = await newBalance(shopA, 100);
    const order = await insertOrder(shopA, 9_000);
    await post(`/balance/bind/${balance}`, [{ orderId: order, amount: 70 }]);
    let answer = await post(`/balance/update/${balance}`, { amount: 69.99 });
    expect(answer.status).toBe(400);
    expect(fields(answer)).toEqual(['amount:below_bound']);
    expect((await post(`/balance/update/${balance}`, { amount: 70, note: 'Corrected', payChannel: 'cash' })).body).toMatchObject({ code: 200 });
    expect(await balanceOf(balance)).toMatchObject({ amount: 70, boundAmount: 70, payChannel: 'cash' });
    answer = await post(`/balance/delete/${balance}`);
    expect(answer.status).toBe(409);
    // The declared `owns` refusal (server/crud/owns.ts): the reason at the top, as every refused delete.
    expect(answer.body.messageKey).toBe('balance_has_orders');
    await post(`/balance/unbind/${balance}?orderId=${order}`);
    expect((await post(`/balance/delete/${balance}`)).body).toMatchObject({ code: 200 });
    expect((await post('/balance/create', { shopId: shopA, amount: 0, payChannel: 'bank' })).status).toBe(400);
    expect((await post('/balance/create', { shopId: shopA, amount: 1.001, payChannel: 'bank' })).status).toBe(400);
    expect((await post('/balance/create', { shopId: shopA, amount: 1, payChannel: 'card' })).status).toBe(400);
  });

  it('lists the open orders of the balance\'s shop, searchable', async () => {
    const balance = await newBalance(shopB, 100);
    const open = await insertOrder(shopB, 2_500);
    const covered = await insertOrder(shopB, 1_000);
    await post(`/balance/bind/${balance}`, [{ orderId: open, amount: 5 }, { orderId: covered, amount: 10 }]);
    const list = (await get<{ id: number; openAmount: number; boundAmount: number }[]>(`/balance/openOrders/${balance}`, seller)).body.data;
    expect(list.find((o) => o.id === open)).toMatchObject({ openAmount: 20, boundAmount: 5 });
    expect(list.find((o) => o.id === covered)).toBeUndefined();
    const sn = (await db().selectFrom('oms_order').select('order_sn').where('id', '=', open).executeTakeFirstOrThrow()).order_sn;
    const found = (await get<{ id: number }[]>(`/balance/openOrders/${balance}?keyword=${encodeURIComponent(String(sn).toLowerCase())}`, seller)).body.data;
    expect(found.map((o) => o.id)).toEqual([open]);
    expect((await get<unknown[]>(`/balance/openOrders/${balance}?keyword=${encodeURIComponent('%_')}`, seller)).body.data).toEqual([]);
  });

  it('keeps each seller to its own shops: admin sees all, another seller gets 404, another shop\'s order cannot be bound', async () => {
    const mine = await newBalance(shopA, 10, seller);
    const theirs = await newBalance(shopForeign, 10, seller2);
    const listOf = async (as: string) => (await get<{ list: Balance[] }>('/balance/list?pageSize=200', as)).body.data.list.map((b) => b.id);
    expect(await listOf(admin)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await listOf(orderAdmin)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await listOf(seller)).toContain(mine);
    expect(await listOf(seller)).not.toContain(theirs);
    // seller2's shops have demo balances of their own: it sees those and its new one, never the seller's.
    const seller2Sees = await listOf(seller2);
    expect(seller2Sees).toContain(theirs);
    expect(seller2Sees).not.toContain(mine);
    const order = await insertOrder(shopA, 500);
    await unchanged(async () => {
      expect((await get(`/balance/${mine}`, seller2)).status).toBe(404);
      expect((await post(`/balance/bind/${mine}`, [{ orderId: order, amount: 1 }], seller2)).status).toBe(404);
      expect((await post(`/balance/unbind/${mine}?orderId=${order}`, undefined, seller2)).status).toBe(404);
      expect((await get(`/balance/openOrders/${mine}`, seller2)).status).toBe(404);
      expect((await post(`/balance/update/${mine}`, { note: 'x' }, seller2)).status).toBe(404);
      expect((await post(`/balance/delete/${mine}`, undefined, seller2)).status).toBe(404);
      // seller2's own balance cannot take the seller's order.
      expect(fields(await post(`/balance/bind/${theirs}`, [{ orderId: order, amount: 1 }], seller2))).toEqual(['orders.0.orderId:invalid_reference']);
    });
    const answer = await post('/balance/create', { shopId: shopForeign, amount: 5, payChannel: 'cash' }, seller);
    expect(answer.status).toBe(400);
    expect(fields(answer)).toEqual(['shopId:invalid_reference']);
    const seller2Bindings = (await get<{ list: { balanceId: number }[] }>('/balance/order/list?pageSize=200', seller2)).body.data.list;
    expect(seller2Bindings.map((b) => b.balanceId)).not.toContain(mine);
  });

  it('the demo balances keep the rules: every shop with unpaid orders has some, none bound past itself or its orders, a paying binding\'s order is paid', async () => {
    const balances = (await get<{ list: Balance[] }>('/balance/list?pageSize=200')).body.data.list;
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) expect(b.boundAmount).toBeLessThanOrEqual(b.amount);
    const perOrder = await db().selectFrom('oms_cashier_balance_order as b').innerJoin('oms_order as o', 'o.id', 'b.order_id')
      .select(['o.id', 'o.pay_amount', 'o.status', 'b.amount', 'b.paid_order']).execute();
    for (const row of perOrder) {
      expect(Number(row.amount)).toBeLessThanOrEqual(Number(row.pay_amount));
      if (Number(row.paid_order)) expect(Number(row.status)).not.toBe(ORDER_STATUS.pendingPayment);
    }
  });

  it('200 parallel binds against one balance never pass it', async () => {
    const balance = await newBalance(shopA, 100);
    const orders: number[] = [];
    for (let i = 0; i < 200; i++) orders.push(await insertOrder(shopA, 100));
    const answers = await Promise.all(orders.map((orderId) => post(`/balance/bind/${balance}`, [{ orderId, amount: 1 }], seller)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400 && fields(a).join() === 'orders.0.amount:exceed_balance_limit')).toBe(true);
    const after = await balanceOf(balance);
    expect(after).toMatchObject({ amount: 100, boundAmount: 100 });
    expect(after.orders).toHaveLength(100);
    const paid = await db().selectFrom('oms_order').select('id').where('id', 'in', orders).where('status', '=', ORDER_STATUS.pendingShipment).execute();
    expect(paid).toHaveLength(100);
  });

  it('parallel binds of one order from several balances never pass the order', async () => {
    const order = await insertOrder(shopA, 1_000);
    const balances = await Promise.all(Array.from({ length: 20 }, () => newBalance(shopA, 5)));
    const answers = await Promise.all(balances.map((id) => post(`/balance/bind/${id}`, [{ orderId: order, amount: 1 }])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const bound = await db().selectFrom('oms_cashier_balance_order').select('amount').where('order_id', '=', order).execute();
    expect(bound.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(1_000);
    expect(await orderRow(order)).toMatchObject({ status: ORDER_STATUS.pendingShipment });
  });
});
