// Protects: one voice: why the admin does not open reads naturally in both
// languages. A disabled account's token says "This account is disabled" (401, key
// account_disabled) and what to do, an ended session says the user is signed out, an account
// without roles keeps mall's message under a plain heading; never "The admin cannot open".
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { answerInfo, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin } from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens(), PRELOAD_TIMEOUT_MS);

const TEXT = {
  en: {
    disabled: 'This account is disabled', disabledHint: 'Ask an administrator to enable it, then sign in again.',
    signedOut: 'You are signed out', expired: 'Not logged in or the session has expired',
    noRoles: 'No role is assigned to this account yet', rolesSpec: 'roles must be a non-null array',
  },
  zh: {
    disabled: '账号已被禁用', disabledHint: '请联系管理员启用该账号后重新登录。',
    signedOut: '您已退出登录', expired: '尚未登录或登录已过期',
    noRoles: '该账号尚未分配角色', rolesSpec: '该用户暂未分配角色',
  },
} as const;

const refuseInfo = (messageKey: string, message: string) => server.use(http.get('*/api/admin/info', () =>
  HttpResponse.json({ code: 401, message, data: null, messageKey }, { status: 401 })));

describe.each<Lang>(['en', 'zh'])('why the admin does not open (%s)', (lang) => {
  const t = TEXT[lang];

  it('should say a disabled account is disabled, and what to do', async () => {
    localStorage.setItem('lang', lang);
    refuseInfo('account_disabled', 'This account is disabled');
    renderAdmin('/home');
    expect(await screen.findByText(t.disabledHint)).toBeInTheDocument();
    expect(screen.getAllByText(t.disabled).length).toBeGreaterThan(0);
    expect(screen.queryByText(/The admin cannot open/)).toBeNull();
  });

  it('should say an ended session is signed out', async () => {
    localStorage.setItem('lang', lang);
    refuseInfo('unauthorized', 'Not logged in or the session has expired');
    renderAdmin('/home');
    expect(await screen.findByText(t.signedOut)).toBeInTheDocument();
    expect(screen.getAllByText(t.expired).length).toBeGreaterThan(0);
  });

  it('should head mall\'s message for an account without roles with a plain sentence', async () => {
    localStorage.setItem('lang', lang);
    answerInfo({ username: 'norole', icon: null, roles: [], menus: [] });
    renderAdmin('/home');
    expect(await screen.findByText(t.noRoles)).toBeInTheDocument();
    expect(screen.getAllByText(t.rolesSpec).length).toBeGreaterThan(0);
  });
});
