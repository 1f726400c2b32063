// Protects: the seller's journey in the real browser, from invite link to shop: an invite link of the demo seller is opened, a new seller registers with it, is sent from /shop/addShop to /pay/index without VIP, buys three months by offline bank, the admin confirms it, the seller opens a shop; the referrer sees the click, the relation and the reward (amount × ratio). Online PayPal on /pay/index as `npm start` offers it with no PayPal app: through the app's own PayPal stand-in (its page says it is a demo), in English on a desktop and Chinese on a phone (apply, approve on the fake's page, capture on the return, VIP active); online Alipay likewise through the demo's Alipay stand-in (signed request, pay page, signed notify, return). The journey's key pages on a phone-sized viewport: nothing runs off the screen and every form's button is reachable.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../server/areas/vip/actions';
import { publicEn } from '../../src/i18n/public/en';
import { strings as shopStrings } from '../../src/resources/shop/strings';
import { strings as vipStrings } from '../../src/resources/vip/strings';
import type { AdminInfo } from '../../src/schema/api';
import { fromCents, multiplyCents, toCents } from '../../src/schema/engine/money';
import type { InviteLink } from '../../src/schema/referral/entities';
import { vipPlanOf } from '../../src/schema/vip/entities';
import type { DemoRole } from '../helpers/accounts';
import { DEMO_ALIPAY_PREFIX } from '../../server/areas/vip/demo-alipay';
import { DEMO_PAYPAL_PREFIX } from '../../server/areas/vip/demo-paypal';
import { apiAs, callApi } from '../helpers/browser-api';
import { DESKTOP, PHONE, browserSuite, signIn } from './harness';

const BANK_ACCOUNT = 'Marketplace Ltd, Example Bank, 0012-3456-7890';
// No PAYPAL_* settings: the demo's own stand-in takes PayPal's place, as on `npm start`.
const suite = browserSuite({ VIP_BANK_ACCOUNT: BANK_ACCOUNT });

const WAIT = { timeout: 30_000 } as const;

const admin = apiAs(suite);
const referrerApi = apiAs(suite, 'seller');
const infoOf = (role: DemoRole): Promise<AdminInfo> => callApi<AdminInfo>(suite, role, '/admin/info');

