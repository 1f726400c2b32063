// Protects: the public PayPal webhook's rate limit: each delivery that would be checked with PayPal counts against its client address in the shared throttle table; past PAYPAL_WEBHOOK_MAX_PER_IP the answer is 429 (too_many_requests, Retry-After) and PayPal receives no verification call, even for a correctly signed event, which then settles nothing; a burst of parallel deliveries cannot slip past the limit; other addresses keep their own budget; refused deliveries add no throttle rows. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { FakePaypal } from '../../server/areas/vip/demo-paypal';
import { fakePaypalSettings, startFakePaypal } from '../../server/areas/vip/demo-paypal';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const VERIFY = 'POST /v1/notifications/verify-webhook-signature';
const LIMIT = 3;

describe.each(testDialects())('PayPal webhook throttle (%s)', (dialect) => {
  let fake: FakePaypal;
  let t: TestApp;
  let seller: string;

  const verifyCalls = () => fake.calls.get(VERIFY) ?? 0;
  const webhook = (delivery: { headers: Record<string, string>; body: Record<string, unknown> }, ip: string) =>
    call(t.app, 'POST', '/api/vip/paypal/webhook', { body: delivery.body, headers: delivery.headers, ip });
  const record = (id: number) => t.db.selectFrom('pay_record').select('status').where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    fake = await startFakePaypal();
    t = await createTestApp(dialect, { paypal: fakePaypalSettings(fake), paypalWebhookMaxPerIp: LIMIT, paypalWebhookWindowSeconds: 600 });
    seller = await login(t.app, DEMO.seller);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('past the limit: 429 with Retry-After, no verification call to PayPal, a signed event settles nothing', async () => {
    const ip = freshIp();
    const forged = fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: 'NO-SUCH-ORDER' }, { forged: true });
    const before = verifyCalls();
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await webhook(forged, ip)).body, `delivery ${i + 1}`).toMatchObject({ messageKey: 'webhook_refused' });
    }
    expect(verifyCalls() - before).toBe(LIMIT);

    // A real, approved order of the seller: its correctly signed event arrives after the limit.
    const applied = await call(t.app, 'POST', '/api/vip/apply', { token: seller, body: { plan: 1, channel: 'paypal' } });
    const id = (applied.body.data as { id: number }).id;
    const start = await call(t.app, 'POST', `/api/vip/paypal/order/${id}`, { token: seller });
    const orderId = (start.body.data as { orderId: string }).orderId;
    fake.approve(orderId);
    const refused = await webhook(fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: orderId }), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ messageKey: 'too_many_requests', data: { retryAfter: expect.any(Number) as number } });
    expect(refused.body.message).toMatch(/^Too many requests; try again in \d+ seconds$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(verifyCalls() - before).toBe(LIMIT);
    expect(await record(id)).toMatchObject({ status: 0 });
    expect(fake.calls.get('POST /v2/checkout/orders/:id/capture') ?? 0).toBe(0);

    // Refused deliveries are decided by a read: still one row for the address.
    const rows = await t.db.selectFrom('ums_login_throttle').select(['key', 'failures']).where('key', 'like', 'paypal-webhook:%').execute();
    expect(rows).toEqual([{ key: `paypal-webhook:ip:${ip}`, failures: LIMIT }]);

    // Another address (PayPal's other senders) is not blocked by this one, and its event settles the order.
    const other = await webhook(fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: orderId }), freshIp());
    expect(other.body).toMatchObject({ code: 200, data: { handled: true, status: 'paid' } });
    expect(verifyCalls() - before).toBe(LIMIT + 1);
    expect(await record(id)).toMatchObject({ status: 1 });
  });

  it('a parallel burst from one address reaches PayPal at most the limit times', async () => {
    const ip = freshIp();
    const before = verifyCalls();
    const delivery = fake.signedWebhook('CHECKOUT.ORDER.APPROVED', { id: 'NO-SUCH-ORDER' }, { forged: true });
    const answers = await Promise.all(Array.from({ length: 12 }, () => webhook(delivery, ip)));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - LIMIT);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(LIMIT);
    expect(verifyCalls() - before).toBe(LIMIT);
  });

  it('malformed deliveries are refused before the throttle and cost no PayPal call', async () => {
    const ip = freshIp();
    const before = verifyCalls();
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await call(t.app, 'POST', '/api/vip/paypal/webhook', { body: { nothing: true }, ip })).body).toMatchObject({ messageKey: 'webhook_refused' });
    }
    expect(verifyCalls()).toBe(before);
    expect(await t.db.selectFrom('ums_login_throttle').select('key').where('key', '=', `paypal-webhook:ip:${ip}`).execute()).toEqual([]);
  });
});
