/**
 * The Orders area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
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
