/** Shops: the shop list and forms (generated from the declaration). */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const shopArea = defineArea({
  name: 'shop',
  strings,
});
