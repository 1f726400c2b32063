/** Marketing (sms): home advertisements, and the price check screen `/sms/priceCheck`. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const smsArea = defineArea({
  name: 'sms',
  strings,
  screens: {
    priceCheck: () => import('./PriceCheckScreen').then((m) => ({ default: m.PriceCheckScreen })),
  },
});
