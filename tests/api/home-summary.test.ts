// Protects: GET /home/summary answers each role exactly what its lists hold: orders and sales per day equal direct counts (also after raw SQL writes), each pending figure equals its list's total, products low on stock (unlimited never) equal the product list's lowStock total and a direct count per role, no money figures without the lists that carry them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStartMs, localDate } from '../../server/areas/home/days';
import type { HomeSummary } from '../../src/schema/home/summary';
import { HOME_API, HOME_CHART_DAYS, PENDING_WORK } from '../../src/schema/home/summary';
import { endpointOf } from '../../src/schema/engine/endpoints';
import { ENTITIES } from '../../src/schema/entities';
import { fromCents } from '../../src/schema/engine/money';
import type { DemoRole } from '../helpers/accounts';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const ROLES: readonly DemoRole[] = ['admin', 'seller', 'seller2', 'productAdmin', 'orderAdmin'];
const PAID = [1, 2, 3];

describe('days in a time zone', () => {
  it('a day starts at local midnight, across daylight saving changes', () => {
    expect(new Date(dayStartMs('Europe/Berlin', '2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(dayStartMs('Europe/Berlin', '2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(dayStartMs('Asia/Kathmandu', '2026-11-28')).toISOString()).toBe('2026-11-27T18:15:00.000Z');
    expect(new Date(dayStartMs('America/New_York', '2026-11-01')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(localDate('Asia/Shanghai', Date.parse('2026-11-27T16:00:00.000Z'))).toBe('2026-11-28');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe.each(testDialects())('home summary (%s)', (dialect) => {
  let t: TestApp;
  const tokens = new Map<DemoRole, string>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // These count in the platform's zone (TZ); a shop's own zone is tests/api/home-shop-day.test.ts's.
    await t.db.updateTable('shop').set({ time_zone: null }).execute();
    for (const role of ROLES) tokens.set(role, await login(t.app, DEMO[role]));
  });
  afterAll(async () => t?.close());

  const summary = async (role: DemoRole): Promise<HomeSummary> => {
    const answer = await call<HomeSummary>(t.app, 'GET', `/api${HOME_API.summary}`, { token: tokens.get(role) });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };

  /** The shops a role's lists cover: a seller's own, everyone else every shop. */
  const shopsOf = async (role: DemoRole): Promise<{ id: number; currency: string }[]> => {
    let query = t.db.selectFrom('shop as s').select(['s.id', 's.currency']);
    if (role === 'seller' || role === 'seller2') {
      query = query.innerJoin('ums_admin as a', 'a.id', 's.owner_id').where('a.username', '=', DEMO[role].username);
    }
    return (await query.execute()).map((r) => ({ id: Number(r.id), currency: r.currency || 'USD' }));
  };

  /** The days counted straight from the orders. */
  const directDays = async (role: DemoRole, zone: string, today: string) => {
    const shops = await shopsOf(role);
    const currencyOf = new Map(shops.map((s) => [s.id, s.currency]));
    const first = new Date(dayStartMs(zone, addDays(today, 1 - HOME_CHART_DAYS))).toISOString();
    const rows = shops.length ? await t.db.selectFrom('oms_order').select(['shop_id', 'create_time', 'status', 'pay_amount'])
      .where('delete_status', '=', 0).where('create_time', '>=', first).where('shop_id', 'in', shops.map((s) => s.id)).execute() : [];
    return Array.from({ length: HOME_CHART_DAYS }, (_, i) => {
      const date = addDays(today, i - HOME_CHART_DAYS + 1);
      const [from, to] = [dayStartMs(zone, date), dayStartMs(zone, addDays(date, 1))];
      const inDay = rows.filter((r) => Date.parse(r.create_time) >= from && Date.parse(r.create_time) < to);
      const sales: Record<string, number> = Object.fromEntries([...new Set(currencyOf.values())].map((c) => [c, 0]));
      const cents: Record<string, number> = { ...sales };
      for (const r of inDay) if (PAID.includes(Number(r.status))) cents[currencyOf.get(Number(r.shop_id))!] += Number(r.pay_amount);
      for (const c of Object.keys(cents)) sales[c] = fromCents(cents[c]!);
      return { date, orders: inDay.length, sales };
    });
  };

  it('answers every role; orders and sales per day equal the orders counted directly, in the server time zone', async () => {
    for (const role of ROLES) {
      const answer = await summary(role);
      expect(answer.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(answer.today).toBe(localDate(answer.timeZone, Date.now()));
      if (role === 'productAdmin') continue;
      const days = await directDays(role, answer.timeZone, answer.today);
      expect(answer.orders?.days, role).toEqual(days);
      expect(answer.orders?.today).toEqual(days.at(-1));
      expect(answer.orders?.yesterday).toEqual(days.at(-2));
      expect(answer.orders?.lastWeek).toEqual(days.at(-8));
    }
    // The demo has orders in the last days for the admin and the seller: the comparison is not of empty lists.
    expect((await summary('admin')).orders!.days.reduce((n, d) => n + d.orders, 0)).toBeGreaterThan(0);
    expect((await summary('seller')).orders!.days.reduce((n, d) => n + d.orders, 0)).toBeGreaterThan(0);
  });

  it('the kept stats follow raw SQL writes: inserts, paying, moving to the bin, deleting', async () => {
    const shop = (await shopsOf('seller'))[0]!;
    const now = new Date().toISOString();
    const base = { shop_id: shop.id, create_time: now, member_id: 1, member_username: 'm', total_amount: 12345, freight_amount: 0, pay_type: 0, source_type: 0, order_type: 0, confirm_status: 0, delete_status: 0, modify_time: now };
    await t.db.insertInto('oms_order').values([
      { ...base, order_sn: 'HOME-T-1', status: 0, pay_amount: 12345 },
      { ...base, order_sn: 'HOME-T-2', status: 1, pay_amount: 2000 },
      { ...base, order_sn: 'HOME-T-3', status: 1, pay_amount: 777 },
    ] as never).execute();
    await t.db.updateTable('oms_order').set({ status: 1 }).where('order_sn', '=', 'HOME-T-1').execute();
    await t.db.updateTable('oms_order').set({ status: 2 }).where('order_sn', '=', 'HOME-T-2').execute();
    await t.db.updateTable('oms_order').set({ delete_status: 1 }).where('order_sn', '=', 'HOME-T-3').execute();
    const answer = await summary('seller');
    const days = await directDays('seller', answer.timeZone, answer.today);
    expect(answer.orders!.days).toEqual(days);
    await t.db.deleteFrom('oms_order').where('order_sn', 'in', ['HOME-T-1', 'HOME-T-2', 'HOME-T-3']).execute();
    const after = await summary('seller');
    expect(after.orders!.days).toEqual(await directDays('seller', after.timeZone, after.today));
    // A recount from the orders finds what the triggers kept.
    const kept = await sql<{ n: string }>`select coalesce(sum(orders), 0) as n from oms_order_stats`.execute(t.db);
    const live = await t.db.selectFrom('oms_order').select((eb) => eb.fn.countAll().as('n')).where('delete_status', '=', 0).executeTakeFirstOrThrow();
    expect(Number(kept.rows[0]!.n)).toBe(Number(live.n));
  });

  it('the parts are kept between writes, and a new order, a payment, a new member change them on the very next call', async () => {
    const shop = (await shopsOf('seller'))[0]!;
    // The ads-ending-soon window moves with the clock (its bounds are now and a week on): the rest is kept.
    const steady = (answer: HomeSummary) => ({ ...answer, pending: answer.pending?.map((p) => (p.key === 'adsEndingSoon' ? { ...p, filter: {} } : p)) });
    const first = await summary('seller');
    expect(steady(await summary('seller'))).toEqual(steady(first));
    const now = new Date().toISOString();
    await t.db.insertInto('oms_order').values({
      shop_id: shop.id, create_time: now, member_id: 1, member_username: 'm', total_amount: 4321, freight_amount: 0, pay_type: 0, source_type: 0,
      order_type: 0, confirm_status: 0, delete_status: 0, modify_time: now, order_sn: 'HOME-CACHE-1', status: 0, pay_amount: 4321,
    } as never).execute();
    const added = await summary('seller');
    expect(added.orders!.today.orders).toBe(first.orders!.today.orders + 1);
    const pendingPayment = (a: HomeSummary) => a.pending.find((p) => p.key === 'ordersPendingPayment')!.count;
    expect(pendingPayment(added)).toBe(pendingPayment(first) + 1);
    expect(added.orders!.today.sales).toEqual(first.orders!.today.sales);
    // The admin's platform days (another key) follow as well.
    expect((await summary('admin')).orders!.days).toEqual(await directDays('admin', added.timeZone, added.today));
    await t.db.updateTable('oms_order').set({ status: 1 }).where('order_sn', '=', 'HOME-CACHE-1').execute();
    const paid = await summary('seller');
    expect(paid.orders!.today.sales[shop.currency]).toBe(fromCents(Math.round(first.orders!.today.sales[shop.currency]! * 100) + 4321));
    expect(paid.orders!.days).toEqual(await directDays('seller', paid.timeZone, paid.today));
    await t.db.deleteFrom('oms_order').where('order_sn', '=', 'HOME-CACHE-1').execute();
    expect((await summary('seller')).orders!.days).toEqual(first.orders!.days);
    // The other kept parts follow their own tables: a member who joined today (products: the low-stock test below).
    const own = (await shopsOf('seller')).map((s) => s.id);
    const member = await t.db.selectFrom('ums_member').select(['id', 'create_time']).where('shop_id', 'in', own)
      .where('create_time', '<', new Date(dayStartMs(first.timeZone, first.today)).toISOString()).executeTakeFirstOrThrow();
    await t.db.updateTable('ums_member').set({ create_time: new Date().toISOString() }).where('id', '=', member.id).execute();
    expect((await summary('seller')).members!.newToday).toBe(first.members!.newToday + 1);
    await t.db.updateTable('ums_member').set({ create_time: member.create_time }).where('id', '=', member.id).execute();
    expect((await summary('seller')).members).toEqual(first.members);
  });

  it('days follow the time zone (TZ), a daylight-saving day of 23 or 25 hours included: orders just either side of each midnight', async () => {
    const before = process.env.TZ;
    // New York's clocks went back on 2026-11-01 (a 25-hour day); whatever the date, every boundary of the window is tried.
    process.env.TZ = 'America/New_York';
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const today = localDate(zone, Date.now());
      const shop = (await shopsOf('seller'))[0]!;
      const rows = Array.from({ length: HOME_CHART_DAYS }, (_, i) => dayStartMs(zone, addDays(today, i - HOME_CHART_DAYS + 1)))
        .flatMap((start, i) => [start - 60_000, start, start + 60_000].filter((ms) => ms < Date.now()).map((ms, j) => ({
          shop_id: shop.id, order_sn: `HOME-TZ-${i}-${j}`, create_time: new Date(ms).toISOString(), member_id: 1, member_username: 'm',
          total_amount: 100, pay_amount: 100 + i, freight_amount: 0, pay_type: 0, source_type: 0, order_type: 0, confirm_status: 0,
          delete_status: 0, modify_time: new Date().toISOString(), status: j === 1 ? 0 : 1,
        })));
      await t.db.insertInto('oms_order').values(rows as never).execute();
      const answer = await summary('seller');
      expect(answer.timeZone).toBe('America/New_York');
      expect(answer.orders!.days).toEqual(await directDays('seller', zone, answer.today));
      await t.db.deleteFrom('oms_order').where('order_sn', 'like', 'HOME-TZ-%').execute();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("each pending figure equals the total of the list it links to, as that caller", async () => {
    const seen = new Set<string>();
    for (const role of ROLES) {
      const answer = await summary(role);
      for (const item of answer.pending) {
        seen.add(item.key);
        const entity = ENTITIES[PENDING_WORK.find((p) => p.key === item.key)!.entity];
        const query = new URLSearchParams({ pageNum: '1', pageSize: '1', ...Object.fromEntries(Object.entries(item.filter).map(([k, v]) => [k, String(v)])) });
        const list = await call<{ total: number }>(t.app, 'GET', `/api${endpointOf(entity, 'list')!.url}?${query}`, { token: tokens.get(role) });
        expect(list.status, `${role} ${item.key} ${list.raw}`).toBe(200);
        expect(item.count, `${role} ${item.key}`).toBe(list.body.data.total);
      }
    }
    expect([...seen].sort()).toEqual(['adsEndingSoon', 'membersAwaitingApproval', 'ordersPartiallyRefunded', 'ordersPendingPayment', 'ordersPendingShipment', 'ordersShipped', 'productsLowStock', 'returnsInProgress', 'returnsPending', 'vipPaymentsAwaiting']);
  });

  it('products low on stock: a seller\'s own, the product admin\'s all, each its filtered list\'s total and a direct count; unlimited stock never; none without the product list', async () => {
    const sellerShops = (await shopsOf('seller')).map((s) => s.id);
    // Products of the seller's below, at and above their level, and one unlimited (-1) under any level.
    const post = async (url: string, body: unknown): Promise<{ id: number }> => {
      const answer = await call<{ id: number }>(t.app, 'POST', `/api${url}`, { token: tokens.get('admin'), body });
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data;
    };
    const top = await post('/productCategory/create', { name: 'Home low stock', parentId: 0 });
    const category = await post('/productCategory/create', { name: 'Home low stock leaf', parentId: top.id });
    const mine: number[] = [];
    for (const [i, [stock, lowStock]] of ([[3, 10], [10, 10], [11, 10], [-1, 10]] as const).entries()) {
      mine.push((await post('/product/create', {
        shopId: sellerShops[0], productCategoryId: category.id, name: `Home stock ${i}`, subTitle: 'Stock', description: 'Stock.', productSn: `HOME-LOW-${i}`, price: 1, stock, lowStock,
      })).id);
    }
    /** Live products at or below their level, never unlimited, in these shops (all when none given). */
    const direct = async (shops?: number[]): Promise<number> => {
      let query = t.db.selectFrom('pms_product').select((eb) => eb.fn.countAll().as('n'))
        .where('delete_status', '=', 0).where('stock', '<>', -1).whereRef('stock', '<=', 'low_stock');
      if (shops) query = query.where('shop_id', 'in', shops);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const listTotal = async (role: DemoRole): Promise<number> => {
      const list = await call<{ total: number }>(t.app, 'GET', '/api/product/list?pageNum=1&pageSize=1&lowStock=1', { token: tokens.get(role) });
      expect(list.status, list.raw).toBe(200);
      return list.body.data.total;
    };
    for (const [role, shops] of [['seller', sellerShops], ['productAdmin', undefined], ['admin', undefined]] as const) {
      const answer = await summary(role);
      const item = answer.pending.find((p) => p.key === 'productsLowStock');
      expect(item, role).toMatchObject({ route: 'product', filter: { lowStock: 1 } });
      const expected = await direct(shops ? [...shops] : undefined);
      expect(item!.count, role).toBe(expected);
      expect(await listTotal(role), role).toBe(expected);
      expect(answer.products!.lowStock, role).toBe(expected);
    }
    // Two of the four are low (3 ≤ 10 and 10 ≤ 10): the seller's figure counts them, not the unlimited one.
    const lowOfMine = await t.db.selectFrom('pms_product').select('id').where('id', 'in', mine).where('stock', '<>', -1).whereRef('stock', '<=', 'low_stock').execute();
    expect(lowOfMine.map((r) => Number(r.id))).toEqual(mine.slice(0, 2));
    expect((await summary('seller')).products!.lowStock).toBeGreaterThanOrEqual(2);
    await t.db.updateTable('pms_product').set({ stock: 10, low_stock: 0 }).where('id', '=', mine[0]!).execute();
    expect((await summary('seller')).products!.lowStock).toBe(await direct([...sellerShops]));
    // The order admin may not list products: no figure, no item, no error.
    const order = await summary('orderAdmin');
    expect(order.products).toBeUndefined();
    expect(order.pending.map((p) => p.key)).not.toContain('productsLowStock');
  });

  it('holds only what each role may list: no money for the product admin, no platform figures for a seller', async () => {
    const product = await summary('productAdmin');
    expect(product.orders).toBeUndefined();
    expect(product.vipRevenue).toBeUndefined();
    expect(product.referral).toBeUndefined();
    expect(product.pending.map((p) => p.key)).toEqual(['productsLowStock']);
    const list = await call<{ total: number }>(t.app, 'GET', '/api/product/list?pageNum=1&pageSize=1', { token: tokens.get('productAdmin') });
    expect(product.products?.total, list.raw).toBe(list.body.data.total);
    expect(JSON.stringify(product)).not.toMatch(/sales|revenue|unpaid/i);

    const order = await summary('orderAdmin');
    expect(order.orders).toBeDefined();
    expect(order.products).toBeUndefined();
    expect(order.vipRevenue).toBeUndefined();
    expect(order.capacity).toBeUndefined();
    expect(order.pending.map((p) => p.key)).toEqual(['ordersPendingPayment', 'ordersPendingShipment', 'ordersShipped', 'ordersPartiallyRefunded', 'returnsPending', 'returnsInProgress']);

    const seller = await summary('seller');
    expect(seller.vipRevenue).toBeUndefined();
    expect(seller.capacity).toBeUndefined();
    expect(seller.pending.map((p) => p.key)).not.toContain('vipPaymentsAwaiting');
    const sellerShops = await shopsOf('seller');
    expect(seller.orders!.currencies).toEqual([...new Set(sellerShops.map((s) => s.currency))].sort());
    const products = await t.db.selectFrom('pms_product').select((eb) => eb.fn.countAll().as('n'))
      .where('shop_id', 'in', sellerShops.map((s) => s.id)).where('delete_status', '=', 0).executeTakeFirstOrThrow();
    expect(seller.products!.total).toBe(Number(products.n));
    const onSale = await t.db.selectFrom('pms_product').select((eb) => eb.fn.countAll().as('n'))
      .where('shop_id', 'in', sellerShops.map((s) => s.id)).where('delete_status', '=', 0).where('publish_status', '=', 1).executeTakeFirstOrThrow();
    expect(seller.products!.onSale).toBe(Number(onSale.n));
    const members = await t.db.selectFrom('ums_member').select((eb) => eb.fn.countAll().as('n')).where('shop_id', 'in', sellerShops.map((s) => s.id)).executeTakeFirstOrThrow();
    expect(seller.members!.total).toBe(Number(members.n));
    expect(seller.vip).toBeDefined();
    expect(seller.gettingStarted).toMatchObject({ shop: true, product: seller.products!.total > 0 });

    const admin = await summary('admin');
    expect(admin.vipRevenue).toBeDefined();
    expect(admin.capacity).toBeDefined();
    expect(admin.vip).toBeUndefined();
    expect(admin.gettingStarted).toBeUndefined();
    const paid = await t.db.selectFrom('pay_record').select((eb) => eb.fn.sum<string>('amount').as('n')).where('status', '=', 1).executeTakeFirstOrThrow();
    expect(admin.vipRevenue!.total).toBe(fromCents(Number(paid.n ?? 0)));
    const allMembers = await t.db.selectFrom('ums_member').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(admin.members!.total).toBe(Number(allMembers.n));
  });

  it("every pending item links to a screen its reader may open: the marketing admin reads products but has no product list, so no low-stock item", async () => {
    tokens.set('marketingAdmin', await login(t.app, DEMO.marketingAdmin));
    const marketing = await summary('marketingAdmin');
    expect(marketing.pending.map((p) => p.key)).not.toContain('productsLowStock');
    const products = await call(t.app, 'GET', '/api/product/list?pageNum=1&pageSize=1', { token: tokens.get('marketingAdmin') });
    expect(products.status, 'the marketing admin reads products (to pick them)').toBe(200);
    for (const role of [...ROLES, 'marketingAdmin'] as const) {
      const answer = await summary(role);
      const info = await call<{ menus: { name: string }[] }>(t.app, 'GET', '/api/admin/info', { token: tokens.get(role) });
      const menus = new Set(info.body.data.menus.map((m) => m.name));
      expect(answer.pending.filter((p) => !menus.has(p.route)).map((p) => `${role}: ${p.key} -> ${p.route}`)).toEqual([]);
    }
  });

  it('a new seller without a shop gets the checklist, zeros and no error', async () => {
    const registered = await call(t.app, 'POST', '/api/admin/register', { body: { username: 'homeNewSeller', password: 'home-new-seller-pass', email: 'home@example.com' } });
    expect(registered.status, registered.raw).toBe(200);
    const token = await login(t.app, { username: 'homeNewSeller', password: 'home-new-seller-pass' });
    const answer = await call<HomeSummary>(t.app, 'GET', `/api${HOME_API.summary}`, { token });
    expect(answer.status, answer.raw).toBe(200);
    const data = answer.body.data;
    expect(data.gettingStarted).toEqual({ vip: false, shop: false, product: false, invite: false });
    expect(data.vip).toEqual({ level: 0, expireTime: null, daysLeft: 0 });
    expect(data.orders?.days.every((d) => d.orders === 0)).toBe(true);
    expect(data.orders?.currencies).toEqual([]);
    expect(answer.raw).not.toMatch(/NaN|null,"daysLeft":NaN/);
  });

  it('refuses anonymous callers', async () => {
    expect((await call(t.app, 'GET', `/api${HOME_API.summary}`)).status).toBe(401);
  });
});
