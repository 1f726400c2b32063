// Protects: the home page's recommendations in the browser, in English and in Chinese, as the marketing admin: recommend a brand, a new product, a popular product and a topic from the searchable picker, switch one off, and re-sort it to the top of its list.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite({ DEMO_CONTENT: 'true' });

type Row = { id: number } & Record<string, unknown>;

const { call: api } = apiAs(suite, 'marketingAdmin');

/** Each list: its screen, its API path, the picked field and the target list it picks from (with the target's name field). */
const LISTS = [
  { route: '/sms/homeBrand', path: '/home/brand', pick: 'brandId', from: '/brand/list', display: 'name' },
  { route: '/sms/homeNew', path: '/home/newProduct', pick: 'productId', from: '/product/list', display: 'name' },
  { route: '/sms/homeHot', path: '/home/recommendProduct', pick: 'productId', from: '/product/list', display: 'name' },
  { route: '/sms/homeSubject', path: '/home/recommendSubject', pick: 'subjectId', from: '/subject/list', display: 'title' },
] as const;

const TEXT = {
  en: { add: 'Add', sort: /^Change Sort of / },
  zh: { add: '添加', sort: /的排序$/ },
} as const;

/** The first record of the target list this list does not recommend yet (each run picks a new one). */
const notYetRecommended = async (list: (typeof LISTS)[number]): Promise<string> => {
  const taken = new Set((await api<{ list: Row[] }>(`${list.path}/list?pageSize=100`)).list.map((row) => row[list.pick]));
  const targets = (await api<{ list: Row[] }>(`${list.from}?pageSize=100`)).list;
  // A name the picker's search finds once: choosing it cannot pick a namesake.
  for (const row of targets.filter((r) => !taken.has(r.id))) {
    const name = String(row[list.display]);
    const found = await api<{ total: number }>(`${list.from}?pageSize=5&keyword=${encodeURIComponent(name)}`);
    if (found.total === 1) return name;
  }
  throw new Error(`nothing left to recommend on ${list.path}`);
};

/** Recommends `name` from the list's add dialog: search the picker, choose it, save; the row then shows in the list. */
const recommend = async (page: Page, route: string, name: string, lang: keyof typeof TEXT) => {
  await page.goto(route);
  await page.getByRole('button', { name: TEXT[lang].add, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox');
  await picker.fill(name);
  await page.getByRole('option', { name }).first().click();
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: name }).first().waitFor();
};

describe('home recommendations', () => {
  it.each(['en', 'zh'] as const)('recommends one of each kind, switches one off and re-sorts it (%s)', async (lang) => {
    const names = await Promise.all(LISTS.map((list) => notYetRecommended(list)));
    await suite.withPage(async (page) => {
      for (const [index, list] of LISTS.entries()) await recommend(page, list.route, names[index]!, lang);

      // The topic just added: switch it off, then put it first.
      const topic = names[3]!;
      const row = page.getByRole('row').filter({ hasText: topic }).first();
      const toggle = row.getByRole('switch');
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false);
      const saved = await api<{ list: Row[] }>('/home/recommendSubject/list?pageSize=100');
      expect(saved.list.find((r) => r.subjectName === topic)?.recommendStatus).toBe(0);

      const top = Math.max(...saved.list.map((r) => Number(r.sort))) + 10;
      await row.getByRole('button', { name: TEXT[lang].sort }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('spinbutton').fill(String(top));
      await dialog.locator('button[type="submit"]').click();
      await dialog.waitFor({ state: 'detached' });
      // Highest sort first: the topic heads the list.
      await expect.poll(async () => (await page.getByRole('row').nth(1).textContent()) ?? '', { timeout: 10_000 }).toContain(topic);
      const after = await api<{ list: Row[] }>('/home/recommendSubject/list?pageSize=1');
      expect(after.list[0]).toMatchObject({ subjectName: topic, sort: top, recommendStatus: 0 });
    }, { as: 'marketingAdmin', lang });
  }, 180_000);
});

const TOPIC_TEXT = {
  en: { title: /^Title/, category: /^Category name/, description: /^Description/, save: 'Save' },
  zh: { title: /^专题标题/, category: /^分类名称/, description: /^专题描述/, save: '保存' },
} as const;

describe('special topics under Marketing', () => {
  it.each(['en', 'zh'] as const)('lists the topics and adds one with rich-text content (%s)', async (lang) => {
    const title = lang === 'en' ? 'Rainy day reads' : '雨天读书';
    await suite.withPage(async (page) => {
      await page.goto('/sms/subject');
      // The demo topics are listed.
      await page.getByRole('row').filter({ hasText: 'Summer on the trail' }).first().waitFor();
      await page.goto('/sms/addSubject');
      const t = TOPIC_TEXT[lang];
      // Required fields' labels end in " *".
      await page.getByLabel(t.title).fill(title);
      await page.getByLabel(t.category).fill(lang === 'en' ? 'Books' : '图书');
      await page.getByLabel(t.description).fill(`${title}: novels and tea.`);
      const content = page.locator('.ProseMirror');
      await content.click();
      await page.keyboard.type(`${title} picks`);
      await page.getByRole('button', { name: t.save }).click();
      await page.waitForURL('**/sms/subject');
      await page.getByRole('row').filter({ hasText: title }).first().waitFor();
    }, { as: 'marketingAdmin', lang });
    const found = await api<{ list: Row[] }>(`/subject/list?keyword=${encodeURIComponent(title)}`);
    expect(found.list).toHaveLength(1);
    const saved = await api<Row>(`/subject/${found.list[0]!.id}`);
    expect(saved).toMatchObject({ title, showStatus: 1, content: `<p>${title} picks</p>` });
  }, 120_000);
});
