// Protects: the admin's layout — menus from /admin/info, breadcrumb, language switch,
// user menu, the sidebar's stored state and collapsed flyouts, and the mobile bottom bar + drawer.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserPage } from '../../src/providers/browserPage';
import {
  answerInfo, answerLogout, answerScreensEmpty, currentPath, findSidebar, menusFor, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, seller, SUPER_ADMIN_GRANT, superAdmin,
} from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens(), PRELOAD_TIMEOUT_MS);

const SIDEBAR_KEY = 'RaStoremarketplace-admin.sidebar.open';
const sectionButtons = (nav: HTMLElement) =>
  within(nav).getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded')).map((b) => b.textContent);

let reload: ReturnType<typeof vi.spyOn>;
let load: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  answerScreensEmpty();
  reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
  load = vi.spyOn(browserPage, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('sidebar menu', () => {
  it('should show the super admin every section, highest sort first', async () => {
    answerInfo(superAdmin());
    renderAdmin('/home');
    const nav = await findSidebar();
    await waitFor(() => expect(sectionButtons(nav)).toEqual([
      'Shops', 'Products', 'Orders', 'Marketing', 'Members', 'Payments', 'Die-cutting molds', 'Referrals', 'Permissions',
    ]));
  });

  it('should show a seller only the sections their menus grant', async () => {
    answerInfo(seller());
    renderAdmin('/home');
    const nav = await findSidebar();
    await waitFor(() => expect(sectionButtons(nav)).toEqual(['Shops', 'Products', 'Orders', 'Marketing', 'Members', 'Payments', 'Die-cutting molds', 'Referrals']));
    expect(within(nav).queryByText('Permissions')).not.toBeInTheDocument();
  });

  it('should list pages by sort, highest first, without hidden entries', async () => {
    answerInfo({
      ...superAdmin(),
      menus: menusFor(SUPER_ADMIN_GRANT, { returnReason: { sort: 999 }, orderSetting: { hidden: 1 }, balanceList: { sort: 1 } }),
    });
    renderAdmin('/home');
    const user = userEvent.setup();
    const nav = await findSidebar();
    await user.click(await within(nav).findByRole('button', { name: 'Orders' }));
    const pages = await within(nav).findByRole('list', { name: 'Orders' });
    expect(within(pages).getAllByRole('link').map((link) => link.textContent)).toEqual(['Return reasons', 'Orders', 'Return requests', 'Cashier balances']);
    expect(within(nav).queryByText('Order settings')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Order detail')).not.toBeInTheDocument();
  });

  it('should unfold the section of the page shown and mark the page', async () => {
    answerInfo(seller());
    renderAdmin('/rms/link');
    const nav = await findSidebar();
    const pages = await within(nav).findByRole('list', { name: 'Referrals' });
    expect(within(pages).getByRole('link', { name: 'Invite links' })).toHaveAttribute('aria-current', 'page');
  });

  it('should keep the sidebar state in local storage across a reload', async () => {
    answerInfo(superAdmin());
    const user = userEvent.setup();
    const first = renderAdmin('/home');
    await user.click(await screen.findByRole('button', { name: 'Close menu' }));
    expect(localStorage.getItem(SIDEBAR_KEY)).toBe('false');
    first.unmount();

    renderAdmin('/home');
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(localStorage.getItem(SIDEBAR_KEY)).toBe('true');
  });

  it('should open a collapsed section in a flyout after 200 ms of hovering', async () => {
    localStorage.setItem(SIDEBAR_KEY, 'false');
    answerInfo(seller());
    renderAdmin('/home');
    const user = userEvent.setup();
    const nav = await findSidebar();
    const orders = await within(nav).findByRole('button', { name: 'Orders' });
    const hoveredAt = Date.now();
    await user.hover(orders);
    expect(screen.queryByRole('menu', { name: 'Orders' })).not.toBeInTheDocument();
    const flyout = await screen.findByRole('menu', { name: 'Orders' });
    expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(190);
    expect(within(flyout).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Orders', 'Cashier balances', 'Return requests']);
    await user.click(within(flyout).getByRole('menuitem', { name: 'Return requests' }));
    await waitFor(() => expect(currentPath()).toBe('/oms/returnApply'));
  });
});

describe('app bar', () => {
  it('should show a breadcrumb from Home through the section to the page', async () => {
    answerInfo(superAdmin());
    renderAdmin('/oms/returnReason');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(crumbs).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/oms');
    expect(within(crumbs).getByText('Return reasons')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Return reasons · Marketplace Admin'));
  });

  it('should store the chosen language and reload', async () => {
    answerInfo(superAdmin());
    renderAdmin('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: '中文' }));
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should draw menu titles and the breadcrumb in Chinese when lang is zh', async () => {
    localStorage.setItem('lang', 'zh');
    answerInfo(seller());
    // The seller's own distribution records (none here): the shell around the page is what this checks.
    server.use(http.get('*/api/rms/distribute/list', () => HttpResponse.json({
      code: 200, message: 'Operation succeeded', data: { pageNum: 1, pageSize: 10, totalPage: 0, total: 0, list: [] },
    })));
    renderAdmin('/rms/distributeList');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    await waitFor(() => expect(sectionButtons(nav)).toEqual(['店铺', '商品', '订单', '营销', '会员', '支付管理', '刀模', '推广分销']));
    const crumbs = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(within(crumbs).getByRole('link', { name: '首页' })).toBeInTheDocument();
    expect(within(crumbs).getByText('分销记录')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '分销记录' })).toBeInTheDocument();
  });

  it('should show the initials as avatar and offer home and logout in the user menu', async () => {
    answerInfo(superAdmin());
    const logoutCalls = answerLogout();
    renderAdmin('/oms/order', { token: 'Bearer logout-me' });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Profile' });
    await waitFor(() => expect(within(button).getByText('AD')).toBeInTheDocument());

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Home' }));
    await waitFor(() => expect(currentPath()).toBe('/home'));

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/login'));
    expect(logoutCalls).toEqual(['Bearer logout-me']);
    expect(localStorage.getItem('loginToken')).toBeNull();
  });

  it('should show the icon of /admin/info as avatar', async () => {
    answerInfo({ ...superAdmin(), icon: 'https://img.example/me.png' });
    renderAdmin('/home');
    const button = await screen.findByRole('button', { name: 'Profile' });
    await waitFor(() => expect(within(button).getByRole('img')).toHaveAttribute('src', 'https://img.example/me.png'));
  });
});

describe('change password from the user menu', () => {
  it.each([
    { lang: 'en', profile: 'Profile', item: 'Change password', old: 'Current password', fresh: 'New password', again: 'New password again', mismatch: 'The two new passwords differ', wrong: 'The old password is wrong', done: 'Password changed; your other sessions were signed out' },
    { lang: 'zh', profile: '个人设置', item: '修改密码', old: '当前密码', fresh: '新密码', again: '再次输入新密码', mismatch: '两次输入的新密码不一致', wrong: '旧密码错误', done: '密码已修改，其他登录会话已退出' },
  ])('should check, send and keep the session with the fresh token ($lang)', async (t) => {
    localStorage.setItem('lang', t.lang);
    answerInfo(superAdmin());
    const bodies: unknown[] = [];
    server.use(http.post('*/api/admin/updatePassword', async ({ request }) => {
      const body = await request.json() as { oldPassword: string };
      bodies.push(body);
      if (body.oldPassword !== 'right-one') {
        return HttpResponse.json({ code: 404, message: 'The old password is wrong', messageKey: 'old_password_wrong', data: null,
          errors: [{ field: 'oldPassword', messageKey: 'old_password_wrong', message: 'The old password is wrong' }] }, { status: 400 });
      }
      return HttpResponse.json({ code: 200, message: 'Operation succeeded', data: { token: 'fresh-token', tokenHead: 'Bearer ' } });
    }));
    renderAdmin('/home');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.profile }));
    await user.click(await screen.findByRole('menuitem', { name: t.item }));
    const dialog = await screen.findByRole('dialog', { name: t.item });
    // Each password as one paste into the clicked field (the dialog checks values, not keystrokes:
    // typing them key by key re-rendered the dialog per character, 3.6 s of the file's CPU).
    const fill = async (label: string, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await fill(t.old, 'wrong-one');
    await fill(t.fresh, 'new-pass-99');
    await fill(t.again, 'new-pass-98');
    await user.click(within(dialog).getByRole('button', { name: t.item }));
    expect(await within(dialog).findByText(t.mismatch)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText(t.again));
    await fill(t.again, 'new-pass-99');
    await user.click(within(dialog).getByRole('button', { name: t.item }));
    expect((await within(dialog).findAllByText(t.wrong)).length).toBeGreaterThan(0);

    await user.clear(within(dialog).getByLabelText(t.old));
    await fill(t.old, 'right-one');
    await user.click(within(dialog).getByRole('button', { name: t.item }));
    expect(await screen.findByText(t.done)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ oldPassword: 'right-one', newPassword: 'new-pass-99' });
    expect(localStorage.getItem('loginToken')).toBe('Bearer fresh-token');
  });
});

