// Protects: the flash sale screens in the real browser, driven as a person does, in English (desktop) and Chinese (phone): a sale created from the list's create form (title, start and end dates typed into the date inputs, online); two sessions created from the session form (name, start and end times of day typed into the time inputs, enabled); from the sale's "set sessions", both sessions with no products; two products picked by name from one session's product picker; a flash price above the product's price refused under its cell, nothing saved; the Actions column first with every delete whole inside the table's box at 1280 px; both rows' flash price, count, per-buyer limit and sort saved together by one Save changes and shown again as the server answers them (the higher sort first, prices with two decimals); a delete that asks first (cancelled, the product stays); on the phone, cards with their inputs; the session's product count (2, the other 0) in "select session"; and what the server stored.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityEn } from '../../src/i18n/entities/en';
import { en as shellEn } from '../../src/i18n/en';
import { zh as shellZh } from '../../src/i18n/zh';
import { strings as pmsStrings } from '../../src/resources/pms/strings';
import { strings } from '../../src/resources/sms/strings';
import { apiAs } from '../helpers/browser-api';
import type { Row } from './catalog-setup';
import { escape } from './catalog-setup';
import { browserSuite, DESKTOP, PHONE } from './harness';

// The demo catalog (products, shops) and the demo flash sales (their enabled sessions run 10–12 and 20–22).
const suite = browserSuite({ DEMO_CONTENT: 'true' });

/** react-admin's words the test clicks (its own dictionaries, not the app's). */
const RA = {
  en: { add: 'Add', save: 'Save', search: 'Search', delete: 'Delete', cancel: 'Cancel' },
  zh: { add: '添加', save: '保存', search: '搜索', delete: '删除', cancel: '取消' },
} as const;
const SHELL = { en: shellEn, zh: shellZh } as const;

/**
 * How a person types a day into the date input, in the admin's order: month first in English
 * (MM/DD/YYYY), year first in Chinese (YYYY/MM/DD); and how the list shows it back.
 */
const DAYS = {
  en: { start: '06012026', end: '06072026', shown: ['6/1/2026', '6/7/2026'] },
  zh: { start: '20260601', end: '20260607', shown: ['2026/6/1', '2026/6/7'] },
} as const;

const admin = apiAs(suite);
const { listOf } = admin;

/** Two products of the demo catalog's first category and shop, named for this run, priced 80 and 120 with stock 40 (the catalog's screens have their own tests). */
const twoProducts = async (lang: string, stamp: number): Promise<{ id: number; name: string }[]> => {
  const top = (await listOf<Row>('/productCategory/list/0?pageSize=50'))[0]!;
  const category = (await listOf<Row>(`/productCategory/list/${top.id}?pageSize=50`))[0]!;
  const shop = (await listOf<Row>('/shop/listAll'))[0]!;
  const made = [];
  for (const [i, price] of [80, 120].entries()) {
    const name = `Flash lantern ${lang} ${stamp} ${i + 1}`;
    const created = await admin.post<Row>('/product/create', {
      name, shopId: shop.id, productCategoryId: category.id, subTitle: 'A lantern for the flash sale', description: 'Sold in a flash.',
      productSn: `FLASH-${lang}-${stamp}-${i}`, price, stock: 40, publishStatus: 1,
    });
    // Verified too: a flash session takes only products for sale.
    await admin.post(`/product/update/verifyStatus?ids=${created.id}&verifyStatus=1`);
    made.push({ id: created.id, name });
  }
  return made;
};

/** The numbers of a session's product, in the order of its cells. */
const EDITED = ['flashPromotionPrice', 'flashPromotionCount', 'flashPromotionLimit', 'sort'] as const;

/** The row of a table, or the card of a phone list, holding `text`. */
const rowOf = (page: Page, text: string): Locator =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: new RegExp(escape(text)) });

/** Clicks into a date or time input and types it as a person would, section by section. */
const typeInto = async (page: Page, input: Locator, keys: string) => {
  await input.click();
  await page.keyboard.type(keys);
};

