// Protects: the distribution page /rms/distributeList (src/resources/referral/distribution.tsx): the generated list of distribution records with amount, ratio as a percentage, the rewarded pay record as a link to its page (no bare id shown), reward and status, the ratios in force and the "Set ratio" dialog (POST /rms/ratio) for administrators only, and the link to the reward payments; in English and Chinese.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const RECORDS = [
  { id: 2, referrerId: 5, referrerName: 'seller', refereeId: 6, refereeName: 'seller2', payRecordId: 41, amount: 120, ratio: 0.15, reward: 18, status: 0, createTime: '2026-11-06T08:00:00.000Z', reverseTime: null },
  { id: 1, referrerId: 5, referrerName: 'seller', refereeId: 6, refereeName: 'seller2', payRecordId: 40, amount: 20, ratio: 0.125, reward: 2.5, status: 1, createTime: '2026-05-11T08:00:00.000Z', reverseTime: '2026-05-20T08:00:00.000Z' },
];
const RATIOS = { ratio: 0.1, overrides: [{ referrerId: 5, referrerName: 'seller', ratio: 0.15, updateTime: '2026-05-01T08:00:00.000Z' }] };

const seller: AuthProvider = {
  login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
  getPermissions: async () => undefined,
  // A seller's grants: its own lists, no ratio and no reward payments to record.
  canAccess: async ({ resource, action }) => !(resource === 'distributionRecord' && String(action).startsWith('action:')),
};

const serveAll = () => {
  serve('get', '/admin/list', () => envelope(page([{ id: 5, username: 'seller' }, { id: 6, username: 'seller2' }])));
  serve('get', '/rms/distribute/list', () => envelope(page(RECORDS)));
  return serve('get', '/rms/ratio', () => envelope(RATIOS));
};

describe('distribution page', () => {
  it('lists the records and, for an administrator, the ratios in force; "Set ratio" posts the ratio', async () => {
    serveAll();
    const sets = serve('post', '/rms/ratio', () => envelope({ ...RATIOS, ratio: 0.2 }));
    renderAt('/rms/distributeList', { lang: 'en' });
    expect(await screen.findByRole('heading', { name: 'Distribution' })).toBeInTheDocument();
    const row = (await screen.findByText('18.00')).closest('tr') as HTMLElement;
    expect(within(row).getByText('seller2')).toBeInTheDocument();
    expect(within(row).getByText('120.00')).toBeInTheDocument();
    expect(within(row).getByText('15%')).toBeInTheDocument();
    expect(within(row).getByText('Granted')).toBeInTheDocument();
    // The rewarded payment as a link to that pay record, never a bare "41" or "#41" on screen.
    expect(within(row).getByRole('link', { name: 'Pay record #41' })).toHaveAttribute('href', '/pay/payRecord#show=41');
    expect(within(row).getByText('View payment')).toBeInTheDocument();
    expect(within(row).queryByText(/#?41$/)).toBeNull();
    expect(await screen.findByText('Reversed (refunded)')).toBeInTheDocument();
    expect(await screen.findByText('Global ratio: 10% of each confirmed VIP payment of a referred seller')).toBeInTheDocument();
    expect(screen.getByText('seller: 15%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reward payments' })).toHaveAttribute('href', '/rms/rewardList');

    await userEvent.click(screen.getByRole('button', { name: 'Set ratio' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Ratio' }), '0.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set ratio' }));
    await waitFor(() => expect(sets).toHaveLength(1));
    expect(sets[0]!.body ?? Object.fromEntries(sets[0]!.query)).toMatchObject({ ratio: expect.anything() });
  });

  it('shows a seller its records without the ratios or the button to set them', async () => {
    const ratioReads = serveAll();
    renderAt('/rms/distributeList', { lang: 'en', authProvider: seller });
    expect(await screen.findByText('18.00')).toBeInTheDocument();
    expect(screen.queryByText(/Global ratio/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set ratio' })).not.toBeInTheDocument();
    expect(ratioReads).toHaveLength(0);
  });

  it('speaks Chinese', async () => {
    serveAll();
    renderAt('/rms/distributeList', { lang: 'zh' });
    expect(await screen.findByRole('heading', { name: '分销记录' })).toBeInTheDocument();
    expect(await screen.findByText('全局比例：被推荐卖家每笔已确认 VIP 支付的 10%')).toBeInTheDocument();
    expect(await screen.findByText('已冲销（已退款）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '支付记录 #40' })).toHaveAttribute('href', '/pay/payRecord#show=40');
    expect(screen.getByRole('link', { name: '奖励支付记录' })).toBeInTheDocument();
  });
});
