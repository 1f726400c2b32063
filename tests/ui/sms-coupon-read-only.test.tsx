// Protects: a coupon the server answers read-only (`readOnly: true`: a platform coupon a seller sees because it covers its products) shows a Read-only mark instead of its row buttons (give, stop, history), cannot be selected for a batch, opens its show view (no edit, give or stop there either) rather than the edit form, shows the mark and no form at its edit link, and reads in Chinese; the seller's own coupon keeps its buttons. The coupon history's state filter (unused, used, expired, coupon stopped) sends `state` and reads in Chinese.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const COUPON = {
  id: 7, name: 'Shop ten off', type: 0, platform: 0, amount: 10, minPoint: 0, publishCount: 100, count: 98, receiveCount: 2, useCount: 0,
  perLimit: 1, startTime: '2026-03-01T00:00:00.000Z', endTime: '2036-04-01T00:00:00.000Z', useType: 0, note: null, status: 0, shopId: 1, shopName: 'Sunrise',
  productCategoryRelationList: [], productRelationList: [],
};
const PLATFORM = { ...COUPON, id: 8, name: 'Platform five off', amount: 5, shopId: null, shopName: null, readOnly: true };

const serveCoupons = () => {
  serve('get', '/coupon/list', () => envelope(page([COUPON, PLATFORM])));
  serve('get', '/coupon/8', () => envelope(PLATFORM));
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('read-only coupons', () => {
  it('marks a read-only coupon and offers none of its buttons; the own coupon keeps them', async () => {
    serveCoupons();
    renderAt('/sms/coupon', { lang: 'en' });
    const platform = await rowOf('Platform five off');
    expect(within(platform).getByText('Read-only')).toBeInTheDocument();
    for (const name of ['Give to members', 'Stop coupon', 'History']) expect(within(platform).queryByRole('button', { name })).toBeNull();
    expect(within(platform).queryByRole('link', { name: 'History' })).toBeNull();
    expect(within(platform).getByRole('checkbox')).toBeDisabled();
    const own = await rowOf('Shop ten off');
    expect(within(own).queryByText('Read-only')).toBeNull();
    expect(within(own).getByRole('button', { name: 'Give to members' })).toBeInTheDocument();
    expect(within(own).getByRole('checkbox')).toBeEnabled();
  });

  it('opens a read-only coupon in its show view, without edit, give or stop', async () => {
    serveCoupons();
    renderAt('/sms/coupon', { lang: 'en' });
    await userEvent.click(await screen.findByText('Platform five off'));
    const toolbar = await screen.findByRole('toolbar');
    expect(await within(toolbar).findByText('Read-only')).toBeInTheDocument();
    for (const name of ['Edit', 'Give to members', 'Stop coupon']) {
      expect(within(toolbar).queryByRole('button', { name })).toBeNull();
      expect(within(toolbar).queryByRole('link', { name })).toBeNull();
    }
  });

  it('opened at its edit link, shows its mark instead of the form', async () => {
    serveCoupons();
    renderAt('/sms/updateCoupon?id=8', { lang: 'en' });
    expect(await screen.findByText('Read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByLabelText(/Coupon name/)).toBeNull();
  });

  it('reads in Chinese', async () => {
    serveCoupons();
    renderAt('/sms/coupon', { lang: 'zh' });
    expect(within(await rowOf('Platform five off')).getByText('只读')).toBeInTheDocument();
  });
});

const HISTORY = {
  id: 31, couponId: 9, couponName: 'Stopped early', memberId: 11, memberUsername: 'lily88', memberNickname: 'Lily', couponCode: '1234567890123456',
  getType: 0, createTime: '2026-03-02T00:00:00.000Z', useStatus: 0, state: 3, useTime: null, orderId: null, orderSn: null,
};

describe('coupon history state filter', () => {
  it('filters by state and shows each row\'s state', async () => {
    const lists = serve('get', '/couponHistory/list', ({ query }) => envelope(page(query.get('state') === '0' ? [] : [HISTORY])));
    serve('get', '/coupon/list', () => envelope(page([{ ...COUPON, id: 9, name: 'Stopped early', status: 1 }])));
    serve('get', '/admin/listMember', () => envelope(page([{ id: 11, username: 'lily88', nickname: 'Lily', shopId: 1, shopName: 'Sunrise' }])));
    renderAt('/sms/couponHistory', { lang: 'en' });
    const row = await rowOf('1234567890123456');
    expect(within(row).getByText('Coupon stopped')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('State'));
    await userEvent.click(await screen.findByRole('option', { name: 'Unused' }));
    await waitFor(() => expect(lists.at(-1)?.query.get('state')).toBe('0'));
    await waitFor(() => expect(screen.queryByText('1234567890123456')).toBeNull());
  });

  it('reads in Chinese', async () => {
    serve('get', '/couponHistory/list', () => envelope(page([HISTORY])));
    serve('get', '/coupon/list', () => envelope(page([])));
    serve('get', '/admin/listMember', () => envelope(page([])));
    renderAt('/sms/couponHistory', { lang: 'zh' });
    expect(within(await rowOf('1234567890123456')).getByText('优惠券已停用')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('状态'));
    for (const name of ['未使用', '已使用', '已过期', '优惠券已停用']) expect(await screen.findByRole('option', { name })).toBeInTheDocument();
  });
});
