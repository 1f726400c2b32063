/**
 * The Orders area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r, seller } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const OMS_MENU_TITLES = defineTexts({
  oms: { en: 'Orders', zh: '订单' },
  order: { en: 'Orders', zh: '订单列表' },
  orderDetail: { en: 'Order detail', zh: '订单详情' },
  deliverOrderList: { en: 'Ship orders', zh: '发货列表' },
  orderSetting: { en: 'Order settings', zh: '订单设置' },
  returnApply: { en: 'Return requests', zh: '退货申请处理' },
  returnApplyDetail: { en: 'Return request detail', zh: '退货申请详情' },
  returnReason: { en: 'Return reasons', zh: '退货原因设置' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const OMS_SECTIONS = [
  { ...r('oms', '/oms', 'cart', 80), children: [
    seller(r('order', '/oms/order', 'receipt', 80)),
    seller(r('orderDetail', '/oms/orderDetail', 'receipt', 70, true)),
    seller(r('deliverOrderList', '/oms/deliverOrderList', 'list', 60, true, ['/order/list', { entity: 'order', action: 'deliver' }])),
    r('orderSetting', '/oms/orderSetting', 'settings', 40),
    seller(r('returnApply', '/oms/returnApply', 'undo', 30)),
    seller(r('returnApplyDetail', '/oms/returnApplyDetail', 'undo', 20, true)),
    r('returnReason', '/oms/returnReason', 'help', 10),
  ] },
] as const satisfies readonly SectionDecl[];
