// Protects: the home page in the real browser: for the admin, a seller and the product admin every figure shown equals a count made directly in the database for that caller, each pending-work link lands on a list whose total equals its figure (products low on stock: the product list with its lowStock chip), the page reads in English and Chinese, and fits a 390×844 phone with its charts.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStartMs, localDate } from '../../server/areas/home/days';
import { strings } from '../../src/resources/home/strings';
import { endpointOf } from '../../src/schema/engine/endpoints';
import { ENTITIES } from '../../src/schema/entities';
import type { HomeSummary, PendingKey } from '../../src/schema/home/summary';
import { PENDING_WORK } from '../../src/schema/home/summary';
import type { DemoRole } from '../helpers/accounts';
import { DEMO } from '../helpers/accounts';
import { callApi } from '../helpers/browser-api';
import { PHONE, browserSuite } from './harness';

const suite = browserSuite({ DEMO_CONTENT: 'true' });
const WAIT = { timeout: 15_000 } as const;

let db: Database.Database;
beforeAll(() => { db = new Database(join(suite.dataDir, 'admin.sqlite'), { readonly: true, fileMustExist: true }); });
afterAll(() => db?.close());

const count = (query: string, ...params: unknown[]): number => Number((db.prepare(query).get(...params) as { n: number }).n);

/** The shops a role's lists cover, as an SQL condition on `shop_id`: a seller's own, every shop for staff. */
const shopsWhere = (role: DemoRole): string => (role === 'seller'
  ? `shop_id in (select s.id from shop s join ums_admin a on a.id = s.owner_id where a.username = '${DEMO.seller.username}')`
  : '1 = 1');

/** Each pending item counted straight from the tables, in the role's scope. */
const directPending = (role: DemoRole, key: PendingKey, filter: Readonly<Record<string, string | number>>): number => {
  const shops = shopsWhere(role);
  switch (key) {
    case 'ordersPendingPayment': return count(`select count(*) n from oms_order where delete_status = 0 and status = 0 and ${shops}`);
    case 'ordersPendingShipment': return count(`select count(*) n from oms_order where delete_status = 0 and status = 1 and ${shops}`);
    case 'ordersShipped': return count(`select count(*) n from oms_order where delete_status = 0 and status = 2 and ${shops}`);
    case 'ordersPartiallyRefunded': return count(`select count(*) n from oms_order where delete_status = 0 and pay_status = 3 and ${shops}`);
    case 'returnsPending': return count(`select count(*) n from oms_order_return_apply where status = 0 and ${shops}`);
    case 'returnsInProgress': return count(`select count(*) n from oms_order_return_apply where status = 1 and ${shops}`);
    case 'adsEndingSoon': return count(`select count(*) n from sms_home_advertise where status = 1 and ${shops} and end_time >= ? and end_time <= ?`, filter.endTimeFrom, filter.endTimeTo);
    case 'vipPaymentsAwaiting': return count('select count(*) n from pay_record where status = 0');
    case 'membersAwaitingApproval': return count(`select count(*) n from ums_member where apply_status = 0 and ${shops}`);
    case 'productsLowStock': return count(`select count(*) n from pms_product where delete_status = 0 and stock <> -1 and stock <= low_stock and ${shops}`);
  }
};

const summaryOf = (role: DemoRole): Promise<HomeSummary> => callApi<HomeSummary>(suite, role, '/home/summary');

const text = async (page: Page, testId: string): Promise<string> => (await page.getByTestId(testId).first().textContent()) ?? '';
const digits = (value: string): number => Number(value.replace(/[^\d]/g, ''));

/** Opens the home page and waits for its figures. */
const openHome = async (page: Page): Promise<void> => {
  await page.goto('/home');
  await page.getByTestId('home-dashboard').waitFor(WAIT);
};

/** Follows a pending link and answers the total of the list it landed on (its first list request's answer) and the URL. */
const followPending = async (page: Page, key: PendingKey): Promise<{ total: number; url: string }> => {
  const entity = ENTITIES[PENDING_WORK.find((p) => p.key === key)!.entity];
  const listPath = `/api${endpointOf(entity, 'list')!.url}`;
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === listPath && r.request().method() === 'GET', WAIT);
  await page.getByTestId(`pending-${key}`).click();
  const response = await answered;
  const body = (await response.json()) as { data: { total: number } };
  return { total: body.data.total, url: page.url() };
};

