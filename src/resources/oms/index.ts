/** Orders (oms): order settings, one record. */
import { defineArea } from '../../engine/area';

export const omsArea = defineArea({
  name: 'oms',
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
