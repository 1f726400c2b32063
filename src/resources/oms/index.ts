/** Orders (oms): the order list's tabs and shipping, the shipping screen, order settings (one record), and `mall`'s return page leading to the return's show view. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const omsArea = defineArea({
  name: 'oms',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
  screens: {
    deliverOrderList: () => import('./DeliverOrderList').then((m) => ({ default: m.DeliverOrderList })),
    returnApplyDetail: () => import('./ReturnApplyDetail').then((m) => ({ default: m.ReturnApplyDetail })),
  },
});