describe('home page', () => {
  it.each(['admin', 'seller', 'productAdmin'] as const)('%s: every figure equals a direct count, every pending link lands on a list of that total', async (role) => {
    const summary = await summaryOf(role);
    await suite.withPage(async (page) => {
      await openHome(page);
      const zone = summary.timeZone;
      expect(summary.today).toBe(localDate(zone, Date.now()));
      expect(await text(page, 'home-time-zone')).toContain(zone);
      // Today's orders, straight from the orders.
      if (role === 'productAdmin') {
        expect(await page.getByTestId('home-today').count()).toBe(0);
        expect(await page.getByTestId('home-charts').count()).toBe(0);
        expect(await page.locator('body').textContent()).not.toMatch(/sales|revenue|NaN/i);
      } else {
        const from = new Date(dayStartMs(zone, summary.today)).toISOString();
        const to = new Date(dayStartMs(zone, addDays(summary.today, 1))).toISOString();
        const today = count(`select count(*) n from oms_order where delete_status = 0 and create_time >= ? and create_time < ? and ${shopsWhere(role)}`, from, to);
        expect(digits(await text(page, 'home-orders-today'))).toBe(today);
        await page.getByTestId('home-charts').waitFor(WAIT);
        expect(await page.getByTestId('home-chart-orders').locator('[data-testid="home-chart-bar"]').count()).toBe(7);
        await page.getByTestId('home-chart-30').click();
        await expect.poll(() => page.getByTestId('home-chart-orders').locator('[data-testid="home-chart-bar"]').count(), WAIT).toBe(30);
        // A bar's tooltip names its day and figure.
        await page.getByTestId('home-chart-orders').locator('[data-testid="home-chart-bar"]').last().hover();
        await expect.poll(async () => (await page.getByRole('tooltip').textContent()) ?? '', WAIT).toContain(String(summary.orders!.today.orders));
      }
      // Products and members overviews.
      if (summary.products) {
        const products = count(`select count(*) n from pms_product where delete_status = 0 and ${shopsWhere(role)}`);
        const onSale = count(`select count(*) n from pms_product where delete_status = 0 and publish_status = 1 and ${shopsWhere(role)}`);
        expect(digits(await text(page, 'home-products-total'))).toBe(products);
        expect(digits(await text(page, 'home-products-onSale'))).toBe(onSale);
        expect(digits(await text(page, 'home-products-offSale'))).toBe(products - onSale);
        expect(digits(await text(page, 'home-products-lowStock'))).toBe(directPending(role, 'productsLowStock', {}));
      }
      if (summary.members) expect(digits(await text(page, 'home-members-total'))).toBe(count(`select count(*) n from ums_member where ${shopsWhere(role)}`));
      // Pending work: the figure on the page is the database's, and its link opens a list of exactly that many rows.
      const expectedKeys = summary.pending.map((p) => p.key);
      // The product admin's only item is the products low on stock; everyone who lists products has it.
      if (role === 'productAdmin') expect(expectedKeys).toEqual(['productsLowStock']);
      else expect(expectedKeys).toContain('productsLowStock');
      expect(await page.getByTestId(/^pending-[A-Za-z]+$/).count()).toBe(expectedKeys.length);
      for (const item of summary.pending) {
        // The filter the page links with (the advertisements' window is the page's own request's "now").
        const href = await page.getByTestId(`pending-${item.key}`).getAttribute('href');
        const filter = JSON.parse(new URL(href!, suite.baseUrl).searchParams.get('filter')!) as Record<string, string | number>;
        expect(Object.keys(filter)).toEqual(Object.keys(item.filter));
        const direct = directPending(role, item.key, filter);
        expect(digits(await text(page, `pending-${item.key}-count`)), `${role} ${item.key}`).toBe(direct);
        const landed = await followPending(page, item.key);
        // The list's filter is the link's as clicked: home may have refetched its summary (a new
        // "now" for the advertisements' window) between reading the link and the click.
        const landedFilter = JSON.parse(new URL(landed.url).searchParams.get('filter')!) as Record<string, string | number>;
        expect(Object.keys(landedFilter)).toEqual(Object.keys(item.filter));
        expect(landed.total, `${role} ${item.key} list`).toBe(directPending(role, item.key, landedFilter));
        // The comparison filter shows as its chip on the list, so the user sees why the list is short.
        if (item.key === 'productsLowStock') await page.getByTestId('compare-filter-chip').waitFor(WAIT);
        await page.goBack();
        await page.getByTestId('home-dashboard').waitFor(WAIT);
      }
    }, { as: role, lang: 'en' });
  }, 60_000);

  it('reads in Chinese on a 390×844 phone, charts included, nothing off the screen', async () => {
    await suite.withPage(async (page) => {
      await openHome(page);
      const zh = strings.zh.homeDashboard;
      await expect.poll(async () => (await page.getByTestId('home-pending').textContent()) ?? '', WAIT).toContain(zh.pending.title);
      expect(await page.getByTestId('home-today').textContent()).toContain(zh.today.orders);
      await page.getByTestId('home-charts').waitFor(WAIT);
      expect(await page.getByTestId('home-charts').textContent()).toContain(zh.chart.title);
      const box = await page.getByTestId('home-chart-orders').boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await page.locator('body').textContent()).not.toContain('NaN');
    }, { as: 'seller', lang: 'zh', viewport: PHONE });
  }, 60_000);
});
