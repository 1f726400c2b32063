/** Molds: a shop's molds with their wear. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const moldArea = defineArea({
  name: 'mold',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
