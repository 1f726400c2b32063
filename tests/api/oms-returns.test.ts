// Protects: return requests on SQLite and PostgreSQL: confirm (refund limited to what was paid, a return address of the return's shop), reject and confirm receipt, each stamping who and when; wrong states and bad refunds refused changing nothing; mall's one status route; a completed return with a refund above 0 making its paid order partially refunded, then refunded once the refunds reach what was paid, with the refunded amount beside the paid one (the order's answer, mall's `/order/{id}` included, and the list's payStatus filter), a rejected or zero-refund one leaving it paid; delete of rejected ones only; seller scope; the demo returns and addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_STATUS, ORDER_PAY_STATUS, PAY_STATUS, RETURN_STATUS } from '../../src/schema/oms/entities';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('return requests (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let orderAdmin: string;
  let shopA: number;
  let shopB: number;
  let shopForeign: number;
  let addressA: number;
  let addressB: number;
  let addressForeign: number;
  let serial = 0;
  const db = () => t.db as unknown as AnyKysely;

  const post = (url: string, body?: unknown, as = admin) => call(t.app, 'POST', `/api${url}`, { token: as, ...(body === undefined ? {} : { body }) });
  const get = <T = unknown>(url: string, as = admin) => call<T>(t.app, 'GET', `/api${url}`, { token: as });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);

  /** A paid order (pay amount in cents) in a shop. */
  const insertOrder = async (shopId: number, payCents: number, status = 3): Promise<number> => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shopId, order_sn: `R${dialect}${serial}`, create_time: toDbTime(), status, total_amount: payCents, pay_amount: payCents,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  /** A return request of `count` × `priceCents` of an order, in a status. */
  const insertReturn = async (orderId: number, opts: { count?: number; priceCents?: number; status?: number; amountCents?: number } = {}): Promise<number> => {
    const order = await db().selectFrom('oms_order').select(['shop_id', 'order_sn']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const { id } = await db().insertInto('oms_order_return_apply').values({
      shop_id: order.shop_id, order_id: orderId, order_sn: order.order_sn, status: opts.status ?? 0, create_time: toDbTime(),
      member_username: 'lily88', return_name: 'Lily', return_phone: '13800000000', reason: 'Wrong size', description: 'Too small',
      proof_pics: '/uploads/a.jpg,/uploads/b.jpg', product_name: 'Mailer box', product_count: opts.count ?? 2,
      product_price: opts.priceCents ?? 1_000, product_real_price: opts.priceCents ?? 1_000, return_amount: opts.amountCents ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  const row = async (id: number) => db().selectFrom('oms_order_return_apply').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditRows = async () => db().selectFrom('sys_audit_log').select('id').execute();
  const unchanged = async (id: number, work: () => Promise<void>) => {
    const before = { row: await row(id), audit: (await auditRows()).length };
    await work();
    expect({ row: await row(id), audit: (await auditRows()).length }).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    orderAdmin = await login(t.app, DEMO.orderAdmin);
    [shopA, shopB] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number, number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
    const address = async (shopId: number, as: string) => {
      const answer = await post('/companyAddress/create', { shopId, addressName: `Warehouse ${shopId}`, name: 'Zhang', phone: '138', detailAddress: 'Road 1' }, as);
      expect(answer.body).toMatchObject({ code: 200 });
      return (answer.body.data as { id: number }).id;
    };
    addressA = await address(shopA, seller);
    addressB = await address(shopB, seller);
    addressForeign = await address(shopForeign, admin);
  });
  afterAll(async () => t?.close());

  it('confirms a pending return with the refund and a return address of its shop, stamping who and when; then confirms receipt', async () => {
    const id = await insertReturn(await insertOrder(shopA, 5_000), { count: 2, priceCents: 1_000 });
    const answer = await post(`/returnApply/confirm/${id}`, { returnAmount: 20, companyAddressId: addressA, handleNote: 'OK, send it back' }, seller);
    expect(answer.body).toMatchObject({ code: 200, data: 1 });
    const confirmed = await row(id);
    expect(confirmed).toMatchObject({ status: RETURN_STATUS.returning, company_address_id: addressA, handle_man: DEMO.seller.username, handle_note: 'OK, send it back' });
    expect(Number(confirmed.return_amount)).toBe(2_000);
    expect(confirmed.handle_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    const audit = await db().selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'confirm', entity: 'oms_order_return_apply', entity_id: String(id), admin_id: await adminIdOf(t.db, DEMO.seller.username) });

    // The page shows it all: status, refund, the address by name, the proof images.
    const read = await get<Record<string, unknown>>(`/returnApply/${id}`, seller);
    expect(read.body.data).toMatchObject({
      status: 1, returnAmount: 20, companyAddressId: addressA, companyAddressName: `Warehouse ${shopA}`, handleMan: DEMO.seller.username,
      // comma-joined, as mall answers it (its return page splits it)
      proofPics: '/uploads/a.jpg,/uploads/b.jpg', returnName: 'Lily', reason: 'Wrong size', description: 'Too small',
    });

    const received = await post(`/returnApply/receive/${id}`, { receiveNote: 'Arrived intact' }, orderAdmin);
    expect(received.body).toMatchObject({ code: 200, data: 1 });
    expect(await row(id)).toMatchObject({ status: RETURN_STATUS.completed, receive_man: DEMO.orderAdmin.username, receive_note: 'Arrived intact' });
    expect((await row(id)).receive_time).toMatch(/^\d{4}-/);
  });

  it('rejects a pending return with the handler\'s note (required)', async () => {
    const id = await insertReturn(await insertOrder(shopA, 5_000));
    await unchanged(id, async () => {
      expect(fields(await post(`/returnApply/reject/${id}`, {}))).toEqual(['handleNote:required']);
    });
    expect((await post(`/returnApply/reject/${id}`, { handleNote: 'Used goods' })).body).toMatchObject({ code: 200, data: 1 });
    expect(await row(id)).toMatchObject({ status: RETURN_STATUS.rejected, handle_man: DEMO.admin.username, handle_note: 'Used goods', return_amount: null });
  });

  it('refuses a refund beyond what was paid for the line or left of the order, a negative one, a missing or another shop\'s address, changing nothing', async () => {
    const order = await insertOrder(shopA, 3_000);
    // Another return of the same order already took 15.00 of its 30.00.
    await insertReturn(order, { status: RETURN_STATUS.returning, amountCents: 1_500 });
    const id = await insertReturn(order, { count: 2, priceCents: 1_000 });
    await unchanged(id, async () => {
      const over = await post(`/returnApply/confirm/${id}`, { returnAmount: 15.01, companyAddressId: addressA });
      expect(over.status).toBe(400);
      expect(over.body.errors).toEqual([expect.objectContaining({ field: 'returnAmount', messageKey: 'too_big', params: { max: 15 } })]);
      expect(fields(await post(`/returnApply/confirm/${id}`, { returnAmount: -1, companyAddressId: addressA }))).toEqual(['returnAmount:too_small']);
      expect(fields(await post(`/returnApply/confirm/${id}`, { companyAddressId: addressA }))).toEqual(['returnAmount:required']);
      expect(fields(await post(`/returnApply/confirm/${id}`, { returnAmount: 10 }))).toEqual(['companyAddressId:choose_return_address']);
      // mall's "none" (its picker found no address) on its status route: still a missing address, said so.
      expect(fields(await post(`/returnApply/update/status/${id}`, { status: 1, returnAmount: 10, companyAddressId: 0 }))).toEqual(['companyAddressId:choose_return_address']);
      // The seller's other shop's address is no address of this return's shop; another seller's is none the seller may see.
      expect(fields(await post(`/returnApply/confirm/${id}`, { returnAmount: 10, companyAddressId: addressB }, seller))).toEqual(['companyAddressId:invalid_reference']);
      expect(fields(await post(`/returnApply/confirm/${id}`, { returnAmount: 10, companyAddressId: addressForeign }, seller))).toEqual(['companyAddressId:invalid_reference']);
    });
    // The line limit: 2 × 10.00 on an order with 100.00 left.
    const line = await insertReturn(await insertOrder(shopA, 10_000), { count: 2, priceCents: 1_000 });
    await unchanged(line, async () => {
      expect(fields(await post(`/returnApply/confirm/${line}`, { returnAmount: 20.01, companyAddressId: addressA }))).toEqual(['returnAmount:too_big']);
    });
    // An unpaid order refunds nothing; zero is a refund too.
    const unpaid = await insertReturn(await insertOrder(shopA, 3_000, 0));
    expect(fields(await post(`/returnApply/confirm/${unpaid}`, { returnAmount: 0.01, companyAddressId: addressA }))).toEqual(['returnAmount:too_big']);
    expect((await post(`/returnApply/confirm/${unpaid}`, { returnAmount: 0, companyAddressId: addressA })).body).toMatchObject({ code: 200 });
    expect((await post(`/returnApply/confirm/${id}`, { returnAmount: 15, companyAddressId: addressA })).body).toMatchObject({ code: 200 });
  });

  it('refuses each step in a wrong state with 409 on the status, changing nothing', async () => {
    const order = await insertOrder(shopA, 9_000);
    const cases: [number, string, unknown][] = [
      [RETURN_STATUS.returning, 'confirm', { returnAmount: 1, companyAddressId: addressA }],
      [RETURN_STATUS.completed, 'reject', { handleNote: 'x' }],
      [RETURN_STATUS.rejected, 'confirm', { returnAmount: 1, companyAddressId: addressA }],
      [RETURN_STATUS.pending, 'receive', {}],
      [RETURN_STATUS.rejected, 'receive', {}],
    ];
    for (const [status, step, body] of cases) {
      const id = await insertReturn(order, { status });
      await unchanged(id, async () => {
        const answer = await post(`/returnApply/${step}/${id}`, body);
        expect(answer.status, `${step} from ${status}`).toBe(409);
        expect(fields(answer)).toEqual(['status:wrong_state']);
      });
    }
  });

  it('takes mall\'s status route with its whole body: status 1 confirms, 2 confirms receipt, 3 rejects; the operator is the caller, not the body', async () => {
    const order = await insertOrder(shopA, 9_000);
    const body = (status: number, more: Record<string, unknown> = {}) => ({
      id: 999, companyAddressId: addressA, returnAmount: 10, handleNote: null, handleMan: 'someone else', receiveNote: null, receiveMan: 'someone else', status, ...more,
    });
    const id = await insertReturn(order);
    expect((await post(`/returnApply/update/status/${id}`, body(1, { handleNote: 'Fine' }))).body).toMatchObject({ code: 200, data: 1 });
    expect(await row(id)).toMatchObject({ status: 1, handle_man: DEMO.admin.username, handle_note: 'Fine', company_address_id: addressA });
    expect(Number((await row(id)).return_amount)).toBe(1_000);
    await unchanged(id, async () => {
      expect((await post(`/returnApply/update/status/${id}`, body(3, { handleNote: 'No' }))).status).toBe(409);
      expect(fields(await post(`/returnApply/update/status/${id}`, body(4)))).toEqual(['status:invalid_value']);
    });
    expect((await post(`/returnApply/update/status/${id}`, body(2, { receiveNote: 'Back' }))).body).toMatchObject({ code: 200 });
    expect(await row(id)).toMatchObject({ status: 2, receive_man: DEMO.admin.username, receive_note: 'Back' });

    const rejected = await insertReturn(order);
    await unchanged(rejected, async () => {
      // Rejecting needs the handler's note, as the reject route does; an over-refund is refused on the same route too.
      expect(fields(await post(`/returnApply/update/status/${rejected}`, body(3)))).toEqual(['handleNote:required']);
      expect(fields(await post(`/returnApply/update/status/${rejected}`, body(1, { returnAmount: 20.01 })))).toEqual(['returnAmount:too_big']);
    });
    expect((await post(`/returnApply/update/status/${rejected}`, body(3, { handleNote: 'Used' }))).body).toMatchObject({ code: 200 });
    expect(await row(rejected)).toMatchObject({ status: 3, handle_note: 'Used', company_address_id: null, return_amount: null });
  });

  it('a return completed with a refund makes its paid order partially refunded, then refunded once the refunds reach what was paid; a rejected or zero-refund one leaves it paid', async () => {
    const paidOrder = async () => {
      const id = await insertOrder(shopA, 9_000);
      await db().updateTable('oms_order').set({ pay_status: PAY_STATUS.paid, delivery_status: DELIVERY_STATUS.shipped }).where('id', '=', id).execute();
      return id;
    };
    const orderOf = async (id: number) => (await get<{ status: number; payStatus: number; deliveryStatus: number; payAmount: number; refundAmount: number }>(`/order/${id}`)).body.data;
    const confirm = (id: number, returnAmount: number) => post(`/returnApply/confirm/${id}`, { returnAmount, companyAddressId: addressA }, seller);

    // A partial refund (10.00 of the 90.00 paid) reads as partially refunded, the amount beside what was paid.
    const order = await paidOrder();
    const id = await insertReturn(order);
    expect((await confirm(id, 10)).body).toMatchObject({ code: 200 });
    expect(await orderOf(order)).toMatchObject({ payStatus: PAY_STATUS.paid, refundAmount: 0 });
    expect((await post(`/returnApply/receive/${id}`, { receiveNote: 'Back' }, seller)).body).toMatchObject({ code: 200 });
    expect(await orderOf(order)).toMatchObject({ status: 3, payStatus: ORDER_PAY_STATUS.partiallyRefunded, deliveryStatus: DELIVERY_STATUS.shipped, payAmount: 90, refundAmount: 10 });
    const audit = await db().selectFrom('sys_audit_log').selectAll().where('entity', '=', 'oms_order').where('entity_id', '=', String(order)).execute();
    expect(audit).toEqual([expect.objectContaining({
      action: 'receive', before_json: JSON.stringify({ payStatus: 1, refundAmount: 0 }), after_json: JSON.stringify({ payStatus: 3, refundAmount: 10 }),
    })]);
    // And the order's own history says so, by whom, the status unchanged.
    const history = await db().selectFrom('oms_order_operate_history').selectAll().where('order_id', '=', order).execute();
    // A message key with its parameters (shown in the reader's language), not stored English text.
    expect(history).toEqual([expect.objectContaining({ from_status: 3, order_status: 3, note: null, note_key: 'refunded' })]);
    expect(JSON.parse(String(history[0]!.note_params))).toEqual({ amount: 10, returnId: id });
    expect(history[0]!.operator_id).not.toBeNull();
    // The order list filters by it, and its row carries both amounts.
    const listed = await get<{ list: { id: number; payStatus: number; refundAmount: number }[] }>(`/order/list?payStatus=${ORDER_PAY_STATUS.partiallyRefunded}&pageNum=1&pageSize=100`);
    expect(listed.body.data.list.map((o) => o.id)).toContain(order);
    expect(listed.body.data.list.every((o) => o.payStatus === ORDER_PAY_STATUS.partiallyRefunded)).toBe(true);
    // A second return that gives back the other 80.00 makes the whole payment refunded.
    const rest = await insertReturn(order, { count: 8 });
    expect((await confirm(rest, 80)).body).toMatchObject({ code: 200 });
    expect((await post(`/returnApply/receive/${rest}`, {}, seller)).body).toMatchObject({ code: 200 });
    expect(await orderOf(order)).toMatchObject({ payStatus: PAY_STATUS.refunded, payAmount: 90, refundAmount: 90 });

    // mall's status route completes it the same way.
    const viaMall = await paidOrder();
    const mallReturn = await insertReturn(viaMall);
    expect((await confirm(mallReturn, 20)).body).toMatchObject({ code: 200 });
    expect((await post(`/returnApply/update/status/${mallReturn}`, { status: 2, receiveNote: 'Back' })).body).toMatchObject({ code: 200 });
    expect(await orderOf(viaMall)).toMatchObject({ payStatus: ORDER_PAY_STATUS.partiallyRefunded, refundAmount: 20 });

    const rejectedOrder = await paidOrder();
    const rejected = await insertReturn(rejectedOrder);
    expect((await post(`/returnApply/reject/${rejected}`, { handleNote: 'Used goods' })).body).toMatchObject({ code: 200 });
    expect(await orderOf(rejectedOrder)).toMatchObject({ payStatus: PAY_STATUS.paid });

    const noRefundOrder = await paidOrder();
    const noRefund = await insertReturn(noRefundOrder);
    expect((await confirm(noRefund, 0)).body).toMatchObject({ code: 200 });
    expect((await post(`/returnApply/receive/${noRefund}`, {}, seller)).body).toMatchObject({ code: 200 });
    expect(await orderOf(noRefundOrder)).toMatchObject({ payStatus: PAY_STATUS.paid });
  });

  it('lists with mall\'s filters: status, contact keyword, apply day, handler and handle day', async () => {
    const order = await insertOrder(shopA, 9_000);
    const id = await insertReturn(order);
    await post(`/returnApply/reject/${id}`, { handleNote: 'No' }, seller);
    const today = toDbTime().slice(0, 10);
    const list = async (query: string) => (await get<{ list: { id: number }[] }>(`/returnApply/list?pageSize=200&${query}`)).body.data.list.map((r) => r.id);
    for (const query of ['status=3', 'receiverKeyword=Lil', 'receiverKeyword=13800000', `createTime=${today}`, `handleMan=${DEMO.seller.username}`,
      `handleTime=${today}`, `handleTimeFrom=${today}&handleTimeTo=${today}`, `shopId=${shopA}`]) {
      expect(await list(query), query).toContain(id);
    }
    for (const query of ['status=0', 'receiverKeyword=Nobody', 'handleMan=admin', 'handleTime=2001-01-01']) expect(await list(query), query).not.toContain(id);
  });

  it('deletes rejected requests only', async () => {
    const order = await insertOrder(shopA, 9_000);
    const pending = await insertReturn(order);
    const rejected = await insertReturn(order, { status: RETURN_STATUS.rejected });
    await unchanged(pending, async () => {
      expect((await post(`/returnApply/delete?ids=${pending},${rejected}`)).status).toBe(409);
    });
    expect((await post(`/returnApply/delete?ids=${rejected}`)).body).toMatchObject({ code: 200, data: 1 });
    expect(await db().selectFrom('oms_order_return_apply').select('id').where('id', '=', rejected).executeTakeFirst()).toBeUndefined();
  });

  it('a seller sees and handles only its own shops\' returns and addresses', async () => {
    const foreign = await insertReturn(await insertOrder(shopForeign, 9_000));
    await unchanged(foreign, async () => {
      expect((await post(`/returnApply/confirm/${foreign}`, { returnAmount: 1, companyAddressId: addressA }, seller)).status).toBe(404);
      expect((await post(`/returnApply/reject/${foreign}`, { handleNote: 'x' }, seller)).status).toBe(404);
      expect((await post(`/returnApply/update/status/${foreign}`, { status: 3, handleNote: 'x' }, seller)).status).toBe(404);
    });
    expect((await get(`/returnApply/${foreign}`, seller)).status).toBe(404);
    const mine = await get<{ list: { shopId: number }[] }>('/returnApply/list?pageSize=200', seller);
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(mine.body.data.list.every((r) => r.shopId !== shopForeign)).toBe(true);
    const addresses = await get<{ list: { id: number }[] }>('/companyAddress/list?pageSize=200', seller);
    expect(addresses.body.data.list.map((a) => a.id)).toEqual(expect.arrayContaining([addressA, addressB]));
    expect(addresses.body.data.list.map((a) => a.id)).not.toContain(addressForeign);
    // The order admin (staff) handles every shop's returns.
    expect((await get(`/returnApply/${foreign}`, orderAdmin)).status).toBe(200);
  });

  it('the demo seed gives each demo shop return addresses and returns in every status', async () => {
    const rows = await db().selectFrom('oms_order_return_apply').select(['status', 'shop_id', 'return_amount', 'company_address_id'])
      .where('member_username', '<>', 'lily88').execute();
    expect(new Set(rows.map((r) => Number(r.status)))).toEqual(new Set([0, 1, 2, 3]));
    for (const r of rows) {
      const granted = [1, 2].includes(Number(r.status));
      expect(r.company_address_id !== null, JSON.stringify(r)).toBe(granted);
    }
    // Orders with a completed return that refunded money read as partially refunded, or refunded
    // where the refunds reach what was paid, with the refunds' sum as their refunded amount.
    const refunded = await db().selectFrom('oms_order_return_apply as r').innerJoin('oms_order as o', 'o.id', 'r.order_id')
      .select(['o.id', 'o.pay_status', 'o.pay_amount', 'o.refund_amount', 'r.return_amount']).where('r.status', '=', RETURN_STATUS.completed).where('r.return_amount', '>', 0).where('r.member_username', '<>', 'lily88').execute();
    expect(refunded.length).toBeGreaterThan(0);
    const sums = new Map<number, number>();
    for (const r of refunded) sums.set(Number(r.id), (sums.get(Number(r.id)) ?? 0) + Number(r.return_amount));
    for (const r of refunded) {
      const sum = sums.get(Number(r.id))!;
      expect({ refund: Number(r.refund_amount), status: Number(r.pay_status) }).toEqual({
        refund: sum, status: sum >= Number(r.pay_amount) ? ORDER_PAY_STATUS.refunded : ORDER_PAY_STATUS.partiallyRefunded,
      });
    }
    expect(new Set(refunded.map((r) => Number(r.pay_status)))).toContain(ORDER_PAY_STATUS.partiallyRefunded);
    const addressShops = await db().selectFrom('oms_company_address').select('shop_id').distinct().execute();
    expect(addressShops.length).toBeGreaterThanOrEqual(3);
  });
});
