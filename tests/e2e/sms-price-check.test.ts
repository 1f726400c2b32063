// Protects: the price check screen in the real browser, in English (desktop) and in Chinese (phone): the product picked by name, a quantity and a member level give the member price line by line (what each rule took off, the shop's currency) with the reasons of the rules that did not apply; a flash sale running now replaces it (the member price line says so) and a coupon comes off the flash price; a coupon comes off it, and one whose minimum spend is not reached is refused saying so; and bad input is refused on its field.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { strings } from '../../src/resources/sms/strings';
import { PROMOTION } from '../../src/schema/pms/product';
import { apiAs } from '../helpers/browser-api';
import type { Row } from './catalog-setup';
import { byLabel, escape, pick } from './catalog-setup';
import { browserSuite, DESKTOP, PHONE } from './harness';

// The demo catalog (categories, shops, member levels) and the other Marketing helpers' demo rows.
const suite = browserSuite({ DEMO_CONTENT: 'true' });

const { call, post, listOf } = apiAs(suite);

/** Picks `option` of a searching picker after typing `text` into it. */
const search = async (page: Page, box: Locator, text: string, option: string) => {
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: new RegExp(escape(option)) }).first().click();
};

/** A product priced by member price: 120.00, 99.50 for the level holding the member-price privilege. */
const memberPriceProduct = async (tag: string) => {
  const top = (await listOf<Row>('/productCategory/list/0?pageSize=50'))[0]!;
  const category = (await listOf<Row>(`/productCategory/list/${top.id}?pageSize=50`))[0]!;
  const shop = (await listOf<Row>('/shop/listAll'))[0]!;
  const levels = await listOf<Row & { priviledgeMemberPrice: number }>('/memberLevel/list?pageSize=50');
  const gold = levels.find((l) => l.priviledgeMemberPrice === 1)!;
  const name = `Price check kettle ${tag} ${Date.now()}`;
  const created = await post<Row>('/product/create', {
    name, shopId: shop.id, productCategoryId: category.id, subTitle: 'A kettle to price', description: 'Priced by member level.', stock: 100,
    productSn: `PRICE-${tag}-${Date.now()}`, price: 120, promotionType: PROMOTION.memberPrice,
    memberPriceList: [{ memberLevelId: gold.id, memberPrice: 99.5, memberLevelName: gold.name }], publishStatus: 1,
  });
  // On sale and verified: a flash session takes only products for sale.
  await post(`/product/update/verifyStatus?ids=${created.id}&verifyStatus=1`);
  return { id: created.id, name, level: gold.name };
};

const DAY_MS = 86_400_000;

/** Opens the price check and fills in two of `kettle` for its member level (the cases differ after). */
const checkTwoKettles = async (page: Page, lang: keyof typeof strings, kettle: { name: string; level: string }) => {
  const f = strings[lang].resources.priceCheck.fields;
  await page.goto('/sms/priceCheck');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await search(page, byLabel(page, 'combobox', f.productId), kettle.name, kettle.name);
  await byLabel(page, 'spinbutton', f.quantity).fill('2');
  await pick(page, byLabel(page, 'combobox', f.memberLevelId), kettle.level);
};

/** A coupon for everything, usable now: `amount` off from a spend of `minPoint` (0: none). */
const couponFor = async (name: string, amount: number, minPoint: number) => post<Row>('/coupon/create', {
  type: 0, name, platform: 0, publishCount: 100, perLimit: 1, amount, minPoint, useType: 0,
  startTime: new Date(Date.now() - DAY_MS).toISOString(), endTime: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  productCategoryRelationList: [], productRelationList: [],
});

