// Protects: the order's declared transitions and edits (ship, close, confirm receipt, note, receiver, fees, delete) on SQLite and PostgreSQL: history rows, wrong-state refusals that change nothing, seller scope; shipping by mall's array body (each order its own logistics, a listed or typed company name trimmed and bounded, one bad row refuses all, 50 parallel ships of one order ship it once, 500 orders in one call).
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

  it('ships orders pending shipment by mall\'s array body, each with its own logistics and history; skips the others; refuses a batch with none shippable', async () => {
    const [one, two, unpaid] = [await insertOrder(shopA, 1), await insertOrder(shopA, 1), await insertOrder(shopA, 0)];
    const answer = await post('/order/update/delivery', [
      { orderId: one, deliveryCompany: 'SF Express', deliverySn: 'SF123' }, { orderId: two, deliveryCompany: '圆通快递', deliverySn: 'YT9' },
      { orderId: unpaid, deliveryCompany: 'SF Express', deliverySn: 'SF000' },
    ], seller);
    expect(answer.body).toMatchObject({ code: 200, data: 2, skipped: [unpaid] });
    expect(await order(one)).toMatchObject({ status: 2, delivery_company: 'SF Express', delivery_sn: 'SF123' });
    expect(await order(two)).toMatchObject({ status: 2, delivery_company: '圆通快递', delivery_sn: 'YT9' });
    expect((await order(one)).delivery_time).toMatch(/^\d{4}-/);
    expect(await history(one)).toEqual([expect.objectContaining({ order_status: 2, shop_id: shopA })]);
    expect(await order(unpaid)).toMatchObject({ status: 0, delivery_company: null });
    await unchanged(one, async () => {
      const again = await post('/order/update/delivery', [{ orderId: one, deliveryCompany: 'SF Express', deliverySn: 'SF124' }, { orderId: unpaid, deliveryCompany: 'SF', deliverySn: '1' }]);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ messageKey: 'no_shippable_orders', message: 'No shippable orders in the selected orders' });
    });
    // Receipt confirmed: shipped → completed.
    expect((await post(`/order/update/confirmReceipt?id=${one}`)).body).toMatchObject({ code: 200 });
    expect(await order(one)).toMatchObject({ status: 3, confirm_status: 1 });
  });

  it('refuses a whole batch when any row is bad (company and number required, each order once), naming the row; nothing ships', async () => {
    const [a, b] = [await insertOrder(shopA, 1), await insertOrder(shopA, 1)];
    await unchanged(a, () => unchanged(b, async () => {
      const missing = await post('/order/update/delivery', [{ orderId: a, deliveryCompany: 'SF', deliverySn: '1' }, { orderId: b, deliveryCompany: '', deliverySn: '2' }]);
      expect(missing.status).toBe(400);
      expect(fields(missing)).toEqual(['1.deliveryCompany:company_required']);
      expect(missing.body.errors?.[0]?.message).toBe('Logistics company is required');
      expect(fields(await post('/order/update/delivery', [{ orderId: a, deliveryCompany: 'SF' }, { orderId: b, deliverySn: '2' }])))
        .toEqual(['0.deliverySn:delivery_sn_required', '1.deliveryCompany:company_required']);
      expect(fields(await post('/order/update/delivery', [{ orderId: a, deliveryCompany: 'SF', deliverySn: '1' }, { orderId: a, deliveryCompany: 'SF', deliverySn: '2' }])))
        .toEqual(['1.orderId:duplicate_row']);
      const empty = await post('/order/update/delivery', []);
      expect(fields(empty)).toEqual(['orderId:select_orders']);
      expect(empty.body.errors?.[0]?.message).toBe('Please select the orders to operate');
      // The single object of the earlier API is no array: refused.
      expect(fields(await post('/order/update/delivery', { orderId: a, deliveryCompany: 'SF', deliverySn: '1' }))).toEqual(['_:invalid_type']);
    }));
  });

  it('ships with an international carrier or a company name typed under "Other" (kept trimmed, answered as stored); refuses a blank or over-long name, nothing shipped', async () => {
    const [a, b] = [await insertOrder(shopA, 1), await insertOrder(shopA, 1)];
    await unchanged(a, () => unchanged(b, async () => {
      const blank = await post('/order/update/delivery', [{ orderId: a, deliveryCompany: 'DHL', deliverySn: '1' }, { orderId: b, deliveryCompany: '   ', deliverySn: '2' }]);
      expect(blank.status).toBe(400);
      expect(fields(blank)).toEqual(['1.deliveryCompany:company_required']);
      const long = await post('/order/update/delivery', [{ orderId: a, deliveryCompany: 'x'.repeat(65), deliverySn: '1' }]);
      expect(fields(long)).toEqual(['0.deliveryCompany:length_between']);
      expect(long.body.errors?.[0]).toMatchObject({ params: { min: 1, max: 64 } });
    }));
    const typed = `  Pony Express ${dialect} Ltd  `;
    const shipped = await post('/order/update/delivery', [{ orderId: a, deliveryCompany: 'DHL', deliverySn: 'DHL-1' }, { orderId: b, deliveryCompany: typed, deliverySn: 'PX-2' }]);
    expect(shipped.status, shipped.raw).toBe(200);
    expect(await order(a)).toMatchObject({ status: 2, delivery_company: 'DHL', delivery_sn: 'DHL-1' });
    expect(await order(b)).toMatchObject({ status: 2, delivery_company: typed.trim(), delivery_sn: 'PX-2' });
    const read = await call<{ deliveryCompany: string }>(t.app, 'GET', `/api/order/${b}`, { token: admin });
    expect(read.body.data.deliveryCompany).toBe(typed.trim());
  });

  it('50 parallel ship requests for one order ship it once: one success, the others refused with nothing shippable', async () => {
    const id = await insertOrder(shopA, 1);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      post('/order/update/delivery', [{ orderId: id, deliveryCompany: 'SF Express', deliverySn: `RACE${i}` }])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.messageKey === 'no_shippable_orders')).toHaveLength(49);
    expect(await history(id)).toHaveLength(1);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(await order(id)).toMatchObject({ status: 2, delivery_sn: `RACE${winner}` });
  });

  it('ships 500 orders in one call (the most one call takes), each with its own number', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 501; i += 1) ids.push(await insertOrder(shopA, 1));
    const rows = ids.map((orderId, i) => ({ orderId, deliveryCompany: '中通快递', deliverySn: `ZT${i}` }));
    const tooMany = await post('/order/update/delivery', rows);
    expect(fields(tooMany)).toEqual(['orderId:too_many_ids']);
    const started = performance.now();
    const answer = await post('/order/update/delivery', rows.slice(0, 500));
    const ms = performance.now() - started;
    expect(answer.body, answer.raw.slice(0, 300)).toMatchObject({ code: 200, data: 500 });
    console.info(`[bench] ${dialect}: shipping 500 orders in one call took ${ms.toFixed(0)} ms`);
    const shipped = await db().selectFrom('oms_order').select(['id', 'status', 'delivery_sn']).where('id', 'in', ids.slice(0, 500)).orderBy('id').execute();
    expect(shipped.map((o) => [Number(o.status), o.delivery_sn])).toEqual(ids.slice(0, 500).map((_, i) => [2, `ZT${i}`]));
    expect((await order(ids[500]!)).status).toBe(1);
  });

  it('closes the unpaid orders of a selection with a required note and says which it skipped', async () => {
    const unpaid = await insertOrder(shopA, 0);
    const paid = await insertOrder(shopA, 1);
    const noNote = await post(`/order/update/close?ids=${unpaid}`);
    expect(fields(noNote)).toEqual(['note:note_required']);
    expect(noNote.body.errors?.[0]?.message).toBe('Operation note cannot be empty');
    expect(fields(await post('/order/update/close?ids=&note=x'))).toEqual(['ids:select_orders']);
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
      expect((await post('/order/update/delivery', [{ orderId: foreign, deliveryCompany: 'SF', deliverySn: '1' }], seller)).status).toBe(404);
      // A foreign order spoils a batch of the seller's own: nothing ships.
      const own = await insertOrder(shopA, 1);
      expect((await post('/order/update/delivery', [{ orderId: own, deliveryCompany: 'SF', deliverySn: '1' }, { orderId: foreign, deliveryCompany: 'SF', deliverySn: '2' }], seller)).status).toBe(404);
      expect((await order(own)).status).toBe(1);
      expect((await post(`/order/update/note?id=${foreign}&note=x`, undefined, seller)).status).toBe(404);
    });
    expect((await call(t.app, 'GET', `/api/order/${foreign}`, { token: seller })).status).toBe(404);
    const list = await call<{ list: { shopId: number }[] }>(t.app, 'GET', '/api/order/list?pageSize=100', { token: seller });
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((o) => o.shopId !== shopForeign)).toBe(true);
  });

  it('counts live orders per status for the list\'s tabs, inside the caller\'s shops', async () => {
    type Counts = { all: number; byStatus: Record<string, number> };
    const seller2 = await login(t.app, DEMO.seller2);
    const countsOf = async (token: string) => (await call<Counts>(t.app, 'GET', '/api/order/statusCounts', { token })).body.data;
    const expected = async (shopIds: number[] | null) => {
      const rows = await db().selectFrom('oms_order').select('status').where('delete_status', '=', 0)
        .$if(shopIds !== null, (q) => q.where('shop_id', 'in', shopIds!)).execute();
      const byStatus: Record<string, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
      for (const row of rows) byStatus[String(row.status)] = (byStatus[String(row.status)] ?? 0) + 1;
      return { all: rows.length, byStatus };
    };
    await insertOrder(shopForeign, 1);
    const before = await countsOf(seller);
    expect(before).toEqual(await expected(await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username))));
    expect(await countsOf(seller2)).toEqual(await expected([shopForeign]));
    expect(await countsOf(admin)).toEqual(await expected(null));
    // A new order of the seller's moves its counts; another seller's does not.
    await insertOrder(shopA, 0);
    await insertOrder(shopForeign, 0);
    const after = await countsOf(seller);
    expect([after.all - before.all, after.byStatus[0]! - before.byStatus[0]!]).toEqual([1, 1]);
  });
});
