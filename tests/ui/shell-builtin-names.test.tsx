// Protects: the side menu, breadcrumb and home page title seeded menus and roles in the chosen language, and renamed ones as the administrator named them; the side menu's Home (no server row) reads in the chosen language.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { browserPage } from '../../src/providers/browserPage';
import type { AdminInfo } from '../../src/schema/api';
import { answerInfo, answerScreensEmpty, menusFor, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin } from './admin-harness';

beforeAll(() => preloadScreens(), PRELOAD_TIMEOUT_MS);
beforeEach(() => {
  vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
  vi.spyOn(browserPage, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Products as seeded; the Orders section and its order list renamed by an administrator. */
const info = (): AdminInfo => ({
  username: 'admin',
  icon: null,
  roles: ['Super admin', 'Night shift'],
  menus: menusFor({ pms: ['product'], oms: ['order', 'returnApply'] }, { oms: { title: 'Sales desk' }, order: { title: 'All orders' } }),
});

const TEXT = {
  en: { nav: 'Main menu', crumbs: 'Breadcrumb', home: 'Home', products: 'Products', returns: 'Return requests', superAdmin: 'Super admin' },
  zh: { nav: '主菜单', crumbs: '面包屑导航', home: '首页', products: '商品', returns: '退货申请处理', superAdmin: '超级管理员' },
} as const;

const sectionButtons = (nav: HTMLElement) =>
  within(nav).getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded')).map((b) => b.textContent);

describe.each<Lang>(['en', 'zh'])('built-in menu and role names in the shell (%s)', (lang) => {
  const t = TEXT[lang];

  it('should title seeded menus in the chosen language and renamed ones as named, in the side menu and breadcrumb', async () => {
    localStorage.setItem('lang', lang);
    answerInfo(info());
    // The order list's own calls (its screen may be drawn before the test ends).
    answerScreensEmpty();
    renderAdmin('/oms/order');

    const nav = await screen.findByRole('navigation', { name: t.nav });
    await waitFor(() => expect(sectionButtons(nav)).toEqual([t.products, 'Sales desk']));
    // Home has no menu row on the server: the sidebar names it from the i18n files, never in English only.
    expect(within(nav).getByRole('link', { name: t.home })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'All orders' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: t.returns })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: t.crumbs });
    expect(within(crumbs).getByRole('link', { name: 'Sales desk' })).toBeInTheDocument();
    expect(within(crumbs).getByText('All orders')).toBeInTheDocument();
  });

  it('should name seeded roles and sections on the home page in the chosen language', async () => {
    localStorage.setItem('lang', lang);
    answerInfo(info());
    renderAdmin('/home');

    expect(await screen.findByText(t.superAdmin)).toBeInTheDocument();
    expect(screen.getByText('Night shift')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.products })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sales desk' })).toBeInTheDocument();
  });
});
