/** Seller VIP: plans, applications and pay records (src/schema/vip.ts). */
import { defineArea } from '../area';
import { vipActions } from './actions';
import { payRecordHooks } from './hooks';
import { registerVipRoutes } from './routes';

export const vipArea = defineArea({
  name: 'vip',
  hooks: { payRecord: payRecordHooks },
  actions: vipActions,
  routes: (api, { config }) => registerVipRoutes(api, config),
});
