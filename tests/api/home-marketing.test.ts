// Protects: Marketing on home (GET /home/summary `marketing`): for who may list and open Marketing's screens only; running and upcoming online flash sales with offered, sold and left equal to their rows; member coupons claimed, given and used since Monday; online ads showing now and their clicks; promoted products that left sale counted per list; every marketing link opens a screen its reader may open. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, serverTimeZone } from '../../server/areas/home/days';
import { weekStartOf } from '../../server/areas/home/marketing';
import { toDbTime } from '../../server/db/time';
import type { HomeSummary } from '../../src/schema/home/summary';
import { HOME_API } from '../../src/schema/home/summary';
import type { DemoRole } from '../helpers/accounts';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { productOnSale } from '../helpers/shop-world';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const ROLES: readonly DemoRole[] = ['admin', 'marketingAdmin', 'productAdmin', 'orderAdmin', 'seller'];

describe('weeks', () => {
  it('start on Monday', () => {
    expect(weekStartOf('2026-12-07')).toBe('2026-12-07');
    expect(weekStartOf('2026-12-13')).toBe('2026-12-07');
    expect(weekStartOf('2026-12-01')).toBe('2026-11-30');
  });
});

describe.each(testDialects())('home: marketing (%s)', (dialect) => {
  let t: TestApp;
  const tokens = new Map<DemoRole, string>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.db.updateTable('shop').set({ time_zone: null }).execute();
    for (const role of ROLES) tokens.set(role, await login(t.app, DEMO[role]));
    shop = Number((await t.db.selectFrom('shop').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => t?.close());

  let shop = 0;
  const shopId = () => shop;
  const sellerShops = async () => (await t.db.selectFrom('shop as s').innerJoin('ums_admin as a', 'a.id', 's.owner_id').select('s.id')
    .where('a.username', '=', DEMO.seller.username).execute()).map((r) => Number(r.id));
  const summary = async (role: DemoRole): Promise<HomeSummary> => {
    const answer = await call<HomeSummary>(t.app, 'GET', `/api${HOME_API.summary}`, { token: tokens.get(role) });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };

  it('answers flash sales with sold and left as their rows hold them', async () => {
    const today = localDate(serverTimeZone(), Date.now());
    const product = { id: (await productOnSale(t.db, shopId(), { name: `Home flash kettle ${dialect}`, price: 1000, stock: 100 })).productId };
    const session = await t.db.insertInto('sms_flash_promotion_session').values({ name: `Home ${dialect}`, start_time: '00:00:00', end_time: '23:59:59', status: 0, create_time: toDbTime() })
      .returning('id').executeTakeFirstOrThrow();
    const sale = await t.db.insertInto('sms_flash_promotion').values({ title: `Home flash ${dialect}`, start_date: addDays(today, -1), end_date: addDays(today, 400), status: 1, create_time: toDbTime() })
      .returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('sms_flash_promotion_product_relation').values({
      flash_promotion_id: sale.id, flash_promotion_session_id: session.id, product_id: product.id, flash_promotion_price: 100, flash_promotion_count: 30, flash_promotion_limit: 2, flash_promotion_sold: 12, sort: 0,
    }).execute();
    const soon = await t.db.insertInto('sms_flash_promotion').values({ title: `Home soon ${dialect}`, start_date: addDays(today, 1), end_date: addDays(today, 2), status: 1, create_time: toDbTime() })
      .returning('id').executeTakeFirstOrThrow();
    const marketing = (await summary('marketingAdmin')).marketing!;
    // The soonest-ending few are listed; direct sums for every listed one.
    for (const listed of [...marketing.flash!.running, ...marketing.flash!.upcoming]) {
      const rows = await t.db.selectFrom('sms_flash_promotion_product_relation').select(['flash_promotion_count', 'flash_promotion_sold']).where('flash_promotion_id', '=', listed.id).execute();
      const offered = rows.reduce((a, r) => a + Number(r.flash_promotion_count ?? 0), 0);
      const sold = rows.reduce((a, r) => a + Number(r.flash_promotion_sold), 0);
      expect(listed, listed.title).toMatchObject({ offered, sold, left: offered - sold });
      const sale1 = await t.db.selectFrom('sms_flash_promotion').select(['status', 'start_date', 'end_date']).where('id', '=', listed.id).executeTakeFirstOrThrow();
      expect(sale1.status).toBe(1);
    }
    expect(marketing.flash!.running.every((s) => s.startDate <= today && s.endDate >= today)).toBe(true);
    expect(marketing.flash!.upcoming.every((s) => s.startDate > today)).toBe(true);
    expect(marketing.flash!.upcoming.map((s) => s.id)).toContain(Number(soon.id));
    // Taken offline: gone from home.
    await t.db.updateTable('sms_flash_promotion').set({ status: 0 }).where('id', '=', soon.id).execute();
    expect((await summary('marketingAdmin')).marketing!.flash!.upcoming.map((s) => s.id)).not.toContain(Number(soon.id));
  });

  it('counts coupons claimed, given and used since Monday, and ads showing now with their clicks', async () => {
    const before = (await summary('marketingAdmin')).marketing!;
    const coupon = await t.db.selectFrom('sms_coupon').select('id').orderBy('id').executeTakeFirstOrThrow();
    const member = await t.db.selectFrom('ums_member').select('id').orderBy('id').executeTakeFirstOrThrow();
    const row = (getType: number, used: boolean) => ({
      coupon_id: coupon.id, member_id: member.id, member_nickname: 'Home', coupon_code: null, get_type: getType, create_time: toDbTime(),
      use_status: used ? 1 : 0, use_time: used ? toDbTime() : null, order_id: null, order_sn: null,
    });
    await t.db.insertInto('sms_coupon_history').values([row(1, false), row(1, true), row(0, false)]).execute();
    // Last year's: not this week.
    await t.db.insertInto('sms_coupon_history').values({ ...row(1, true), create_time: '2020-01-01T00:00:00.000Z', use_time: '2020-01-02T00:00:00.000Z' }).execute();
    const after = (await summary('marketingAdmin')).marketing!;
    expect(after.coupons!.weekStart).toBe(weekStartOf(after.coupons!.weekStart));
    expect([after.coupons!.claimed - before.coupons!.claimed, after.coupons!.given - before.coupons!.given, after.coupons!.used - before.coupons!.used]).toEqual([2, 1, 1]);

    const now = new Date().toISOString();
    const ads = await t.db.selectFrom('sms_home_advertise').select(['click_count']).where('status', '=', 1).where('start_time', '<=', now).where('end_time', '>', now).execute();
    expect(after.ads).toEqual({ route: 'homeAdvertise', running: ads.length, clicks: ads.reduce((a, r) => a + Number(r.click_count ?? 0), 0) });
  });

  it('counts promoted products that left sale, per list', async () => {
    const product = { id: (await productOnSale(t.db, shopId(), { name: `Home new ${dialect}`, price: 1000, stock: 100 })).productId };
    await t.db.insertInto('sms_home_new_product').values({ product_id: product.id, recommend_status: 1, sort: 0 }).execute();
    const count = async () => (await summary('marketingAdmin')).marketing!.notForSale!.find((n) => n.key === 'newProducts')!.count;
    const before = await count();
    await t.db.updateTable('pms_product').set({ publish_status: 0 }).where('id', '=', product.id).execute();
    expect(await count()).toBe(before + 1);
    await t.db.updateTable('pms_product').set({ publish_status: 1, delete_status: 1 }).where('id', '=', product.id).execute();
    expect(await count()).toBe(before + 1);
    // Switched off on the list: no longer promoted.
    await t.db.updateTable('sms_home_new_product').set({ recommend_status: 0 }).where('product_id', '=', product.id).execute();
    expect(await count()).toBe(before);
  });

  it('is for who may see Marketing, and every marketing link opens a screen its reader may open', async () => {
    for (const role of ROLES) {
      const answer = await summary(role);
      const info = await call<{ menus: { name: string }[] }>(t.app, 'GET', '/api/admin/info', { token: tokens.get(role) });
      const menus = new Set(info.body.data.menus.map((m) => m.name));
      const m = answer.marketing;
      const routes = [m?.flash?.route, m?.coupons?.route, m?.ads?.route, ...(m?.notForSale ?? []).map((n) => n.route)].filter((r) => r !== undefined);
      expect(routes.filter((r) => !menus.has(r)).map((r) => `${role} -> ${r}`)).toEqual([]);
      if (role === 'admin' || role === 'marketingAdmin' || role === 'seller') expect(m?.flash && m.coupons && m.ads && m.notForSale?.length, role).toBeTruthy();
      else expect(m, role).toBeUndefined();
      // A seller runs its own shops' promotions: none of the platform's (no shop) nor another's is counted.
      if (role === 'seller') {
        const own = await t.db.selectFrom('sms_flash_promotion').select('id').where('shop_id', 'in', [...await sellerShops()]).execute();
        expect([...m!.flash!.running, ...m!.flash!.upcoming].every((s) => own.some((o) => Number(o.id) === s.id))).toBe(true);
      }
    }
  });
});
