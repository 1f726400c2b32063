/** Molds: a shop's molds with their wear. */
import { defineArea } from '../../engine/area';

export const moldArea = defineArea({
  name: 'mold',
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