describe('the price check', () => {
  it.each(['en', 'zh'] as const)('shows a member price line by line, and why the other rules did not apply (%s)', async (lang) => {
    const t = strings[lang];
    const p = t.priceCheck;
    const kettle = await memberPriceProduct(lang);
    await suite.withPage(async (page) => {
      page.setDefaultTimeout(60_000);
      await checkTwoKettles(page, lang, kettle);
      await page.getByRole('button', { name: p.check }).click();

      const result = page.getByRole('region', { name: p.result });
      await expect.poll(() => result.getByTestId('price-total').textContent()).toBe('199.00');
      const member = result.locator('tr[data-rule="memberPrice"]');
      expect(await member.getAttribute('data-applied')).toBe('yes');
      expect(await member.textContent()).toContain('99.50');
      // The Off column says what the member price took off (2 × (120.00 − 99.50)); the currency is the shop's.
      expect(await member.textContent()).toContain('−41.00');
      expect(await result.getByTestId('price-currency').textContent()).toMatch(/^[A-Z]{3}$/);
      // The rules that did not apply each say why, in the page's language.
      expect(await result.locator('tr[data-rule="flash"]').getAttribute('data-applied')).toBe('no');
      expect(await result.locator('tr[data-rule="flash"]').textContent()).toContain(p.reasons.flash_none);
      expect(await result.locator('tr[data-rule="coupon"]').textContent()).toContain(p.reasons.coupon_none);
      // The lines scroll in their own box: the page itself is never wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { as: 'admin', lang, viewport: lang === 'zh' ? PHONE : DESKTOP });
  });

  it.each(['en', 'zh'] as const)('takes a coupon off the member price, and refuses one for its minimum spend (%s)', async (lang) => {
    const t = strings[lang];
    const f = t.resources.priceCheck.fields;
    const p = t.priceCheck;
    const kettle = await memberPriceProduct(`coupon-${lang}`);
    const ten = await couponFor(`Ten off ${lang} ${Date.now()}`, 10, 0);
    const spend = await couponFor(`Spend 500 ${lang} ${Date.now()}`, 10, 500);
    await suite.withPage(async (page) => {
      page.setDefaultTimeout(60_000);
      await checkTwoKettles(page, lang, kettle);
      const result = page.getByRole('region', { name: p.result });
      const coupon = result.locator('tr[data-rule="coupon"]');

      await search(page, byLabel(page, 'combobox', f.couponId), ten.name, ten.name);
      await page.getByRole('button', { name: p.check }).click();
      await expect.poll(() => result.getByTestId('price-total').textContent()).toBe('189.00');
      expect(await result.locator('tr[data-rule="memberPrice"]').getAttribute('data-applied')).toBe('yes');
      expect(await coupon.getAttribute('data-applied')).toBe('yes');

      await search(page, byLabel(page, 'combobox', f.couponId), spend.name, spend.name);
      await page.getByRole('button', { name: p.check }).click();
      await expect.poll(() => result.getByTestId('price-total').textContent()).toBe('199.00');
      expect(await coupon.getAttribute('data-applied')).toBe('no');
      expect(await coupon.textContent()).toContain(p.reasons.coupon_min_spend.replace('%{minPoint}', '500.00').replace('%{subtotal}', '199.00'));
    }, { as: 'admin', lang });
  });

  it.each(['en', 'zh'] as const)('prices a flash sale running now in place of the member price, then takes a coupon off it (%s)', async (lang) => {
    const t = strings[lang];
    const f = t.resources.priceCheck.fields;
    const p = t.priceCheck;
    const kettle = await memberPriceProduct(`flash-${lang}`);
    // This file's server is its own: the demo's enabled sessions step aside for one holding the whole day,
    // so "now" (the check's default time) is inside it whenever the test runs.
    const sessions = await call<(Row & { status: number })[]>('/flashSession/list');
    for (const session of sessions.filter((x) => x.status === 1)) await post(`/flashSession/update/status/${session.id}?status=0`, {});
    const day = await post<Row>('/flashSession/create', { name: `All day ${lang} ${Date.now()}`, startTime: '00:00:00', endTime: '23:59:59', status: 1 });
    const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    const sale = await post<Row>('/flash/create', { title: `Kettle flash ${lang} ${Date.now()}`, startDate: isoDay(-1), endDate: isoDay(1), status: 1 });
    await post('/flashProductRelation/create', [{
      productId: kettle.id, flashPromotionId: sale.id, flashPromotionSessionId: day.id, flashPromotionPrice: 88, flashPromotionCount: 10, flashPromotionLimit: 5,
    }]);
    const ten = await couponFor(`Ten off flash ${lang} ${Date.now()}`, 10, 0);
    await suite.withPage(async (page) => {
      page.setDefaultTimeout(60_000);
      await checkTwoKettles(page, lang, kettle);
      await search(page, byLabel(page, 'combobox', f.couponId), ten.name, ten.name);
      await page.getByRole('button', { name: p.check }).click();
      const result = page.getByRole('region', { name: p.result });
      // 2 × 88.00 at the flash price, less the coupon's 10.00; the member price line says the flash price replaced it.
      await expect.poll(() => result.getByTestId('price-total').textContent()).toBe('166.00');
      expect(await result.locator('tr[data-rule="flash"]').getAttribute('data-applied')).toBe('yes');
      expect(await result.locator('tr[data-rule="flash"]').textContent()).toContain('88.00');
      expect(await result.locator('tr[data-rule="memberPrice"]').getAttribute('data-applied')).toBe('no');
      expect(await result.locator('tr[data-rule="memberPrice"]').textContent()).toContain(p.reasons.replaced_by_flash);
      expect(await result.locator('tr[data-rule="coupon"]').getAttribute('data-applied')).toBe('yes');
    }, { as: 'admin', lang });
  });

  it.each(['en', 'zh'] as const)('refuses a quantity of nothing on its field (%s)', async (lang) => {
    const t = strings[lang];
    const kettle = await memberPriceProduct(`zero-${lang}`);
    await suite.withPage(async (page) => {
      page.setDefaultTimeout(60_000);
      await page.goto('/sms/priceCheck');
      await search(page, byLabel(page, 'combobox', t.resources.priceCheck.fields.productId), kettle.name, kettle.name);
      const quantity = byLabel(page, 'spinbutton', t.resources.priceCheck.fields.quantity);
      await quantity.fill('0');
      await page.getByRole('button', { name: t.priceCheck.check }).click();
      await expect.poll(() => quantity.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('region', { name: t.priceCheck.result }).count()).toBe(0);
    }, { as: 'admin', lang });
  });
});
