// Protects: a product's whole life in the real browser, as the super admin in English and as the demo seller in Chinese: made through the stepped form with SKUs, member prices per level, quantity-discount and full/reduce tiers (all saved, read back by the API and shown again by the edit form), edited, published in a batch, transferred to another second-level category from the selection, moved to the recycle bin and restored from it; the server holds each step and the categories' product counts follow.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import { strings } from '../../src/resources/pms/strings';
import type { DemoRole } from '../helpers/accounts';
import { apiAs } from '../helpers/browser-api';
import type { Row } from './catalog-setup';
import { byLabel, chooseTypeBlackSM, escape, fillBasics, pick, visibleStep } from './catalog-setup';
import { browserSuite } from './harness';

// The demo catalog: categories, brands, product types, member levels and the sellers' shops.
const suite = browserSuite({ DEMO_CONTENT: 'true' });

type Product = Row & {
  publishStatus: number; productCategoryId: number; deleteStatus?: number; promotionType: number;
  skuStockList: Row[]; memberPriceList: Row[]; productLadderList: Row[]; productFullReductionList: Row[];
};

const ENTITY = { en: entityEn, zh: entityZh } as const;


describe('a product from the form to the recycle bin and back', () => {
  const cases: [DemoRole, 'en' | 'zh'][] = [['admin', 'en'], ['seller', 'zh']];
  it.each(cases)('as %s (%s): creates with SKUs, member prices and tiers, edits, publishes in a batch, transfers, recycles and restores', async (role, lang) => {
    const { call: api, listOf } = apiAs(suite, role);
    const t = strings[lang];
    const e = ENTITY[lang].entity;
    const r = t.resources.product;
    const f = r.fields;
    const c = r.children;
    const save = lang === 'en' ? 'Save' : '保存';

    // Made in the first second-level category of a top one; it moves to the second.
    const tops = await listOf<Row>('/productCategory/list/0?pageSize=50');
    const [from, to] = await listOf<Row & { productCount: number }>(`/productCategory/list/${tops[0]!.id}?pageSize=50`);
    const shop = (await listOf<Row & { shopName: string }>('/shop/listAll'))[0]!;
    const type = (await listOf<Row>('/productAttribute/category/list?pageSize=50')).find((x) => x.name === 'Clothing')!;
    const levels = await listOf<Row>('/memberLevel/list?pageSize=50');
    expect(levels.length).toBeGreaterThan(0);
    const name = `Chain ${role} ${lang} canvas tote ${Date.now()}`;
    const sn = `CHAIN-${role}-${lang}-${Date.now()}`;
    const countOf = async (id: number) => (await listOf<Row & { productCount: number }>(`/productCategory/list/${tops[0]!.id}?pageSize=50`))
      .find((x) => x.id === id)!.productCount;
    const fromCountBefore = await countOf(from!.id);
    const toCountBefore = await countOf(to!.id);
    /** Member price of the level at `index`: 50, 49, 48, ... */
    const memberPrice = (index: number) => 50 - index;

    // 1. Create through the four steps.
    await suite.withPage(async (page) => {
      page.setDefaultTimeout(120_000);
      await page.goto('/pms/addProduct');
      const step1 = await fillBasics(page, f, {
        name, shop: shop.shopName, category: from!.name, subTitle: 'A tote for the chain test', description: 'Made through the stepped form.', productSn: sn,
      });
      await byLabel(step1, 'spinbutton', f.price).fill('59');

      await page.getByRole('button', { name: t.entity.pms.step_next }).click();
      const step2 = visibleStep(page);
      // Each strategy's values stay while another is chosen, and all of them are saved.
      await pick(page, byLabel(step2, 'combobox', f.promotionType), r.enums.promotionType.member_price);
      const memberPrices = byLabel(step2, 'spinbutton', c.memberPriceList.fields.memberPrice);
      await expect.poll(() => memberPrices.count()).toBe(levels.length);
      for (const [index, input] of (await memberPrices.all()).entries()) await input.fill(String(memberPrice(index)));
      await pick(page, byLabel(step2, 'combobox', f.promotionType), r.enums.promotionType.ladder);
      await byLabel(step2, 'spinbutton', c.productLadderList.fields.count).fill('3');
      await byLabel(step2, 'spinbutton', c.productLadderList.fields.discount).fill('0.9');
      await pick(page, byLabel(step2, 'combobox', f.promotionType), r.enums.promotionType.full_reduction);
      await byLabel(step2, 'spinbutton', c.productFullReductionList.fields.fullPrice).fill('100');
      await byLabel(step2, 'spinbutton', c.productFullReductionList.fields.reducePrice).fill('10');

      await page.getByRole('button', { name: t.entity.pms.step_next }).click();
      const skuRows = await chooseTypeBlackSM(page, f, type.name);
      for (const row of await skuRows.all()) {
        await byLabel(row, 'spinbutton', c.skuStockList.fields.price).fill('59');
        await byLabel(row, 'spinbutton', c.skuStockList.fields.stock).fill('20');
      }

      await page.getByRole('button', { name: save }).click();
      await page.waitForURL((url) => url.pathname === '/pms/product');
    }, { as: role, lang });

    let created: Row | undefined;
    await expect.poll(async () => {
      created = (await listOf<Row>(`/product/list?keyword=${encodeURIComponent(name)}&pageSize=5`)).find((x) => x.name === name);
      return Boolean(created);
    }).toBe(true);
    const product = () => api<Product>(`/product/${created!.id}`);
    const stored = await product();
    expect(stored).toMatchObject({ publishStatus: 0, productCategoryId: from!.id, productAttributeCategoryId: type.id, price: 59, promotionType: 4 });
    expect(stored.skuStockList.map((s) => [JSON.parse(String(s.spData)) as unknown, s.price, s.stock])).toEqual([
      [[{ key: 'Colour', value: 'Black' }, { key: 'Size', value: 'S' }], 59, 20],
      [[{ key: 'Colour', value: 'Black' }, { key: 'Size', value: 'M' }], 59, 20],
    ]);
    expect(stored.memberPriceList.map((m) => [m.memberLevelId, m.memberPrice]).sort((a, b) => Number(a[0]) - Number(b[0])))
      .toEqual(levels.map((level, index) => [level.id, memberPrice(index)]).sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(stored.productLadderList).toMatchObject([{ count: 3, discount: 0.9 }]);
    expect(stored.productFullReductionList).toMatchObject([{ fullPrice: 100, reducePrice: 10 }]);
    await expect.poll(() => countOf(from!.id)).toBe(fromCountBefore + 1);

    // 2. Edit: the form shows what was saved (the full/reduce tier, then the member prices), a
    // member price and the name change.
    const renamed = `${name} v2`;
    await suite.withPage(async (page) => {
      page.setDefaultTimeout(120_000);
      await page.goto(`/pms/updateProduct?id=${created!.id}`);
      const nameInput = byLabel(visibleStep(page), 'textbox', f.name);
      await expect.poll(() => nameInput.inputValue()).toBe(name);
      await nameInput.fill(renamed);
      await page.getByRole('button', { name: r.sections.promotion }).click();
      const step2 = visibleStep(page);
      await expect.poll(() => byLabel(step2, 'spinbutton', c.productFullReductionList.fields.fullPrice).inputValue()).toBe('100');
      await pick(page, byLabel(step2, 'combobox', f.promotionType), r.enums.promotionType.member_price);
      const memberPrices = byLabel(step2, 'spinbutton', c.memberPriceList.fields.memberPrice);
      await expect.poll(async () => Promise.all((await memberPrices.all()).map((input) => input.inputValue())))
        .toEqual(stored.memberPriceList.map((m) => String(m.memberPrice)));
      await memberPrices.first().fill('45');
      await page.getByRole('button', { name: save }).click();
      await page.waitForURL((url) => url.pathname === '/pms/product');
    }, { as: role, lang });
    await expect.poll(async () => (await product()).name).toBe(renamed);
    const edited = await product();
    expect(edited.promotionType).toBe(2);
    expect(edited.memberPriceList[0]!.memberPrice).toBe(45);
    expect(edited.memberPriceList.slice(1).map((m) => m.memberPrice)).toEqual(stored.memberPriceList.slice(1).map((m) => m.memberPrice));
    expect(edited.productFullReductionList).toMatchObject([{ fullPrice: 100, reducePrice: 10 }]);
    expect(edited.skuStockList).toHaveLength(2);

    // 3. The list's batch operations, on the list opened filtered to the product by the URL.
    const listUrl = `/pms/product?filter=${encodeURIComponent(JSON.stringify({ keyword: renamed }))}`;
    const select = async (page: Page) => {
      await page.goto(listUrl);
      const row = page.locator('#main-content tbody tr').filter({ hasText: renamed });
      await row.first().waitFor();
      await row.getByRole('checkbox').first().check();
      return row;
    };

    await suite.withPage(async (page) => {
      // A loaded CI machine: conditions are waited for, never timed.
      page.setDefaultTimeout(120_000);
      // Publish in a batch: the batch operation "On sale: on".
      await select(page);
      await page.getByRole('combobox', { name: e.batch.label }).click();
      await page.getByRole('option', { name: e.batch.set_flag.replace('%{field}', f.publishStatus).replace('%{value}', e.flag.on), exact: true }).click();
      await page.getByRole('button', { name: e.batch.apply }).click();
      await expect.poll(async () => (await product()).publishStatus, { timeout: 30_000 }).toBe(1);

      // Transfer to another category: the selection's action asks for the category.
      await select(page);
      const action = r.actions.transferCategory;
      await page.getByRole('button', { name: action.name }).click();
      const dialog = page.getByRole('dialog');
      const picker = dialog.getByRole('combobox', { name: new RegExp(`^${escape(action.fields.productCategoryId)}`) });
      await picker.click();
      await page.getByRole('option', { name: to!.name, exact: true }).click();
      await dialog.getByRole('button', { name: action.name }).click();
      await expect.poll(async () => (await product()).productCategoryId, { timeout: 30_000 }).toBe(to!.id);
      await expect.poll(() => countOf(to!.id)).toBe(toCountBefore + 1);
      await expect.poll(() => countOf(from!.id)).toBe(fromCountBefore);

      // Into the recycle bin (after the confirmation), then back from it.
      await select(page);
      await page.getByRole('button', { name: /^(Delete|删除)$/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^(Confirm|确认)$/ }).click();
      await expect.poll(async () => (await listOf<Row>(`/product/list?keyword=${encodeURIComponent(renamed)}&deleteStatus=1`)).map((x) => x.id)).toEqual([created!.id]);
      await expect.poll(() => countOf(to!.id)).toBe(toCountBefore);

      await page.goto(listUrl);
      await page.getByRole('button', { name: e.bin.open }).click();
      const binned = page.locator('#main-content tbody tr').filter({ hasText: renamed });
      await binned.first().waitFor();
      await binned.getByRole('button', { name: e.bin.restore }).first().click();
      await expect.poll(async () => (await product()).deleteStatus ?? 0).toBe(0);
      await expect.poll(() => countOf(to!.id)).toBe(toCountBefore + 1);
    }, { as: role, lang });
  }, 600_000);
});
