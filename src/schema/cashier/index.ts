/** The Cashier area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { balance, balanceOrder } from './entities';
import { CASHIER_MENU_TITLES, CASHIER_ROUTES } from './menu';
import { CASHIER_MESSAGES } from './messages';
import { CASHIER_RESOURCES } from './resources';

export const cashierSchema = defineSchemaArea({
  name: 'cashier',
  entities: { balanceOrder, balance },
  messages: CASHIER_MESSAGES,
  menuTitles: CASHIER_MENU_TITLES,
  resources: { Orders: CASHIER_RESOURCES },
  routes: CASHIER_ROUTES,
});
