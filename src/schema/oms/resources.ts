/**
 * The Orders area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const OMS_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Orders', zh: '订单', url: '/order/**', seller: true },
  { name: 'Return applications', zh: '退货申请', url: '/returnApply/**', seller: true },
  { name: 'Return reasons', zh: '退货原因', url: '/returnReason/**' },
  { name: 'Order settings', zh: '订单设置', url: '/orderSetting/**' },
  // Each shop's return addresses: sellers keep their own and pick one when they accept a return.
  { name: 'Company addresses', zh: '公司地址', url: '/companyAddress/**', seller: true },
];
