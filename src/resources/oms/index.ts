/** Orders (oms): order settings, one record. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const omsArea = defineArea({
  name: 'oms',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
