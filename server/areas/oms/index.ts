/**
 * Orders (oms): what the order's transitions and edits do beyond the engine, the rule on deleting
 * orders, and the job that applies the order settings (time-outs, automatic receipt).
 */
import { defineArea } from '../area';
import { applyOrderSettings } from './jobs';
import { orderActions, orderHooks } from './orders';

export const omsArea = defineArea({
  name: 'oms',
  hooks: { order: orderHooks },
  actions: () => [orderActions],
  jobs: [applyOrderSettings],
});
