/** Products (pms): categories as a tree, product types with their specifications and parameters. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const pmsArea = defineArea({
  name: 'pms',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
