/** Members: the shops' members (list with approval and merge) and member levels. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const memberArea = defineArea({
  name: 'member',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
