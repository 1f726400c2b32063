// Protects: the chosen language everywhere. Dates and numbers follow the admin's
// language, not the browser's (jsdom's browser speaks en-US); column titles never break inside a
// word; the audit log names actions, tables and users instead of showing their codes
// (a declared action as its button reads, and "System" for a row a job wrote).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

const START = '2026-12-10T02:00:00.000Z';
const advert = { id: 11, name: 'Summer sale', type: 1, pic: null, startTime: START, endTime: START, status: 1, clickCount: 12345, orderCount: 1, url: 'https://a.example/s', note: null, sort: 0 };

const INTL = { en: 'en-US', zh: 'zh-CN' } as const;
const AUDIT = {
  en: { action: 'Allocate resources', entity: 'Role', set: 'Set Shown', brand: 'Brand', close: 'Close order', system: 'System', grants: 'Update built-in permissions' },
  zh: { action: '分配资源', entity: '角色', set: '设置是否显示', brand: '品牌', close: '关闭订单', system: '系统', grants: '更新内置权限' },
} as const;

/** The row showing `text`, or `#text` (an audit row's record without a name to show). */
const rowOf = (text: string) => (screen.queryByText(text) ?? screen.getByText(`#${text}`)).closest('tr') as HTMLElement;

describe.each<Lang>(['en', 'zh'])('chosen language (%s)', (lang) => {
  it('should format list dates and numbers in the chosen language', async () => {
    serve('get', '/home/advertise/list', () => envelope(page([advert])));
    renderAt('/sms/homeAdvertise', { lang });
    await screen.findByText('Summer sale');

    const row = rowOf('Summer sale');
    const expected = new Date(START).toLocaleString(INTL[lang]);
    expect(within(row).getAllByText(expected)).toHaveLength(2);
    if (lang === 'zh') expect(within(row).queryByText(new Date(START).toLocaleString('en-US'))).toBeNull();
    expect(within(row).getByText((12345).toLocaleString(INTL[lang]))).toBeInTheDocument();
  });

  it('should keep column titles on one line', async () => {
    serve('get', '/home/advertise/list', () => envelope(page([advert])));
    renderAt('/sms/homeAdvertise', { lang });
    await screen.findByText('Summer sale');

    for (const header of screen.getAllByRole('columnheader')) {
      const style = getComputedStyle(header);
      expect(style.whiteSpace).toBe('nowrap');
    }
  });

  it('should name audit actions, tables and users', async () => {
    serve('get', '/auditLog/list', () => envelope(page([
      { id: 7, adminId: 3, adminName: 'orderAdmin', action: 'alloc_resource', entity: 'ums_role', entityId: '2', ip: '10.0.0.7', createTime: START },
      { id: 8, adminId: 3, adminName: 'orderAdmin', action: 'set_showStatus', entity: 'pms_brand', entityId: '1', ip: '10.0.0.8', createTime: START },
      // Written by the order job (no account) and by the server's start.
      { id: 9, adminId: null, adminName: null, action: 'close', entity: 'oms_order', entityId: '4242', ip: null, createTime: START },
      { id: 10, adminId: null, adminName: null, action: 'reconcile-grants', entity: 'system', entityId: '4343', ip: null, createTime: START },
    ])));
    // The rows' records are named by their own lists; none is found here, so each shows its number.
    serve('get', '/role/listAll', () => envelope([]));
    serve('get', '/brand/list', () => envelope(page([])));
    serve('get', '/order/list', () => envelope(page([])));
    renderAt('/ums/auditLog', { lang });

    await screen.findByText('10.0.0.7');
    const allocation = rowOf('10.0.0.7');
    expect(within(allocation).getByText(AUDIT[lang].action)).toBeInTheDocument();
    expect(within(allocation).getByText(AUDIT[lang].entity)).toBeInTheDocument();
    expect(await within(allocation).findByText('orderAdmin')).toBeInTheDocument();
    expect(within(allocation).queryByText('alloc_resource')).toBeNull();
    const toggle = rowOf('10.0.0.8');
    expect(within(toggle).getByText(AUDIT[lang].set)).toBeInTheDocument();
    expect(within(toggle).getByText(AUDIT[lang].brand)).toBeInTheDocument();
    const closed = rowOf('4242');
    expect(within(closed).getByText(AUDIT[lang].close)).toBeInTheDocument();
    expect(within(closed).getByText(AUDIT[lang].system)).toBeInTheDocument();
    expect(within(closed).queryByText('close')).toBeNull();
    const grants = rowOf('4343');
    expect(within(grants).getByText(AUDIT[lang].grants)).toBeInTheDocument();
    expect(within(grants).getAllByText(AUDIT[lang].system)).toHaveLength(2);
  });
});
