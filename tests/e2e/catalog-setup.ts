// The stepped product form as the catalog browser tests drive it (pms-product-form, pms-product-life): inputs found by their
// declared labels, the visible step, and the two setup blocks both tests fill the same way.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { strings } from '../../src/resources/pms/strings';

export type Row = Record<string, unknown> & { id: number; name: string };

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An input by its declared label (a required one carries a trailing asterisk; a select's name ends with its value). */
export const byLabel = (scope: Page | Locator, role: 'textbox' | 'spinbutton' | 'combobox', label: string) =>
  scope.getByRole(role, { name: new RegExp(`^${escape(label)}${role === 'combobox' ? '' : '(\\s*\\*)?$'}`) });

/** The form step on show (the others stay mounted, hidden). */
export const visibleStep = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])');

/** Chooses `option` of a select and waits for its list to close. */
export const pick = async (page: Page, combobox: Locator, option: string) => {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
};

type ProductFields = (typeof strings)['en']['resources']['product']['fields'];

/** Step 1's basic information: name, shop, category, sub title, description and product SN (the price is the caller's). */
export const fillBasics = async (page: Page, f: ProductFields, values: {
  name: string; shop: string; category: string; subTitle: string; description: string; productSn: string;
}): Promise<Locator> => {
  const step1 = visibleStep(page);
  await byLabel(step1, 'textbox', f.name).fill(values.name);
  await pick(page, byLabel(step1, 'combobox', f.shopId), values.shop);
  await pick(page, byLabel(step1, 'combobox', f.productCategoryId), values.category);
  await byLabel(step1, 'textbox', f.subTitle).fill(values.subTitle);
  await byLabel(step1, 'textbox', f.description).fill(values.description);
  await byLabel(step1, 'textbox', f.productSn).fill(values.productSn);
  return step1;
};

/**
 * Step 3: the demo product type `typeName` (Clothing) with Black in size S and M ticked; waits for the two SKU rows
 * the choice makes and answers them.
 */
export const chooseTypeBlackSM = async (page: Page, f: ProductFields, typeName: string): Promise<Locator> => {
  const step3 = visibleStep(page);
  const typeInput = byLabel(step3, 'combobox', f.productAttributeCategoryId);
  await typeInput.click();
  await typeInput.fill(typeName);
  await page.getByRole('option', { name: typeName, exact: true }).click();
  for (const value of ['Black', 'S', 'M']) await step3.getByRole('checkbox', { name: value, exact: true }).check();
  const skuRows = step3.getByTestId('sku-row');
  await expect.poll(() => skuRows.count()).toBe(2);
  return skuRows;
};