/** Nothing of the page runs off the side of the screen. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const fill = (text: string, values: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

describe("the seller's journey", () => {
  it('invite link → register → no shop without VIP → three months by bank → admin confirms → shop opened → the referrer sees the click, the relation and the reward', async () => {
    const vip = vipStrings.en.vip;
    const payLabels = vipStrings.en.resources.payRecord;
    const { code } = await referrerApi.call<InviteLink>('/rms/link');
    const clicksBefore = (await referrerApi.call<{ total: number }>('/rms/click/list?pageSize=1')).total;
    const username = `journey${Date.now().toString(36)}`;
    // Not a fixed password: the account exists only in this test's server.
    const password = `${randomBytes(12).toString('base64url')}9`;
    const reference = `E2E-JOURNEY-${Date.now()}`;
    const shopName = `Journey Prints ${Date.now().toString(36)}`;

    const visitor = await suite.context({ lang: 'en' });
    const admin = await suite.context({ as: 'admin', lang: 'en' });
    const referrer = await suite.context({ as: 'seller', lang: 'en' });
    try {
      // 1. The invite link: the code is kept, the click recorded.
      const page = await visitor.newPage();
      await page.goto(`/register?code=${encodeURIComponent(code)}`);
      await expect.poll(async () => page.locator('input[name="code"]').inputValue(), WAIT).toBe(code);
      await expect.poll(async () => page.evaluate(() => localStorage.getItem('code')), WAIT).toBe(code);
      await expect.poll(async () => (await referrerApi.call<{ total: number }>('/rms/click/list?pageSize=1')).total, WAIT).toBe(clicksBefore + 1);

      // 2. Registration with the code, then signing in.
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('input[name="confirm"]').fill(password);
      await page.locator('input[name="email"]').fill(`${username}@example.com`);
      await page.getByRole('button', { name: publicEn.register.submit }).click();
      await page.getByText(publicEn.register.success).waitFor(WAIT);
      await page.waitForURL('**/login', WAIT);
      expect(await page.evaluate(() => localStorage.getItem('code'))).toBeNull();
      await signIn(page, { username, password });

      // 3. No VIP yet: the add-shop page sends the new seller to buy one.
      await page.goto('/shop/addShop');
      await page.waitForURL('**/pay/index', WAIT);
      const status = page.locator('[data-vip-level]');
      await status.waitFor(WAIT);
      expect(await status.getAttribute('data-vip-level')).toBe('0');

      // 4. Three months by offline bank.
      await page.getByRole('radiogroup', { name: vip.plans }).getByRole('radio', { name: new RegExp(payLabels.enums.plan.month_3) }).check();
      await page.getByRole('radiogroup', { name: vip.channel }).getByRole('radio', { name: payLabels.enums.channel.bank, exact: true }).check();
      await page.getByText(fill(vip.how.bank_account, { account: BANK_ACCOUNT })).waitFor(WAIT);
      await page.getByRole('textbox', { name: vip.reference }).fill(reference);
      await page.getByRole('button', { name: vip.submit }).click();
      await page.getByText(vip.pending_wait).waitFor(WAIT);

      // 5. The admin confirms it.
      const adminPage = await admin.newPage();
      await adminPage.goto('/pay/payRecord');
      const row = adminPage.locator('#main-content tbody tr').filter({ hasText: reference });
      await row.getByRole('button', { name: payLabels.actions.confirm.name }).click(WAIT);
      const dialog = adminPage.getByRole('dialog');
      await dialog.getByRole('button', { name: payLabels.actions.confirm.name, exact: true }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await row.getByText(payLabels.enums.status.paid, { exact: true }).waitFor(WAIT);

      // The new seller's VIP runs three months from the confirmation.
      await page.reload();
      await expect.poll(async () => page.locator('[data-vip-level]').getAttribute('data-vip-level'), WAIT).toBe('1');
      const expire = await page.locator('[data-vip-level]').getAttribute('data-expire-time');
      expect(Math.abs(Date.parse(expire!) - addMonths(new Date(), 3).getTime())).toBeLessThan(10 * 60_000);

      // 6. The seller opens a shop.
      await page.goto('/shop/addShop');
      const name = page.getByRole('textbox', { name: shopStrings.en.resources.shop.fields.shopName });
      await name.waitFor(WAIT);
      await name.fill(shopName);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.goto('/shop/shopList');
      await page.locator('#main-content').getByText(shopName).waitFor(WAIT);

      // 7. The referrer sees the click on its code and the seller it brought in.
      const referrerPage = await referrer.newPage();
      await referrerPage.goto('/rms/clickList');
      const firstClick = referrerPage.locator('#main-content tbody tr').first();
      await firstClick.getByText(code, { exact: true }).waitFor(WAIT);
      await referrerPage.goto('/rms/relationList');
      await referrerPage.locator('#main-content tbody tr').filter({ hasText: username }).getByText(code, { exact: true }).waitFor(WAIT);

      // 8. …and the reward the confirmed payment earned it: the payment's amount times the referrer's ratio, in whole cents half-up.
      type Distribution = { refereeName: string; amount: number; ratio: number; reward: number };
      const rewardOf = async () => (await referrerApi.call<{ list: Distribution[] }>('/rms/distribute/list?pageSize=100')).list.find((d) => d.refereeName === username);
      await expect.poll(rewardOf, WAIT).toBeDefined();
      const reward = (await rewardOf())!;
      expect(reward.amount).toBe(vipPlanOf(3)!.price);
      expect(reward.ratio).toBeGreaterThan(0);
      expect(reward.reward).toBe(fromCents(multiplyCents(toCents(reward.amount), reward.ratio)));
      await referrerPage.goto('/rms/distributeList');
      await referrerPage.locator('#main-content tbody tr').filter({ hasText: username }).first().waitFor(WAIT);
    } finally {
      await visitor.close();
      await admin.close();
      await referrer.close();
    }
  }, 300_000);

  it.each([
    { lang: 'en', viewport: DESKTOP },
    { lang: 'zh', viewport: PHONE },
  ] as const)('pays VIP online by PayPal: approve on PayPal, back on /pay/index the VIP is active ($lang)', async ({ lang, viewport }) => {
    const t = vipStrings[lang];
    const before = (await infoOf('seller2')).vipExpireTime ?? null;
    // seller2 has a pending cash application in the demo data (one pending at a time): the admin confirms it first.
    const pendingOf = async () => (await admin.call<{ list: { id: number }[] }>(`/payRecord/list?status=0&sellerId=${(await infoOf('seller2')).id}`)).list;
    for (const record of await pendingOf()) {
      await admin.post(`/payRecord/confirm/${record.id}`);
    }
    const running = (await infoOf('seller2')).vipExpireTime ?? before;
    const context = await suite.context({ as: 'seller2', lang, viewport });
    try {
      const page = await context.newPage();
      await page.goto('/pay/index');
      await page.locator('[data-vip-level]').waitFor(WAIT);
      await page.getByRole('radiogroup', { name: t.vip.plans }).getByRole('radio', { name: new RegExp(t.resources.payRecord.enums.plan.month_1) }).check();
      await page.getByRole('radiogroup', { name: t.vip.channel }).getByRole('radio', { name: t.resources.payRecord.enums.channel.paypal, exact: true }).check();
      await page.getByText(t.vip.how.paypal).waitFor(WAIT);
      expect(await page.getByRole('textbox', { name: t.vip.reference }).count()).toBe(0);
      if (viewport === PHONE) expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: t.vip.paypal.submit }).click();

      // PayPal's page (the demo stand-in's, on the app's own origin, saying so): the amount of one month, then "Pay Now".
      await page.waitForURL(`${suite.baseUrl}${DEMO_PAYPAL_PREFIX}/checkoutnow**`, WAIT);
      await page.getByRole('note').getByText(/no real money/).waitFor(WAIT);
      expect(await page.locator('[data-amount]').textContent()).toBe('USD 20.00');
      await page.getByRole('button', { name: 'Pay Now' }).click();

      // Back on /pay/index: captured, confirmed, the VIP a month longer.
      await page.waitForURL('**/pay/index?paypal=return**', WAIT);
      await page.getByText(t.vip.paypal.paid).waitFor(WAIT);
      const expected = addMonths(running && Date.parse(running) > Date.now() ? new Date(running) : new Date(), 1);
      await expect.poll(async () => page.locator('[data-vip-level]').getAttribute('data-expire-time'), WAIT).toBe((await infoOf('seller2')).vipExpireTime);
      const after = await page.locator('[data-vip-level]').getAttribute('data-expire-time');
      expect(Math.abs(Date.parse(after!) - expected.getTime())).toBeLessThan(10 * 60_000);
      await page.getByRole('list', { name: t.vip.applications }).locator('li').first()
        .getByText(t.resources.payRecord.enums.status.paid, { exact: true }).waitFor(WAIT);
      // A reload of the return page settles nothing twice.
      await page.reload();
      await page.getByText(t.vip.paypal.paid).waitFor(WAIT);
      expect((await infoOf('seller2')).vipExpireTime).toBe(after);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("pays VIP online by Alipay through the demo's stand-in: its page says it is a demo, its notify settles the application (en)", async () => {
    const t = vipStrings.en;
    const pendingOf = async () => (await admin.call<{ list: { id: number }[] }>(`/payRecord/list?status=0&sellerId=${(await infoOf('seller2')).id}`)).list;
    for (const record of await pendingOf()) {
      await admin.post(`/payRecord/confirm/${record.id}`);
    }
    const context = await suite.context({ as: 'seller2', lang: 'en', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto('/pay/index');
      await page.locator('[data-vip-level]').waitFor(WAIT);
      await page.getByRole('radiogroup', { name: t.vip.plans }).getByRole('radio', { name: new RegExp(t.resources.payRecord.enums.plan.month_1) }).check();
      await page.getByRole('radiogroup', { name: t.vip.channel }).getByRole('radio', { name: t.resources.payRecord.enums.channel.alipay, exact: true }).check();
      await page.getByText(t.vip.how.alipay).waitFor(WAIT);
      await page.getByText(t.vip.how.demo).waitFor(WAIT);
      await page.getByRole('button', { name: t.vip.online.submit.alipay }).click();

      await page.waitForURL(`${suite.baseUrl}${DEMO_ALIPAY_PREFIX}/gateway.do**`, WAIT);
      await page.getByRole('note').getByText(/no real money/).waitFor(WAIT);
      expect(await page.locator('[data-amount]').textContent()).toBe('USD 20.00');
      await page.getByRole('button', { name: /^Pay/ }).click();

      await page.waitForURL('**/pay/index?alipay=return**', WAIT);
      await page.getByText(t.vip.online.returned.alipay).waitFor(WAIT);
      await page.getByRole('list', { name: t.vip.applications }).locator('li').first()
        .getByText(t.resources.payRecord.enums.status.paid, { exact: true }).waitFor(WAIT);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('the journey pages fit a phone: no sideways overflow, every form button reachable (zh)', async () => {
    const pages: { as?: DemoRole; path: string; button?: string }[] = [
      { path: '/register', button: 'button[type="submit"]' },
      { as: 'seller', path: '/pay/index', button: 'form button[type="submit"]' },
      { as: 'seller', path: '/shop/addShop', button: '#main-content button[type="submit"]' },
      { as: 'seller', path: '/rms/link' },
      { as: 'seller', path: '/rms/relationList' },
      { as: 'seller', path: '/rms/clickList' },
      { as: 'admin', path: '/pay/payRecord' },
    ];
    for (const { as, path, button } of pages) {
      const context = await suite.context({ ...(as ? { as } : {}), lang: 'zh', viewport: PHONE });
      try {
        const page = await context.newPage();
        await page.goto(path);
        const main = page.locator(as ? '#main-content' : 'main, form').first();
        await main.waitFor(WAIT);
        // Let the page's data arrive: a heading or the form is shown, and no progress bar is left.
        await expect.poll(async () => page.locator('[role="progressbar"]').count(), WAIT).toBe(0);
        expect(await fitsWidth(page), path).toBe(true);
        if (button) {
          const target = page.locator(button).first();
          await target.scrollIntoViewIfNeeded(WAIT);
          const box = await target.boundingBox();
          expect(box, path).not.toBeNull();
          expect(box!.x, path).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, path).toBeLessThanOrEqual(PHONE.width);
          expect(await target.isVisible(), path).toBe(true);
        }
      } finally {
        await context.close();
      }
    }
  }, 300_000);
});
