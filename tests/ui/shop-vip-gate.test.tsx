// Protects: a seller without a paid VIP who opens the add-shop page is sent to the VIP purchase page (/pay/index) with a notice saying why, in both languages; whoever may open a shop (a seller with VIP, an administrator) gets the form.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { strings as shopStrings } from '../../src/resources/shop/strings';
import type { Lang } from '../../src/i18n/lang';
import type { AdminInfo } from '../../src/schema/api';
import type { ShopOpenCheck } from '../../src/schema/shop/entities';
import type { VipPlansAnswer } from '../../src/schema/vip/entities';
import { PAY_CHANNELS, VIP_API, VIP_CURRENCY, VIP_PLANS } from '../../src/schema/vip/entities';
import { envelope, page, renderAt, serve } from './entity-harness';

const answerCheck = (check: ShopOpenCheck) => serve('get', '/shop/canOpen', () => envelope(check));

/**
 * What the VIP purchase page asks once the seller lands on it, as the server answers a seller whose
 * VIP ran out with no applications: the declared plans and channels under the default settings
 * (the offline channels that need no account: server/areas/vip/channels.ts), the seller's level,
 * an empty list of applications.
 */
const answerPayPage = (vipExpireTime: string) => {
  serve('get', VIP_API.plans, () => envelope({
    currency: VIP_CURRENCY,
    plans: VIP_PLANS.map((p) => ({ value: p.value, label: p.label, months: p.months, price: p.price, listPrice: p.listPrice })),
    channels: PAY_CHANNELS.map((c) => ({ value: c.value, online: c.online, available: !c.online && c.value !== 'paypal_offline' && c.value !== 'blockchain' })),
  } satisfies VipPlansAnswer));
  serve('get', '/admin/info', () => envelope({ id: 3, username: 'seller', icon: null, roles: ['Seller'], menus: [], vipLevel: 0, vipExpireTime } satisfies AdminInfo));
  serve('get', '/payRecord/list', () => envelope(page([])));
};

describe.each<Lang>(['en', 'zh'])('add-shop page and the VIP gate (%s)', (lang) => {
  const text = shopStrings[lang];

  it('sends a seller without VIP to /pay/index and says why', async () => {
    const expired = '2020-01-01T00:00:00.000Z';
    const calls = answerCheck({ allowed: false, vipRequired: true, vipExpireTime: expired });
    answerPayPage(expired);
    renderAt('/shop/addShop', { lang, feedback: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pay\/index$/));
    expect(await screen.findByText(text.shop.vip_required)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: text.resources.shop.fields.shopName })).toBeNull();
  });

  it.each<[string, ShopOpenCheck]>([
    ['a seller whose VIP runs', { allowed: true, vipRequired: true, vipExpireTime: '2099-01-01T00:00:00.000Z' }],
    ['an administrator', { allowed: true, vipRequired: false, vipExpireTime: null }],
  ])('opens the form for %s', async (_who, check) => {
    answerCheck(check);
    renderAt('/shop/addShop', { lang, feedback: true });
    expect(await screen.findByRole('textbox', { name: text.resources.shop.fields.shopName })).toBeInTheDocument();
    expect(screen.getByText(text.resources.shop.sections.payment)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/shop/addShop');
    expect(screen.queryByText(text.shop.vip_required)).toBeNull();
  });
});
