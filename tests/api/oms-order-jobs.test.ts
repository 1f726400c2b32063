// Protects: the job applying the order settings (server/areas/oms/jobs.ts) on SQLite and PostgreSQL: unpaid orders closed after
// their type's time-out, shipped orders confirmed after the days, nothing early, each change through the transition (history row
// without an operator, audit row without an admin), a second run and a second runner change nothing more, bounded work per run;
// an order bound to a cashier balance between the job's selection and its close is left open (the check inside the close's
// transaction), through a seam on both dialects and under a real row-lock race on PostgreSQL.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AREA_JOBS } from '../../server/areas/index';
import { balanceActions } from '../../server/areas/cashier/balances';
import { applyOrderSettings, ORDER_JOB_BATCH, ORDER_SETTINGS_JOB, orderSettingsJob } from '../../server/areas/oms/jobs';
import type { ActionHandler } from '../../server/crud/actions';
import { performAction } from '../../server/crud/actions';
import { ALL_SHOPS } from '../../server/crud/scope';
import { balance as balanceEntity } from '../../src/schema/cashier/entities';
import { entityList } from '../../src/schema/entities';
import { SYSTEM_OPERATE_MAN } from '../../src/schema/oms/entities';
import type { AnyKysely } from '../../server/db/index';
import { createDb } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import { seedDemoOrders } from '../../server/areas/oms/demo-orders';
import { toDbTime } from '../../server/db/time';
import type { Job, JobLogger } from '../../server/jobs/runner';
import { createJobRunner } from '../../server/jobs/runner';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe.each(testDialects())('order settings job (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shopA: number;
  let shopForeign: number;
  let serial = 0;
  /** The runners' clock: every order below is placed relative to it. */
  let now = new Date('2031-06-01T12:00:00.000Z');
  const db = () => t.db as unknown as AnyKysely;

  const place = async (values: { shopId?: number; status: number; orderType?: number; createdAgo?: number; shippedAgo?: number | null }): Promise<number> => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: values.shopId ?? shopA, order_sn: `J${dialect}${serial}`, status: values.status, order_type: values.orderType ?? 0,
      create_time: toDbTime(new Date(now.getTime() - (values.createdAgo ?? 0))),
      delivery_time: values.shippedAgo === undefined || values.shippedAgo === null ? null : toDbTime(new Date(now.getTime() - values.shippedAgo)),
      total_amount: 1000, pay_amount: 1000, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1', delete_status: 0,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  const statusOf = async (id: number) => Number((await db().selectFrom('oms_order').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
  const history = (id: number) => db().selectFrom('oms_order_operate_history').selectAll().where('order_id', '=', id).orderBy('id').execute();
  const audits = (id: number) => db().selectFrom('sys_audit_log').selectAll().where('entity', '=', 'oms_order').where('entity_id', '=', String(id)).execute();
  /** Everything the job may write, to compare before and after a run that must change nothing. */
  const snapshot = async () => ({
    orders: await db().selectFrom('oms_order').selectAll().orderBy('id').execute(),
    history: await db().selectFrom('oms_order_operate_history').selectAll().orderBy('id').execute(),
    audit: await db().selectFrom('sys_audit_log').select(['id']).orderBy('id').execute(),
  });
  const runnerOn = (database: Kysely<Database>, jobs: readonly Job[] = [applyOrderSettings], owner = 'process-a') =>
    createJobRunner({ db: database, config: t.config, jobs, log: quiet, now: () => now, owner });
  const runOnce = async (job: Job = applyOrderSettings) => {
    const outcome = await runnerOn(t.db, [job]).runJobNow(job.name);
    expect(outcome).toMatchObject({ ran: true, status: 'ok' });
    return outcome;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    [shopA] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
    const settings = await call(t.app, 'POST', '/api/orderSetting/update/1', {
      token: admin, body: { flashOrderOvertime: 30, normalOrderOvertime: 120, confirmOvertime: 10, finishOvertime: 7, commentOvertime: 7 },
    });
    expect(settings.body).toMatchObject({ code: 200 });
  });
  afterAll(async () => t?.close());
  // Each test starts from no orders (the demo's would count towards the batches), an hour later.
  // Returns and cashier bindings hold on to their orders (ON DELETE RESTRICT): they go first.
  beforeEach(async () => {
    await db().deleteFrom('oms_order_return_apply').execute();
    await db().deleteFrom('oms_cashier_balance_order').execute();
    await db().deleteFrom('oms_order').execute();
    now = new Date(now.getTime() + 60 * MINUTE);
  });

  it('is registered once, as an area job the server runs', () => {
    expect(AREA_JOBS.filter((job) => job.name === ORDER_SETTINGS_JOB)).toEqual([applyOrderSettings]);
  });

  it('acts visibly on the demo orders of `npm start --demo` (content): closes the old unpaid ones, confirms the old shipped ones, keeps recent ones to try by hand', async () => {
    now = new Date();
    await seedDemoOrders(t.db, 120);
    const before = await db().selectFrom('oms_order').select(['id', 'status', 'order_type', 'create_time', 'delivery_time']).execute();
    await runOnce();
    const after = new Map((await db().selectFrom('oms_order').select(['id', 'status']).execute()).map((r) => [Number(r.id), Number(r.status)]));
    const ago = (time: unknown) => now.getTime() - new Date(String(time)).getTime();
    const unpaid = before.filter((o) => Number(o.status) === 0);
    const closed = unpaid.filter((o) => after.get(Number(o.id)) === 4);
    const shipped = before.filter((o) => Number(o.status) === 2);
    const confirmed = shipped.filter((o) => after.get(Number(o.id)) === 3);
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.length).toBeLessThan(unpaid.length);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.length).toBeLessThan(shipped.length);
    for (const o of unpaid) expect(after.get(Number(o.id)) === 4).toBe(ago(o.create_time) > (Number(o.order_type) === 1 ? 30 : 120) * MINUTE);
    for (const o of shipped) expect(after.get(Number(o.id)) === 3).toBe(ago(o.delivery_time) > 10 * DAY);
    // Nothing else moved.
    for (const o of before.filter((x) => ![0, 2].includes(Number(x.status)))) expect(after.get(Number(o.id))).toBe(Number(o.status));
  });

  it('closes unpaid orders past their type\'s time-out (normal 120 min, flash 30 min), in every shop, and leaves the rest', async () => {
    const normalDue = await place({ status: 0, createdAgo: 121 * MINUTE });
    const normalForeignDue = await place({ status: 0, createdAgo: 500 * MINUTE, shopId: shopForeign });
    const normalEarly = await place({ status: 0, createdAgo: 119 * MINUTE });
    const flashDue = await place({ status: 0, orderType: 1, createdAgo: 31 * MINUTE });
    const flashEarly = await place({ status: 0, orderType: 1, createdAgo: 29 * MINUTE });
    // 60 minutes: past the flash time-out, not the normal one.
    const normalAtSixty = await place({ status: 0, createdAgo: 60 * MINUTE });
    const paidOld = await place({ status: 1, createdAgo: 900 * MINUTE });
    const outcome = await runOnce();
    expect(outcome).toMatchObject({ message: expect.stringContaining('closed 3 unpaid') });
    for (const id of [normalDue, normalForeignDue, flashDue]) expect(await statusOf(id)).toBe(4);
    for (const id of [normalEarly, flashEarly, normalAtSixty]) expect(await statusOf(id)).toBe(0);
    expect(await statusOf(paidOld)).toBe(1);
    // The transition's own rows: one history row (no admin operator: the system), one audit row (no admin).
    expect(await history(normalDue)).toEqual([expect.objectContaining({
      order_status: 4, operator_id: null, shop_id: shopA, note: expect.stringMatching(/^Closed by the system: not paid within 120 minutes/),
    })]);
    expect(await history(flashDue)).toEqual([expect.objectContaining({ order_status: 4, operator_id: null, note: expect.stringContaining('within 30 minutes') })]);
    expect(await history(normalForeignDue)).toEqual([expect.objectContaining({ shop_id: shopForeign })]);
    expect(await audits(flashDue)).toEqual([expect.objectContaining({ action: 'close', admin_id: null })]);
    for (const id of [normalEarly, flashEarly, normalAtSixty, paidOld]) {
      expect(await history(id)).toEqual([]);
      expect(await audits(id)).toEqual([]);
    }
    // The API shows the system's row like any other: no operator account, and mall's operateMan for the system ("系统"), in either language.
    for (const lang of ['en', 'zh-CN']) {
      const answer = await call<{ list: Record<string, unknown>[] }>(t.app, 'GET', `/api/order/history/list?orderId=${normalDue}`, { token: admin, headers: { 'accept-language': lang } });
      expect(answer.body.data.list).toEqual([expect.objectContaining({ orderStatus: 4, operatorId: null, operateMan: SYSTEM_OPERATE_MAN })]);
    }
    expect(SYSTEM_OPERATE_MAN).toBe('系统');
    // Once the early ones are due, the next run closes them.
    now = new Date(now.getTime() + 61 * MINUTE);
    await runOnce();
    for (const id of [normalEarly, flashEarly, normalAtSixty]) expect(await statusOf(id)).toBe(4);
  });

  it('leaves unpaid orders a cashier balance partly pays to people, past the time-out too; closes them once unbound', async () => {
    const bound = await place({ status: 0, createdAgo: 121 * MINUTE });
    const free = await place({ status: 0, createdAgo: 121 * MINUTE });
    const balance = await call<{ id: number }>(t.app, 'POST', '/api/balance/create', { token: admin, body: { shopId: shopA, amount: 5, payChannel: 'bank', note: 'part of it' } });
    expect(balance.body).toMatchObject({ code: 200 });
    // 5.00 of the order's 10.00: money was received, the order still pends payment.
    const bind = await call(t.app, 'POST', `/api/balance/bind/${balance.body.data.id}`, { token: admin, body: [{ orderId: bound, amount: 5 }] });
    expect(bind.body).toMatchObject({ code: 200 });
    expect(await statusOf(bound)).toBe(0);
    const before = await history(bound);
    const outcome = await runOnce();
    expect(await statusOf(free)).toBe(4);
    expect(await statusOf(bound)).toBe(0);
    expect(await history(bound)).toEqual(before);
    expect(outcome).toMatchObject({ message: expect.stringContaining('closed 1 unpaid') });
    // Still left a day later; once a person takes the money back, the time-out applies again.
    now = new Date(now.getTime() + DAY);
    await runOnce();
    expect(await statusOf(bound)).toBe(0);
    const unbind = await call(t.app, 'POST', `/api/balance/unbind/${balance.body.data.id}?orderId=${bound}`, { token: admin });
    expect(unbind.body).toMatchObject({ code: 200 });
    await runOnce();
    expect(await statusOf(bound)).toBe(4);
  });

  it('does not close an order bound to a balance between the job\'s selection and its close (the check inside the close\'s transaction)', async () => {
    const order = await place({ status: 0, createdAgo: 121 * MINUTE });
    const balance = await call<{ id: number }>(t.app, 'POST', '/api/balance/create', { token: admin, body: { shopId: shopA, amount: 5, payChannel: 'bank', note: 'meanwhile' } });
    expect(balance.body).toMatchObject({ code: 200 });
    const selected: number[][] = [];
    // The seam runs after the selection, before any close: the real bind endpoint commits its binding there.
    const job = orderSettingsJob(ORDER_JOB_BATCH, {
      afterCloseSelection: async (ids) => {
        selected.push([...ids]);
        const bind = await call(t.app, 'POST', `/api/balance/bind/${balance.body.data.id}`, { token: admin, body: [{ orderId: order, amount: 5 }] });
        expect(bind.body).toMatchObject({ code: 200 });
      },
    });
    const outcome = await runOnce(job);
    // Selected (nothing was bound then), yet left open: the close's own check saw the binding.
    expect(selected).toEqual([[order]]);
    expect(await statusOf(order)).toBe(0);
    expect(outcome).toMatchObject({ message: expect.stringMatching(/^closed 0 unpaid, .*left 1 partly paid by a balance meanwhile/) });
    expect(await history(order)).toEqual([]);
    expect((await audits(order)).filter((a) => a.action === 'close')).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('does not close an order whose bind commits while the close waits for the order\'s row lock (a real race, no seam)', async () => {
    const order = await place({ status: 0, createdAgo: 121 * MINUTE });
    const balance = await call<{ id: number }>(t.app, 'POST', '/api/balance/create', { token: admin, body: { shopId: shopA, amount: 5, payChannel: 'bank', note: 'racing' } });
    expect(balance.body).toMatchObject({ code: 200 });
    const other = createDb(t.config);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let bound!: (pid: number) => void;
    const bindHolds = new Promise<number>((resolve) => { bound = resolve; });
    try {
      // The cashier area's own bind, on a second connection, held open after its work: the order's row
      // stays locked (FOR UPDATE) and the binding uncommitted until the gate opens.
      const bindHandler = balanceActions.handlers.bind as ActionHandler;
      const binding = performAction({ db: other, entities: entityList }, balanceEntity, 'bind', async (ctx) => {
        const out = await bindHandler(ctx);
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(ctx.trx as AnyKysely);
        bound(Number(rows[0]!.pid));
        await gate;
        return out;
      }, { ids: [balance.body.data.id], params: { orders: [{ orderId: order, amount: 5 }] }, actor: { adminId: null, ip: null, scope: ALL_SHOPS } });
      const bindPid = await bindHolds;
      // The job selects the order (the binding is not committed: not visible) and its close blocks on the row lock.
      const running = runnerOn(t.db).runJobNow(ORDER_SETTINGS_JOB);
      await expect.poll(async () => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where ${bindPid} = any(pg_blocking_pids(pid))`.execute(db());
        return Number(rows[0]!.n);
      }, { timeout: 10_000, interval: 20 }).toBe(1);
      release();
      await binding;
      const outcome = await running;
      expect(await statusOf(order)).toBe(0);
      expect(outcome).toMatchObject({ ran: true, status: 'ok', message: expect.stringMatching(/^closed 0 unpaid, .*left 1 partly paid by a balance meanwhile/) });
      expect(await history(order)).toEqual([]);
      const bindings = await db().selectFrom('oms_cashier_balance_order').select(['order_id', 'amount']).where('order_id', '=', order).execute();
      expect(bindings.map((b) => [Number(b.order_id), Number(b.amount)])).toEqual([[order, 500]]);
    } finally {
      release();
      await other.destroy();
    }
  });

  it('confirms the receipt of orders shipped more than the days ago (completed, confirmed, received), not earlier', async () => {
    const due = await place({ status: 2, createdAgo: 12 * DAY, shippedAgo: 10 * DAY + MINUTE });
    const early = await place({ status: 2, createdAgo: 12 * DAY, shippedAgo: 10 * DAY - MINUTE });
    const noShippingTime = await place({ status: 2, createdAgo: 40 * DAY, shippedAgo: null });
    const pendingShipment = await place({ status: 1, createdAgo: 40 * DAY });
    const outcome = await runOnce();
    expect(outcome).toMatchObject({ message: expect.stringContaining('confirmed 1 shipped') });
    const row = await db().selectFrom('oms_order').selectAll().where('id', '=', due).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 3, confirm_status: 1 });
    expect(row.receive_time).toMatch(/^\d{4}-/);
    expect(await history(due)).toEqual([expect.objectContaining({ order_status: 3, operator_id: null })]);
    expect(await audits(due)).toEqual([expect.objectContaining({ action: 'confirm_receipt', admin_id: null })]);
    expect(await statusOf(early)).toBe(2);
    expect(await statusOf(noShippingTime)).toBe(2);
    expect(await statusOf(pendingShipment)).toBe(1);
    expect(await history(early)).toEqual([]);
  });

  it('changes nothing on a second run, nor on a run after people changed the orders', async () => {
    const unpaid = await place({ status: 0, createdAgo: 300 * MINUTE });
    const shipped = await place({ status: 2, createdAgo: 20 * DAY, shippedAgo: 15 * DAY });
    await runOnce();
    expect([await statusOf(unpaid), await statusOf(shipped)]).toEqual([4, 3]);
    const before = await snapshot();
    await runOnce();
    now = new Date(now.getTime() + 30 * DAY);
    await runOnce();
    expect(await snapshot()).toEqual(before);
  });

  it('applies each change once when two server processes run the job on one database', async () => {
    const other = createDb(t.config);
    try {
      const ids = await Promise.all([
        place({ status: 0, createdAgo: 200 * MINUTE }), place({ status: 0, orderType: 1, createdAgo: 40 * MINUTE }),
        place({ status: 2, createdAgo: 20 * DAY, shippedAgo: 11 * DAY }), place({ status: 0, createdAgo: 121 * MINUTE, shopId: shopForeign }),
      ]);
      const a = runnerOn(t.db, [applyOrderSettings], 'process-a');
      const b = runnerOn(other, [applyOrderSettings], 'process-b');
      // Due by time (tick) and forced (runJobNow), all at once: the lease lets one run at a time, and a later run finds nothing left.
      now = new Date(now.getTime() + 2 * 60 * MINUTE);
      const outcomes = await Promise.all([a.tick(), b.tick(), a.runJobNow(ORDER_SETTINGS_JOB), b.runJobNow(ORDER_SETTINGS_JOB)]);
      expect(outcomes.flat().filter((o) => o.job === ORDER_SETTINGS_JOB && o.ran).length).toBeGreaterThanOrEqual(1);
      expect(outcomes.flat().every((o) => !o.ran || o.status === 'ok')).toBe(true);
      for (const id of ids) {
        expect([3, 4]).toContain(await statusOf(id));
        expect(await history(id)).toHaveLength(1);
        expect(await audits(id)).toHaveLength(1);
      }
    } finally {
      await other.destroy();
    }
  });

  it.runIf(dialect === 'postgres')('applies each change once when two runs overlap without the lease (a run outliving its lease)', async () => {
    const other = createDb(t.config);
    try {
      const ids: number[] = [];
      for (let i = 0; i < 30; i += 1) ids.push(await place({ status: i % 2 ? 2 : 0, createdAgo: 30 * DAY, shippedAgo: i % 2 ? 20 * DAY : null }));
      // The job's own work, twice in parallel on two connections, bypassing the runner's lease.
      const results = await Promise.all([t.db, other].map((database) => applyOrderSettings.run({ db: database, config: t.config, now, log: quiet })));
      const counted = results.map((message) => String(message).match(/closed (\d+) unpaid, confirmed (\d+) shipped/)!.slice(1).map(Number));
      expect(counted[0]![0]! + counted[1]![0]!).toBe(15);
      expect(counted[0]![1]! + counted[1]![1]!).toBe(15);
      for (const id of ids) expect(await history(id)).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });

  it('changes at most the batch of each kind per run; the next runs work off the rest', async () => {
    const unpaid = await Promise.all([1, 2, 3].map((n) => place({ status: 0, createdAgo: (200 + n) * MINUTE })));
    const shipped = await Promise.all([1, 2, 3].map((n) => place({ status: 2, createdAgo: 30 * DAY, shippedAgo: (20 + n) * DAY })));
    const small = orderSettingsJob(2);
    expect(await runOnce(small)).toMatchObject({ message: expect.stringMatching(/closed 2 unpaid, confirmed 2 shipped.*more are due/) });
    expect(await runOnce(small)).toMatchObject({ message: expect.stringMatching(/^closed 1 unpaid, confirmed 1 shipped, skipped 0 changed meanwhile$/) });
    for (const id of unpaid) expect(await statusOf(id)).toBe(4);
    for (const id of shipped) expect(await statusOf(id)).toBe(3);
  });

  it('refuses settings that are not whole numbers within their bounds, naming each field, and keeps the old ones', async () => {
    const before = await db().selectFrom('oms_order_setting').selectAll().execute();
    const answer = await call(t.app, 'POST', '/api/orderSetting/update/1', {
      token: admin, body: { flashOrderOvertime: -1, normalOrderOvertime: 1.5, confirmOvertime: 'ten', finishOvertime: 366, commentOvertime: 7 },
    });
    expect(answer.status).toBe(400);
    expect((answer.body.errors ?? []).map((e) => e.field).sort()).toEqual(['confirmOvertime', 'finishOvertime', 'flashOrderOvertime', 'normalOrderOvertime']);
    expect(await db().selectFrom('oms_order_setting').selectAll().execute()).toEqual(before);
  });
});
