// Protects: permissions in the real browser: editing a role changes what its admins see, shop scope of molds, and a created account signing in with its role.
// Permissions end to end: real server on a fresh demo database, real Chromium. The super admin
// edits the demo "Product admin" role through the screens, and that role's admin, signing in
// again, sees exactly the changed menus; the seller sees only their own molds.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { browserSuite, signIn } from './harness';

const { withPage } = browserSuite();

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('editing a role changes what its admins see', () => {
  it('moves the Product admin role from products to return reasons', async () => {
    // Before: the product admin works in Products only. (It signs in through the form before and
    // after the change: what a sign-in shows is what this test is about.)
    await withPage(async (page) => {
      await signIn(page, DEMO.productAdmin);
      await sidebar(page).getByText('Products').first().waitFor();
      await expect.poll(() => sidebar(page).getByText('Orders').count()).toBe(0);
    });

    await withPage(async (page) => {
      await page.goto('/ums/role');
      const row = page.getByRole('row').filter({ hasText: 'Product admin' });
      await row.getByRole('link', { name: 'Allocate menus' }).click();
      await page.waitForURL('**/ums/allocMenu?roleId=*');
      await page.getByText('Role: Product admin').waitFor();

      // The section unchecks all its pages; one page of another section is granted instead.
      const productsSection = page.getByRole('checkbox', { name: 'Products', exact: true }).first();
      await expect.poll(() => productsSection.isChecked()).toBe(true);
      await productsSection.uncheck();
      await page.getByRole('checkbox', { name: 'Brands', exact: true }).waitFor();
      await expect.poll(() => page.getByRole('checkbox', { name: 'Brands', exact: true }).isChecked()).toBe(false);
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
      await expect.poll(() => products.getByRole('checkbox', { name: /^Brands/ }).isChecked()).toBe(false);
      await page.getByRole('group', { name: 'Orders' }).getByRole('checkbox', { name: /^Return reasons/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Resources saved').waitFor();
    }, { as: 'admin' });

    // After: signing in again shows exactly the new grant.
    await withPage(async (page) => {
      await signIn(page, DEMO.productAdmin);
      await sidebar(page).getByText('Orders').waitFor();
      await expect.poll(() => sidebar(page).getByText('Products').count()).toBe(0);
      await sidebar(page).getByText('Orders').click();
      await sidebar(page).getByRole('link', { name: 'Return reasons' }).waitFor();
      await expect.poll(() => sidebar(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Return reasons']);

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
    await page.goto('/mold');
    await page.waitForURL('**/mold/kmold');
    await page.getByText('SP-BOX-001').waitFor();
    const cells = () => page.locator('tbody tr td').allInnerTexts();
    await expect.poll(cells).toEqual(expect.arrayContaining(['SP-BOX-001', 'SP-BOX-002', 'SP-LBL-010', 'PS-CARD-01', 'PS-FOLD-02']));
    const codes = await cells();
    expect(codes).not.toContain('HB-SHIP-01');
    expect(codes).not.toContain('HB-GIFT-02');
    // The near-worn pizza box mold warns.
    await page.getByRole('row').filter({ hasText: 'SP-BOX-002' }).getByText(/near the end of its life/).waitFor();

    // The shop filter offers only the seller's shops.
    await page.getByRole('combobox', { name: 'Shop' }).click();
    const options = () => page.getByRole('option').allInnerTexts();
    await expect.poll(async () => (await options()).filter((o) => o.trim() !== '')).toEqual(expect.arrayContaining(['Sunrise Packaging', 'Sunrise Print Studio']));
    expect(await options()).not.toContain('Harbor Boxes');
  }, { as: 'seller' }));

  it('shows the super admin the molds of every shop', () => withPage(async (page) => {
    await page.goto('/mold/kmold');
    await page.getByText('HB-SHIP-01').waitFor();
    await expect.poll(() => page.getByText('SP-BOX-001').count()).toBe(1);
  }, { as: 'admin' }));
});

describe('admin accounts', () => {
  const CLERK = { username: 'clerk', password: 'Ck5-desk-pass-1' } as const;

  it('the super admin creates an account with a role, and it signs in with that role', async () => {
    await withPage(async (page) => {
      await page.goto('/ums/admin');
      await page.getByRole('row').filter({ hasText: 'orderAdmin' }).waitFor();
      await page.locator('#main-content').getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="username"]').fill(CLERK.username);
      await dialog.locator('input[name="password"]').fill(CLERK.password);
      await dialog.locator('input[name="email"]').fill('clerk@example.test');
      await dialog.getByRole('checkbox', { name: 'Order admin' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('row').filter({ hasText: 'clerk' }).waitFor();
    }, { as: 'admin' });
    await withPage(async (page) => {
      await signIn(page, CLERK);
      await sidebar(page).getByText('Orders').first().waitFor();
      await expect.poll(() => sidebar(page).getByText('Permissions').count()).toBe(0);
    });
  });
});
