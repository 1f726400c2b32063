// Protects: the stepped product form in the real browser, as the demo seller, in English and Chinese: a product made through all four steps (category, shop, price strategy with a tier, service guarantees, product type with ticked specification values making the SKU table, PC detail with a real PNG uploaded through the rich text editor's image button and inserted) is saved with its SKUs and tiers and found in the product list, its stored PC detail holding an <img> of our upload URL, which answers 200 as image/png; an error left on step 1 while saving from step 4 marks that step; a demo product is edited (name, a SKU's stock) and saved.
import { describe, expect, it } from 'vitest';
import { entityEn } from '../../src/i18n/entities/en';
import { entityZh } from '../../src/i18n/entities/zh';
import { strings } from '../../src/resources/pms/strings';
import { apiAs } from '../helpers/browser-api';
import type { Row } from './catalog-setup';
import { byLabel, chooseTypeBlackSM, escape, fillBasics, pick, visibleStep } from './catalog-setup';
import { browserSuite } from './harness';

// The demo catalog: categories, product types with their specifications, the seller's products.
const suite = browserSuite({ DEMO_CONTENT: 'true' });
const { call: api, listOf } = apiAs(suite, 'seller');

type Product = Row & {
  skuStockList: Row[]; productLadderList: Row[]; serviceIds: string; publishStatus: number; productAttributeCategoryId: number; detailHtml: string | null;
};

