// Protects: the coupon list's give and stop (src/schema/sms/coupon.ts actions through the engine's buttons): "Give to members" asks for members or a level and sends them, says how many were given and skipped only after the server agreed, shows a refusal (too few left) in the dialog and keeps it open; "Stop coupon" says what stopping means before sending; a stopped coupon offers neither; both read in Chinese.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const COUPON = {
  id: 7, name: 'Spring ten off', type: 0, platform: 0, amount: 10, minPoint: 0, publishCount: 100, count: 98, receiveCount: 2, useCount: 0,
  perLimit: 1, startTime: '2026-03-01T00:00:00.000Z', endTime: '2036-04-01T00:00:00.000Z', useType: 0, note: null, status: 0,
  productCategoryRelationList: [], productRelationList: [],
};
const MEMBERS = [{ id: 11, username: 'lily88', nickname: 'Lily', shopId: 1, shopName: 'Sunrise' }, { id: 12, username: 'tom_w', nickname: 'Tom', shopId: 1, shopName: 'Sunrise' }];

const serveCoupons = (coupons = [COUPON]) => {
  serve('get', '/coupon/list', () => envelope(page(coupons)));
  serve('get', '/memberLevel/list', () => envelope(page([{ id: 3, name: 'Gold' }])));
  serve('get', '/admin/listMember', ({ query }) => {
    const ids = query.get('ids')?.split(',').map(Number);
    const keyword = query.get('keyword') ?? query.get('username') ?? '';
    return envelope(page(MEMBERS.filter((m) => (ids ? ids.includes(m.id) : m.username.includes(keyword)))));
  });
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('coupon give and stop', () => {
  it('gives to a member level and says how many were given and skipped', async () => {
    serveCoupons();
    const gives = serve('post', '/coupon/give/7', () => envelope({ given: 40, skipped: 2 }));
    renderAt('/sms/coupon', { lang: 'en' });
    await userEvent.click(within(await rowOf('Spring ten off')).getByRole('button', { name: 'Give to members' }));
    const dialog = await screen.findByRole('dialog', { name: /Give to members/ });
    await userEvent.click(within(dialog).getByLabelText(/Every member of the level/));
    await userEvent.click(await screen.findByRole('option', { name: 'Gold' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give to members' }));
    expect(await screen.findByText('Given to 40 members (2 already held as many as one member may)')).toBeInTheDocument();
    expect(gives).toHaveLength(1);
    expect(gives[0]!.query.get('memberLevelId')).toBe('3');
  });

  it('keeps the dialog open with the refusal when too few are left', async () => {
    serveCoupons();
    serve('post', '/coupon/give/7', () => HttpResponse.json(
      { code: 500, message: 'Only 3 of this coupon are left, not enough for 4 members: nothing was given', messageKey: 'coupon_give_over_count', data: null },
      { status: 409 },
    ));
    renderAt('/sms/coupon', { lang: 'en', feedback: true });
    await userEvent.click(within(await rowOf('Spring ten off')).getByRole('button', { name: 'Give to members' }));
    const dialog = await screen.findByRole('dialog', { name: /Give to members/ });
    await userEvent.click(within(dialog).getByLabelText(/Every member of the level/));
    await userEvent.click(await screen.findByRole('option', { name: 'Gold' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give to members' }));
    expect(await screen.findByText(/Only 3 of this coupon are left/)).toBeInTheDocument();
    expect(screen.queryByText(/Given to/)).toBeNull();
    expect(screen.getByRole('dialog', { name: /Give to members/ })).toBeInTheDocument();
  });

  it('asks before stopping, saying what stopping means, then stops', async () => {
    serveCoupons();
    const stops = serve('post', '/coupon/stop/7', () => envelope(null));
    renderAt('/sms/coupon', { lang: 'en' });
    await userEvent.click(within(await rowOf('Spring ten off')).getByRole('button', { name: 'Stop coupon' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Stop "Spring ten off" now\? It can no longer be claimed, given or used/)).toBeInTheDocument();
    expect(stops).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop coupon' }));
    await waitFor(() => expect(stops).toHaveLength(1));
  });

  it('offers a stopped coupon neither give nor stop, and shows it stopped', async () => {
    serveCoupons([{ ...COUPON, status: 1 }]);
    renderAt('/sms/coupon', { lang: 'en' });
    const row = await rowOf('Spring ten off');
    expect(within(row).getByText('Stopped')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Give to members' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Stop coupon' })).toBeNull();
  });

  it('reads in Chinese', async () => {
    serveCoupons();
    renderAt('/sms/coupon', { lang: 'zh' });
    const row = await rowOf('Spring ten off');
    expect(within(row).getByRole('button', { name: '赠送给会员' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '停用优惠券' }));
    expect(within(await screen.findByRole('dialog')).getByText(/现在停用“Spring ten off”？/)).toBeInTheDocument();
  });
});
