// Protects: the VIP purchase page /pay/index in both languages: the declared periods with price and struck list price, the channels (online PayPal disabled with its reason until configured; then chosen: apply, make the PayPal order and go to its approval page, capture on the return, the cancel note and paying a waiting application; WeChat Pay in the demo: the code in a dialog, "simulate the scan", paid), what to pay to for the chosen channel, the reference a channel needs, submitting to POST /vip/apply, the server's "Have repeated submit application" shown with the pending application, the level kept in local storage, and the loading, empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../src/i18n/en';
import { zh } from '../../src/i18n/zh';
import { paypalNavigation } from '../../src/resources/vip/paypalFlow';
import { strings } from '../../src/resources/vip/strings';
import { formatMoney, toCents } from '../../src/schema/engine/money';
import type { VipChannelInfo, VipPlansAnswer } from '../../src/schema/vip/entities';
import { PAY_CHANNELS, VIP_CURRENCY, VIP_PLANS } from '../../src/schema/vip/entities';
import { envelope, page, renderAt, serve } from './entity-harness';
import { server } from './msw-server';

const ME = 7;
const BANK_ACCOUNT = 'ACME Bank, account 0012-3456';
const PAYPAL_ACCOUNT = 'vip@example.com';
const WALLET = 'TXa1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuV';

/** `GET /vip/plans` as the server answers it with bank and offline PayPal set up, the blockchain wallet not. */
const plansAnswer = (): VipPlansAnswer => ({
  currency: VIP_CURRENCY,
  plans: VIP_PLANS.map((p) => ({ value: p.value, label: p.label, months: p.months, price: p.price, listPrice: p.listPrice })),
  channels: PAY_CHANNELS.map((c): VipChannelInfo => ({
    value: c.value, online: c.online,
    available: !c.online && c.value !== 'blockchain',
    ...(c.value === 'bank' ? { bankAccount: BANK_ACCOUNT } : {}),
    ...(c.value === 'paypal_offline' ? { paypalAccount: PAYPAL_ACCOUNT } : {}),
  })),
});

const withPaypal = (): VipPlansAnswer => {
  const answer = plansAnswer();
  return { ...answer, channels: answer.channels.map((c) => (c.value === 'paypal' ? { ...c, available: true } : c)) };
};

const withWallet = (): VipPlansAnswer => {
  const answer = plansAnswer();
  return { ...answer, channels: answer.channels.map((c) => (c.value === 'blockchain' ? { ...c, available: true, blockchainNetwork: 'TRC20', walletAddress: WALLET } : c)) };
};

const pending = { id: 41, sellerId: ME, sellerName: 'seller', plan: 3, amount: 60, channel: 'bank', status: 0, reference: 'TX-9', createTime: '2026-11-20T08:00:00.000Z', confirmTime: null, refundTime: null };

type Setup = { plans?: () => Response; expire?: string | null; records?: () => unknown[]; apply?: () => Response };

const serveAll = ({ plans = () => envelope(plansAnswer()), expire = null, records = () => [], apply = () => envelope(pending) }: Setup = {}) => {
  serve('get', '/vip/plans', plans);
  serve('get', '/admin/info', () => envelope({
    id: ME, username: 'seller', icon: null, roles: ['Seller'], menus: [],
    vipLevel: expire && Date.parse(expire) > Date.now() ? 1 : 0, vipExpireTime: expire,
  }));
  const lists = serve('get', '/payRecord/list', () => envelope(page(records())));
  const applies = serve('post', '/vip/apply', apply);
  return { lists, applies };
};

const T = { en: strings.en, zh: strings.zh } as const;
const MENU_TITLES = { en: en.menu, zh: zh.menu } as const;
const LOCALE = { en: 'en-US', zh: 'zh-CN' } as const;

afterEach(() => localStorage.clear());

