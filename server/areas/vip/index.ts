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
});
