/**
 * The VIP area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';
import { VIP_API } from './api';

export const VIP_MENU_TITLES = defineTexts({
  pay: { en: 'Payments', zh: '支付管理' },
  payIndex: { en: 'VIP purchase', zh: 'VIP 购买' },
  payRecord: { en: 'Pay records', zh: '支付记录' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const VIP_SECTIONS = [
  { ...r('pay', '/pay', 'payment', 65), seller: 'all', children: [
    // The purchase page: the plans and channels, the caller's applications, and applying.
    r('payIndex', '/pay/index', 'vip', 20, false, [VIP_API.plans, { entity: 'payRecord', action: 'list' }, { entity: 'payRecord', action: 'create' }]),
    r('payRecord', '/pay/payRecord', 'history', 10),
  ] },
] as const satisfies readonly SectionDecl[];
