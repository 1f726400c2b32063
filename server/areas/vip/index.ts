/** Seller VIP: plans, applications and pay records (src/schema/vip.ts), and online PayPal. */
import { defineArea } from '../area';
import { vipActions } from './actions';
import { payRecordHooks } from './hooks';
import { registerVipRoutes } from './routes';

export const vipArea = defineArea({
  name: 'vip',
  // Which channels may be used is the operator's configuration.
  hooks: ({ config }) => ({ payRecord: payRecordHooks(config) }),
  actions: vipActions,
  routes: (api, deps) => registerVipRoutes(api, deps),
  // VIP payments in each state for the demo sellers.
  demo: {
    seed: async ({ db, adminUsername, sellerUsername }) =>
      (await import('./demo-pay-records')).seedDemoPayRecords(db, { admin: adminUsername, seller: sellerUsername }),
  },
});
