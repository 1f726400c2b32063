/** Seller VIP: plans, applications and pay records (src/schema/vip/entities.ts), and online payment (PayPal, Alipay, WeChat Pay). */
import { defineArea } from '../area';
import { vipActions } from './actions';
import { registerDemoAlipay } from './demo-alipay';
import { registerDemoPaypal } from './demo-paypal';
import { registerDemoWechatPay } from './demo-wechatpay';
import { payRecordHooks } from './hooks';
import { registerVipRoutes } from './routes';

export const vipArea = defineArea({
  name: 'vip',
  // Which channels may be used is the operator's configuration.
  hooks: ({ config }) => ({ payRecord: payRecordHooks(config) }),
  actions: vipActions,
  routes: (api, deps) => registerVipRoutes(api, deps),
  // The demo's PayPal, Alipay and WeChat Pay stand-ins (`/demo-paypal`, `/demo-alipay`, `/demo-wechatpay`), mounted only when the settings ask for them.
  appRoutes: (app, { config }) => {
    registerDemoPaypal(app, config);
    registerDemoAlipay(app, config);
    registerDemoWechatPay(app, config);
  },
  // VIP payments in each state for the demo sellers.
  demo: {
    seed: async ({ db, adminUsername, sellerUsername }) =>
      (await import('./demo-pay-records')).seedDemoPayRecords(db, { admin: adminUsername, seller: sellerUsername }),
  },
});
