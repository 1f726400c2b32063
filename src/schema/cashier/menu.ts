/**
 * The Cashier area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const CASHIER_MENU_TITLES = defineTexts({
  balanceList: { en: 'Cashier balances', zh: '收银余额' },
});
