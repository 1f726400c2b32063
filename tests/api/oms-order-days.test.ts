// Protects: the order list's date filters (submitted and paid between, `createTimeFrom/To`, `paymentTimeFrom/To` as days)
// count in the caller's zone on SQLite and PostgreSQL: an order placed at 23:30 in New York is in that day's filter for the
// New York seller (the next day in UTC), one placed at 00:30 in Shanghai in that day's for the Shanghai seller, staff count
// in the platform's zone, a day of a daylight-saving change keeps its 23 hours; an ISO instant bound is taken as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, serverTimeZone, wallClockMs } from '../../server/db/days';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Account = { username: string; password: string };

describe.each(testDialects())('order list days in the caller\'s zone (%s)', (dialect) => {
  let t: TestApp;
  let serial = 0;
  const tokens = new Map<string, string>();
  const db = () => t.db as unknown as AnyKysely;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const [account, zone] of [[DEMO.seller, 'Asia/Shanghai'], [DEMO.seller2, 'America/New_York']] as const) {
      const shops = await shopIdsOf(t.db, await adminIdOf(t.db, account.username));
      await t.db.updateTable('shop').set({ time_zone: zone }).where('id', 'in', shops).execute();
    }
  });
  afterAll(async () => { await t?.close(); });

  const shopOf = async (account: Account) => (await shopIdsOf(t.db, await adminIdOf(t.db, account.username)))[0]!;
  /** An order of the shop submitted (and paid) at `at`; its number. */
  const place = async (shopId: number, at: number): Promise<string> => {
    serial += 1;
    const orderSn = `D${dialect}${serial}${Date.now()}`;
    await db().insertInto('oms_order').values({
      shop_id: shopId, order_sn: orderSn, status: 1, create_time: toDbTime(new Date(at)), payment_time: toDbTime(new Date(at)), pay_status: 1,
      total_amount: 1000, pay_amount: 1000, receiver_name: 'Ann', receiver_phone: '123', receiver_detail_address: 'Road 1', delete_status: 0,
    }).execute();
    return orderSn;
  };
  /** Whether the order is in the list with the filter, as the account sees it. */
  const listed = async (account: Account, orderSn: string, filter: Record<string, string>): Promise<boolean> => {
    if (!tokens.has(account.username)) tokens.set(account.username, await login(t.app, account));
    const query = new URLSearchParams({ orderSn, pageNum: '1', pageSize: '5', ...filter });
    const answer = await call<{ total: number }>(t.app, 'GET', `/api/order/list?${query}`, { token: tokens.get(account.username)! });
    expect(answer.body.code, answer.raw).toBe(200);
    return answer.body.data!.total === 1;
  };
  const day = (name: 'createTime' | 'paymentTime', from: string, to = from) => ({ [`${name}From`]: from, [`${name}To`]: to });

  it('an order placed at 23:30 in New York is in that day\'s filter for the New York seller', async () => {
    const at = wallClockMs('America/New_York', '2026-06-10', '23:30:00');
    expect(new Date(at).toISOString()).toBe('2026-06-11T03:30:00.000Z');
    const orderSn = await place(await shopOf(DEMO.seller2), at);
    for (const name of ['createTime', 'paymentTime'] as const) {
      expect(await listed(DEMO.seller2, orderSn, day(name, '2026-06-10')), name).toBe(true);
      expect(await listed(DEMO.seller2, orderSn, day(name, '2026-06-11')), name).toBe(false);
      expect(await listed(DEMO.seller2, orderSn, { [`${name}From`]: '2026-06-10' }), name).toBe(true);
      expect(await listed(DEMO.seller2, orderSn, { [`${name}To`]: '2026-06-09' }), name).toBe(false);
    }
    // Staff count the platform's days.
    const platformDay = localDate(serverTimeZone(), at);
    expect(await listed(DEMO.admin, orderSn, day('createTime', platformDay))).toBe(true);
    expect(await listed(DEMO.admin, orderSn, day('paymentTime', platformDay))).toBe(true);
  });

  it('an order placed at 00:30 in Shanghai is in that day\'s filter for the Shanghai seller', async () => {
    const at = wallClockMs('Asia/Shanghai', '2026-06-11', '00:30:00');
    expect(new Date(at).toISOString()).toBe('2026-06-10T16:30:00.000Z');
    const orderSn = await place(await shopOf(DEMO.seller), at);
    expect(await listed(DEMO.seller, orderSn, day('createTime', '2026-06-11'))).toBe(true);
    expect(await listed(DEMO.seller, orderSn, day('createTime', '2026-06-10'))).toBe(false);
    expect(await listed(DEMO.seller, orderSn, day('paymentTime', '2026-06-11'))).toBe(true);
  });

  it('a day of a daylight-saving change keeps its own 23 hours in New York', async () => {
    const shop = await shopOf(DEMO.seller2);
    // 2026-03-08: clocks go from 02:00 to 03:00, the day is 23 hours long.
    const late = await place(shop, wallClockMs('America/New_York', '2026-03-08', '23:30:00'));
    const next = await place(shop, wallClockMs('America/New_York', '2026-03-09', '00:30:00'));
    expect(await listed(DEMO.seller2, late, day('createTime', '2026-03-08'))).toBe(true);
    expect(await listed(DEMO.seller2, next, day('createTime', '2026-03-08'))).toBe(false);
    expect(await listed(DEMO.seller2, next, day('createTime', '2026-03-09'))).toBe(true);
  });

  it('an instant bound is the instant asked, whoever asks', async () => {
    const at = Date.parse('2026-07-01T12:00:00.000Z');
    const orderSn = await place(await shopOf(DEMO.seller2), at);
    expect(await listed(DEMO.seller2, orderSn, { createTimeFrom: '2026-07-01T11:59:59.000Z', createTimeTo: '2026-07-01T12:00:00.000Z' })).toBe(true);
    expect(await listed(DEMO.seller2, orderSn, { createTimeFrom: '2026-07-01T12:00:01.000Z' })).toBe(false);
  });
});
