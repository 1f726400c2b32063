/**
 * The VIP area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const VIP_MENU_TITLES = defineTexts({
  pay: { en: 'Payments', zh: '支付管理' },
  payIndex: { en: 'VIP purchase', zh: 'VIP 购买' },
  payRecord: { en: 'Pay records', zh: '支付记录' },
});
