// Protects: online PayPal for VIP (one capture per application) against a local fake of PayPal's REST API: a second start answers the open order again, only the application's current order is captured and only while it is unpaid, an order captured anyway is refunded, an unknown order id is a clear 404; an application by PayPal gets a PayPal order for its amount (approval link answered), capture on the buyer's return and PayPal's verified webhooks (order approved, capture completed) confirm it through the pay record's confirm transition exactly once (repeats and 20 parallel settlements extend the VIP once, one capture at PayPal), forged webhooks, another seller, an unapproved order, a wrong amount and PayPal outages change nothing (a refused webhook keeps its real HTTP status under HTTP_200_ENVELOPES); without credentials the channel is unavailable and refused, and offline PayPal and blockchain are refused by the server until configured. SQLite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import type { FakePaypal } from '../../server/areas/vip/demo-paypal';
import { fakePaypalSettings, startFakePaypal } from '../../server/areas/vip/demo-paypal';
import { adminIdOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { addMonths } from '../../server/areas/vip/actions';

type Start = { payRecordId: number; orderId: string; approveUrl: string };

const OFFLINE = { paypalAccount: 'vip@example.com', blockchainNetwork: 'TRC20', walletAddress: 'TXfakeWallet0001', bankAccount: null };

describe.each(testDialects())('online PayPal and configured channels (%s)', (dialect) => {
  let fake: FakePaypal;
  let bare: TestApp;
  let t: TestApp;
  let seller: string;
  let seller2: string;
  let bareSeller: string;
  let sellerId: number;

  const post = (app: TestApp, url: string, token: string | null, body?: unknown, headers?: Record<string, string>) =>
    call(app.app, 'POST', `/api${url}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const expiry = async () => (await t.db.selectFrom('ums_admin').select('vip_expire_time').where('id', '=', sellerId).executeTakeFirstOrThrow()).vip_expire_time;
  const record = (id: number) => t.db.selectFrom('pay_record').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const applyPaypal = async (token = seller, plan = 3) => {
    const answer = await post(t, '/vip/apply', token, { plan, channel: 'paypal' });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return (answer.body.data as { id: number }).id;
  };
  const startOrder = async (id: number, token = seller) => {
    const answer = await post(t, `/vip/paypal/order/${id}`, token);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data as Start;
  };
  const capture = (orderId: string, token = seller) => post(t, '/vip/paypal/capture', token, { orderId });
  const webhook = (delivery: { headers: Record<string, string>; body: Record<string, unknown> }) => post(t, '/vip/paypal/webhook', null, delivery.body, delivery.headers);

  beforeAll(async () => {
    fake = await startFakePaypal();
    bare = await createTestApp(dialect);
    t = await createTestApp(dialect, { paypal: fakePaypalSettings(fake), vipPayment: OFFLINE });
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    bareSeller = await login(bare.app, DEMO.seller);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.down = false;
    for (const app of [t, bare]) {
      await app.db.deleteFrom('pay_record').execute();
      await app.db.updateTable('ums_admin').set({ vip_expire_time: null }).execute();
    }
  });

  it('without settings: PayPal, offline PayPal and blockchain are unavailable and the server refuses them, changing nothing', async () => {
    const plans = await call(bare.app, 'GET', '/api/vip/plans', { token: bareSeller });
    const channels = (plans.body.data as { channels: { value: string; available: boolean }[] }).channels;
    expect(channels.filter((c) => !c.available).map((c) => c.value).sort()).toEqual(['alipay', 'blockchain', 'paypal', 'paypal_offline', 'wechat']);
    for (const channel of ['paypal', 'paypal_offline', 'blockchain', 'alipay']) {
      const answer = await post(bare, '/vip/apply', bareSeller, { plan: 3, channel, reference: 'TX-9' });
      expect(answer.status, channel).toBe(400);
      expect(fields(answer), channel).toEqual(['channel:channel_unavailable']);
      expect(answer.body.errors?.[0]?.message).toBe('This payment channel is not available');
    }
    expect(await bare.db.selectFrom('pay_record').select('id').execute()).toHaveLength(0);
    expect(fields(await post(bare, '/vip/paypal/order/1', bareSeller))).toEqual(['channel:channel_unavailable']);
    expect(fields(await post(bare, '/vip/paypal/capture', bareSeller, { orderId: 'ABC123' }))).toEqual(['channel:channel_unavailable']);
    // No webhook id: no event is believed.
    expect((await post(bare, '/vip/paypal/webhook', null, { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'X' } })).body).toMatchObject({ messageKey: 'webhook_refused' });
  });

  it('with settings: every configured channel is offered and accepted (offline ones still need their reference)', async () => {
    const plans = await call(t.app, 'GET', '/api/vip/plans', { token: seller });
    const channels = (plans.body.data as { channels: { value: string; available: boolean }[] }).channels;
    expect(channels.filter((c) => !c.available).map((c) => c.value).sort()).toEqual(['alipay', 'wechat']);
    expect(fields(await post(t, '/vip/apply', seller, { plan: 1, channel: 'blockchain' }))).toEqual(['reference:required']);
    expect((await post(t, '/vip/apply', seller, { plan: 1, channel: 'blockchain', reference: '0xabc' })).body).toMatchObject({ code: 200 });
    expect((await post(t, '/vip/apply', seller2, { plan: 1, channel: 'paypal_offline', reference: 'PP-1' })).body).toMatchObject({ code: 200 });
  });

  it('approve on PayPal, capture on return: the record is paid once, the VIP runs the plan longer, repeats change nothing', async () => {
    const id = await applyPaypal(seller, 3);
    const start = await startOrder(id);
    expect(start.approveUrl).toBe(`${fake.baseUrl}/checkoutnow?token=${start.orderId}`);
    expect(fake.orders.get(start.orderId)?.purchase_units[0]).toMatchObject({ custom_id: String(id), amount: { currency_code: 'USD', value: '60.00' } });
    expect(fake.orders.get(start.orderId)?.returnUrl).toMatch(/\/pay\/index\?paypal=return$/);
    expect(await record(id)).toMatchObject({ reference: start.orderId, status: 0 });

    // Not approved yet: nothing is captured or confirmed.
    expect((await capture(start.orderId)).body).toMatchObject({ code: 200, data: { status: 'pending', orderStatus: 'CREATED' } });
    expect(await expiry()).toBeNull();

    fake.approve(start.orderId);
    const before = Date.now();
    expect((await capture(start.orderId)).body).toMatchObject({ code: 200, data: { payRecordId: id, status: 'paid', orderStatus: 'COMPLETED' } });
    const paid = await expiry();
    expect(Date.parse(paid!)).toBeGreaterThanOrEqual(addMonths(new Date(before), 3).getTime());
    expect(await record(id)).toMatchObject({ status: 1, operator_id: null });
    expect((await t.db.selectFrom('sys_audit_log').select('id').where('entity', '=', 'ums_admin').where('action', '=', 'confirm').where('admin_id', 'is', null).execute()).length).toBeGreaterThan(0);

    // The buyer reloads the return page, PayPal sends both events: the same answer, nothing moves.
    expect((await capture(start.orderId)).body).toMatchObject({ data: { status: 'paid' } });
    expect((await webhook(fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: start.orderId }))).body).toMatchObject({ code: 200, data: { handled: true, status: 'paid' } });
    const event = fake.captureEvent(start.orderId);
    expect((await webhook(fake.signedWebhook(event.eventType, event.resource))).body).toMatchObject({ code: 200, data: { handled: true, status: 'paid' } });
    expect(await expiry()).toBe(paid);
    expect(fake.calls.get('POST /v2/checkout/orders/:id/capture')).toBe(1);
  });

  it("PayPal's verified webhook alone settles an approved order; 20 parallel settlements extend the VIP once", async () => {
    const id = await applyPaypal(seller, 1);
    const start = await startOrder(id);
    fake.approve(start.orderId);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2
      ? webhook(fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: start.orderId }))
      : capture(start.orderId))));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await record(id)).toMatchObject({ status: 1 });
    const moved = Date.parse((await expiry())!);
    expect(moved).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect(moved).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect((await t.db.selectFrom('sys_audit_log').select('id').where('entity', '=', 'pay_record').where('entity_id', '=', String(id)).where('action', '=', 'confirm').execute())).toHaveLength(1);
  });

  it('refuses forged webhooks, other sellers, a wrong amount and PayPal outages, changing nothing', async () => {
    const id = await applyPaypal(seller, 6);
    const start = await startOrder(id);
    fake.approve(start.orderId);
    const forged = await webhook(fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: start.orderId }, { forged: true }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ messageKey: 'webhook_refused' });
    // Another seller can neither start nor capture the seller's order.
    expect((await post(t, `/vip/paypal/order/${id}`, seller2)).status).toBe(404);
    expect((await capture(start.orderId, seller2)).status).toBe(404);
    // PayPal down: a clear error, nothing confirmed.
    fake.down = true;
    const down = await capture(start.orderId);
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ messageKey: 'paypal_failed', message: 'PayPal could not take the payment just now; please try again' });
    fake.down = false;
    // A capture for another amount than the record's is not a payment of it.
    fake.orders.get(start.orderId)!.purchase_units[0]!.amount = { currency_code: 'USD', value: '1.00' };
    expect((await capture(start.orderId)).status).toBe(409);
    expect(await record(id)).toMatchObject({ status: 0 });
    expect(await expiry()).toBeNull();
    // Only PayPal applications get PayPal orders.
    await t.db.deleteFrom('pay_record').execute();
    const bank = await post(t, '/vip/apply', seller, { plan: 1, channel: 'bank', reference: 'TX-1' });
    expect((await post(t, `/vip/paypal/order/${(bank.body.data as { id: number }).id}`, seller)).body).toMatchObject({ messageKey: 'paypal_wrong_channel' });
  });

  it('one capture per application: a second start reuses the open order, another approved order is not captured, one captured anyway is given back', async () => {
    const id = await applyPaypal(seller, 1);
    const first = await startOrder(id);
    expect(await startOrder(id)).toEqual(first);
    expect([...fake.orders.values()].filter((o) => o.purchase_units[0]?.custom_id === String(id))).toHaveLength(1);
    // A second PayPal order for the same application (made before this rule, or by hand at PayPal), approved too.
    const other = structuredClone(fake.orders.get(first.orderId)!);
    other.id = `DUP${first.orderId.slice(3)}`;
    fake.orders.set(other.id, other);
    fake.approve(other.id);
    fake.approve(first.orderId);
    const captures = () => fake.calls.get('POST /v2/checkout/orders/:id/capture') ?? 0;
    const before = captures();
    const stale = await capture(other.id);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ messageKey: 'paypal_order_stale' });
    expect(captures()).toBe(before);
    expect((await capture(first.orderId)).body).toMatchObject({ data: { status: 'paid' } });
    // Paid: the other approved order is still never captured, from the return page or a webhook.
    expect((await capture(other.id)).status).toBe(409);
    expect((await webhook(fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: other.id }))).body).toMatchObject({ code: 200, data: { handled: true, refused: 'paypal_order_stale' } });
    expect(captures()).toBe(before + 1);
    expect(fake.orders.get(other.id)?.status).toBe('APPROVED');
    // PayPal captured a third order anyway: its money goes back, once, however often PayPal tells us.
    const captured = structuredClone(fake.orders.get(first.orderId)!);
    captured.id = `CAP${first.orderId.slice(3)}`;
    captured.purchase_units[0]!.payments!.captures[0]!.id = `C${first.orderId.slice(1)}`;
    fake.orders.set(captured.id, captured);
    const event = fake.captureEvent(captured.id);
    for (let i = 0; i < 2; i++) {
      expect((await webhook(fake.signedWebhook(event.eventType, event.resource))).body).toMatchObject({ data: { handled: true, refused: 'paypal_payment_returned' } });
    }
    expect(captured.purchase_units[0]!.payments!.captures[0]!.status).toBe('REFUNDED');
    expect(fake.orders.get(first.orderId)!.purchase_units[0]!.payments!.captures[0]!.status).toBe('COMPLETED');
    expect(await record(id)).toMatchObject({ status: 1, reference: first.orderId });
  });

  it('an order approved after its application was refunded is not captured; an order id PayPal does not know is a clear 404', async () => {
    const admin = await login(t.app, DEMO.admin);
    const id = await applyPaypal(seller, 1);
    const start = await startOrder(id);
    expect((await post(t, `/payRecord/confirm/${id}`, admin)).body).toMatchObject({ code: 200 });
    expect((await post(t, `/payRecord/refund/${id}`, admin)).body).toMatchObject({ code: 200 });
    fake.approve(start.orderId);
    const before = fake.calls.get('POST /v2/checkout/orders/:id/capture') ?? 0;
    expect((await capture(start.orderId)).body).toMatchObject({ code: 200, data: { status: 'refunded', orderStatus: 'APPROVED' } });
    expect(fake.calls.get('POST /v2/checkout/orders/:id/capture') ?? 0).toBe(before);
    expect(await record(id)).toMatchObject({ status: 2 });
    const unknown = await capture('NOSUCHORDER0001');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ messageKey: 'paypal_order_unknown', message: 'No PayPal order with this id belongs to your applications' });
  });

  it('a refused webhook keeps its real status with HTTP_200_ENVELOPES: PayPal takes any 2xx for received', async () => {
    const enveloped = await createTestApp(dialect, { paypal: fakePaypalSettings(fake), http200Envelopes: true });
    try {
      const forged = fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: 'ORDER1' }, { forged: true });
      const answer = await post(enveloped, '/vip/paypal/webhook', null, forged.body, forged.headers);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ messageKey: 'webhook_refused' });
      // Other answers keep the envelope's 200, as mall's clients expect.
      expect((await post(enveloped, '/vip/paypal/capture', null, { orderId: 'ORDER1' })).status).toBe(200);
    } finally {
      await enveloped.close();
    }
  });
});
