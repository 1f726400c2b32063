// Protects: a fresh demo start shows data on every entity list screen for the super admin and the seller, and phone lists render as cards.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import { ALL_ROUTES } from '../../src/schema/routes';
import { listPathFields, routeOf } from '../helpers/entity-bodies';
import { browserSuite, PHONE } from './harness';

const { withPage } = browserSuite({ DEMO_CONTENT: 'true' });

/** Entities whose list is a visible menu screen that fetches without URL parameters. */
const screens = entityList.flatMap((entity) => {
  const route = ALL_ROUTES.find((r) => r.name === entity.menu.route && !r.hidden);
  const list = routeOf(entity, 'list');
  return route && list && listPathFields(entity).every((f) => entity.fields[f]?.default !== undefined)
    ? [{ entity, path: route.path }] : [];
});

const SCREEN_TIMEOUT = { timeout: 60_000 };

const expectFilled = async (page: Page, path: string) => {
  // A full load per screen: a client-side switch could leave the previous screen's rows in place for a moment.
  await page.goto(path);
  // A data row (the empty state replaces the whole table), then no "No … yet" anywhere.
  await page.locator('#main-content tbody tr').first().waitFor(SCREEN_TIMEOUT);
  await expect.poll(() => page.getByText(/^No .* yet$/).count(), { message: `${path} shows an empty state` }).toBe(0);
};

describe('a fresh demo start', () => {
  it('shows data on every entity list screen of the super admin', () => withPage(async (page) => {
    expect(screens.map((s) => s.entity.name)).toEqual(expect.arrayContaining(['brand', 'productCategory', 'homeAdvertise', 'memberLevel', 'returnReason']));
    for (const { path } of screens) await expectFilled(page, path);
  }, { as: 'admin', lang: 'en' }), 480_000);

  it("shows data on the seller's shop and mold screens", () => withPage(async (page) => {
    const scoped = screens.filter((s) => s.entity.tenant !== null);
    expect(scoped.length).toBeGreaterThan(0);
    for (const { path } of scoped) await expectFilled(page, path);
  }, { as: 'seller', lang: 'en' }), 180_000);
});

describe('lists on a phone (390 x 844)', () => {
  it.each([
    ['en', 'Sort', 'No Brands yet'],
    ['zh', '排序', '暂无品牌'],
  ] as const)('show brands as cards without a table header (%s)', (lang, sortLabel, emptyTitle) => withPage(async (page) => {
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
  }, { as: 'admin', viewport: PHONE, lang }), 180_000);
});
