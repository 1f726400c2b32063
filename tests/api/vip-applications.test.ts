// Protects: seller VIP: GET /vip/plans, POST /vip/apply (the super admin's refused; amount from the plan, never the body; one pending application per seller, also under races; unknown plan or channel, online channels refused, a reference where the channel needs one), pay records owned by the seller (own only; staff see all), confirm extends the VIP from the later of now and the expiry exactly once under 100 parallel calls, refund takes the period back, /admin/info carries the VIP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { adminIdOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { addMonths } from '../../server/areas/vip/actions';
import { errorsZh } from '../../src/i18n/errors';

type PayRecord = { id: number; sellerId: number; plan: number; amount: number; channel: string; status: number; confirmTime: string | null; refundTime: string | null; operatorId: number | null };

describe.each(testDialects())('seller VIP and pay records (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let sellerId: number;
  let adminId: number;

  const post = (url: string, token: string, body?: unknown) => call(t.app, 'POST', `/api${url}`, { token, ...(body === undefined ? {} : { body }) });
  const get = (url: string, token: string) => call(t.app, 'GET', `/api${url}`, { token });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const expiry = async (id = sellerId) => (await t.db.selectFrom('ums_admin').select('vip_expire_time').where('id', '=', id).executeTakeFirstOrThrow()).vip_expire_time;
  const apply = async (token = seller, body: Record<string, unknown> = { plan: 3, channel: 'bank', reference: 'TX-1' }) => post('/vip/apply', token, body);
  const applied = async (token = seller, body?: Record<string, unknown>) => {
    const answer = await apply(token, body);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data as PayRecord;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
    adminId = await adminIdOf(t.db, DEMO.admin.username);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // Each case starts from no payments and no VIP (the demo seed has some).
    await t.db.deleteFrom('pay_record').execute();
    await t.db.updateTable('ums_admin').set({ vip_expire_time: null }).execute();
  });

  it('GET /vip/plans answers the six periods with price and list price, and online channels as unavailable', async () => {
    const answer = await get('/vip/plans', seller);
    expect(answer.body).toMatchObject({ code: 200, data: { currency: 'USD' } });
    const data = answer.body.data as { plans: { months: number; price: number; listPrice: number }[]; channels: { value: string; available: boolean }[] };
    expect(data.plans.map((p) => [p.months, p.price, p.listPrice])).toEqual([[1, 20, 100], [3, 60, 300], [6, 120, 600], [12, 240, 1200], [36, 720, 3600], [72, 1440, 7200]]);
    expect(data.channels.filter((c) => !c.available).map((c) => c.value)).toEqual(expect.arrayContaining(['paypal', 'alipay', 'wechat']));
    expect(data.channels.find((c) => c.value === 'bank')?.available).toBe(true);
  });

  it('an application is an unpaid record of the seller, its amount from the plan whatever the body says', async () => {
    const record = await applied(seller, { plan: 12, channel: 'cash', reference: 'R-9', amount: 0.01, status: 1, sellerId: adminId });
    expect(record).toMatchObject({ plan: 12, amount: 240, channel: 'cash', status: 0, sellerId, reference: 'R-9', confirmTime: null });
    const stored = await t.db.selectFrom('pay_record').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount: 24000, status: 0, seller_id: sellerId });
  });

  it('refuses an application of the super admin (staff need no VIP), in both languages, writing nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('pay_record').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const answer = await apply(admin);
    expect(answer.status).toBe(400);
    expect(fields(answer)).toEqual(['plan:vip_for_sellers']);
    expect(answer.body.errors?.[0]?.message).toContain('VIP is bought by sellers');
    // The admin shows it by its key, in Chinese too.
    expect(errorsZh.vip_for_sellers).toMatch(/^VIP 由卖家购买/);
    expect(await count()).toBe(before);
  });

  it('refuses a second pending application with "Have repeated submit application", and bad plans, channels and missing references by field, changing nothing', async () => {
    await applied();
    const again = await apply(seller, { plan: 1, channel: 'cash' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ messageKey: 'repeated_application' });
    expect(again.body.errors?.[0]).toMatchObject({ field: 'sellerId', message: 'Have repeated submit application' });
    for (const [body, expected] of [
      [{ plan: 2, channel: 'bank' }, 'plan:invalid_value'],
      [{ plan: 3, channel: 'bitcoin' }, 'channel:invalid_value'],
      [{ channel: 'bank' }, 'plan:required'],
      [{ plan: 3, channel: 'paypal' }, 'channel:channel_unavailable'],
      // The administrator finds a transfer, a PayPal payment, a transaction or "other" by its reference.
      [{ plan: 3, channel: 'bank' }, 'reference:required'],
      [{ plan: 3, channel: 'bank', reference: '   ' }, 'reference:required'],
      // Offline PayPal and blockchain need the operator's account or wallet (none in the test settings).
      [{ plan: 3, channel: 'blockchain', reference: '0xabc' }, 'channel:channel_unavailable'],
      [{ plan: 3, channel: 'other', reference: '' }, 'reference:required'],
    ] as const) {
      const answer = await apply(seller2, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(fields(answer), JSON.stringify(body)).toEqual([expected]);
    }
    expect(await t.db.selectFrom('pay_record').select('id').execute()).toHaveLength(1);
  });

  it('parallel applications of one seller end with exactly one pending record', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply()));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.messageKey === 'repeated_application')).toHaveLength(19);
  });

  it('a seller sees only its own pay records, and may not confirm or refund; staff see all', async () => {
    const mine = await applied();
    const theirs = await applied(seller2, { plan: 1, channel: 'other', reference: 'told the operator' });
    const list = await get('/payRecord/list?pageSize=50', seller);
    expect((list.body.data as { list: PayRecord[] }).list.map((r) => r.id)).toEqual([mine.id]);
    expect((await get(`/payRecord/${theirs.id}`, seller)).status).toBe(404);
    expect((await post(`/payRecord/confirm/${mine.id}`, seller)).status).toBe(403);
    const all = await get('/payRecord/list?pageSize=50&status=0', admin);
    expect((all.body.data as { list: PayRecord[] }).list.map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await get(`/payRecord/list?sellerId=${sellerId}`, admin)).body.data).toMatchObject({ total: 1 });
  });

  it('confirm extends the VIP from now when none runs, and from the expiry when one does; /admin/info shows it', async () => {
    const first = await applied(seller, { plan: 1, channel: 'bank', reference: 'TX-2' });
    const before = Date.now();
    expect((await post(`/payRecord/confirm/${first.id}`, admin)).body).toMatchObject({ code: 200, data: 1 });
    const afterFirst = await expiry();
    expect(Date.parse(afterFirst!)).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime());
    expect(Date.parse(afterFirst!)).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    const record = (await get(`/payRecord/${first.id}`, seller)).body.data as PayRecord;
    expect(record).toMatchObject({ status: 1, operatorId: adminId, confirmTime: expect.stringMatching(/^\d{4}-/) });
    // The caller's own id too: the purchase page lists the caller's own applications by it.
    expect((await get('/admin/info', seller)).body.data).toMatchObject({ id: sellerId, vipLevel: 1, vipExpireTime: afterFirst });

    // A running VIP grows from its expiry, not from now.
    const second = await applied(seller, { plan: 3, channel: 'cash' });
    await post(`/payRecord/confirm/${second.id}`, admin);
    expect(await expiry()).toBe(addMonths(new Date(afterFirst!), 3).toISOString());
    // Confirming twice is refused, changing nothing.
    const twice = await post(`/payRecord/confirm/${second.id}`, admin);
    expect(twice.status).toBe(409);
    expect(fields(twice)).toEqual(['status:wrong_state']);
  });

  it('an expired VIP grows from now; refund takes the period back and cannot be repeated or done on an unpaid record', async () => {
    await t.db.updateTable('ums_admin').set({ vip_expire_time: '2020-01-01T00:00:00.000Z' }).where('id', '=', sellerId).execute();
    expect((await get('/admin/info', seller)).body.data).toMatchObject({ vipLevel: 0 });
    const record = await applied(seller, { plan: 6, channel: 'bank', reference: 'TX-3' });
    expect(fields(await post(`/payRecord/refund/${record.id}`, admin))).toEqual(['status:wrong_state']);
    await post(`/payRecord/confirm/${record.id}`, admin);
    const confirmed = await expiry();
    expect(Date.parse(confirmed!)).toBeGreaterThan(addMonths(new Date(), 5).getTime());
    expect((await post(`/payRecord/refund/${record.id}`, admin)).body).toMatchObject({ code: 200, data: 1 });
    expect(await expiry()).toBe(addMonths(new Date(confirmed!), -6).toISOString());
    expect((await get(`/payRecord/${record.id}`, admin)).body.data).toMatchObject({ status: 2, refundTime: expect.stringMatching(/^\d{4}-/) });
    expect((await get('/admin/info', seller)).body.data).toMatchObject({ vipLevel: 0 });
    expect((await post(`/payRecord/refund/${record.id}`, admin)).status).toBe(409);
  });

  it('100 parallel confirmations of one payment extend the VIP exactly once', async () => {
    const record = await applied(seller, { plan: 1, channel: 'bank', reference: 'TX-2' });
    const accountAudits = async () => (await t.db.selectFrom('sys_audit_log').select('id').where('entity', '=', 'ums_admin').where('action', '=', 'confirm').execute()).length;
    const auditsBefore = await accountAudits();
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(`/payRecord/confirm/${record.id}`, admin)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    const moved = Date.parse((await expiry())!);
    expect(moved).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect(moved).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect(await accountAudits()).toBe(auditsBefore + 1);
  });
});
