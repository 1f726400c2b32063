/** Cashier balances: money a shop received and the orders bound to it (`/oms/balanceList`). */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const cashierArea = defineArea({
  name: 'cashier',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
