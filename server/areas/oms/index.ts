/** Orders (oms): what the order's transitions and edits do beyond the engine, and the rule on deleting orders. */
import { defineArea } from '../area';
import { orderActions, orderHooks } from './orders';

export const omsArea = defineArea({
  name: 'oms',
  hooks: { order: orderHooks },
  actions: () => [orderActions],
});
