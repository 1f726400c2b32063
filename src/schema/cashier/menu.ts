/**
 * The Cashier area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r, seller } from '../engine/routes';
import type { RouteDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const CASHIER_MENU_TITLES = defineTexts({
  balanceList: { en: 'Cashier balances', zh: '收银余额' },
});

/** The balances' route, in the Orders section (../routes.ts adds it after that section's own). */
export const CASHIER_ROUTES = {
  oms: [
    seller(r('balanceList', '/oms/balanceList', 'wallet', 50)),
  ],
} as const satisfies Readonly<Record<string, readonly RouteDecl[]>>;