describe('mobile', () => {
  const setViewport = (width: number, height: number) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
    window.dispatchEvent(new Event('resize'));
  };
  const resize = (width: number, height: number) => act(() => setViewport(width, height));
  // jsdom's own size; nothing is mounted any more, so no act() needed.
  afterEach(() => setViewport(1024, 768));

  it('should show a bottom bar of the most used sections and More, whose entries open the drawer, which closes on navigation', async () => {
    await resize(400, 800);
    answerInfo(seller());
    renderAdmin('/home');
    const user = userEvent.setup();
    const bar = await screen.findByRole('navigation', { name: 'Sections' });
    // Named in words on the bar itself, not only for screen readers: five entries fit a phone.
    await waitFor(() => expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(
      ['Home', 'Orders', 'Products', 'Shops', 'More'],
    ));

    // The sections not on the bar are in the drawer "More" opens.
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const drawer = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(drawer).getByText('Referrals'));
    await user.click(within(drawer).getByRole('link', { name: 'Click records' }));
    await waitFor(() => expect(currentPath()).toBe('/rms/clickList'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it.each([
    { lang: 'en', section: 'Orders' },
    { lang: 'zh', section: '订单' },
  ])('should name each bottom bar icon in a tooltip ($lang)', async ({ lang, section }) => {
    localStorage.setItem('lang', lang);
    await resize(400, 800);
    answerInfo(seller());
    renderAdmin('/home');
    const bar = await screen.findByRole('navigation', { name: /^(Sections|功能分区)$/ });
    const icon = await within(bar).findByRole('button', { name: section });
    await userEvent.setup().hover(icon);
    expect(await screen.findByRole('tooltip', { name: section })).toBeInTheDocument();
  });

  it('should count a tall portrait screen as mobile', async () => {
    await resize(900, 1400);
    answerInfo(seller());
    renderAdmin('/home');
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    // The desktop sidebar is replaced by the (closed) drawer.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });
});