const ENTITY = { en: entityEn, zh: entityZh } as const;
/** A real 1x1 PNG: the browser decodes it (the image button's check) and the server checks its content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('stepped product form', () => {
  it.each(['en', 'zh'] as const)('creates a product through all steps and finds it in the list, then edits one (%s)', async (lang) => {
    const t = strings[lang];
    const f = t.resources.product.fields;
    const p = t.entity.pms;
    const sku = t.resources.product.children.skuStockList.fields;
    const ladder = t.resources.product.children.productLadderList.fields;
    const save = lang === 'en' ? 'Save' : '保存';

    // Demo records to choose from, read as the seller sees them.
    const top = (await listOf<Row>('/productCategory/list/0?pageSize=50')).find((c) => c.name.startsWith('Apparel'))!;
    const category = (await listOf<Row>(`/productCategory/list/${top.id}?pageSize=50`))[0]!;
    const type = (await listOf<Row>('/productAttribute/category/list?pageSize=50')).find((c) => c.name === 'Clothing')!;
    const shop = (await listOf<Row & { shopName: string }>('/shop/listAll'))[0]!;
    const name = `Stepped ${lang} linen shirt`;
    const sn = `STEP-${lang}-${Date.now()}`;
    /** What the editor inserted: the URL the upload answered. */
    let uploadedSrc: string | undefined;

    await suite.withPage(async (page) => {
      await page.goto('/pms/addProduct');
      const step1 = await fillBasics(page, f, {
        name, shop: shop.shopName, category: category.name, subTitle: 'Cool in summer', description: 'A linen shirt made through the stepped form.', productSn: sn,
      });
      // Left empty on purpose: saving from the last step must send us back here.
      await byLabel(step1, 'spinbutton', f.price).fill('');

      await page.getByRole('button', { name: p.step_next }).click();
      const step2 = visibleStep(page);
      await step2.getByLabel(f.publishStatus, { exact: true }).check();
      await step2.getByRole('checkbox', { name: p.service.free_shipping }).check();
      await byLabel(step2, 'textbox', f.keywords).fill('linen,summer');
      await pick(page, byLabel(step2, 'combobox', f.promotionType), t.resources.product.enums.promotionType.ladder);
      // The quantity discount starts with one tier, which cannot be removed while it is the only one.
      await byLabel(step2, 'spinbutton', ladder.count).fill('3');
      await byLabel(step2, 'spinbutton', ladder.discount).fill('0.9');

      await page.getByRole('button', { name: p.step_next }).click();
      const skuRows = await chooseTypeBlackSM(page, f, type.name);

      await page.getByRole('button', { name: p.step_next }).click();
      const step4 = visibleStep(page);
      // Relations: the special topic and preference area pickers.
      await byLabel(step4, 'combobox', f.subjectProductRelationList).waitFor();
      // The PC detail (the first editor): text, then a real PNG through the toolbar's image button, uploaded and inserted.
      const pcDetail = step4.locator('.ProseMirror').first();
      await pcDetail.click();
      await page.keyboard.type('Breathable linen.');
      const chooser = page.waitForEvent('filechooser');
      await step4.getByRole('button', { name: ENTITY[lang].entity.rich_text.image }).first().click();
      await (await chooser).setFiles({ name: 'linen-detail.png', mimeType: 'image/png', buffer: PNG });
      const inserted = pcDetail.locator('img');
      await inserted.waitFor();
      await expect.poll(() => inserted.getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);
      uploadedSrc = (await inserted.getAttribute('src'))!;

      // Saving from step 4 with no price: step 1 is marked, and the list says where.
      await page.getByRole('button', { name: save }).click();
      const problems = page.getByTestId('product-form-errors');
      await problems.waitFor();
      await problems.getByRole('button', { name: new RegExp(escape(f.price)) }).first().click();
      const back = visibleStep(page);
      await byLabel(back, 'textbox', f.name).waitFor();
      await byLabel(back, 'spinbutton', f.price).fill('59');
      // A new SKU started without a price (there was none): give each one.
      await page.getByRole('button', { name: t.resources.product.sections.attributes }).click();
      for (const row of await skuRows.all()) await byLabel(row, 'spinbutton', sku.price).fill('59');
      await page.getByRole('button', { name: save }).click();

      await page.waitForURL((url) => url.pathname === '/pms/product');
      await page.locator('#main-content tbody tr').filter({ hasText: name }).first().waitFor();
    }, { as: 'seller', lang });

    const created = (await listOf<Row>(`/product/list?keyword=${encodeURIComponent(name)}&pageSize=5`)).find((r) => r.name === name)!;
    const stored = await api<Product>(`/product/${created.id}`);
    expect(stored.skuStockList.map((s) => JSON.parse(String(s.spData)) as unknown)).toEqual([
      [{ key: 'Colour', value: 'Black' }, { key: 'Size', value: 'S' }],
      [{ key: 'Colour', value: 'Black' }, { key: 'Size', value: 'M' }],
    ]);
    expect(stored.productLadderList).toMatchObject([{ count: 3, discount: 0.9 }]);
    expect(stored).toMatchObject({ serviceIds: '3', publishStatus: 1, productAttributeCategoryId: type.id, price: 59 });
    // The stored PC detail holds the uploaded image, and our origin serves it as an image.
    expect(stored.detailHtml).toMatch(/^<p>Breathable linen\.<\/p>/);
    const sources = [...(stored.detailHtml ?? '').matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([uploadedSrc]);
    const image = await fetch(new URL(uploadedSrc!, suite.baseUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // Edit: a demo product of the seller, its name on step 1 and a SKU's stock on step 3.
    const demo = (await listOf<Row>('/product/list?pageSize=50')).find((r) => r.id !== created.id && r.productAttributeCategoryId)!;
    const renamed = `${demo.name} (${lang})`;
    await suite.withPage(async (page) => {
      await page.goto(`/pms/updateProduct?id=${demo.id}`);
      const nameInput = byLabel(visibleStep(page), 'textbox', f.name);
      await expect.poll(() => nameInput.inputValue()).toBe(demo.name);
      await nameInput.fill(renamed);
      await page.getByRole('button', { name: t.resources.product.sections.attributes }).click();
      const firstSku = visibleStep(page).getByTestId('sku-row').first();
      await byLabel(firstSku, 'spinbutton', sku.stock).fill('77');
      await page.getByRole('button', { name: save }).click();
      await page.waitForURL((url) => url.pathname === '/pms/product');
    }, { as: 'seller', lang });
    const edited = await api<Product>(`/product/${demo.id}`);
    expect(edited.name).toBe(renamed);
    expect(edited.skuStockList[0]!.stock).toBe(77);
  }, 600_000);
});
