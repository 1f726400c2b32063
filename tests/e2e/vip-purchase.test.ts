// Protects: buying VIP end to end in the real browser, in English and in Chinese (on a phone too, where no plan card's text is wider than its card): every offline channel can be chosen in the demo (its demo values, server/areas/vip/channels.ts); the demo seller applies for three months by offline bank on /pay/index, the admin confirms it in the pay record list, and the seller's page then shows the expiry three months later and keeps level 1 in local storage.
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../server/areas/vip/actions';
import { DEMO_VIP_PAYMENT } from '../../server/areas/vip/channels';
import { PAY_CHANNELS } from '../../src/schema/vip/entities';
import { strings } from '../../src/resources/vip/strings';
import type { AdminInfo } from '../../src/schema/api';
import type { DemoRole } from '../helpers/accounts';
import { callApi } from '../helpers/browser-api';
import { DESKTOP, PHONE, browserSuite } from './harness';

const BANK_ACCOUNT = 'Marketplace Ltd, Example Bank, 0012-3456-7890';
const suite = browserSuite({ VIP_BANK_ACCOUNT: BANK_ACCOUNT });

/**
 * In the page: each plan card's text that reaches past the card's inner edges (the text measured
 * by line boxes, as it is drawn, not by its element), as "plan: text".
 */
const planTextPastCards = (): string[] => [...document.querySelectorAll<HTMLElement>('[data-plan]')].flatMap((card) => {
  const box = card.getBoundingClientRect();
  const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
  const past: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const out = [...range.getClientRects()].some((r) => r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5));
    if (out) past.push(`${card.dataset.plan ?? ''}: ${node.textContent}`);
  }
  if (card.scrollWidth > card.clientWidth + 1) past.push(`${card.dataset.plan ?? ''}: scrolls (${card.scrollWidth} > ${card.clientWidth})`);
  // The price fits on one line: a price wrapped inside its digits ("$7,2" / "00.00") is misread.
  const price = card.querySelector('[data-plan-price]');
  if (price) {
    const range = document.createRange();
    range.selectNodeContents(price);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (lines.size > 1) past.push(`${card.dataset.plan ?? ''}: ${price.textContent ?? ''} wraps over ${lines.size} lines`);
  }
  return past;
});

const infoOf = (role: DemoRole): Promise<AdminInfo> => callApi<AdminInfo>(suite, role, '/admin/info');

const CASES = [
  { lang: 'en', viewport: DESKTOP },
  { lang: 'zh', viewport: PHONE },
] as const;

describe('buying VIP', () => {
  it.each(CASES)('the seller buys three months by offline bank and the admin confirms it ($lang)', async ({ lang, viewport }) => {
    const t = strings[lang];
    const reference = `E2E-BANK-${lang}-${Date.now()}`;
    const before = (await infoOf('seller')).vipExpireTime ?? null;
    const seller = await suite.context({ as: 'seller', lang, viewport });
    const admin = await suite.context({ as: 'admin', lang });
    try {
      const page = await seller.newPage();
      await page.goto('/pay/index');
      const status = page.locator('[data-vip-level]');
      await status.waitFor();
      expect(await status.getAttribute('data-expire-time')).toBe(before ?? '');

      await page.getByRole('radiogroup', { name: t.vip.plans }).getByRole('radio', { name: new RegExp(t.resources.payRecord.enums.plan.month_3) }).check();
      // npm start's demo sets every offline channel up (clearly fake values where VIP_* are unset).
      const channels = page.getByRole('radiogroup', { name: t.vip.channel });
      for (const channel of PAY_CHANNELS.filter((c) => !c.online)) {
        expect(await channels.getByRole('radio', { name: t.resources.payRecord.enums.channel[channel.label], exact: true }).isEnabled(), channel.value).toBe(true);
      }
      await channels.getByRole('radio', { name: t.resources.payRecord.enums.channel.blockchain, exact: true }).check();
      await page.getByText(DEMO_VIP_PAYMENT.walletAddress, { exact: false }).first().waitFor();
      await channels.getByRole('radio', { name: t.resources.payRecord.enums.channel.bank, exact: true }).check();
      // What to pay to comes from the server's settings.
      await page.getByText(t.vip.how.bank_account.replace('%{account}', BANK_ACCOUNT)).waitFor();
      await page.getByRole('textbox', { name: t.vip.reference }).fill(reference);
      await page.getByRole('button', { name: t.vip.submit }).click();
      await page.getByText(t.vip.submitted).waitFor();
      await page.getByText(t.vip.pending_wait).waitFor();
      await page.getByRole('list', { name: t.vip.applications }).getByText(reference, { exact: false }).waitFor();
      if (viewport === PHONE) {
        // Nothing of the page runs off a phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // No text of a plan card (its period, price, struck list price) is wider than its card.
        expect(await page.evaluate(planTextPastCards)).toEqual([]);
      }

      // The admin confirms it in the pay record list.
      const adminPage = await admin.newPage();
      await adminPage.goto('/pay/payRecord');
      const row = adminPage.locator('#main-content tbody tr').filter({ hasText: reference });
      await row.getByRole('button', { name: t.resources.payRecord.actions.confirm.name }).click();
      const dialog = adminPage.getByRole('dialog');
      await dialog.getByRole('button', { name: t.resources.payRecord.actions.confirm.name, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText(t.resources.payRecord.enums.status.paid, { exact: true }).waitFor();

      // The seller's page, opened again, shows the VIP three months longer.
      const expected = addMonths(before && Date.parse(before) > Date.now() ? new Date(before) : new Date(), 3);
      await page.reload();
      await expect.poll(async () => page.locator('[data-vip-level]').getAttribute('data-expire-time'), { timeout: 30_000 })
        .toBe((await infoOf('seller')).vipExpireTime);
      const after = await page.locator('[data-vip-level]').getAttribute('data-expire-time');
      // From a running VIP the period is added to the expiry itself; from none, to the moment of confirming.
      if (before && Date.parse(before) > Date.now()) expect(after).toBe(expected.toISOString());
      else expect(Math.abs(Date.parse(after!) - expected.getTime())).toBeLessThan(5 * 60_000);
      await page.getByText(t.vip.level.replace('%{level}', '1')).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('level'))).toBe('1');
      await page.getByRole('list', { name: t.vip.applications }).locator('li').filter({ hasText: reference })
        .getByText(t.resources.payRecord.enums.status.paid, { exact: true }).waitFor();
    } finally {
      await seller.close();
      await admin.close();
    }
  }, 240_000);

  it.each(['en', 'zh'] as const)('every plan card holds its period, price and list price on a phone (%s)', async (lang) => {
    const seller = await suite.context({ as: 'seller', lang, viewport: PHONE });
    try {
      const page = await seller.newPage();
      await page.goto('/pay/index');
      await page.locator('[data-plan]').first().waitFor();
      expect(await page.locator('[data-plan]').count()).toBeGreaterThan(0);
      expect(await page.evaluate(planTextPastCards)).toEqual([]);
    } finally {
      await seller.close();
    }
  }, 120_000);
});
