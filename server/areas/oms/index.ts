/**
 * Orders (oms): what the order's and the return's transitions and edits do beyond the engine, the
 * rules on deleting them, and the job that applies the order settings (time-outs, automatic receipt).
 */
import { defineArea } from '../area';
import { applyOrderSettings } from './jobs';
import { orderActions, orderHistoryHooks, orderHooks } from './orders';
import { returnActions, returnHooks } from './returns';

export const omsArea = defineArea({
  name: 'oms',
  hooks: { order: orderHooks, orderOperateHistory: orderHistoryHooks, returnApply: returnHooks },
  actions: () => [orderActions, returnActions],
  jobs: [applyOrderSettings],
});
