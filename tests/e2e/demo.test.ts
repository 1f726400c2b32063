// The newcomer's first look: a fresh demo start (DEMO_CONTENT on, as `npm start` does) shows data on
// every entity list screen, for the super admin and the seller; on a phone the lists are cards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/entity';
import { ALL_ROUTES } from '../../src/schema/routes';
import { listPathFields, routeOf, urlOf } from '../helpers/entity-bodies';
import type { RunningServer, Viewport } from './harness';
import { ADMIN, DESKTOP, launchBrowser, newPage, PHONE, SELLER, signIn, startServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_CONTENT: 'true' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const withPage = async (run: (page: Page) => Promise<void>, viewport: Viewport = DESKTOP, lang = 'en') => {
  const { context, page } = await newPage(browser, server.baseUrl, viewport);
  await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
  try {
    await run(page);
  } finally {
    await context.close();
  }
};

/** Entities whose list is a visible menu screen that fetches without URL parameters. */
const screens = entityList.flatMap((entity) => {
  const route = ALL_ROUTES.find((r) => r.name === entity.menu.route && !r.hidden);
  const list = routeOf(entity, 'list');
  return route && list && listPathFields(entity).every((f) => entity.fields[f]?.default !== undefined)
    ? [{ entity, path: route.path }] : [];
});

/** The first record's display value as the screen's default list order shows it. */
const firstDisplayValue = async (page: Page, entity: Entity): Promise<string> => {
  const token = await page.evaluate(() => localStorage.getItem('loginToken'));
  const values = Object.fromEntries(listPathFields(entity).map((f) => [f, entity.fields[f]?.default]));
  const sort = entity.defaultSort ?? { field: 'id', order: 'DESC' };
  const url = `${server.baseUrl}${urlOf(routeOf(entity, 'list')!, values)}?pageSize=10&sort=${sort.field}&order=${sort.order.toLowerCase()}`;
  const answer = await fetch(url, { headers: { authorization: token ?? '' } });
  const body = await answer.json() as { data: { list: Record<string, unknown>[] } };
  const first = body.data.list[0];
  expect(first, `${entity.name}: no demo rows`).toBeDefined();
  return String(first![entity.display]);
};

/** Client-side navigation (as the menu does): a full reload per screen would refetch the admin each time. */
const open = (page: Page, path: string) => page.evaluate((to) => {
  window.history.pushState({}, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}, path);

const SCREEN_TIMEOUT = { timeout: 60_000 };

const expectFilled = async (page: Page, entity: Entity, path: string) => {
  await open(page, path);
  await page.waitForURL(`**${path}`);
  const value = await firstDisplayValue(page, entity);
  await page.locator('#main-content').getByText(value, { exact: true }).first().waitFor(SCREEN_TIMEOUT);
  await expect.poll(() => page.getByText(/^No .* yet$/).count(), { message: `${path} shows an empty state` }).toBe(0);
};

describe('a fresh demo start', () => {
  it('shows data on every entity list screen of the super admin', () => withPage(async (page) => {
    expect(screens.map((s) => s.entity.name)).toEqual(expect.arrayContaining(['brand', 'productCategory', 'homeAdvertise', 'memberLevel', 'returnReason']));
    await signIn(page, ADMIN);
    for (const { entity, path } of screens) await expectFilled(page, entity, path);
  }), 300_000);

  it("shows data on the seller's shop and mold screens", () => withPage(async (page) => {
    await signIn(page, SELLER);
    const scoped = screens.filter((s) => s.entity.tenant !== null);
    expect(scoped.length).toBeGreaterThan(0);
    for (const { entity, path } of scoped) await expectFilled(page, entity, path);
  }), 180_000);
});

describe('lists on a phone (390 x 844)', () => {
  it.each([
    ['en', 'Sort', 'No Brands yet'],
    ['zh', '排序', '暂无品牌'],
  ])('show brands as cards without a table header (%s)', (lang, sortLabel, emptyTitle) => withPage(async (page) => {
    await signIn(page, ADMIN);
    await page.goto('/pms/brand');
    const cards = page.locator('#main-content ul > li');
    const northwind = cards.filter({ hasText: 'Northwind Outdoor' });
    await northwind.waitFor(SCREEN_TIMEOUT);
    // The card holds the logo, a labelled field and the inline switch of the list.
    await northwind.getByRole('img', { name: 'Northwind Outdoor' }).waitFor();
    await northwind.getByText(sortLabel, { exact: true }).waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByRole('columnheader').count()).toBe(0);
    await expect.poll(() => page.locator('#main-content table').count()).toBe(0);
    await expect.poll(() => page.getByText(emptyTitle).count()).toBe(0);
    // A tap opens the record, as a table row does.
    await northwind.getByText('Northwind Outdoor', { exact: true }).click();
    await page.waitForURL('**/pms/updateBrand?id=*');
  }, PHONE, lang), 180_000);
});
