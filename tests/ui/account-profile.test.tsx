// Protects: "My profile" in the user menu, in both languages: the signed-in user changes their nickname, email, avatar and note with the declared rules; the server's field errors show on the inputs with no success toast; only the server's yes says "Saved", and the app bar shows the new name and avatar at once.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminProfile } from '../../src/schema/api';
import { answerInfo, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, seller } from './admin-harness';
import { server } from './msw-server';

beforeAll(async () => {
  await preloadScreens({ entities: true });
  await import('../../src/layout/ProfileDialog');
}, PRELOAD_TIMEOUT_MS);
afterEach(() => vi.unstubAllGlobals());

const TEXTS = {
  en: {
    menu: 'Profile', item: 'My profile', nickName: 'Nickname', email: 'Email', note: 'Note', save: 'Save', saved: 'Saved',
    signedIn: 'Signed in as seller', badEmail: 'Wrong format', taken: 'Not a valid email address', failed: 'Validation failed',
  },
  zh: {
    menu: '个人设置', item: '个人资料', nickName: '姓名', email: '邮箱', note: '备注', save: '保存', saved: '已保存',
    signedIn: '当前账号：seller', badEmail: '格式错误', taken: '邮箱地址格式不正确', failed: '参数检验失败',
  },
} as const;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type Recorded = { path: string; body: unknown };

/** The server side of the dialog: the profile update (refusing the first email it sees) and the avatar upload. */
const answerProfile = () => {
  const calls: Recorded[] = [];
  let refusedOnce = false;
  server.use(
    http.post('*/api/admin/updateProfile', async ({ request }) => {
      const body = await request.json() as Partial<AdminProfile>;
      calls.push({ path: '/admin/updateProfile', body });
      if (body.email && !refusedOnce) {
        refusedOnce = true;
        return HttpResponse.json({ code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null,
          errors: [{ field: 'email', messageKey: 'invalid_email', message: 'Not a valid email address' }] }, { status: 400 });
      }
      const profile: AdminProfile = { username: 'seller', nickName: null, email: null, language: null, icon: null, note: 'old note', ...body };
      return HttpResponse.json({ code: 200, message: 'Operation succeeded', data: profile });
    }),
    http.post('*/api/admin/uploadAvatar', () => {
      calls.push({ path: '/admin/uploadAvatar', body: null });
      return HttpResponse.json({ code: 200, message: 'Operation succeeded', data: { url: '/uploads/2026/01/me.png', name: 'me.png' } });
    }),
  );
  return calls;
};

describe.each(['en', 'zh'] as const)('my profile from the user menu (%s)', (lang) => {
  const t = TEXTS[lang];

  it('should check with the declared rules, show the server\'s field errors, then save and show the new name and avatar', async () => {
    localStorage.setItem('lang', lang);
    vi.stubGlobal('createImageBitmap', async () => ({ close: () => undefined }));
    answerInfo({ ...seller(), nickName: null, email: null, note: 'old note' });
    const calls = answerProfile();
    renderAdmin('/home');
    const user = userEvent.setup({ delay: null });
    const menuButton = await screen.findByRole('button', { name: t.menu });
    await waitFor(() => expect(within(menuButton).getByText('SE')).toBeInTheDocument());

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: t.item }));
    const dialog = await screen.findByRole('dialog', { name: t.item });
    expect(await within(dialog).findByText(t.signedIn)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: t.note })).toHaveValue('old note');

    // The declaration's own rule, before anything is sent.
    await user.type(within(dialog).getByRole('textbox', { name: t.email }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(t.badEmail)).toBeInTheDocument();
    expect(calls).toEqual([]);

    // The server's refusal: on the input, no success toast, the dialog stays.
    await user.clear(within(dialog).getByRole('textbox', { name: t.email }));
    await user.type(within(dialog).getByRole('textbox', { name: t.email }), 'keeper@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: t.nickName }), 'Shop Keeper');
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: t.email })).toHaveAccessibleDescription(t.taken));
    expect(calls).toEqual([{ path: '/admin/updateProfile', body: { nickName: 'Shop Keeper', email: 'keeper@example.com' } }]);
    // The error toast, and no success toast queued behind it (toasts show one at a time).
    const errorToast = await screen.findByText(new RegExp(`^${t.failed}`));
    expect(errorToast.closest('.RaNotification-error')).not.toBeNull();
    await waitFor(() => expect(screen.queryByText(new RegExp(`^${t.failed}`))).toBeNull());
    await new Promise((resolve) => { setTimeout(resolve, 500); });
    expect(screen.queryByText(t.saved)).toBeNull();
    expect(screen.getByRole('dialog', { name: t.item })).toBeInTheDocument();

    // A picture through the avatar picker, then the save the server accepts.
    const fileInput = document.querySelector('.ra-input-icon input[type=file]') as HTMLInputElement;
    await user.upload(fileInput, new File([new Uint8Array(PNG_MAGIC)], 'me.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    const toast = await screen.findByText(t.saved);
    expect(toast.closest('.RaNotification-success')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.item })).not.toBeInTheDocument());
    expect(calls.slice(1)).toEqual([
      { path: '/admin/uploadAvatar', body: null },
      { path: '/admin/updateProfile', body: { nickName: 'Shop Keeper', email: 'keeper@example.com', icon: '/uploads/2026/01/me.png' } },
    ]);
    // The app bar at once, without reading /admin/info again: the new avatar, named by the nickname.
    await waitFor(() => expect(within(screen.getByRole('button', { name: t.menu })).getByRole('img', { name: 'Shop Keeper' }))
      .toHaveAttribute('src', '/uploads/2026/01/me.png'));
  });
});
