/** Marketing (sms): home advertisements, coupons and their history, and the price check screen `/sms/priceCheck`. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const smsArea = defineArea({
  name: 'sms',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
  screens: {
    priceCheck: () => import('./PriceCheckScreen').then((m) => ({ default: m.PriceCheckScreen })),
  },
});
