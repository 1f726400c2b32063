// Protects: each shop's own day on the home page (server/areas/home/index.ts callerTimeZone) on SQLite and PostgreSQL: a
// seller whose shop is in Asia/Shanghai and one in America/New_York each get "today" in their zone (answered as timeZone),
// with today's and yesterday's order counts equal to a direct count over the orders in that zone's day; staff count in the
// platform's zone; and the kept quarter-hour stats give each day of a daylight-saving change (23 and 25 hours) its own orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStartMs, localDate, serverTimeZone } from '../../server/areas/home/days';
import type { AnyKysely } from '../../server/db/index';
import { BUCKET_SECONDS } from '../../server/db/order-stats';
import { toDbTime } from '../../server/db/time';
import type { HomeSummary } from '../../src/schema/home/summary';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('each shop\'s own day (%s)', (dialect) => {
  let t: TestApp;
  let serial = 0;
  const db = () => t.db as unknown as AnyKysely;

  beforeAll(async () => { t = await createTestApp(dialect); });
  afterAll(async () => { await t?.close(); });

  const place = async (shopId: number, at: number) => {
    serial += 1;
    await db().insertInto('oms_order').values({
      shop_id: shopId, order_sn: `Z${dialect}${serial}`, status: 0, create_time: toDbTime(new Date(at)),
      total_amount: 1000, pay_amount: 1000, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1', delete_status: 0,
    }).execute();
  };
  /** The orders of the shops created within [from, to): what "today" must equal. */
  const directCount = async (shops: number[], from: number, to: number) => Number((await db().selectFrom('oms_order')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', 'in', shops).where('delete_status', '=', 0)
    .where('create_time', '>=', toDbTime(new Date(from))).where('create_time', '<', toDbTime(new Date(to))).executeTakeFirstOrThrow()).n);

  it('a seller in Asia/Shanghai and one in America/New_York each get their own "today", equal to a direct count', async () => {
    const cases = [
      { account: DEMO.seller, zone: 'Asia/Shanghai' },
      { account: DEMO.seller2, zone: 'America/New_York' },
    ];
    for (const { account, zone } of cases) {
      const shops = await shopIdsOf(t.db, await adminIdOf(t.db, account.username));
      await db().updateTable('shop').set({ time_zone: zone }).where('id', 'in', shops).execute();
      const now = Date.now();
      const today = localDate(zone, now);
      const start = dayStartMs(zone, today);
      // Just inside the zone's day, and just before it (yesterday there, though often "today" in UTC or the server's zone).
      await place(shops[0]!, Math.min(start + 60_000, now));
      await place(shops[0]!, start - 60_000);
      const answer = (await call<HomeSummary>(t.app, 'GET', '/api/home/summary', { token: await login(t.app, account) })).body.data!;
      expect(answer).toMatchObject({ timeZone: zone, today });
      expect(answer.orders!.today.orders).toBe(await directCount(shops, start, dayStartMs(zone, addDays(today, 1))));
      expect(answer.orders!.today.orders).toBeGreaterThan(0);
      expect(answer.orders!.yesterday.orders).toBe(await directCount(shops, dayStartMs(zone, addDays(today, -1)), start));
    }
    // Staff count in the platform's zone.
    const staff = (await call<HomeSummary>(t.app, 'GET', '/api/home/summary', { token: await login(t.app, DEMO.admin) })).body.data!;
    expect(staff.timeZone).toBe(serverTimeZone());
  });

  it('gives both days of a daylight-saving change their own orders (23 and 25 hours long) in each zone', async () => {
    const shops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username));
    const changes = [
      { zone: 'America/New_York', days: ['2031-03-09', '2031-11-02'] },
      { zone: 'Europe/Berlin', days: ['2031-03-30', '2031-10-26'] },
    ];
    for (const { zone, days } of changes) {
      for (const day of days) {
        const start = dayStartMs(zone, day);
        const end = dayStartMs(zone, addDays(day, 1));
        expect([23, 25]).toContain((end - start) / 3_600_000);
        // The first and the last quarter hour of the day, and the quarter hours just outside it.
        for (const at of [start, end - 60_000, start - 60_000, end]) await place(shops[0]!, at);
        // Summed as the home page sums them: the quarter hours from the day's start to the next day's.
        const buckets = [start, end].map((ms) => ms / 1000 / BUCKET_SECONDS);
        expect(buckets.every(Number.isInteger)).toBe(true);
        const kept = await db().selectFrom('oms_order_stats').select((eb) => eb.fn.sum<number>('orders').as('n'))
          .where('shop_id', 'in', shops).where('bucket', '>=', buckets[0]!).where('bucket', '<', buckets[1]!).executeTakeFirstOrThrow();
        expect(Number(kept.n)).toBe(await directCount(shops, start, end));
        expect(Number(kept.n)).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
