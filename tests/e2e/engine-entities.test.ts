// Protects: declared entities in the real browser: list, filter, sort, create, edit, switches, batch delete and declared rules in both languages.
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite();
const { withPage } = suite;
const { call } = apiAs(suite);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Rows = { list: Record<string, unknown>[]; total: number };
const list = (path: string) => call<Rows>(path);

const rows = (page: Page) => page.locator('#main-content tbody tr');

describe('brands', () => {
  it('creates, lists, filters, sorts, switches, edits and batch-deletes', () => withPage(async (page) => {
    await page.goto('/pms/brand');
    await page.getByText(/^No .* yet$/).waitFor();

    // Create: the declared rule is checked before sending, then the record is saved.
    for (const [name, sort] of [['Acme Tools', 5], ['Bolt Works', 9]] as const) {
      await page.goto('/pms/addBrand');
      const nameInput = page.getByLabel('Brand name');
      await nameInput.fill('A');
      await page.getByLabel('Sort').fill(String(sort));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('length must be between 2 and 140 characters').waitFor();
      await nameInput.fill(name);
      await page.locator('input[type="file"]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      // The brand story is rich text: type, then make it bold with the toolbar.
      const story = page.locator('.ProseMirror');
      await story.click();
      await page.keyboard.type(`${name} story`);
      await page.keyboard.press('Control+A');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/pms/brand');
      await rows(page).filter({ hasText: name }).waitFor();
    }
    const created = await list('/brand/list?pageSize=10');
    expect(created.total).toBe(2);
    expect(String(created.list[0]?.logo)).toMatch(/^\/uploads\//);
    const { brandStory: story } = await call<{ brandStory: string }>(`/brand/${String(created.list[0]?.id)}`);
    expect(story).toBe('<p><strong>Bolt Works story</strong></p>');

    // Default order is sort desc; clicking the Sort header orders ascending.
    await expect.poll(() => rows(page).first().innerText()).toContain('Bolt Works');
    await page.locator('#main-content thead').getByText('Sort', { exact: true }).click();
    await rows(page).first().filter({ hasText: 'Acme Tools' }).waitFor();

    // Keyword filter.
    await page.getByPlaceholder('Search').fill('bolt');
    await rows(page).filter({ hasText: 'Acme Tools' }).waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByPlaceholder('Search').fill('');
    await rows(page).filter({ hasText: 'Acme Tools' }).waitFor();

    // Inline switch: "Shown" is saved at once.
    const acme = rows(page).filter({ hasText: 'Acme Tools' });
    await acme.getByRole('switch').or(acme.locator('input[type="checkbox"][role="switch"]')).last().click();
    await expect.poll(async () => (await list('/brand/list?keyword=acme')).list[0]?.showStatus).toBe(1);

    // Edit: a row opens the edit page; only the change is saved.
    await acme.getByText('Acme Tools').click();
    await page.waitForURL(/\/pms\/updateBrand\?id=\d+/);
    // Typed only once the record fills the form: a value typed before it arrives is reset by it,
    // and Save then has nothing to save (seen under load: the list never came back).
    await expect.poll(() => page.getByLabel('Brand name').inputValue()).toBe('Acme Tools');
    const firstLetter = page.getByLabel('First letter');
    await firstLetter.fill('Z');
    await expect.poll(() => firstLetter.inputValue()).toBe('Z');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/pms/brand');
    await expect.poll(async () => (await list('/brand/list?keyword=acme')).list[0]?.firstLetter).toBe('Z');

    // Batch delete with confirmation.
    await page.locator('#main-content thead input[type="checkbox"]').first().check();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: /Confirm|Delete/ }).click();
    await expect.poll(async () => (await list('/brand/list')).total).toBe(0);
  }, { as: 'admin' }));
});

describe('advertisements, in Chinese', () => {
  it('refuses an expire time before the start time, then saves and switches it online', () => withPage(async (page) => {
    await page.goto('/sms/addHomeAdvertise');
    await page.getByLabel('广告名称').fill('春季促销');
    await page.getByLabel('广告链接').fill('https://example.test/spring');
    await page.getByLabel('广告位置').click();
    await page.getByRole('option', { name: 'APP首页轮播' }).click();
    // Times are typed digit by digit in the Chinese order (year first), whatever the browser's language (en-US here).
    const start = page.getByRole('textbox', { name: '开始时间' });
    const end = page.getByRole('textbox', { name: '到期时间' });
    await start.click();
    await page.keyboard.type('202605021000');
    await expect.poll(() => start.inputValue()).toBe('2026/05/02 10:00');
    await end.click();
    await page.keyboard.type('202605011000');
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('结束时间必须晚于开始时间').waitFor();
    // A day that does not exist is named under its field, not sent.
    await end.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('202602301000');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('不是有效的日期').waitFor();
    await end.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('202606011000');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL('**/sms/homeAdvertise');
    const row = rows(page).filter({ hasText: '春季促销' });
    await row.waitFor();
    const saved = (await list('/home/advertise/list')).list[0];
    // The browser runs in this machine's time zone, as the test does.
    expect(saved?.startTime).toBe(new Date(2026, 4, 2, 10, 0).toISOString());
    expect(saved?.endTime).toBe(new Date(2026, 5, 1, 10, 0).toISOString());
    await row.getByRole('switch').or(row.locator('input[type="checkbox"]')).last().click();
    await expect.poll(async () => (await list('/home/advertise/list')).list[0]?.status).toBe(1);

    // A date filter is typed in the same order and asks for days.
    await page.getByRole('button', { name: '添加筛选' }).click();
    await page.getByRole('menuitemcheckbox', { name: '开始时间起' }).click();
    const from = page.getByRole('textbox', { name: '开始时间起' });
    const filtered = page.waitForRequest((request) => new URL(request.url()).searchParams.get('startTimeFrom') === '2026-05-03');
    // The filter input mounts while the list refetches: keystrokes typed before it holds the focus
    // are lost, so type the whole date again until the field shows it (waiting, never reading once).
    await vi.waitFor(async () => {
      await from.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('20260503');
      expect(await from.inputValue()).toBe('2026/05/03');
    }, { timeout: 30_000, interval: 500 });
    await filtered;
    await expect.poll(() => row.count()).toBe(0);
  }, { as: 'admin', lang: 'zh' }));
});
