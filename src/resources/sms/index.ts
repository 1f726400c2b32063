/** Marketing (sms): home advertisements, coupons and their history, flash sales' session and product screens, and the price check screen `/sms/priceCheck`. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const smsArea = defineArea({
  name: 'sms',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
  screens: {
    selectSession: () => import('./flash').then((m) => ({ default: m.SelectSessionScreen })),
    flashProductRelation: () => import('./flash').then((m) => ({ default: m.FlashProductsScreen })),
    priceCheck: () => import('./PriceCheckScreen').then((m) => ({ default: m.PriceCheckScreen })),
  },
});
