// Protects: a change says it worked only after the server agreed, in one
// voice ("Saved", "Added", "Deleted", green) on every screen; a refused change (401, 500) gets the
// error toast and 401 dialog every failed call gets and never a success toast. In both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { strings as shopStrings } from '../../src/resources/shop/strings';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

const brands = [
  { id: 1, name: 'Nike', firstLetter: 'N', sort: 9, factoryStatus: 1, showStatus: 1, productCount: 7, productCommentCount: 0, logo: null, bigPic: null, brandStory: null },
  { id: 3, name: 'Puma', firstLetter: 'P', sort: 1, factoryStatus: 0, showStatus: 0, productCount: 0, productCommentCount: 0, logo: null, bigPic: null, brandStory: null },
];

const TEXT = {
  en: { shown: 'Shown', saved: 'Saved', added: 'Added', deleted: 'Deleted', logout: 'Confirm logout', failed: 'Operation failed', delete: 'Delete', confirm: 'Confirm', save: 'Save' },
  zh: { shown: '是否显示', saved: '已保存', added: '已添加', deleted: '已删除', logout: '确定登出', failed: '操作失败', delete: '删除', confirm: '确认', save: '保存' },
} as const;

const dictionary = shopStrings;

const unauthorized = () => HttpResponse.json({ code: 401, message: 'Not logged in or the session has expired', messageKey: 'unauthorized', data: null }, { status: 401 });
const failure = () => HttpResponse.json({ code: 500, message: 'Operation failed', messageKey: 'failed', data: null }, { status: 500 });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** Every toast on screen (react-admin's Notification is a snackbar with role alert). */
const toastTexts = () => screen.queryAllByRole('alert').map((t) => t.textContent ?? '');

describe.each<Lang>(['en', 'zh'])('change feedback (%s)', (lang) => {
  const t = TEXT[lang];

  it('should show the logout dialog and no success toast when a switch answers 401', async () => {
    serve('get', '/brand/list', () => envelope(page(brands)));
    const toggles = serve('post', '/brand/update/showStatus', unauthorized);
    renderAt('/pms/brand', { lang, feedback: true });
    await screen.findByText('Puma');

    const toggle = within(rowOf('Puma')).getByRole('switch', { name: `${t.shown}: Puma` });
    await userEvent.click(toggle);

    expect(await screen.findByRole('dialog', { name: t.logout })).toBeInTheDocument();
    expect(toggles).toHaveLength(1);
    expect(toastTexts()).not.toContain(t.saved);
    expect(screen.queryByText(t.saved)).toBeNull();
    // The dialog is modal: the list behind it is hidden from the accessibility tree.
    expect(within(rowOf('Puma')).getByRole('switch', { name: `${t.shown}: Puma`, hidden: true })).not.toBeChecked();
  });

  it('should show the translated error toast and no success toast when a switch answers 500', async () => {
    serve('get', '/brand/list', () => envelope(page(brands)));
    serve('post', '/brand/update/showStatus', failure);
    renderAt('/pms/brand', { lang, feedback: true });
    await screen.findByText('Nike');

    await userEvent.click(within(rowOf('Nike')).getByRole('switch', { name: `${t.shown}: Nike` }));
    expect(await screen.findByText(t.failed)).toBeInTheDocument();
    expect(screen.queryByText(t.saved)).toBeNull();
    expect(within(rowOf('Nike')).getByRole('switch', { name: `${t.shown}: Nike` })).toBeChecked();
  });

  it('should say "Saved" in the success style once the switch is saved', async () => {
    serve('get', '/brand/list', () => envelope(page(brands)));
    serve('post', '/brand/update/showStatus', () => envelope(1));
    renderAt('/pms/brand', { lang, feedback: true });
    await screen.findByText('Puma');

    await userEvent.click(within(rowOf('Puma')).getByRole('switch', { name: `${t.shown}: Puma` }));
    const toast = await screen.findByText(t.saved);
    expect(toast.closest('.RaNotification-success')).not.toBeNull();
    await waitFor(() => expect(within(rowOf('Puma')).getByRole('switch', { name: `${t.shown}: Puma` })).toBeChecked());
  });

  it('should not say "Deleted" when a bulk delete answers 500', async () => {
    serve('get', '/brand/list', () => envelope(page(brands)));
    const deletes = serve('post', '/brand/delete/batch', failure);
    renderAt('/pms/brand', { lang, feedback: true });
    await screen.findByText('Nike');

    await userEvent.click(within(rowOf('Nike')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByText(t.failed)).toBeInTheDocument();
    expect(screen.queryByText(t.deleted)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should say "Deleted" in the success style after a bulk delete', async () => {
    serve('get', '/brand/list', () => envelope(page(brands)));
    serve('post', '/brand/delete/batch', () => envelope(1));
    renderAt('/pms/brand', { lang, feedback: true });
    await screen.findByText('Nike');

    await userEvent.click(within(rowOf('Nike')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.confirm }));
    const toast = await screen.findByText(t.deleted);
    expect(toast.closest('.RaNotification-success')).not.toBeNull();
  });

  it('should say "Added" in the success style after a page create, not react-admin\'s "Element created"', async () => {
    serve('get', '/shop/list', () => envelope(page([])));
    serve('get', '/shop/canOpen', () => envelope({ allowed: true, vipRequired: false, vipExpireTime: null }));
    const creates = serve('post', '/shop/create', () => envelope({ id: 9, shopName: 'Lining', ownerId: 1, status: 1, createTime: null }));
    renderAt('/shop/addShop', { lang, feedback: true });

    await userEvent.type(await screen.findByRole('textbox', { name: dictionary[lang].resources.shop.fields.shopName }), 'Lining');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(creates).toHaveLength(1));
    const toast = await screen.findByText(t.added);
    expect(toast.closest('.RaNotification-success')).not.toBeNull();
    expect(screen.queryByText(/Element created|元素已创建/)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shop/shopList'));
  });

  it('should show the logout dialog and no "Deleted" when an edit page delete answers 401', async () => {
    serve('get', '/brand/1', () => envelope(brands[0]));
    serve('post', '/brand/delete/1', unauthorized);
    renderAt('/pms/updateBrand?id=1', { lang, feedback: true });
    await screen.findByDisplayValue('Nike');

    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('dialog', { name: t.logout })).toBeInTheDocument();
    expect(screen.queryByText(t.deleted)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/pms/updateBrand?id=1');
  });
});
