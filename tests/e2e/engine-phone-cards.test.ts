// Protects: phone lists render as cards (labelled fields, the row's switch, a tap opens the record).
// That a fresh demo fills every entity list of the super admin and the seller is checked by the
// route walk (./route-walk.ts `demoFilledPaths`, in shell-fit-admin and shell-fit-roles), which opens them anyway.
import { describe, expect, it } from 'vitest';
import { browserSuite, PHONE } from './harness';

const { withPage } = browserSuite({ DEMO_CONTENT: 'true' });

const SCREEN_TIMEOUT = { timeout: 60_000 };

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
