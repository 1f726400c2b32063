// Protects: carrier tracking (server/areas/oms/carriers.ts, server/areas/oms/tracking.ts) on SQLite and PostgreSQL: the
// Kuaidi100 adapter signs its query (MD5 of param + key + customer, upper case) as a local stand-in HTTP server checks, and
// reads its answer (Beijing times to UTC, oldest first, signed-for as delivered); the tracking job records each carrier event
// once (a repeated run and two runners at once add nothing), shows them in the order's track answer, and confirms the receipt
// of a delivered parcel only when the order settings say so; the stand-in carrier walks at the pace it is given (DEMO_CARRIER_STEP_SECONDS).
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTracker, kuaidi100Tracker } from '../../server/areas/oms/carriers';
import { trackingJob } from '../../server/areas/oms/tracking';
import type { AnyKysely } from '../../server/db/index';
import { createDb } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import { toDbTime } from '../../server/db/time';
import type { JobLogger } from '../../server/jobs/runner';
import { createJobRunner } from '../../server/jobs/runner';
import { ORDER_STATUS } from '../../src/schema/oms/entities';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe('Kuaidi100 adapter', () => {
  it('signs each query and reads the answer into UTC events, oldest first', async () => {
    const seen: Record<string, string>[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        seen.push({ path: request.url ?? '', ...form });
        const expected = createHash('md5').update(`${form.param}SECRET-KEY${form.customer}`).digest('hex').toUpperCase();
        response.setHeader('content-type', 'application/json');
        if (form.sign !== expected) { response.end(JSON.stringify({ result: false, returnCode: '400', message: 'sign error' })); return; }
        response.end(JSON.stringify({
          message: 'ok', status: '200', state: '3', ischeck: '1', com: 'shunfeng', nu: 'SF100',
          data: [
            { time: '2026-12-02 10:00:00', ftime: '2026-12-02 10:00:00', context: '已签收', statusCode: '301', location: '深圳' },
            { time: '2026-12-01 20:30:00', ftime: '2026-12-01 20:30:00', context: '快件在【深圳转运中心】已装车', statusCode: '0' },
            { time: '2026-12-01 08:15:00', ftime: '2026-12-01 08:15:00', context: '顺丰速运 已收取快件', statusCode: '1' },
          ],
        }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const tracker = kuaidi100Tracker({ customer: 'CUSTOMER-1', key: 'SECRET-KEY', apiBase });
      const answer = await tracker.track({ company: '顺丰快递', number: 'SF100', phone: '+86 138 0013 8001', shippedAt: '2026-12-01T00:00:00.000Z' }, new Date());
      expect(seen[0]).toMatchObject({ path: '/poll/query.do', customer: 'CUSTOMER-1' });
      expect(JSON.parse(seen[0]!.param!)).toEqual({ com: 'shunfeng', num: 'SF100', resultv2: '1', phone: '8001' });
      expect(answer).toEqual({
        delivered: true,
        events: [
          { time: '2026-12-01T00:15:00.000Z', status: 'picked_up', description: '顺丰速运 已收取快件', location: null },
          { time: '2026-12-01T12:30:00.000Z', status: 'in_transit', description: '快件在【深圳转运中心】已装车', location: null },
          { time: '2026-12-02T02:00:00.000Z', status: 'delivered', description: '已签收', location: '深圳' },
        ],
      });
      // A wrong key is refused by the provider, and the adapter says so.
      await expect(kuaidi100Tracker({ customer: 'CUSTOMER-1', key: 'WRONG', apiBase }).track({ company: 'DHL', number: '1', phone: null, shippedAt: '2026-12-01T00:00:00.000Z' }, new Date()))
        .rejects.toThrow('sign error');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe.each(testDialects())('tracking job (%s)', (dialect) => {
  let t: TestApp;
  let otherDb: Kysely<Database>;
  let seller: string;
  let shop: number;
  let serial = 0;
  let now = new Date('2031-05-01T10:00:00.000Z');
  const db = () => t.db as unknown as AnyKysely;
  const job = trackingJob(demoTracker());

  beforeAll(async () => {
    t = await createTestApp(dialect);
    otherDb = createDb(t.config);
    seller = await login(t.app, DEMO.seller);
    [shop] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    // Only this test's parcels are shipped and tracked.
    await db().updateTable('oms_order').set({ delivery_sn: null }).where('status', '=', ORDER_STATUS.shipped).execute();
  });
  afterAll(async () => {
    await otherDb?.destroy();
    await t?.close();
  });

  const ship = async (secondsAgo: number) => {
    serial += 1;
    const { id } = await db().insertInto('oms_order').values({
      shop_id: shop, order_sn: `T${dialect}${serial}`, status: ORDER_STATUS.shipped, create_time: toDbTime(new Date(now.getTime() - 86_400_000)),
      delivery_company: 'DHL', delivery_sn: `DHL${serial}`, delivery_time: toDbTime(new Date(now.getTime() - secondsAgo * 1000)),
      total_amount: 1000, pay_amount: 1000, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1', delete_status: 0,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  };
  const runner = (database: Kysely<Database>, owner: string) => createJobRunner({ db: database, config: t.config, jobs: [job], log: quiet, now: () => now, owner });
  const eventsOf = (id: number) => db().selectFrom('oms_order_track_event').select(['status', 'description']).where('order_id', '=', id).orderBy('event_time').execute();
  const statusOf = async (id: number) => Number((await db().selectFrom('oms_order').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);

  it('records each carrier event once, and shows them in the order\'s track answer', async () => {
    const order = await ship(100);
    expect(await runner(t.db, 'a').runJobNow(job.name)).toMatchObject({ ran: true, status: 'ok' });
    expect(await eventsOf(order)).toEqual([
      { status: 'picked_up', description: 'Parcel picked up by the courier' },
      { status: 'in_transit', description: 'Departed the origin sorting centre' },
    ]);
    // Again, and two runners at once on two connections: nothing recorded twice.
    await runner(t.db, 'a').runJobNow(job.name);
    now = new Date(now.getTime() + 60_000);
    await Promise.all([job.run({ db: t.db, config: t.config, now, log: quiet }), job.run({ db: otherDb, config: t.config, now, log: quiet })]);
    expect((await eventsOf(order)).map((e) => e.description)).toEqual([
      'Parcel picked up by the courier', 'Departed the origin sorting centre', 'In transit to the destination city',
    ]);
    const track = await call<{ carrierEvents: { status: string; description: string; time: string }[] }>(t.app, 'GET', `/api/order/track/${order}`, { token: seller });
    expect(track.body.data!.carrierEvents.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'in_transit']);
  });

  it('confirms the receipt of a delivered parcel only when the order settings say so', async () => {
    const order = await ship(10);
    now = new Date(now.getTime() + 10 * 60_000);
    await runner(t.db, 'a').runJobNow(job.name);
    expect((await eventsOf(order)).at(-1)).toMatchObject({ status: 'delivered' });
    expect(await statusOf(order)).toBe(ORDER_STATUS.shipped);
    await db().updateTable('oms_order_setting').set({ receive_on_delivered: 1 }).where('id', '=', 1).execute();
    await runner(t.db, 'a').runJobNow(job.name);
    expect(await statusOf(order)).toBe(ORDER_STATUS.completed);
    // Through the transition: a history row without an operator (the system).
    const history = await db().selectFrom('oms_order_operate_history').select(['order_status', 'operator_id']).where('order_id', '=', order).execute();
    expect(history).toEqual([{ order_status: ORDER_STATUS.completed, operator_id: null }]);
  });
});

describe('the stand-in carrier\'s pace', () => {
  const query = { company: 'DHL', number: 'P1', phone: null, shippedAt: '2031-05-01T10:00:00.000Z' };
  const at = (seconds: number) => new Date(Date.parse(query.shippedAt) + seconds * 1000);

  it('spaces a parcel\'s events by the step it is given, delivering after six steps less a third', async () => {
    const fast = demoTracker(3);
    expect((await fast.track(query, at(1.999))).events).toEqual([]);
    const two = await fast.track(query, at(5));
    expect(two.events.map((e) => [e.time, e.status])).toEqual([['2031-05-01T10:00:02.000Z', 'picked_up'], ['2031-05-01T10:00:05.000Z', 'in_transit']]);
    expect((await fast.track(query, at(16.999))).delivered).toBe(false);
    expect((await fast.track(query, at(17))).delivered).toBe(true);
    // The default pace is today's: delivered 255 s after shipping.
    expect((await demoTracker().track(query, at(254))).delivered).toBe(false);
    expect((await demoTracker().track(query, at(255))).delivered).toBe(true);
  });
});
