/**
 * Orders (oms): what the order's and the return's transitions and edits do beyond the engine, the
 * rules on deleting them, and the job that applies the order settings (time-outs, automatic receipt).
 */
import { defineArea } from '../area';
import { applyOrderSettings } from './jobs';
import { orderMessageHooks } from './messages';
import * as buyerOrders from './migration-buyer-orders';
import * as tracking from './migration-tracking';
import { trackShippedOrders } from './tracking';
import { orderActions, orderHistoryHooks, orderHooks } from './orders';
import { companyAddressHooks, returnActions, returnHooks } from './returns';

export const omsArea = defineArea({
  name: 'oms',
  hooks: { order: orderHooks, orderOperateHistory: orderHistoryHooks, orderMessage: orderMessageHooks, returnApply: returnHooks, companyAddress: companyAddressHooks },
  actions: () => [orderActions, returnActions],
  jobs: [applyOrderSettings, trackShippedOrders],
  // What buyers' orders keep (server/areas/portal/orders): coupon, points, the buyer's delete, line splits, confirmed payments.
  migrations: { '511_oms': buyerOrders, '525_oms': tracking },
  // A few orders per demo shop (more with the list content: a shop's orders are of its own
  // products), then return addresses and return requests in every status on the paid ones.
  demo: {
    seed: async ({ db, content, adminUsername }) => {
      const { seedDemoOrders } = await import('./demo-orders');
      const { seedDemoReturns } = await import('./demo-returns');
      await seedDemoOrders(db, content ? 120 : 4);
      await seedDemoReturns(db, { perShop: content ? 16 : 3, handler: adminUsername, proofs: content });
    },
  },
});