describe.each(['en', 'zh'] as const)('/pay/index (%s)', (lang) => {
  const t = T[lang];
  const vip = t.vip;
  const labels = t.resources.payRecord.enums;
  const money = (dollars: number) => formatMoney(toCents(dollars), LOCALE[lang], VIP_CURRENCY);
  const fill = (text: string, params: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_m, key: string) => params[key] ?? '');

  it('should offer the declared periods and channels, tell how to pay, and apply with the reference', async () => {
    let records: unknown[] = [];
    const { lists, applies } = serveAll({ records: () => records, apply: () => { records = [pending]; return envelope(pending); } });
    renderAt('/pay/index', { lang, feedback: true });
    const user = userEvent.setup({ delay: null });

    // Each period with its price and its struck list price, from the declaration.
    const periods = await screen.findByRole('radiogroup', { name: vip.plans });
    for (const plan of VIP_PLANS) {
      const radio = within(periods).getByRole('radio', { name: new RegExp(labels.plan[plan.label]) });
      const card = radio.closest('[data-plan]') as HTMLElement;
      expect(within(card).getByText(money(plan.price))).toBeInTheDocument();
      // The list price is struck through, its words are not.
      expect(card.querySelector('[data-list-price]')).toHaveTextContent(fill(vip.list_price, { price: money(plan.listPrice) }));
      expect(within(card).getByText(money(plan.listPrice)).tagName).toBe('S');
    }
    expect(await screen.findByText(vip.pending_none)).toBeInTheDocument();

    await user.click(within(periods).getByRole('radio', { name: new RegExp(labels.plan.month_3) }));
    expect(screen.getByText(fill(vip.amount_due, { amount: money(60) }))).toBeInTheDocument();

    // Online PayPal cannot be chosen, and says why; the unconfigured wallet neither.
    const channels = screen.getByRole('radiogroup', { name: vip.channel });
    const online = within(channels).getByRole('radio', { name: new RegExp(labels.channel.paypal) });
    expect(online).toBeDisabled();
    expect(within(channels).getByRole('radio', { name: new RegExp(labels.channel.blockchain) })).toBeDisabled();
    // Without credentials online PayPal, Alipay and WeChat are "not set up", like the wallet.
    expect(within(channels).getAllByText(`${vip.unavailable}: ${vip.unavailable_setup}`)).toHaveLength(4);

    // Offline PayPal: the account to pay to.
    await user.click(within(channels).getByRole('radio', { name: labels.channel.paypal_offline }));
    expect(screen.getByText(fill(vip.how.paypal_account, { account: PAYPAL_ACCOUNT }))).toBeInTheDocument();

    // Bank: the account, and a reference is needed before anything is sent.
    await user.click(within(channels).getByRole('radio', { name: labels.channel.bank }));
    expect(screen.getByText(fill(vip.how.bank_account, { account: BANK_ACCOUNT }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: vip.submit }));
    const reference = screen.getByRole('textbox', { name: new RegExp(vip.reference) });
    await waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    expect(applies).toHaveLength(0);

    await user.type(reference, ' TX-9 ');
    await user.click(screen.getByRole('button', { name: vip.submit }));
    await waitFor(() => expect(applies).toHaveLength(1));
    expect(applies[0]?.body).toEqual({ plan: 3, channel: 'bank', reference: 'TX-9' });
    expect(await screen.findByText(vip.submitted)).toBeInTheDocument();

    // The page reads the caller's own applications again and shows the pending one.
    expect(await screen.findByText(vip.pending_wait)).toBeInTheDocument();
    const mine = screen.getByRole('list', { name: vip.applications });
    expect(within(mine).getByText(fill(vip.applied, { plan: labels.plan.month_3, amount: money(60), channel: labels.channel.bank }))).toBeInTheDocument();
    expect(within(mine).getByText(labels.status.unpaid)).toBeInTheDocument();
    expect(lists.every((call) => call.query.get('sellerId') === String(ME))).toBe(true);
    // The longest walk of the file (every channel, a refused and an accepted submit): room on a loaded CI machine.
  });

  it('should show the server\'s "Have repeated submit application" and the application that is pending', async () => {
    let records: unknown[] = [];
    const { applies } = serveAll({
      records: () => records,
      apply: () => {
        // Another tab applied meanwhile: the server refuses the second.
        records = [pending];
        return HttpResponse.json({ code: 500, message: 'Have repeated submit application', messageKey: 'repeated_application', data: null,
          errors: [{ field: 'sellerId', messageKey: 'repeated_application', message: 'Have repeated submit application' }] }, { status: 409 });
      },
    });
    renderAt('/pay/index', { lang, feedback: true });
    const user = userEvent.setup({ delay: null });
    const channels = await screen.findByRole('radiogroup', { name: vip.channel });
    await user.click(within(channels).getByRole('radio', { name: labels.channel.cash }));
    // Cash needs no reference.
    await user.click(screen.getByRole('button', { name: vip.submit }));
    await waitFor(() => expect(applies).toHaveLength(1));
    expect(applies[0]?.body).toEqual({ plan: 1, channel: 'cash' });

    const repeated = lang === 'en' ? 'Have repeated submit application' : '已有待处理的申请，请勿重复提交';
    const alert = await waitFor(() => {
      const found = document.querySelector('[data-apply-error]');
      if (!found) throw new Error('no error beside the form yet');
      return found as HTMLElement;
    });
    expect(alert).toHaveTextContent(repeated);
    expect(await screen.findByText(vip.pending_wait)).toBeInTheDocument();
    expect(screen.queryByText(vip.submitted)).not.toBeInTheDocument();
  });

  it('should show the VIP level and expiry, keep the level in local storage, and tell the blockchain wallet', async () => {
    const expire = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString();
    serveAll({ plans: () => envelope(withWallet()), expire, records: () => [{ ...pending, id: 40, status: 1, plan: 12, amount: 240 }] });
    renderAt('/pay/index', { lang });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(fill(vip.level, { level: '1' }))).toBeInTheDocument();
    const status = document.querySelector('[data-vip-level]');
    expect(status).toHaveAttribute('data-expire-time', expire);
    await waitFor(() => expect(localStorage.getItem('level')).toBe('1'));
    expect(await screen.findByText(labels.status.paid)).toBeInTheDocument();
    expect(screen.queryByText(vip.pending_wait)).not.toBeInTheDocument();

    const channels = await screen.findByRole('radiogroup', { name: vip.channel });
    await user.click(within(channels).getByRole('radio', { name: labels.channel.blockchain }));
    expect(screen.getByText(fill(vip.how.network, { network: 'TRC20' }))).toBeInTheDocument();
    expect(screen.getByText(fill(vip.how.wallet, { address: WALLET }))).toBeInTheDocument();
  });

  it('should say when the plans cannot be loaded, and load them on "try again"', async () => {
    let fail = true;
    serveAll({ plans: () => (fail ? HttpResponse.json({ code: 500, message: 'Operation failed', data: null }, { status: 500 }) : envelope(plansAnswer())) });
    renderAt('/pay/index', { lang });
    expect(await screen.findByText(vip.load_failed)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('level')).toBe('0'));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: vip.retry }));
    expect(await screen.findByRole('radiogroup', { name: vip.plans })).toBeInTheDocument();
    expect(screen.queryByText(vip.load_failed)).not.toBeInTheDocument();
  });

  it('should take an answer without plans or channels for a failed load, not break the page', async () => {
    serveAll({ plans: () => envelope(page([])) });
    renderAt('/pay/index', { lang });
    expect(await screen.findByText(vip.load_failed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: MENU_TITLES[lang].payIndex })).toBeInTheDocument();
  });

  it('should pay by online PayPal: apply, make the order and go to its approval page; no reference asked', async () => {
    const approveUrl = 'https://paypal.test/checkoutnow?token=ORDER1';
    const assign = vi.spyOn(paypalNavigation, 'go').mockImplementation(() => undefined);
    const { applies } = serveAll({ plans: () => envelope(withPaypal()), apply: () => envelope({ ...pending, channel: 'paypal', reference: null }) });
    const orders = serve('post', '/vip/paypal/order/41', () => envelope({ payRecordId: 41, orderId: 'ORDER1', approveUrl }));
    renderAt('/pay/index', { lang });
    const user = userEvent.setup({ delay: null });
    const channels = await screen.findByRole('radiogroup', { name: vip.channel });
    await user.click(within(channels).getByRole('radio', { name: labels.channel.paypal }));
    expect(screen.getByText(vip.how.paypal)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: new RegExp(vip.reference) })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: vip.paypal.submit }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(applies[0]?.body).toEqual({ plan: 1, channel: 'paypal' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(approveUrl));
    assign.mockRestore();
  });

  it('should pay by WeChat Pay in the demo: the code in a dialog, "simulate the scan" posts to the stand-in, then paid', async () => {
    const demo = plansAnswer();
    const answer = { ...demo, channels: demo.channels.map((c) => (c.value === 'wechat' ? { ...c, available: true, demo: true } : c)) };
    serveAll({ plans: () => envelope(answer), apply: () => envelope({ ...pending, channel: 'wechat', reference: null }) });
    const codeUrl = 'weixin://wxpay/bizpayurl?pr=DEMO1';
    const starts = serve('post', '/vip/online/wechat/41', () => envelope({ payRecordId: 41, channel: 'wechat', tradeNo: 'VIP000041', codeUrl, simulateUrl: '/demo-wechatpay/scan' }));
    let paid = false;
    serve('get', '/payRecord/41', () => envelope({ ...pending, channel: 'wechat', status: paid ? 1 : 0 }));
    const scans: unknown[] = [];
    server.use(http.post('*/demo-wechatpay/scan', async ({ request }) => {
      scans.push(await request.json());
      paid = true;
      return HttpResponse.json({ delivered: true, status: 204 });
    }));
    renderAt('/pay/index', { lang });
    const user = userEvent.setup({ delay: null });
    const channels = await screen.findByRole('radiogroup', { name: vip.channel });
    await user.click(within(channels).getByRole('radio', { name: labels.channel.wechat }));
    expect(screen.getByText(vip.how.wechat)).toBeInTheDocument();
    expect(screen.getByText(vip.how.demo)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: vip.online.submit.wechat }));
    const dialog = await screen.findByRole('dialog', { name: vip.wechat.title });
    expect(starts).toHaveLength(1);
    expect(within(dialog).getByText(vip.wechat.scan)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: vip.wechat.simulate }));
    await waitFor(() => expect(scans).toEqual([{ codeUrl }]));
    expect(await within(dialog).findByText(vip.wechat.paid)).toBeInTheDocument();
  });

  it('should capture on the return from PayPal and say the VIP is active; a cancel says the application waits, payable from the list', async () => {
    const { lists } = serveAll({ plans: () => envelope(withPaypal()), records: () => [{ ...pending, channel: 'paypal', reference: 'ORDER1' }] });
    const captures = serve('post', '/vip/paypal/capture', () => envelope({ payRecordId: 41, status: 'paid', orderStatus: 'COMPLETED' }));
    const view = renderAt('/pay/index?paypal=return&token=ORDER1&PayerID=P1', { lang });
    expect(await screen.findByText(vip.paypal.paid)).toBeInTheDocument();
    expect(captures.map((c) => c.body)).toEqual([{ orderId: 'ORDER1' }]);
    // The list is read again once the payment settled.
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));
    view.unmount();

    renderAt('/pay/index?paypal=cancel&token=ORDER1', { lang });
    expect(await screen.findByText(vip.paypal.cancelled)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: vip.paypal.pay_now })).toBeInTheDocument();
    expect(captures).toHaveLength(1);
  });
});
