/** Products (pms): categories as a tree, product types with their specifications and parameters. */
import { defineArea } from '../../engine/area';

export const pmsArea = defineArea({
  name: 'pms',
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
