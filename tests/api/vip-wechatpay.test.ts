// Protects: online WeChat Pay for VIP (API v3 Native pay) on the online adapter contract, against a local WeChat Pay stand-in with demo keys made per run: starting a WeChat application makes a Native trade signed WECHATPAY2-SHA256-RSA2048 (the stand-in checks it) and answers its code_url; WeChat Pay's notify (signature checked with its public key, the transaction decrypted AEAD_AES_256_GCM with the APIv3 key) confirms the record once through the confirm transition, a replay changes nothing; a forged signature, an old timestamp, a resource under another key, a wrong amount and an unknown trade are refused with a clear error and change nothing (with the real HTTP status even under HTTP_200_ENVELOPES); the stand-in's "simulate the scan" pays end to end over HTTP. SQLite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { FakeWechatPay, NotifyDelivery } from '../../server/areas/vip/demo-wechatpay';
import { signedWechatNotify, startFakeWechatPay } from '../../server/areas/vip/demo-wechatpay';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Start = { payRecordId: number; channel: string; tradeNo: string; codeUrl: string; simulateUrl?: string };

describe.each(testDialects())('online WeChat Pay (%s)', (dialect) => {
  let fake: FakeWechatPay;
  let t: TestApp;
  let seller: string;
  let seller2: string;

  const post = (url: string, token: string | null, body?: unknown) =>
    call(t.app, 'POST', `/api${url}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
  const notify = (delivery: NotifyDelivery) => t.app.inject({ method: 'POST', url: '/api/vip/wechat/notify', headers: delivery.headers, payload: delivery.body });
  const record = (id: number) => t.db.selectFrom('pay_record').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const confirms = async (id: number) => (await t.db.selectFrom('sys_audit_log').select('id').where('entity', '=', 'pay_record').where('entity_id', '=', String(id)).where('action', '=', 'confirm').execute()).length;
  const apply = async (token = seller, plan = 3) => {
    const answer = await post('/vip/apply', token, { plan, channel: 'wechat' });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return (answer.body.data as { id: number }).id;
  };
  const start = async (id: number, token = seller) => {
    const answer = await post(`/vip/online/wechat/${id}`, token);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data as Start;
  };

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    t = await createTestApp(dialect, { wechatPay: fake.settings });
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('pay_record').execute();
    await t.db.updateTable('ums_admin').set({ vip_expire_time: null }).execute();
  });

  it('start makes a signed Native trade and answers its code; the paid notify confirms once, a replay changes nothing', async () => {
    const id = await apply();
    const begun = await start(id);
    expect(begun).toMatchObject({ payRecordId: id, channel: 'wechat', tradeNo: `VIP${String(id).padStart(6, '0')}` });
    expect(begun.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    // The stand-in accepted the request only with a valid merchant signature: the trade is there, for the record's cents.
    expect(fake.trades.get(begun.tradeNo)).toMatchObject({ total: 6000, currency: 'USD' });
    expect(fake.trades.get(begun.tradeNo)?.notifyUrl).toMatch(/\/api\/vip\/wechat\/notify$/);
    // Started again: the same trade, no second one.
    expect((await start(id)).codeUrl).toBe(begun.codeUrl);

    const paid = signedWechatNotify(fake.settings, { out_trade_no: begun.tradeNo, total: 6000 });
    const first = await notify(paid);
    expect(first.statusCode, first.body).toBe(204);
    expect(await record(id)).toMatchObject({ status: 1, operator_id: null });
    expect(await confirms(id)).toBe(1);
    for (let i = 0; i < 3; i += 1) expect((await notify(paid)).statusCode).toBe(204);
    expect(await confirms(id)).toBe(1);
  });

  it('a forged, stale, undecryptable, wrong-amount or unknown notify is refused and changes nothing', async () => {
    const id = await apply();
    const { tradeNo } = await start(id);
    const refused = async (delivery: NotifyDelivery, status: number, messageKey: string) => {
      const answer = await notify(delivery);
      expect(answer.statusCode, messageKey).toBe(status);
      expect(answer.json(), messageKey).toMatchObject({ messageKey });
      expect(await record(id)).toMatchObject({ status: 0 });
    };
    const good = { out_trade_no: tradeNo, total: 6000 };
    await refused(signedWechatNotify(fake.settings, good, { forged: true }), 400, 'notify_refused');
    await refused(signedWechatNotify(fake.settings, good, { wrongKey: true }), 400, 'notify_refused');
    await refused(signedWechatNotify(fake.settings, good, { timestamp: Math.floor(Date.now() / 1000) - 3600 }), 400, 'notify_refused');
    // The body changed after signing.
    const signed = signedWechatNotify(fake.settings, good);
    await refused({ ...signed, body: signed.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }, 400, 'notify_refused');
    await refused(signedWechatNotify(fake.settings, { ...good, mchid: '1999999999' }), 400, 'notify_refused');
    await refused(signedWechatNotify(fake.settings, { ...good, total: 1 }), 409, 'payment_amount_mismatch');
    await refused(signedWechatNotify(fake.settings, { ...good, currency: 'CNY' }), 409, 'payment_amount_mismatch');
    await refused(signedWechatNotify(fake.settings, { out_trade_no: 'VIP999999', total: 6000 }), 404, 'payment_unknown');
    // Closed, not paid: taken, nothing moves.
    expect((await notify(signedWechatNotify(fake.settings, { ...good, trade_state: 'CLOSED' }))).statusCode).toBe(204);
    expect(await record(id)).toMatchObject({ status: 0 });
    expect(await confirms(id)).toBe(0);
    // Someone else's application cannot be started.
    expect((await post(`/vip/online/wechat/${id}`, seller2)).status).toBe(404);
  });

  it('a refused notify keeps its real status with HTTP_200_ENVELOPES: WeChat Pay takes any 2xx for received', async () => {
    const enveloped = await createTestApp(dialect, { wechatPay: fake.settings, http200Envelopes: true });
    try {
      const delivery = signedWechatNotify(fake.settings, { out_trade_no: 'VIP000001', total: 6000 }, { forged: true });
      const answer = await enveloped.app.inject({ method: 'POST', url: '/api/vip/wechat/notify', headers: delivery.headers, payload: delivery.body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ messageKey: 'notify_refused', message: 'The payment notice could not be verified' });
    } finally {
      await enveloped.close();
    }
  });

  it("the stand-in's simulated scan pays: its notify, over HTTP, settles the application", async () => {
    const id = await apply(seller2, 1);
    const { codeUrl } = await start(id, seller2);
    // The test app listens so the stand-in can reach its notify URL.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const trade = [...fake.trades.values()].find((tr) => tr.codeUrl === codeUrl)!;
    trade.notifyUrl = `http://127.0.0.1:${port}${new URL(trade.notifyUrl).pathname}`;
    const scanned = await fetch(`${fake.baseUrl}/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ codeUrl }) });
    expect(await scanned.json()).toMatchObject({ delivered: true, status: 204 });
    expect(await record(id)).toMatchObject({ status: 1 });
    // What the QR dialog polls: the buyer's own record.
    expect((await call(t.app, 'GET', `/api/payRecord/${id}`, { token: seller2 })).body.data).toMatchObject({ id, status: 1 });
    expect(await confirms(id)).toBe(1);
  });
});
