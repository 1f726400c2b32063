/** Shops: the shop list and forms (generated from the declaration); the add-shop page asks for a VIP first. */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const shopArea = defineArea({
  name: 'shop',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
});
