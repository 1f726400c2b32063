// Protects: the feedback of failed calls — a 3-second error toast with the
// server's (translated) message, and one "log in again" dialog for code 401, never stacked; a
// refused field named by its label in the reader's language, never its raw name; a refusal's message
// said once (not again as its one field's), and no toast for a refusal the calling form shows under its inputs.
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

beforeAll(() => preloadScreens(), PRELOAD_TIMEOUT_MS);

const answer = (path: string, envelope: object, status = 200) =>
  server.use(http.get(`*/api${path}`, () => HttpResponse.json(envelope, { status })));

/** A POST the server refuses with these field errors (validation failed, 400). */
const refuse = (path: string, errors: readonly object[]) =>
  server.use(http.post(`*/api${path}`, () => HttpResponse.json({ code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null, errors }, { status: 400 })));

/** Posts as a screen would, once the home page is up; the failure is expected. */
const postApi = (path: string) => act(() => httpClient(path, { method: 'POST', body: {} }).then(() => undefined, () => undefined));

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
  it('should ask to log in again with mall\'s texts, and on confirm clear the token and reload', async () => {
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
    await waitFor(() => expect(screen.queryByText('The brand is still used by 3 products')).not.toBeInTheDocument());
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
    refuse('/brand/create', [{ field: 'name', messageKey: 'length_between', message: 'length must be between 2 and 140 characters', params: { min: 2, max: 140 } }]);
    await openHome();
    await postApi('/brand/create');
    expect(await screen.findByText('Validation failed: Brand name: length must be between 2 and 140 characters')).toBeInTheDocument();
  });

  it('should say a message that only repeats its one field\'s once, with the field', async () => {
    server.use(http.post('*/api/returnApply/confirm/5', () => HttpResponse.json({
      code: 404, message: 'Must be at most 18', messageKey: 'too_big', params: { max: 18 }, data: null,
      errors: [{ field: 'returnAmount', messageKey: 'too_big', message: 'Must be at most 18', params: { max: 18 } }],
    }, { status: 400 })));
    await openHome();
    await postApi('/returnApply/confirm/5');
    expect(await screen.findByText('Refund amount: Must be at most 18')).toBeInTheDocument();
    expect(screen.queryByText(/Must be at most 18.*Must be at most 18/)).toBeNull();
  });

  it('should show no toast for a refusal the calling form shows under its inputs, and one for a field it does not show', async () => {
    refuse('/returnApply/confirm/5', [{ field: 'returnAmount', messageKey: 'too_big', message: 'Must be at most 18', params: { max: 18 } }]);
    await openHome();
    await act(() => httpClient('/returnApply/confirm/5', { method: 'POST', body: {}, fieldsShown: ['returnAmount', 'handleNote'] }).then(() => undefined, () => undefined));
    await act(() => httpClient('/returnApply/confirm/5', { method: 'POST', body: {}, fieldsShown: ['handleNote'] }).then(() => undefined, () => undefined));
    // Only the second call's refusal is toasted: its field is not on the form.
    await waitFor(() => expect(screen.getAllByText('Validation failed: Refund amount: Must be at most 18')).toHaveLength(1));
  });

  it('should show a network error', async () => {
    server.use(http.get('*/api/brand/list', () => HttpResponse.error()));
    await openHome();
    await callApi('/brand/list');
    expect(await screen.findByText('Network error: the server cannot be reached')).toBeInTheDocument();
  });
});

describe.each(['en', 'zh'] as const)('a refused field is named in words (%s)', (lang) => {
  const T = {
    en: { failed: 'Validation failed', refund: 'Refund amount', tooBig: 'Must be at most 18', sn: 'Logistics number (row 2)', required: 'Logistics number is required',
      price: 'Sale price (row 3)', tooSmall: 'Must be at least 0' },
    zh: { failed: '参数检验失败', refund: '退款金额', tooBig: '不能大于 18', sn: '物流单号（第 2 行）', required: '请输入物流单号',
      price: '销售价格（第 3 行）', tooSmall: '不能小于 0' },
  }[lang];
  beforeEach(() => localStorage.setItem('lang', lang));

  // An action's parameter, a row of a body of rows, a field of a child row: each by its label (and row).
  it.each([
    ['/returnApply/confirm/5', { field: 'returnAmount', messageKey: 'too_big', message: 'Must be at most 18', params: { max: 18 } }, () => `${T.refund}: ${T.tooBig}`, 'returnAmount'],
    ['/order/update/delivery', { field: '1.deliverySn', messageKey: 'delivery_sn_required', message: 'Logistics number is required' }, () => `${T.sn}: ${T.required}`, 'deliverySn'],
    ['/product/update/7', { field: 'skuStockList.2.price', messageKey: 'too_small', message: 'Must be at least 0', params: { min: 0 } }, () => `${T.price}: ${T.tooSmall}`, 'skuStockList'],
  ] as const)('should name the field %s refused by its label', async (path, error, expected, raw) => {
    refuse(path, [error]);
    await openHome();
    await postApi(path);
    const toast = await screen.findByText(`${T.failed}: ${expected()}`);
    expect(toast.textContent).not.toContain(raw);
  });

  it('should word a field no declaration labels rather than show its name', async () => {
    refuse('/admin/updatePassword', [{ field: 'oldPassword', messageKey: 'validation_failed', message: 'Validation failed' }]);
    await openHome();
    await postApi('/admin/updatePassword');
    // Its message only repeats the whole refusal's: said once, with the field.
    expect(await screen.findByText(`Old password: ${T.failed}`)).toBeInTheDocument();
    expect(screen.queryByText(/oldPassword/)).toBeNull();
  });
});
