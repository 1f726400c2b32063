// Protects: leaving a changed create/edit page (a menu link, the browser's reload or close) asks first, in the chosen language; "stay" keeps the page and the typed value; an unchanged form, a save and a delete leave without asking.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerInfo, currentPath, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, superAdmin } from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens({ entities: true }), PRELOAD_TIMEOUT_MS);
afterEach(() => vi.restoreAllMocks());

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });
const shop = {
  id: 9, shopName: 'Lining', ownerId: 1, ownerName: 'admin', status: 1, createTime: '2026-01-02T03:04:05.000Z',
  // Every field a shop answers (src/schema/shop/entities.ts), as the server sends them.
  inviteCode: 'LINING01', currency: 'USD', autoApprove: 1, companyName: null, legalPersonName: null, country: null, city: null,
  streetLine1: null, addressLine2: null, postcode: null, firstName: null, lastName: null, phone: null,
  paypalOffline: 0, paypalAccount: null, paypalOnline: 0, paypalClientId: null, paypalSecretKeySet: false,
  blockchain: 0, blockchainNetwork: null, walletAddress: null, timeZone: null, signUpCode: 0,
};

const TEXTS = {
  en: {
    nav: 'Main menu', shopName: 'Shop name', shopList: 'Shop list', save: 'Save', delete: 'Delete', confirm: 'Confirm',
    ask: "Some of your changes weren't saved. Are you sure you want to ignore them?",
  },
  zh: {
    nav: '主菜单', shopName: '店铺名称', shopList: '店铺列表', save: '保存', delete: '删除', confirm: '确认',
    ask: '部分修改尚未保存。确定要放弃这些修改吗？',
  },
} as const;

/** The shop screens' server: one shop, its list, updates and deletes (recorded). */
const answerShops = () => {
  const writes: string[] = [];
  server.use(
    http.get('*/api/shop/9', () => ok(shop)),
    http.get('*/api/shop/list', () => ok({ pageNum: 1, pageSize: 10, totalPage: 1, total: 1, list: [shop] })),
    http.post('*/api/shop/update/9', () => { writes.push('update'); return ok(1); }),
    http.post('*/api/shop/delete/9', () => { writes.push('delete'); return ok(1); }),
    // The add-shop page asks whether the caller may open a shop (sellers need a VIP; admins may).
    http.get('*/api/shop/canOpen', () => ok({ allowed: true, vipRequired: false, vipExpireTime: null })),
  );
  answerInfo({ ...superAdmin(), resources: ['/**'] });
  return writes;
};

/** The sidebar's link to the shop list (the sidebar is named in the chosen language). */
const shopListLink = async (t: (typeof TEXTS)[keyof typeof TEXTS]) =>
  within(await screen.findByRole('navigation', { name: t.nav })).findByRole('link', { name: t.shopList });

/** Whether the page asks the browser to confirm a reload or close (react-admin's beforeunload guard). */
const blocksUnload = (): boolean => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe.each(['en', 'zh'] as const)('leaving a form page (%s)', (lang) => {
  const t = TEXTS[lang];

  it('should ask before leaving a changed edit page by a menu link; staying keeps the page and the value', async () => {
    localStorage.setItem('lang', lang);
    answerShops();
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin('/shop/updateShop?id=9');
    const user = userEvent.setup({ delay: null });
    const input = await screen.findByRole('textbox', { name: new RegExp(t.shopName) });
    await waitFor(() => expect(input).toHaveValue('Lining'));
    expect(blocksUnload()).toBe(false);

    await user.clear(input);
    await user.type(input, 'Lining Sports');
    await waitFor(() => expect(blocksUnload()).toBe(true));
    await user.click(await shopListLink(t));
    await waitFor(() => expect(ask).toHaveBeenCalledWith(t.ask));
    expect(currentPath()).toBe('/shop/updateShop');
    expect(screen.getByRole('textbox', { name: new RegExp(t.shopName) })).toHaveValue('Lining Sports');

    // Asked again, and this time the user lets the changes go.
    ask.mockReturnValue(true);
    await user.click(await shopListLink(t));
    await waitFor(() => expect(currentPath()).toBe('/shop/shopList'));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(blocksUnload()).toBe(false);
  });

  it('should leave an unchanged form page without asking', async () => {
    localStorage.setItem('lang', lang);
    answerShops();
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin('/shop/addShop');
    await screen.findByRole('textbox', { name: new RegExp(t.shopName) });
    expect(blocksUnload()).toBe(false);
    await userEvent.click(await shopListLink(t));
    await waitFor(() => expect(currentPath()).toBe('/shop/shopList'));
    expect(ask).not.toHaveBeenCalled();
  });

  it('should return to the list without asking after saving or deleting a changed record', async () => {
    localStorage.setItem('lang', lang);
    const writes = answerShops();
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup({ delay: null });

    const saving = renderAdmin('/shop/updateShop?id=9');
    const input = await screen.findByRole('textbox', { name: new RegExp(t.shopName) });
    await waitFor(() => expect(input).toHaveValue('Lining'));
    await user.type(input, ' Sports');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(currentPath()).toBe('/shop/shopList'));
    expect(writes).toEqual(['update']);
    saving.unmount();

    renderAdmin('/shop/updateShop?id=9');
    const again = await screen.findByRole('textbox', { name: new RegExp(t.shopName) });
    await waitFor(() => expect(again).toHaveValue('Lining'));
    await user.type(again, ' Sports');
    await user.click(screen.getByRole('button', { name: t.delete }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(currentPath()).toBe('/shop/shopList'));
    expect(writes).toEqual(['update', 'delete']);
    expect(ask).not.toHaveBeenCalled();
  });
});
