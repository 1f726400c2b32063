/** Molds: plain declared records of a shop; each spends the shop owner's mold quota. */
import { defineArea } from '../area';
import { shopRowsMeter } from '../capacity/registry';

export const moldArea = defineArea({
  name: 'mold',
  meters: [shopRowsMeter({ key: 'molds', quota: 'quotaMolds', table: 'mold', entity: 'mold' })],
});
