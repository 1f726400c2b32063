// Protects: the feedback of failed calls (spec section 8) — a 3-second error toast with the
// server's (translated) message, and one "log in again" dialog for code 401, never stacked.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserPage } from '../../src/providers/browserPage';
import { httpClient } from '../../src/providers/httpClient';
import {
  answerInfo, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, superAdmin,
} from './admin-harness';
import { server } from './msw-server';

// One react-router for everyone: react-admin (loaded by Node) reaches it through react-router-dom,
// while Vitest would give our modules a second copy whose <Route> react-admin does not recognise.
vi.mock('react-router', () => import('react-router-dom'));

beforeAll(() => preloadScreens(), PRELOAD_TIMEOUT_MS);

const answer = (path: string, envelope: object, status = 200) =>
  server.use(http.get(`*/api${path}`, () => HttpResponse.json(envelope, { status })));

/** Calls the API as a screen would, once the home page is up; the failure is expected. */
const callApi = (path: string) => act(() => httpClient(path).then(() => undefined, () => undefined));

const openHome = async () => {
  answerInfo(superAdmin());
  renderAdmin('/home');
  await screen.findByRole('heading', { name: /Welcome|欢迎/ });
};

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('401 dialog', () => {
  it('should ask to log in again with the spec texts, and on confirm clear the token and reload', async () => {
    answer('/brand/list', { code: 401, message: 'Not logged in or the session has expired', messageKey: 'unauthorized', data: null }, 401);
    await openHome();
    await callApi('/brand/list');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Confirm logout' })).toBeInTheDocument();
    expect(within(dialog).getByText('You have been logged out. You can cancel to stay on this page, or log in again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // The toast shows the server's message as well.
    expect(await screen.findByText('Not logged in or the session has expired')).toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Log in again' }));
    expect(localStorage.getItem('loginToken')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should open one dialog for several 401s, and cancel should keep the session', async () => {
    answer('/brand/list', { code: 401, message: 'Not logged in or the session has expired', data: null });
    await openHome();
    await callApi('/brand/list');
    await callApi('/brand/list');
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('loginToken')).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Welcome, admin' })).toBeInTheDocument();
  });

  it('should speak Chinese when lang is zh', async () => {
    localStorage.setItem('lang', 'zh');
    answer('/brand/list', { code: 401, message: 'Not logged in or the session has expired', messageKey: 'unauthorized', data: null });
    await openHome();
    await callApi('/brand/list');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: '确定登出' })).toBeInTheDocument();
    expect(within(dialog).getByText('你已被登出，可以取消继续留在该页面，或者重新登录')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '重新登录' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeInTheDocument();
  });

  it('should open when /admin/info itself answers 401 (a stale token)', async () => {
    server.use(http.get('*/api/admin/info', () => HttpResponse.json({ code: 401, message: 'Not logged in or the session has expired', data: null })));
    renderAdmin('/home');
    expect(await screen.findByRole('heading', { name: 'Confirm logout' })).toBeInTheDocument();
  });
});

describe('error toast', () => {
  it('should show the server message for 3 seconds', async () => {
    answer('/brand/list', { code: 500, message: 'The brand is still used by 3 products', messageKey: 'some_key_the_admin_does_not_know', data: null });
    await openHome();
    await callApi('/brand/list');
    await screen.findByText('The brand is still used by 3 products');
    const shownAt = Date.now();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The brand is still used by 3 products')).not.toBeInTheDocument(), { timeout: 6000 });
    // 3000 ms, plus the exit transition and the polling of waitFor.
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2800);
    expect(Date.now() - shownAt).toBeLessThan(4500);
  });

  it('should translate a known message key', async () => {
    localStorage.setItem('lang', 'zh');
    answer('/role/list', { code: 403, message: 'You do not have permission to do this', messageKey: 'forbidden', data: null }, 403);
    await openHome();
    await callApi('/role/list');
    expect(await screen.findByText('没有相关权限')).toBeInTheDocument();
  });

  it('should name the fields of a validation failure', async () => {
    answer('/brand/create', {
      code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null,
      errors: [{ field: 'name', messageKey: 'length_between', message: 'length must be between 2 and 140 characters', params: { min: 2, max: 140 } }],
    }, 400);
    await openHome();
    await callApi('/brand/create');
    expect(await screen.findByText('Validation failed: name: length must be between 2 and 140 characters')).toBeInTheDocument();
  });

  it('should show a network error', async () => {
    server.use(http.get('*/api/brand/list', () => HttpResponse.error()));
    await openHome();
    await callApi('/brand/list');
    expect(await screen.findByText('Network error: the server cannot be reached')).toBeInTheDocument();
  });
});
