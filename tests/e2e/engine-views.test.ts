// Protects: the generated show view in the real browser: a record's page opens by its deep link (`<list>#show=<id>`) with its title in both languages, a button of the record runs a real action from it (an account's roles, then shown on the page), and the way back leads to the list.
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite();

type Account = { id: number; username: string };
type Role = { id: number; name: string };

const { call: api } = apiAs(suite);

const accountId = async (username: string): Promise<number> => {
  const { list } = await api<{ list: Account[] }>(`/admin/list?keyword=${encodeURIComponent(username)}&pageSize=50`);
  const found = list.find((a) => a.username === username);
  if (!found) throw new Error(`no account ${username}`);
  return found.id;
};

describe('show view', () => {
  it.each([
    { lang: 'en', username: DEMO.seller.username, title: 'Admin', assign: 'Assign roles', role: 'Product admin', save: 'Save', saved: 'Roles saved', main: 'General', back: 'Back to the list' },
    { lang: 'zh', username: DEMO.seller2.username, title: '用户', assign: '分配角色', role: '商品管理员', save: '保存', saved: '角色已保存', main: '基本信息', back: '返回列表' },
  ] as const)('opens an account by its deep link and assigns a role from it ($lang)', async (c) => {
    const id = await accountId(c.username);
    await suite.withPage(async (page) => {
      await page.goto(`/ums/admin#show=${id}`);
      const separator = c.lang === 'zh' ? '：' : ': ';
      await page.getByRole('heading', { level: 1, name: `${c.title}${separator}${c.username}` }).waitFor();
      const main = page.getByRole('region', { name: c.main });
      await main.getByText(c.username, { exact: true }).waitFor();

      // A button of the record (the area's row button) runs the account's `updateRoles` action.
      await page.getByRole('toolbar').getByRole('button', { name: c.assign }).click();
      const dialog = page.getByRole('dialog');
      const box = dialog.getByRole('checkbox', { name: c.role });
      await box.check();
      await dialog.getByRole('button', { name: c.save }).click();
      await page.getByText(c.saved).waitFor();
      await dialog.waitFor({ state: 'detached' });
      // The page reads the record again: the new role shows among the account's roles.
      await main.getByText(c.role, { exact: true }).waitFor();
      const held = await api<Role[]>(`/admin/role/${id}`);
      expect(held.map((r) => r.name)).toContain('Product admin');

      await page.getByRole('link', { name: c.back }).click();
      await page.waitForURL((url) => url.pathname === '/ums/admin' && url.hash === '');
      await page.locator('#main-content tbody tr').filter({ hasText: c.username }).first().waitFor();
    }, { as: 'admin', lang: c.lang });
  }, 180_000);
});
