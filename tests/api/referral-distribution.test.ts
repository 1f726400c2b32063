// Protects: referral distribution: GET/POST /rms/ratio (global and per-referrer ratios, 0..1 with four decimals, administrators only), a distribution record of amount × ratio (half-up cents) written in the confirmation's transaction of a referred seller's VIP payment, exactly once under 100 parallel confirmations with one VIP extension, reversed by the refund; reward payments (POST /rms/reward/create: amount > 0, two decimals, not more than the referrer's unpaid rewards, also under parallel calls); lists and single reward payments owner-bound per role (admin, seller, other seller: 404 for another's record; staff without referral grants 403); the demo chain's records.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login, snapshotCounts } from '../helpers/api';
import { adminIdOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { addMonths } from '../../server/areas/vip/actions';

type Row = Record<string, unknown>;
type Page = { list: Row[]; total: number };
type Ratios = { ratio: number; overrides: { referrerId: number; referrerName: string | null; ratio: number }[] };

describe.each(testDialects())('referral distribution and rewards (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let sellerId: number;
  let seller2Id: number;

  const post = (url: string, token: string, body?: unknown) => call<unknown>(t.app, 'POST', `/api${url}`, { token, ...(body === undefined ? {} : { body }) });
  const get = (url: string, token: string) => call<unknown>(t.app, 'GET', `/api${url}`, { token });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const list = async (path: string, token: string, query = '') => {
    const answer = await call<Page>(t.app, 'GET', `/api${path}?pageNum=1&pageSize=100${query}`, { token });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const setRatio = (body: Row, token = admin) => post('/rms/ratio', token, body);
  /** A confirmed-ready payment of seller2 (referred by seller). */
  const applyAs = async (token: string, plan = 1) => {
    const answer = await post('/vip/apply', token, { plan, channel: 'bank', reference: `TX-${Math.random()}` });
    expect(answer.status, answer.raw).toBe(200);
    return (answer.body.data as { id: number }).id;
  };
  const distributionOf = (payRecordId: number) => t.db.selectFrom('rms_distribution').selectAll().where('pay_record_id', '=', payRecordId).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, seller, seller2] = await Promise.all([login(t.app, DEMO.admin), login(t.app, DEMO.seller), login(t.app, DEMO.seller2)]);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
    seller2Id = await adminIdOf(t.db, DEMO.seller2.username);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // No pending applications left by an earlier case (one pending per seller).
    await t.db.deleteFrom('pay_record').where('status', '=', 0).execute();
  });

  it('the demo chain: seller earns its own 15 % on seller2\'s confirmed payments, one reward paid out', async () => {
    const ratios = (await get('/rms/ratio', admin)).body.data as Ratios;
    expect(ratios.ratio).toBe(0.1);
    expect(ratios.overrides).toEqual([expect.objectContaining({ referrerId: sellerId, referrerName: 'seller', ratio: 0.15 })]);
    const records = await list('/rms/distribute/list', seller);
    expect(records.list.length).toBeGreaterThanOrEqual(2);
    expect(records.list.every((r) => r.referrerId === sellerId && r.refereeName === 'seller2' && r.ratio === 0.15)).toBe(true);
    expect(records.list.map((r) => [r.amount, r.reward])).toEqual(expect.arrayContaining([[20, 3], [120, 18]]));
    const rewards = await list('/rms/reward/list', seller);
    expect(rewards.list).toEqual([expect.objectContaining({ referrerId: sellerId, payerAmount: 3, payer: expect.any(String), reason: expect.any(String) })]);
  });

  it('ratios: administrators only; sellers get 403 on reading and setting, changing nothing', async () => {
    const before = await snapshotCounts(t.db);
    for (const token of [seller, seller2]) {
      expect((await get('/rms/ratio', token)).status).toBe(403);
      expect((await setRatio({ ratio: 0.9 }, token)).status).toBe(403);
      expect((await setRatio({ ratio: 0.9, referrerId: seller2Id }, token)).status).toBe(403);
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
    expect(((await get('/rms/ratio', admin)).body.data as Ratios).ratio).toBe(0.1);
  });

  it('ratios: refuses values outside 0..1, more than four decimals, a missing global ratio and an unknown referrer, by field', async () => {
    const before = await snapshotCounts(t.db);
    for (const [body, expected] of [
      [{ ratio: 1.5 }, 'ratio:too_big'], [{ ratio: -0.1 }, 'ratio:too_small'], [{ ratio: 0.12345 }, 'ratio:invalid_format'],
      [{ ratio: 'half' }, 'ratio:invalid_type'], [{}, 'ratio:required'], [{ ratio: 0.2, referrerId: 999_999 }, 'referrerId:invalid_reference'],
    ] as const) {
      const answer = await setRatio(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(fields(answer), JSON.stringify(body)).toEqual([expected]);
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
  });

  it('ratios: sets the global one and a referrer\'s own, and takes an override away; each change audited', async () => {
    const set = await setRatio({ ratio: 0.2 });
    expect(set.status, set.raw).toBe(200);
    expect((set.body.data as Ratios).ratio).toBe(0.2);
    expect(((await setRatio({ ratio: 0.125, referrerId: seller2Id })).body.data as Ratios).overrides).toEqual(expect.arrayContaining([
      expect.objectContaining({ referrerId: seller2Id, ratio: 0.125 }), expect.objectContaining({ referrerId: sellerId, ratio: 0.15 }),
    ]));
    expect(((await setRatio({ ratio: 0.25, referrerId: seller2Id })).body.data as Ratios).overrides).toContainEqual(expect.objectContaining({ referrerId: seller2Id, ratio: 0.25 }));
    const removed = (await setRatio({ referrerId: seller2Id })).body.data as Ratios;
    expect(removed.overrides.map((o) => o.referrerId)).toEqual([sellerId]);
    const audits = await t.db.selectFrom('sys_audit_log').select('id').where('action', '=', 'set_ratio').execute();
    expect(audits).toHaveLength(4);
    await setRatio({ ratio: 0.1 });
  });

  it('confirming a referred seller\'s payment writes one record of amount × the referrer\'s ratio; an unreferred payment writes none', async () => {
    const payment = await applyAs(seller2, 3);
    const confirmed = await post(`/payRecord/confirm/${payment}`, admin);
    expect(confirmed.status, confirmed.raw).toBe(200);
    expect(await distributionOf(payment)).toEqual([expect.objectContaining({ referrer_id: sellerId, referee_id: seller2Id, amount: 6000, ratio: 1500, reward: 900, status: 0 })]);
    const record = (await list('/rms/distribute/list', seller, `&payRecordId=${payment}`)).list;
    expect(record).toEqual([expect.objectContaining({ amount: 60, ratio: 0.15, reward: 9, status: 0, referrerName: 'seller', refereeName: 'seller2' })]);
    // seller has no referrer: its own payment rewards nobody.
    const own = await applyAs(seller);
    await post(`/payRecord/confirm/${own}`, admin);
    expect(await distributionOf(own)).toEqual([]);
  });

  it('rounds the reward half-up to whole cents, with the ratio as it was at confirmation', async () => {
    // $20 × 0.0003 = 0.6 cents → 1 cent.
    await setRatio({ ratio: 0.0003, referrerId: sellerId });
    const payment = await applyAs(seller2, 1);
    await post(`/payRecord/confirm/${payment}`, admin);
    await setRatio({ ratio: 0.15, referrerId: sellerId });
    expect(await distributionOf(payment)).toEqual([expect.objectContaining({ amount: 2000, ratio: 3, reward: 1 })]);
  });

  it('a refund reverses the record in its transaction; the record stays, marked reversed', async () => {
    const payment = await applyAs(seller2, 1);
    await post(`/payRecord/confirm/${payment}`, admin);
    const refunded = await post(`/payRecord/refund/${payment}`, admin);
    expect(refunded.status, refunded.raw).toBe(200);
    const [row] = await distributionOf(payment);
    expect(row).toMatchObject({ status: 1, reward: 300 });
    expect(String(row!.reverse_time)).toMatch(/^\d{4}-/);
    expect((await list('/rms/distribute/list', admin, `&payRecordId=${payment}&status=1`)).total).toBe(1);
  });

  it('100 parallel confirmations of one payment: one VIP extension and one reward', async () => {
    await t.db.updateTable('ums_admin').set({ vip_expire_time: null }).where('id', '=', seller2Id).execute();
    const payment = await applyAs(seller2, 1);
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(`/payRecord/confirm/${payment}`, admin)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    expect(await distributionOf(payment)).toHaveLength(1);
    const expiry = (await t.db.selectFrom('ums_admin').select('vip_expire_time').where('id', '=', seller2Id).executeTakeFirstOrThrow()).vip_expire_time!;
    expect(Date.parse(expiry)).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect(Date.parse(expiry)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    // The unique index refuses a second record for the payment whatever path writes it.
    await expect(t.db.insertInto('rms_distribution').values({
      referrer_id: sellerId, referee_id: seller2Id, pay_record_id: payment, amount: 1, ratio: 1, reward: 1, status: 0, create_time: new Date().toISOString(),
    }).execute()).rejects.toThrow();
  });

  it('distribution records: a seller sees its own, the referred seller none of them, the admin all; filters', async () => {
    const own = await list('/rms/distribute/list', seller);
    expect(own.total).toBeGreaterThan(0);
    expect(own.list.every((r) => r.referrerId === sellerId)).toBe(true);
    expect((await list('/rms/distribute/list', seller2)).total).toBe(0);
    const foreign = await get(`/rms/distribute/${String(own.list[0]!.id)}`, seller2);
    expect(foreign.status).toBe(404);
    const all = await list('/rms/distribute/list', admin);
    expect(all.total).toBe(own.total);
    expect((await list('/rms/distribute/list', admin, `&referrerId=${seller2Id}`)).total).toBe(0);
    expect((await list('/rms/distribute/list', admin, '&status=1')).list.every((r) => r.status === 1)).toBe(true);
    // Read-only: no create, update or delete routes.
    for (const path of ['/rms/distribute/create', `/rms/distribute/update/${String(own.list[0]!.id)}`, `/rms/distribute/delete/${String(own.list[0]!.id)}`]) {
      expect((await post(path, admin, {})).status, path).toBe(404);
    }
  });

  const unpaid = async () => {
    const earned = await t.db.selectFrom('rms_distribution').select('reward').where('referrer_id', '=', sellerId).where('status', '=', 0).execute();
    const paid = await t.db.selectFrom('rms_reward').select('payer_amount').where('referrer_id', '=', sellerId).execute();
    return earned.reduce((s, r) => s + Number(r.reward), 0) - paid.reduce((s, r) => s + Number(r.payer_amount), 0);
  };
  const pay = (body: Row, token = admin) => post('/rms/reward/create', token, body);

  it('reward payments: administrators record them for a referrer, amount > 0 with two decimals, never past the unpaid rewards', async () => {
    const before = await snapshotCounts(t.db);
    const left = await unpaid();
    expect(left).toBeGreaterThan(100);
    for (const [body, expected] of [
      [{ referrerId: sellerId, payer: 'Finance', payerAmount: 0, reason: 'r' }, 'payerAmount:too_small'],
      [{ referrerId: sellerId, payer: 'Finance', payerAmount: -1, reason: 'r' }, 'payerAmount:too_small'],
      [{ referrerId: sellerId, payer: 'Finance', payerAmount: 1.234, reason: 'r' }, 'payerAmount:invalid_format'],
      [{ referrerId: sellerId, payerAmount: 1, reason: 'r' }, 'payer:required'],
      [{ referrerId: sellerId, payer: 'Finance', payerAmount: 1 }, 'reason:required'],
      [{ payer: 'Finance', payerAmount: 1, reason: 'r' }, 'referrerId:required'],
      [{ referrerId: sellerId, payer: 'Finance', payerAmount: (left + 1) / 100, reason: 'r' }, 'payerAmount:reward_over_unpaid'],
      // seller2 referred nobody: nothing to pay.
      [{ referrerId: seller2Id, payer: 'Finance', payerAmount: 0.01, reason: 'r' }, 'payerAmount:reward_over_unpaid'],
    ] as const) {
      const answer = await pay(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(fields(answer), JSON.stringify(body)).toEqual([expected]);
    }
    const over = await pay({ referrerId: sellerId, payer: 'Finance', payerAmount: (left + 1) / 100, reason: 'r' });
    expect(over.body.errors?.[0]).toMatchObject({ params: { max: left / 100 } });
    for (const token of [seller, seller2]) expect((await pay({ referrerId: sellerId, payer: 'me', payerAmount: 0.01, reason: 'mine' }, token)).status).toBe(403);
    expect(await snapshotCounts(t.db)).toEqual(before);

    const paid = await pay({ referrerId: sellerId, payer: 'Finance team', payerAmount: 1.5, reason: 'March rewards' });
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.data).toMatchObject({ referrerId: sellerId, payerAmount: 1.5, payer: 'Finance team', reason: 'March rewards' });
    expect(await unpaid()).toBe(left - 150);
    const audit = await t.db.selectFrom('sys_audit_log').select('entity').where('action', '=', 'create').where('entity', '=', 'rms_reward').execute();
    expect(audit).toHaveLength(1);
  });

  it('parallel payments of the whole unpaid balance: exactly one lands', async () => {
    const left = await unpaid();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay({ referrerId: sellerId, payer: 'Finance', payerAmount: left / 100, reason: 'all of it' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.errors?.[0]?.messageKey === 'reward_over_unpaid')).toHaveLength(9);
    expect(await unpaid()).toBe(0);
  });

  it('reward payments: a seller lists its own, another seller none, the admin all', async () => {
    const own = await list('/rms/reward/list', seller);
    expect(own.total).toBeGreaterThanOrEqual(3);
    expect(own.list.every((r) => r.referrerId === sellerId && r.referrerName === 'seller')).toBe(true);
    expect((await list('/rms/reward/list', seller2)).total).toBe(0);
    expect((await list('/rms/reward/list', admin)).total).toBe(own.total);
    expect((await list('/rms/reward/list', admin, '&payerAmountFrom=1.5&payerAmountTo=1.5')).total).toBe(1);
  });

  it("one reward payment: its referrer reads it, another seller gets 404 as for no record, staff without referral 403, the admin any", async () => {
    const own = (await list('/rms/reward/list', seller)).list[0]!;
    const mine = await get(`/rms/reward/${String(own.id)}`, seller);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toMatchObject({ id: own.id, referrerId: sellerId, referrerName: 'seller', payerAmount: own.payerAmount, payer: own.payer, reason: own.reason });
    // seller2's reward (written directly: seller2 has earned nothing to pay out).
    const other = await t.db.insertInto('rms_reward').values({
      referrer_id: seller2Id, payer: 'Finance', payer_amount: 100, reason: 'other', create_time: new Date().toISOString(), operator_id: null,
    }).returning('id').executeTakeFirstOrThrow();
    const missing = other.id + 1000;
    for (const [id, token] of [[other.id, seller], [own.id, seller2], [missing, seller]] as const) {
      const refused = await get(`/rms/reward/${String(id)}`, token);
      expect(refused.status, `${String(id)}: ${refused.raw}`).toBe(404);
    }
    expect((await get(`/rms/reward/${String(other.id)}`, seller2)).body.data).toMatchObject({ id: other.id, referrerId: seller2Id, payerAmount: 1 });
    expect((await get(`/rms/reward/${String(other.id)}`, admin)).body.data).toMatchObject({ id: other.id, referrerName: 'seller2' });
    const productAdmin = await login(t.app, DEMO.productAdmin);
    expect((await get(`/rms/reward/${String(own.id)}`, productAdmin)).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/rms/reward/${String(own.id)}`)).status).toBe(401);
    // The one-record grant does not reach recording a payment.
    expect((await post('/rms/reward/create', seller, { referrerId: sellerId, payer: 'me', payerAmount: 0.01, reason: 'r' })).status).toBe(403);
    await t.db.deleteFrom('rms_reward').where('id', '=', other.id).execute();
  });
});
