// Protects: the user-group member picker is wide enough to read: on a desktop
// screen, in English and in Chinese, the search box is wide, and an account's username and its
// (long) nickname each show whole on one line of its option.
import { describe, expect, it } from 'vitest';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite();

const LONG = { username: 'warehouse.north.shift', nickName: 'Northern warehouse night shift manager' };
/** The box holds at least this much on a 1280 px screen (a long username with room to spare). */
const MIN_BOX_PX = 400;

const { call: api } = apiAs(suite);

/** Whether an element's text sits on one line, nothing cut off. */
const oneWholeLine = (el: Element): boolean => {
  const style = getComputedStyle(el);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
  return el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height < lineHeight * 1.5;
};

describe('user group member picker', () => {
  it.each(['en', 'zh'] as const)('shows a long account name whole (%s)', async (lang) => {
    const found = await api<{ list: unknown[] }>(`/admin/list?keyword=${LONG.username}`);
    // Every account holds a role: the seller's, as a shop owner picked into a group would.
    const roles = await api<{ id: number; code: string | null }[]>('/role/listAll');
    const seller = roles.find((r) => r.code === 'seller')!;
    if (found.list.length === 0) await api('/admin/create', { ...LONG, password: 'Picker-pass-2024', roleIds: [seller.id] });
    const groups = await api<{ id: number }[]>('/userGroup/listAll');
    await suite.withPage(async (page) => {
      await page.goto(`/ums/user_group?groupId=${groups[0]!.id}`);
      const box = page.locator('input[role="combobox"]');
      await box.waitFor();
      await box.fill(LONG.username);
      const option = page.getByRole('option').filter({ hasText: LONG.username });
      await option.waitFor();
      // The box the user types in (its outline), not only the component around it.
      const field = page.locator('.MuiAutocomplete-root .MuiInputBase-root');
      expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(MIN_BOX_PX);
      for (const text of [LONG.username, LONG.nickName]) {
        const line = option.getByText(text, { exact: true });
        await expect.poll(() => line.evaluate(oneWholeLine), { timeout: 10_000 }).toBe(true);
      }
    }, { as: 'admin', lang });
  });
});
