// Protects: the order's declared transitions and edits (ship, close, confirm receipt, note, receiver, fees, delete) on SQLite and PostgreSQL: history rows, wrong-state refusals that change nothing, seller scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('orders (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let shopA: number;
  let shopForeign: number;
  let serial = 0;
  const db = () => t.db as unknown as AnyKysely;

  const post = (url: string, body?: unknown, as = admin) => call(t.app, 'POST', `/api${url}`, { token: as, ...(body === undefined ? {} : { body }) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const insertOrder = async (shopId: number, status: number, money: { total?: number; coupon?: number } = {}): Promise<number> => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shopId, order_sn: `T${dialect}${serial}`, create_time: toDbTime(), status, total_amount: money.total ?? 10_000,
      pay_amount: money.total ?? 10_000, coupon_amount: money.coupon ?? 0, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1',
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  const order = async (id: number) => db().selectFrom('oms_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: number) => db().selectFrom('oms_order_operate_history').selectAll().where('order_id', '=', id).orderBy('id').execute();
  const unchanged = async (id: number, work: () => Promise<void>) => {
    const before = { row: await order(id), history: await history(id) };
    await work();
    expect({ row: await order(id), history: await history(id) }).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    [shopA] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
  });
  afterAll(async () => t?.close());

  it('ships an order pending shipment with its logistics, writes the history; refuses another state and a missing company, changing nothing', async () => {
    const id = await insertOrder(shopA, 1);
    const answer = await post('/order/update/delivery', { orderId: id, deliveryCompany: 'SF Express', deliverySn: 'SF123' }, seller);
    expect(answer.body).toMatchObject({ code: 200, data: 1 });
    expect(await order(id)).toMatchObject({ status: 2, delivery_company: 'SF Express', delivery_sn: 'SF123' });
    expect((await order(id)).delivery_time).toMatch(/^\d{4}-/);
    expect(await history(id)).toEqual([expect.objectContaining({ order_status: 2, shop_id: shopA })]);
    await unchanged(id, async () => {
      const again = await post('/order/update/delivery', { orderId: id, deliveryCompany: 'SF Express', deliverySn: 'SF124' });
      expect(again.status).toBe(409);
      expect(fields(again)).toEqual(['status:wrong_state']);
    });
    const pending = await insertOrder(shopA, 1);
    await unchanged(pending, async () => {
      expect(fields(await post('/order/update/delivery', { orderId: pending, deliverySn: 'X1' }))).toEqual(['deliveryCompany:required']);
    });
    // Receipt confirmed: shipped → completed.
    expect((await post(`/order/update/confirmReceipt?id=${id}`)).body).toMatchObject({ code: 200 });
    expect(await order(id)).toMatchObject({ status: 3, confirm_status: 1 });
  });

  it('closes the unpaid orders of a selection with a required note and says which it skipped', async () => {
    const unpaid = await insertOrder(shopA, 0);
    const paid = await insertOrder(shopA, 1);
    expect(fields(await post(`/order/update/close?ids=${unpaid}`))).toEqual(['note:required']);
    const answer = await post(`/order/update/close?ids=${unpaid},${paid}&note=Buyer%20cancelled`);
    expect(answer.body).toMatchObject({ code: 200, skipped: [paid] });
    expect((await order(unpaid)).status).toBe(4);
    expect((await order(paid)).status).toBe(1);
    expect(await history(unpaid)).toEqual([expect.objectContaining({ order_status: 4, note: 'Buyer cancelled' })]);
    const none = await post(`/order/update/close?ids=${paid}&note=x`);
    expect(none.status).toBe(409);
  });

  it('deletes only closed or invalid orders (into the recycle bin)', async () => {
    const open = await insertOrder(shopA, 1);
    const closed = await insertOrder(shopA, 4);
    await unchanged(open, async () => {
      expect((await post(`/order/delete?ids=${open}`)).status).toBe(409);
    });
    expect((await post(`/order/delete?ids=${closed}`)).body).toMatchObject({ code: 200, data: 1 });
    expect((await order(closed)).delete_status).toBe(1);
  });

  it('changes the receiver and fees only before shipping, never to a negative payable amount, with history', async () => {
    const id = await insertOrder(shopA, 1, { total: 10_000, coupon: 1_000 });
    const money = await post('/order/update/moneyInfo', { orderId: id, freightAmount: 5, discountAmount: 10 });
    expect(money.body).toMatchObject({ code: 200 });
    const stored = await order(id); // bigint columns: numbers on SQLite, strings on PostgreSQL
    expect([stored.freight_amount, stored.discount_amount, stored.pay_amount].map(Number)).toEqual([500, 1000, 10_000 + 500 - 1_000 - 1_000]);
    await unchanged(id, async () => {
      expect(fields(await post('/order/update/moneyInfo', { orderId: id, freightAmount: 0, discountAmount: 95 }))).toEqual(['discountAmount:payable_negative']);
    });
    const receiver = await post('/order/update/receiverInfo', { orderId: id, receiverName: 'Bob', receiverPhone: '555', receiverDetailAddress: 'Lane 2' });
    expect(receiver.body).toMatchObject({ code: 200 });
    expect(await order(id)).toMatchObject({ receiver_name: 'Bob', receiver_phone: '555' });
    expect((await history(id)).length).toBe(2);
    const shipped = await insertOrder(shopA, 2);
    await unchanged(shipped, async () => {
      expect((await post('/order/update/moneyInfo', { orderId: shipped, freightAmount: 1, discountAmount: 0 })).status).toBe(409);
      expect((await post('/order/update/receiverInfo', { orderId: shipped, receiverName: 'C', receiverPhone: '1', receiverDetailAddress: 'x' })).status).toBe(409);
    });
  });

  it('a seller sees and changes only the orders of its own shops', async () => {
    const foreign = await insertOrder(shopForeign, 1);
    await unchanged(foreign, async () => {
      expect((await post('/order/update/delivery', { orderId: foreign, deliveryCompany: 'SF', deliverySn: '1' }, seller)).status).toBe(404);
      expect((await post(`/order/update/note?id=${foreign}&note=x`, undefined, seller)).status).toBe(404);
    });
    expect((await call(t.app, 'GET', `/api/order/${foreign}`, { token: seller })).status).toBe(404);
    const list = await call<{ list: { shopId: number }[] }>(t.app, 'GET', '/api/order/list?pageSize=100', { token: seller });
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((o) => o.shopId !== shopForeign)).toBe(true);
  });
});
