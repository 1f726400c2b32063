// Protects: online Alipay for VIP on the online adapter contract, against the demo's Alipay stand-in (demo keys made per run): starting an Alipay application answers a gateway URL whose RSA2 signature checks with the app's key, for the record's amount and trade number; Alipay's signed notify confirms the record once through the confirm transition (a replay changes nothing); a forged or tampered signature, a wrong amount, an unknown trade and another channel's record are refused with a clear error and change nothing; the stand-in's page pays end to end (its notify delivered in-process); without settings the channel is unavailable. SQLite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { createAlipaySandbox, DEMO_ALIPAY_PREFIX } from '../../server/areas/vip/demo-alipay';
import { adminIdOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Start = { payRecordId: number; channel: string; tradeNo: string; payUrl: string };

describe.each(testDialects())('online Alipay (%s)', (dialect) => {
  const sandbox = createAlipaySandbox(`${DEMO_ALIPAY_PREFIX}/gateway.do`);
  let bare: TestApp;
  let t: TestApp;
  let seller: string;
  let seller2: string;
  let sellerId: number;

  const post = (app: TestApp, url: string, token: string | null, body?: unknown) =>
    call(app.app, 'POST', `/api${url}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
  const notify = (fields: Record<string, string>, app = t) => app.app.inject({
    method: 'POST', url: '/api/vip/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(),
  });
  const record = (id: number) => t.db.selectFrom('pay_record').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const expiry = async () => (await t.db.selectFrom('ums_admin').select('vip_expire_time').where('id', '=', sellerId).executeTakeFirstOrThrow()).vip_expire_time;
  const confirms = async (id: number) => (await t.db.selectFrom('sys_audit_log').select('id').where('entity', '=', 'pay_record').where('entity_id', '=', String(id)).where('action', '=', 'confirm').execute()).length;
  const apply = async (token = seller, channel = 'alipay', plan = 3) => {
    const answer = await post(t, '/vip/apply', token, { plan, channel, ...(channel === 'alipay' ? {} : { reference: 'X-1' }) });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return (answer.body.data as { id: number }).id;
  };
  const start = async (id: number, token = seller) => {
    const answer = await post(t, `/vip/online/alipay/${id}`, token);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data as Start;
  };

  beforeAll(async () => {
    bare = await createTestApp(dialect);
    t = await createTestApp(dialect, { alipay: sandbox.settings, vipPayment: { paypalAccount: 'vip@example.com', blockchainNetwork: null, walletAddress: null, bankAccount: null } });
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('pay_record').execute();
    await t.db.updateTable('ums_admin').set({ vip_expire_time: null }).execute();
  });

  it('without settings the channel is unavailable: applying, starting and notifies are refused', async () => {
    const token = await login(bare.app, DEMO.seller);
    const plans = await call(bare.app, 'GET', '/api/vip/plans', { token });
    expect((plans.body.data as { channels: { value: string; available: boolean }[] }).channels.find((c) => c.value === 'alipay')).toMatchObject({ available: false });
    expect((await post(bare, '/vip/apply', token, { plan: 1, channel: 'alipay' })).body.errors).toEqual([expect.objectContaining({ field: 'channel', messageKey: 'channel_unavailable' })]);
    expect((await post(bare, '/vip/online/alipay/1', token)).body.errors).toEqual([expect.objectContaining({ field: 'channel', messageKey: 'channel_unavailable' })]);
    const refused = await notify(sandbox.notify({ out_trade_no: 'VIP000001', total_amount: '60.00' }), bare);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ messageKey: 'notify_refused' });
  });

  it('start answers a signed page pay URL for the record; the paid notify confirms it once, a replay changes nothing', async () => {
    const plans = await call(t.app, 'GET', '/api/vip/plans', { token: seller });
    expect((plans.body.data as { channels: { value: string; available: boolean; demo?: boolean }[] }).channels.find((c) => c.value === 'alipay')).toMatchObject({ available: true, demo: true });
    const id = await apply();
    const begun = await start(id);
    expect(begun).toMatchObject({ payRecordId: id, channel: 'alipay', tradeNo: `VIP${String(id).padStart(6, '0')}` });
    const params = sandbox.readPayUrl(begun.payUrl);
    expect(params, 'the app signs with its private key (RSA2)').not.toBeNull();
    expect(params).toMatchObject({ app_id: sandbox.settings.appId, method: 'alipay.trade.page.pay', sign_type: 'RSA2', charset: 'utf-8', version: '1.0' });
    expect(params!.notify_url).toMatch(/\/api\/vip\/alipay\/notify$/);
    expect(params!.return_url).toMatch(/\/pay\/index\?alipay=return$/);
    expect(JSON.parse(params!.biz_content!)).toMatchObject({ out_trade_no: begun.tradeNo, total_amount: '60.00', trans_currency: 'USD', product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(await record(id)).toMatchObject({ status: 0, reference: begun.tradeNo });

    const paid = sandbox.notify({ out_trade_no: begun.tradeNo, total_amount: '60.00', trans_currency: 'USD' });
    const first = await notify(paid);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('success');
    expect(await record(id)).toMatchObject({ status: 1, operator_id: null });
    const after = await expiry();
    expect(after).not.toBeNull();
    expect(await confirms(id)).toBe(1);

    for (let i = 0; i < 3; i += 1) expect((await notify(paid)).body).toBe('success');
    expect(await expiry()).toBe(after);
    expect(await confirms(id)).toBe(1);
    // Paid: the application cannot be started again.
    expect((await post(t, `/vip/online/alipay/${id}`, seller)).status).toBe(409);
  });

  it('a notify with a bad signature, a wrong amount, an unknown trade or for another channel is refused and changes nothing', async () => {
    const id = await apply();
    const { tradeNo } = await start(id);
    const refused = async (fields: Record<string, string>, status: number, messageKey: string) => {
      const answer = await notify(fields);
      expect(answer.statusCode, messageKey).toBe(status);
      expect(answer.json(), messageKey).toMatchObject({ messageKey });
      expect(await record(id)).toMatchObject({ status: 0 });
      expect(await expiry()).toBeNull();
    };
    await refused(sandbox.notify({ out_trade_no: tradeNo, total_amount: '60.00' }, { forged: true }), 400, 'notify_refused');
    // Signed for 0.01, claiming 60.00: the signature no longer matches.
    await refused({ ...sandbox.notify({ out_trade_no: tradeNo, total_amount: '0.01' }), total_amount: '60.00' }, 400, 'notify_refused');
    await refused({ ...sandbox.notify({ out_trade_no: tradeNo, total_amount: '60.00' }), sign: '' }, 400, 'notify_refused');
    await refused(sandbox.notify({ out_trade_no: tradeNo, total_amount: '60.00', app_id: 'another-app' }), 400, 'notify_refused');
    await refused(sandbox.notify({ out_trade_no: tradeNo, total_amount: '0.01' }), 409, 'payment_amount_mismatch');
    await refused(sandbox.notify({ out_trade_no: tradeNo, total_amount: '60.00', trans_currency: 'CNY' }), 409, 'payment_amount_mismatch');
    await refused(sandbox.notify({ out_trade_no: 'VIP999999', total_amount: '60.00' }), 404, 'payment_unknown');
    // Not paid yet (waiting for the buyer): taken, nothing moves.
    expect((await notify(sandbox.notify({ out_trade_no: tradeNo, total_amount: '60.00', trade_status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect(await record(id)).toMatchObject({ status: 0 });

    const offline = await apply(seller2, 'paypal_offline');
    const other = await notify(sandbox.notify({ out_trade_no: `VIP${String(offline).padStart(6, '0')}`, total_amount: '60.00' }));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ messageKey: 'payment_wrong_channel' });
    expect(await record(offline)).toMatchObject({ status: 0 });
    // Someone else's application cannot be started; one of another channel neither.
    expect((await post(t, `/vip/online/alipay/${id}`, seller2)).status).toBe(404);
    expect((await post(t, `/vip/online/alipay/${offline}`, seller2)).body).toMatchObject({ messageKey: 'payment_wrong_channel' });
  });

  it("the demo stand-in's page takes the payment: its signed notify settles the application and the buyer returns", async () => {
    const id = await apply(seller, 'alipay', 1);
    const { payUrl, tradeNo } = await start(id);
    expect(payUrl.startsWith(`${DEMO_ALIPAY_PREFIX}/gateway.do?`)).toBe(true);
    const shown = await t.app.inject({ method: 'GET', url: payUrl });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('USD 20.00');
    expect(shown.body).toContain('Demo stand-in for Alipay');
    const tampered = await t.app.inject({ method: 'GET', url: payUrl.replace('20.00', '0.01') });
    expect(tampered.statusCode).toBe(400);

    const paid = await t.app.inject({ method: 'POST', url: `${DEMO_ALIPAY_PREFIX}/pay?out_trade_no=${tradeNo}` });
    expect(paid.statusCode, paid.body).toBe(302);
    expect(paid.headers.location).toMatch(/\/pay\/index\?alipay=return&.*out_trade_no=VIP/);
    expect(await record(id)).toMatchObject({ status: 1 });
    expect(await confirms(id)).toBe(1);
  });
});
