/** Orders (oms): the order list's tabs and shipping, the shipping screen, order settings (one record), and `mall`'s order and return pages leading to their show views (the order's own, ./orderShow.tsx). */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const omsArea = defineArea({
  name: 'oms',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
  screens: {
    deliverOrderList: () => import('./DeliverOrderList').then((m) => ({ default: m.DeliverOrderList })),
    returnApplyDetail: () => import('./DetailPages').then((m) => ({ default: m.ReturnApplyDetail })),
    orderDetail: () => import('./DetailPages').then((m) => ({ default: m.OrderDetail })),
  },
});
