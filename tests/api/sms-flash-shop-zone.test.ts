// Protects: flash sales run on each shop's own clock, on SQLite and PostgreSQL: a session 10:00–12:00 is running for a
// shop in Asia/Shanghai at 02:30 UTC and not for a shop in America/New_York at that instant, in the price check (whoever
// asks — staff — answered as timeZone), in an order placed at that instant (flash price and relation, or the list price) and in the
// shop front's home content (the running session's start and end as that shop's instants); /admin/info answers the
// caller's zone (a seller's shop's, the platform's for staff) for the screens that say which clock they show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOrder } from '../../server/areas/portal/orders/place';
import { localDate, serverTimeZone, wallClockAt, wallClockMs } from '../../server/db/days';
import { toDbTime } from '../../server/db/time';
import type { AdminInfo } from '../../src/schema/api';
import type { PriceCheckAnswer } from '../../src/schema/sms/priceCheck';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { RECEIVER, productOnSale } from '../helpers/shop-world';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** 02:30 UTC: 10:30 in Shanghai (UTC+8), 22:30 the evening before in New York (UTC−4 in June). */
const INSTANT = '2026-06-10T02:30:00.000Z';

describe.each(testDialects())('flash sales on each shop\'s own clock (%s)', (dialect) => {
  let t: TestApp;
  let shanghai: number;
  let newYork: number;
  const products: Record<'shanghai' | 'newYork', { productId: number; skuId: number }> = {} as never;

  /** An online sale over the dates with one enabled session; the products in it at `price` cents, 10 offered, 5 per buyer. */
  const sale = async (dates: [string, string], times: [string, string], productIds: number[], price: number) => {
    const { id: saleId } = await t.db.insertInto('sms_flash_promotion').values({ title: `Zone sale ${times[0]}`, start_date: dates[0], end_date: dates[1], status: 1, create_time: toDbTime() })
      .returning('id').executeTakeFirstOrThrow();
    const { id: sessionId } = await t.db.insertInto('sms_flash_promotion_session').values({ name: `Zone ${times[0]}`, start_time: times[0], end_time: times[1], status: 1, create_time: toDbTime() })
      .returning('id').executeTakeFirstOrThrow();
    for (const productId of productIds) {
      await t.db.insertInto('sms_flash_promotion_product_relation').values({
        flash_promotion_id: saleId, flash_promotion_session_id: sessionId, product_id: productId,
        flash_promotion_price: price, flash_promotion_count: 10, flash_promotion_limit: 5, flash_promotion_sold: 0, sort: 0,
      }).execute();
    }
    return { saleId: Number(saleId), sessionId: Number(sessionId) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shanghai = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    newYork = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)))[0]!;
    await t.db.updateTable('shop').set({ time_zone: 'Asia/Shanghai' }).where('id', '=', shanghai).execute();
    await t.db.updateTable('shop').set({ time_zone: 'America/New_York' }).where('id', '=', newYork).execute();
    products.shanghai = await productOnSale(t.db, shanghai, { name: 'Zone kettle SH', price: 10_000, stock: 50 });
    products.newYork = await productOnSale(t.db, newYork, { name: 'Zone kettle NY', price: 10_000, stock: 50 });
    await sale(['2026-06-01', '2026-06-30'], ['10:00:00', '12:00:00'], [products.shanghai.productId, products.newYork.productId], 6_000);
  });
  afterAll(async () => t?.close());

  const check = async (account: { username: string; password: string }, productId: number) => {
    const answer = await call<PriceCheckAnswer>(t.app, 'GET', `/api/price/check?productId=${productId}&quantity=1&time=${encodeURIComponent(INSTANT)}`, { token: await login(t.app, account) });
    expect(answer.body.code, answer.raw).toBe(200);
    return answer.body.data!;
  };
  const flashLine = (answer: PriceCheckAnswer) => answer.lines.find((line) => line.rule === 'flash')!;

  it('the price check (staff\'s) judges the session on the product\'s shop\'s clock', async () => {
    const inShanghai = await check(DEMO.marketingAdmin, products.shanghai.productId);
    expect(inShanghai).toMatchObject({ timeZone: 'Asia/Shanghai', unitPrice: 60, total: 60 });
    expect(flashLine(inShanghai).applied).toBe(true);

    const inNewYork = await check(DEMO.marketingAdmin, products.newYork.productId);
    expect(inNewYork).toMatchObject({ timeZone: 'America/New_York', unitPrice: 100, total: 100 });
    expect(flashLine(inNewYork)).toMatchObject({ applied: false, reasons: [expect.objectContaining({ key: 'flash_session_not_now' })] });

    // Staff (on the platform's clock elsewhere) see what each shop's buyer would pay: the same judgement, on the shops' clocks.
    expect(await check(DEMO.admin, products.shanghai.productId)).toMatchObject({ timeZone: 'Asia/Shanghai', total: 60 });
    expect(await check(DEMO.admin, products.newYork.productId)).toMatchObject({ timeZone: 'America/New_York', total: 100 });
  });

  it('an order placed at that instant gets the flash price in Shanghai and the list price in New York', async () => {
    const member = async (shopId: number, username: string) => Number((await t.db.insertInto('ums_member').values({
      shop_id: shopId, username, apply_status: 1, create_time: toDbTime(),
    }).returning('id').executeTakeFirstOrThrow()).id);
    const place = async (shopId: number, line: { productId: number; skuId: number }, username: string) => {
      const memberId = await member(shopId, `${username}_${dialect}`);
      const order = await generateOrder(t.db, { shopId, memberId }, {
        lines: [{ key: 1, ...line, quantity: 1 }], couponId: null, useIntegration: 0, receiver: RECEIVER, now: Date.parse(INSTANT),
      }) as { id: number };
      return t.db.selectFrom('oms_order as o').innerJoin('oms_order_item as i', 'i.order_id', 'o.id')
        .select(['o.order_type', 'o.pay_amount', 'i.flash_relation_id']).where('o.id', '=', Number(order.id)).executeTakeFirstOrThrow();
    };
    const inShanghai = await place(shanghai, products.shanghai, 'zone_sh');
    expect(Number(inShanghai.order_type)).toBe(1);
    expect(Number(inShanghai.pay_amount)).toBe(6_000);
    expect(inShanghai.flash_relation_id).not.toBeNull();
    const inNewYork = await place(newYork, products.newYork, 'zone_ny');
    expect(Number(inNewYork.order_type)).toBe(0);
    expect(Number(inNewYork.pay_amount)).toBe(10_000);
    expect(inNewYork.flash_relation_id).toBeNull();
  });

  it('the shop front\'s home shows the session running on the shop\'s clock, with its instants there', async () => {
    // Only this test's session may run: an hour around Shanghai's wall clock now (cut at the day's ends). New York's
    // clock is 12 or 13 hours behind, at least 11 hours from any time in it, so the session is not running there.
    await t.db.updateTable('sms_flash_promotion_session').set({ status: 0 }).execute();
    const now = Date.now();
    const here = wallClockAt('Asia/Shanghai', now);
    const minute = Number(here.time.slice(0, 2)) * 60 + Number(here.time.slice(3, 5));
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const [start, end] = [`${hhmm(Math.max(0, minute - 30))}:00`, `${hhmm(Math.min(24 * 60 - 1, minute + 30))}:59`];
    const today = here.date;
    await sale([localDate('Asia/Shanghai', now - 2 * 86_400_000), localDate('Asia/Shanghai', now + 2 * 86_400_000)], [start, end],
      [products.shanghai.productId, products.newYork.productId], 7_000);
    const content = async (shopId: number) => {
      const answer = await call<{ homeFlashPromotion: { startTime: string; endTime: string; productList: { id: number; flashPromotionPrice: number }[] } | null }>(
        t.app, 'GET', `/portal/${shopId}/home/content`);
      expect(answer.body.code, answer.raw).toBe(200);
      return answer.body.data!.homeFlashPromotion;
    };
    const inShanghai = await content(shanghai);
    expect(inShanghai).toMatchObject({
      startTime: new Date(wallClockMs('Asia/Shanghai', today, start)).toISOString(),
      endTime: new Date(wallClockMs('Asia/Shanghai', today, end)).toISOString(),
    });
    expect(inShanghai!.productList.map((p) => [p.id, p.flashPromotionPrice])).toEqual([[products.shanghai.productId, 70]]);
    expect(await content(newYork)).toBeNull();
  });

  it('/admin/info answers whose clock the caller\'s days run on', async () => {
    const info = async (account: { username: string; password: string }) =>
      (await call<AdminInfo>(t.app, 'GET', '/api/admin/info', { token: await login(t.app, account) })).body.data!;
    expect(await info(DEMO.seller)).toMatchObject({ timeZone: 'Asia/Shanghai', timeZoneSource: 'shop' });
    expect(await info(DEMO.seller2)).toMatchObject({ timeZone: 'America/New_York', timeZoneSource: 'shop' });
    expect(await info(DEMO.admin)).toMatchObject({ timeZone: serverTimeZone(), timeZoneSource: 'platform' });
  });
});
