// Protects: the flash sale screens (issue 30 item 1, "Done when") in the real browser, in English (desktop) and Chinese (phone): a new sale with two enabled sessions; from the sale list "set sessions" leads to its sessions with their product counts, a session's products screen adds two products picked by name from the product picker, a row's flash price, count, per-buyer limit and sort are edited in place, and a flash price above the product's price is refused under its cell, nothing saved.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { strings as pmsStrings } from '../../src/resources/pms/strings';
import { strings } from '../../src/resources/sms/strings';
import type { Row } from './catalog-setup';
import { catalogApi, escape } from './catalog-setup';
import { browserSuite, DESKTOP, PHONE } from './harness';

// The demo catalog (products, shops) and the demo flash sales (their enabled sessions run 10–12 and 20–22).
const suite = browserSuite({ DEMO_CONTENT: 'true' });

const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${suite.baseUrl}/api${path}`, {
    method, headers: { authorization: await suite.tokenOf('admin'), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
};

/** Two products of the demo catalog's first category and shop, named for this run, priced 80 and 120 with stock 40. */
const twoProducts = async (tag: string): Promise<{ id: number; name: string }[]> => {
  const { listOf } = catalogApi(suite, 'admin');
  const top = (await listOf<Row>('/productCategory/list/0?pageSize=50'))[0]!;
  const category = (await listOf<Row>(`/productCategory/list/${top.id}?pageSize=50`))[0]!;
  const shop = (await listOf<Row>('/shop/listAll'))[0]!;
  const made = [];
  for (const [i, price] of [80, 120].entries()) {
    const name = `Flash lantern ${tag} ${i + 1} ${Date.now()}`;
    const created = await call<Row>('POST', '/product/create', {
      name, shopId: shop.id, productCategoryId: category.id, subTitle: 'A lantern for the flash sale', description: 'Sold in a flash.',
      productSn: `FLASH-${tag}-${i}-${Date.now()}`, price, stock: 40, publishStatus: 1,
    });
    made.push({ id: created.id, name });
  }
  return made;
};

/** The row of a table holding `text`. */
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: new RegExp(escape(text)) });

describe('flash sales', () => {
  it.each([['en', '00'], ['zh', '01']] as const)('a sale with two sessions and two products in one session (%s)', async (lang, hour) => {
    const t = strings[lang];
    const s = t.flashSale;
    const rf = t.resources.flashProductRelation.fields;
    const [lantern, bigLantern] = await twoProducts(lang);
    // The sale and its two sessions (night hours of their own: enabled sessions never overlap).
    const title = `Night market ${lang} ${Date.now()}`;
    await call('POST', '/flash/create', { title, startDate: '2026-06-01', endDate: '2026-06-07', status: 1 });
    const sale = (await call<{ list: Row[] }>('GET', `/flash/list?keyword=${encodeURIComponent(title)}&pageSize=5`)).list[0]!;
    for (const [start, end] of [[`${hour}:00`, `${hour}:20`], [`${hour}:20`, `${hour}:40`]]) {
      await call('POST', '/flashSession/create', { name: `Lantern hour ${lang} ${start}`, startTime: start, endTime: end, status: 1 });
    }

    await suite.withPage(async (page) => {
      page.setDefaultTimeout(60_000);
      await page.goto(`/sms/flash?filter=${encodeURIComponent(JSON.stringify({ keyword: title }))}`);
      // Only this sale is listed (its title as the keyword): its "set sessions" link, a row's or a phone card's.
      await page.getByRole('link', { name: s.setSessions }).first().click();

      // The sale's enabled sessions, ours among them, with no products yet.
      await page.getByText(s.selectSessionTitle.replace('%{title}', title)).waitFor();
      const first = rowOf(page, `Lantern hour ${lang} ${hour}:00`);
      await expect.poll(() => first.count()).toBe(1);
      expect(await rowOf(page, `Lantern hour ${lang} ${hour}:20`).count()).toBe(1);
      await first.getByRole('link', { name: s.products }).click();

      // Two products picked by name from the picker, added at once.
      await page.getByRole('button', { name: s.addProducts }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: pmsStrings[lang].resources.product.fields.name }).fill(`Flash lantern ${lang}`);
      await dialog.getByRole('checkbox', { name: lantern!.name }).check();
      await dialog.getByRole('checkbox', { name: bigLantern!.name }).check();
      await dialog.getByRole('button', { name: s.addPicked }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => rowOf(page, lantern!.name).count()).toBe(1);
      expect(await rowOf(page, bigLantern!.name).count()).toBe(1);

      // A flash price above the product's price (80) is refused under its cell; then a good row is saved.
      const cell = (field: keyof typeof rf) => page.getByRole('spinbutton', { name: `${rf[field]} · ${lantern!.name}` });
      await cell('flashPromotionPrice').fill('85');
      await page.getByRole('button', { name: `${lang === 'en' ? 'Save' : '保存'} · ${lantern!.name}` }).click();
      // Under the cell (the shell's notice says it too).
      await rowOf(page, lantern!.name).getByText(lang === 'en' ? /may not be above the product's price/ : /秒杀价格不能高于商品价格/).waitFor();
      await cell('flashPromotionPrice').fill('59.9');
      await cell('flashPromotionCount').fill('20');
      await cell('flashPromotionLimit').fill('2');
      await cell('sort').fill('5');
      await page.getByRole('button', { name: `${lang === 'en' ? 'Save' : '保存'} · ${lantern!.name}` }).click();
      await expect.poll(async () => {
        const rows = await call<{ list: Row[] }>('GET', `/flashProductRelation/list?flashPromotionId=${sale.id}&pageSize=10`);
        return rows.list.map((r) => [r.productId, r.flashPromotionPrice, r.flashPromotionCount, r.flashPromotionLimit, r.sort]);
      }).toEqual([[lantern!.id, 59.9, 20, 2, 5], [bigLantern!.id, null, null, null, 0]]);
      // The page fits the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { as: 'admin', lang, viewport: lang === 'zh' ? PHONE : DESKTOP });
  });
});
