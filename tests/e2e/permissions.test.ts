// Protects: permissions in the real browser: editing a role changes what its admins see, shop scope of molds, and a created account signing in with its role.
// Permissions end to end: real server on a fresh demo database, real Chromium. The super admin
// edits the demo "Product admin" role through the screens, and that role's admin, signing in
// again, sees exactly the changed menus; the seller sees only their own molds.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import type { RunningServer } from './harness';
import { ADMIN, launchBrowser, newPage, SELLER, signIn, startServer } from './harness';

const PRODUCT_ADMIN = DEMO.productAdmin;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const withPage = async (run: (page: Page) => Promise<void>) => {
  const { context, page } = await newPage(browser, server.baseUrl);
  try {
    await run(page);
  } finally {
    await context.close();
  }
};

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('editing a role changes what its admins see', () => {
  it('moves the Product admin role from products to return reasons', async () => {
    // Before: the product admin works in Products only.
    await withPage(async (page) => {
      await signIn(page, PRODUCT_ADMIN);
      await sidebar(page).getByText('Products').first().waitFor();
      expect(await sidebar(page).getByText('Orders').count()).toBe(0);
    });

    await withPage(async (page) => {
      await signIn(page, ADMIN);
      await page.goto('/ums/role');
      const row = page.getByRole('row').filter({ hasText: 'Product admin' });
      await row.getByRole('link', { name: 'Allocate menus' }).click();
      await page.waitForURL('**/ums/allocMenu?roleId=*');
      await page.getByText('Role: Product admin').waitFor();

      // The section unchecks all its pages; one page of another section is granted instead.
      const productsSection = page.getByRole('checkbox', { name: 'Products', exact: true }).first();
      await expect(productsSection.isChecked()).resolves.toBe(true);
      await productsSection.uncheck();
      await page.getByRole('checkbox', { name: 'Brands', exact: true }).waitFor();
      await expect(page.getByRole('checkbox', { name: 'Brands', exact: true }).isChecked()).resolves.toBe(false);
      await page.getByRole('checkbox', { name: 'Return reasons', exact: true }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Menus saved').waitFor();
      await page.waitForURL('**/ums/role');

      await page.getByRole('row').filter({ hasText: 'Product admin' }).getByRole('link', { name: 'Allocate resources' }).click();
      await page.waitForURL('**/ums/allocResource?roleId=*');
      const products = page.getByRole('group', { name: 'Products' });
      await products.getByRole('checkbox', { name: 'Select all of Products' }).waitFor();
      // Checked but partly (the category holds resources this role never had): one click selects all, the next none.
      const selectAll = products.getByRole('checkbox', { name: 'Select all of Products' });
      if (await selectAll.isChecked()) await selectAll.click();
      else {
        await selectAll.click();
        await selectAll.click();
      }
      await expect(products.getByRole('checkbox', { name: /^Brands/ }).isChecked()).resolves.toBe(false);
      await page.getByRole('group', { name: 'Orders' }).getByRole('checkbox', { name: /^Return reasons/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Resources saved').waitFor();
    });

    // After: signing in again shows exactly the new grant.
    await withPage(async (page) => {
      await signIn(page, PRODUCT_ADMIN);
      await sidebar(page).getByText('Orders').waitFor();
      expect(await sidebar(page).getByText('Products').count()).toBe(0);
      await sidebar(page).getByText('Orders').click();
      await sidebar(page).getByRole('link', { name: 'Return reasons' }).waitFor();
      expect(await sidebar(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Return reasons']);

      // The new page works against the API; the removed one is refused, not broken.
      await sidebar(page).getByRole('link', { name: 'Return reasons' }).click();
      await page.waitForURL('**/oms/returnReason');
      await page.getByText('No return reasons yet').waitFor();
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add return reason' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Arrived damaged');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: 'Arrived damaged', exact: true }).waitFor();
      await page.goto('/pms/brand');
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    });
  });
});

describe('shop scope in the browser', () => {
  it('shows the seller only the molds of their own shops', () => withPage(async (page) => {
    await signIn(page, SELLER);
    await page.goto('/mold');
    await page.waitForURL('**/mold/kmold');
    await page.getByText('SP-BOX-001').waitFor();
    const codes = await page.locator('tbody tr td').allInnerTexts();
    for (const code of ['SP-BOX-001', 'SP-BOX-002', 'SP-LBL-010', 'PS-CARD-01', 'PS-FOLD-02']) expect(codes).toContain(code);
    expect(codes).not.toContain('HB-SHIP-01');
    expect(codes).not.toContain('HB-GIFT-02');
    // The near-worn pizza box mold warns.
    await page.getByRole('row').filter({ hasText: 'SP-BOX-002' }).getByText(/near the end of its life/).waitFor();

    // The shop filter offers only the seller's shops.
    await page.getByRole('combobox', { name: 'Shop' }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options.filter((o) => o.trim() !== '')).toEqual(expect.arrayContaining(['Sunrise Packaging', 'Sunrise Print Studio']));
    expect(options).not.toContain('Harbor Boxes');
  }));

  it('shows the super admin the molds of every shop', () => withPage(async (page) => {
    await signIn(page, ADMIN);
    await page.goto('/mold/kmold');
    await page.getByText('HB-SHIP-01').waitFor();
    await expect(page.getByText('SP-BOX-001').count()).resolves.toBe(1);
  }));
});

describe('admin accounts', () => {
  it('the super admin creates an account with a role, and it signs in with that role', async () => {
    await withPage(async (page) => {
      await signIn(page, ADMIN);
      await page.goto('/ums/admin');
      await page.getByRole('row').filter({ hasText: 'orderAdmin' }).waitFor();
      await page.locator('#main-content').getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="username"]').fill('clerk');
      await dialog.locator('input[name="password"]').fill('Ck5-desk-pass-1');
      await dialog.locator('input[name="email"]').fill('clerk@example.test');
      await dialog.getByRole('checkbox', { name: 'Order admin' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('row').filter({ hasText: 'clerk' }).waitFor();
    });
    await withPage(async (page) => {
      await signIn(page, { username: 'clerk', password: 'Ck5-desk-pass-1' });
      await sidebar(page).getByText('Orders').first().waitFor();
      expect(await sidebar(page).getByText('Permissions').count()).toBe(0);
    });
  });
});
