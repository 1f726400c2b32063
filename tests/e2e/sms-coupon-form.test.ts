// Protects: coupons in the real browser, in English and Chinese: on /sms/addCoupon the admin creates a coupon limited to one category (a minimum spend below the amount is refused on its field first), the server holds that category as the coupon's only pick, the coupon's row says it applies to one category, and it leads to its history, where the member who received it is listed, unused by its use status and its state.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsZh } from '../../src/i18n/errors';
import { strings } from '../../src/resources/sms/strings';
import { MESSAGES } from '../../src/schema/api';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

// The demo catalog's categories, and members to hold coupons.
const suite = browserSuite({ DEMO_CONTENT: 'true' });

type Coupon = { id: number; name: string; useType: number; amount: number; productCategoryRelationList: { productCategoryId: number }[] };
type Category = { id: number; name: string };
type Member = { id: number; username: string };

const { call: api } = apiAs(suite);

/** As a member receiving it in the storefront would: a history row written straight into the database. */
const receive = (couponId: number, member: Member) => {
  const db = new Database(join(suite.dataDir, 'admin.sqlite'));
  try {
    db.prepare(`insert into sms_coupon_history (coupon_id, member_id, member_nickname, coupon_code, get_type, create_time, use_status)
      values (?, ?, ?, ?, 1, ?, 0)`).run(couponId, member.id, member.username, `E2E${couponId}`, new Date().toISOString());
  } finally {
    db.close();
  }
};

describe('coupons', () => {
  it.each([
    // Times typed digit by digit in the admin's order: month first with AM/PM in English, year first in Chinese.
    ['en', '050220271000A', '060120271000A'],
    ['zh', '202705021000', '202706011000'],
  ] as const)('creates a coupon limited to a category and sees its history (%s)', async (lang, start, end) => {
    const t = strings[lang].resources.coupon;
    const th = strings[lang].resources.couponHistory;
    const below = lang === 'en' ? MESSAGES.min_point_below_amount : errorsZh.min_point_below_amount;
    const save = lang === 'en' ? 'Save' : '保存';
    const name = `E2E coupon ${lang} ${Date.now()}`;
    const top = (await api<{ list: Category[] }>('/productCategory/list/0?pageSize=50')).list[0]!;
    const category = (await api<{ list: Category[] }>(`/productCategory/list/${top.id}?pageSize=50`)).list[lang === 'en' ? 0 : 1]!;
    const member = (await api<{ list: Member[] }>('/admin/listMember?pageSize=5')).list[0]!;

    await suite.withPage(async (page) => {
      await page.goto('/sms/addCoupon');
      await page.getByLabel(t.fields.name).fill(name);
      await page.getByLabel(t.fields.type).click();
      await page.getByRole('option', { name: t.enums.type.purchase }).click();
      await page.getByLabel(t.fields.amount).fill('20');
      await page.getByLabel(t.fields.minPoint).fill('5');
      await page.getByLabel(t.fields.publishCount).fill('100');
      await page.getByRole('textbox', { name: t.fields.startTime }).click();
      await page.keyboard.type(start);
      await page.getByRole('textbox', { name: t.fields.endTime }).click();
      await page.keyboard.type(end);
      // The scope asks for its categories only once it names them.
      const categories = page.getByRole('combobox', { name: t.fields.productCategoryRelationList, exact: true });
      expect(await categories.count()).toBe(0);
      await page.getByLabel(t.fields.useType).click();
      await page.getByRole('option', { name: t.enums.useType.categories }).click();
      await categories.click();
      await page.getByRole('option', { name: category.name, exact: true }).click();
      await page.keyboard.press('Escape');
      // A minimum spend below the amount is refused on its field before anything is sent.
      await page.getByRole('button', { name: save }).click();
      await page.getByText(below).waitFor();
      await page.getByLabel(t.fields.minPoint).fill('100');
      await page.getByRole('button', { name: save }).click();
      await page.waitForURL('**/sms/coupon');

      const saved = (await api<{ list: Coupon[] }>(`/coupon/list?name=${encodeURIComponent(name)}`)).list[0]!;
      const coupon = await api<Coupon>(`/coupon/${saved.id}`);
      expect(coupon).toMatchObject({ useType: 1, amount: 20, minPoint: 100 });
      expect(coupon.productCategoryRelationList.map((r) => r.productCategoryId)).toEqual([category.id]);
      expect(Date.parse(String((coupon as unknown as { endTime: string }).endTime)))
        .toBeGreaterThan(Date.parse(String((coupon as unknown as { startTime: string }).startTime)));

      receive(coupon.id, member);
      const row = page.locator('#main-content tbody tr').filter({ hasText: name });
      // The saved coupon's row says what it applies to, not only its use scope.
      const oneCategory = strings[lang].entity.coupon.scope_categories.split(' |||| ')[0]!.replace('%{smart_count}', '1');
      await row.getByText(oneCategory, { exact: true }).waitFor();
      await row.getByRole('link', { name: strings[lang].entity.coupon.history }).click();
      await page.waitForURL((url) => url.pathname === '/sms/couponHistory');
      const historyRow = page.locator('#main-content tbody tr').filter({ hasText: member.username });
      await historyRow.waitFor();
      // Its stored use status and its state (worked out from it and the running coupon) both say unused.
      await historyRow.locator('td.column-useStatus').getByText(th.enums.useStatus.unused).waitFor();
      await historyRow.locator('td.column-state').getByText(th.enums.state.unused).waitFor();
      await historyRow.getByText(th.enums.getType.claimed).waitFor();
    }, { as: 'admin', lang });
  }, 180_000);
});
