/** Seller VIP: pay records (the generated list with confirm and refund) and the purchase screen `/pay/index`. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const vipArea = defineArea({
  name: 'vip',
  strings,
  screens: {
    payIndex: () => import('./PayIndexScreen').then((m) => ({ default: m.PayIndexScreen })),
  },
});
