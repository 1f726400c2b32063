/**
 * The VIP area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const VIP_RESOURCES: readonly ResourceDecl[] = [
  // A seller reads the plans, applies, and lists and reads its own pay records (`/payRecord/*`
  // stops at one segment); confirming and refunding (`/payRecord/confirm/{id}`) are staff's.
  { name: 'VIP plans and application', zh: 'VIP 套餐与申请', url: '/vip/**', seller: true },
  { name: 'Own VIP pay records', zh: '自己的 VIP 支付记录', url: '/payRecord/*', seller: true },
  { name: 'VIP pay records: confirm and refund', zh: 'VIP 支付记录：确认与退款', url: '/payRecord/**' },
];