describe('flash sales', () => {
  it.each([['en', '00'], ['zh', '01']] as const)('creates a sale with two sessions and two products in one session (%s)', async (lang, hour) => {
    const t = strings[lang];
    const s = t.flashSale;
    const ra = RA[lang];
    const saleFields = t.resources.flashPromotion.fields;
    const sessionFields = t.resources.flashSession.fields;
    const rf = t.resources.flashProductRelation.fields;
    // Names of this run: the en and zh runs share the server and its session list.
    const stamp = Date.now();
    const tag = `${lang} ${stamp}`;
    const title = `Night market ${tag}`;
    const sessions = [`Lantern hour ${tag} A`, `Lantern hour ${tag} B`];
    const [lantern, bigLantern] = await twoProducts(lang, stamp);

    await suite.withPage(async (page) => {
      page.setDefaultTimeout(60_000);
      // The sale, from the list's create form.
      await page.goto('/sms/flash');
      await page.getByRole('heading', { level: 1, name: SHELL[lang].menu.flash }).waitFor();
      await page.getByRole('button', { name: ra.add, exact: true }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: saleFields.title }).fill(title);
      await typeInto(page, dialog.getByRole('textbox', { name: saleFields.startDate }), DAYS[lang].start);
      await typeInto(page, dialog.getByRole('textbox', { name: saleFields.endDate }), DAYS[lang].end);
      await dialog.getByRole('switch', { name: saleFields.status }).check();
      await dialog.getByRole('button', { name: ra.save }).click();
      await dialog.waitFor({ state: 'detached' });

      // Two enabled sessions, back to back (night hours of their own: enabled sessions never overlap), from the session form.
      await page.getByRole('link', { name: s.sessionList }).click();
      // The session list is on show (until then the sale list's own "Add" is still there).
      await page.getByRole('heading', { level: 1, name: SHELL[lang].menu.flashSession }).waitFor();
      for (const [i, name] of sessions.entries()) {
        await page.getByRole('button', { name: ra.add, exact: true }).click();
        dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: sessionFields.name }).fill(name);
        await typeInto(page, dialog.getByRole('textbox', { name: sessionFields.startTime }), `${hour}${i * 2}000`);
        await typeInto(page, dialog.getByRole('textbox', { name: sessionFields.endTime }), `${hour}${i * 2 + 2}000`);
        await dialog.getByRole('switch', { name: sessionFields.status }).check();
        await dialog.getByRole('button', { name: ra.save }).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // Back to the sales: the new one with its dates as typed, and its "set sessions".
      await page.goBack();
      const sale = rowOf(page, title);
      for (const shown of DAYS[lang].shown) await sale.getByText(shown).first().waitFor();
      await sale.getByRole('link', { name: s.setSessions }).click();

      // Both sessions, enabled, with no products in this sale yet.
      await page.getByText(s.selectSessionTitle.replace('%{title}', title)).waitFor();
      const productCount = (name: string) => rowOf(page, name).getByRole('cell').nth(3);
      for (const name of sessions) expect(await productCount(name).textContent()).toBe('0');
      await rowOf(page, sessions[0]!).getByRole('link', { name: s.products }).click();

      // Two products picked by name from the picker, added at once.
      await page.getByRole('button', { name: s.addProducts }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: pmsStrings[lang].resources.product.fields.name }).fill(`Flash lantern ${tag}`);
      await dialog.getByRole('checkbox', { name: lantern!.name }).check();
      await dialog.getByRole('checkbox', { name: bigLantern!.name }).check();
      await dialog.getByRole('button', { name: s.addPicked }).click();
      await dialog.waitFor({ state: 'detached' });
      await rowOf(page, lantern!.name).waitFor();
      await rowOf(page, bigLantern!.name).waitFor();

      const cell = (product: { name: string }, field: keyof typeof rf) => page.getByRole('spinbutton', { name: `${rf[field]} · ${product.name}` });
      const saveChanges = page.getByRole('button', { name: s.saveChanges });
      // A flash price above the product's price (80) is refused under its cell (the shell's notice says it too), nothing saved.
      await cell(lantern!, 'flashPromotionPrice').fill('85');
      await saveChanges.click();
      await rowOf(page, lantern!.name).getByText(lang === 'en' ? /may not be above the product's price/ : /秒杀价格不能高于商品价格/).waitFor();
      // Both rows' numbers, saved together by the one "Save changes".
      const numbers = [[lantern!, ['59.9', '20', '2', '5']], [bigLantern!, ['99.5', '10', '1', '1']]] as const;
      for (const [product, values] of numbers) {
        for (const [i, field] of EDITED.entries()) {
          await cell(product, field).fill(values[i]!);
        }
      }
      let updates = 0;
      page.on('response', (r) => { if (r.url().includes('/flashProductRelation/update/') && r.ok()) updates += 1; });
      await saveChanges.click();
      await expect.poll(() => updates).toBe(2);
      // Nothing left to save; the rows as the server answers them again: the higher sort first, the
      // saved numbers in their cells, prices whole with their two decimals.
      await expect.poll(() => saveChanges.isDisabled()).toBe(true);
      const rows = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: `Flash lantern ${tag}` });
      await expect.poll(async () => (await rows.allTextContents()).map((text) => (text.includes(lantern!.name) ? 1 : 2))).toEqual([1, 2]);
      const shown = (values: readonly string[]) => [Number(values[0]).toFixed(2), ...values.slice(1)];
      for (const [product, values] of numbers) {
        await expect.poll(() => Promise.all(EDITED.map((field) => cell(product, field).inputValue()))).toEqual(shown(values));
      }
      // Removing a product asks first: cancelled, it stays.
      await page.getByRole('button', { name: `${ra.delete} · ${bigLantern!.name}` }).click();
      const asked = page.getByRole('dialog');
      await asked.getByText(s.removeTitle.replace('%{name}', bigLantern!.name)).waitFor();
      await asked.getByRole('button', { name: ra.cancel }).click();
      await asked.waitFor({ state: 'detached' });
      await rowOf(page, bigLantern!.name).waitFor();
      // The page fits the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (lang === 'en') {
        // The table's Actions come first, as in the engine's lists: every delete lies whole inside the
        // table's box at rest (last, they started half out of view with the menu open).
        expect((await page.getByRole('columnheader').first().textContent())?.trim()).toBe(entityEn.entity.actions);
        const clipped = await page.evaluate(() => {
          const box = document.querySelector('.MuiTableContainer-root')!.getBoundingClientRect();
          return [...document.querySelectorAll('tbody button')]
            .map((button) => button.getBoundingClientRect())
            .filter((r) => r.left < box.left || r.right > box.right).length;
        });
        expect(clipped).toBe(0);
      }

      // "Select session" counts them in the first session only.
      await page.getByRole('link', { name: s.backToSessions }).click();
      await expect.poll(() => productCount(sessions[0]!).textContent()).toBe('2');
      expect(await productCount(sessions[1]!).textContent()).toBe('0');
    }, { as: 'admin', lang, viewport: lang === 'zh' ? PHONE : DESKTOP });

    // What the server holds: the dates and times as typed, both enabled, the numbers as saved.
    const saleRow = (await admin.call<{ list: Row[] }>(`/flash/list?keyword=${encodeURIComponent(title)}&pageSize=5`)).list;
    expect(saleRow.map((r) => [r.title, r.startDate, r.endDate, r.status])).toEqual([[title, '2026-06-01', '2026-06-07', 1]]);
    const stored = (await admin.call<Row[]>('/flashSession/list')).filter((r) => sessions.includes(String(r.name)));
    // Times of day are answered on 1970-01-01 without an offset (what mall's lists parse).
    const at = (time: string) => `1970-01-01T${time}`;
    expect(stored.map((r) => [r.name, r.startTime, r.endTime, r.status]))
      .toEqual([[sessions[0], at(`${hour}:00:00`), at(`${hour}:20:00`), 1], [sessions[1], at(`${hour}:20:00`), at(`${hour}:40:00`), 1]]);
    const relations = await admin.call<{ list: Row[] }>(`/flashProductRelation/list?flashPromotionId=${saleRow[0]!.id}&flashPromotionSessionId=${stored[0]!.id}&pageSize=10`);
    expect(relations.list.map((r) => [r.productId, r.flashPromotionPrice, r.flashPromotionCount, r.flashPromotionLimit, r.sort]))
      .toEqual([[lantern!.id, 59.9, 20, 2, 5], [bigLantern!.id, 99.5, 10, 1, 1]]);
  });
});
