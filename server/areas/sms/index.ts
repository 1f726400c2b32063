/**
 * Marketing (`sms`): one file per part (flash sales, coupons, recommendations, the price check),
 * merged here. The parts' entities are declarations; these files hold only what they cannot say.
 */
import { defineArea } from '../area';
import { couponHooks } from './coupon';
import { flashActions, flashHooks } from './flash';
import { registerPriceRoutes } from './price';

export const smsArea = defineArea({
  name: 'sms',
  hooks: { coupon: couponHooks, ...flashHooks },
  actions: () => [...flashActions()],
  routes: (api, deps) => {
    registerPriceRoutes(api, deps);
  },
  // Flash sales running, coming and ended with products in their sessions (with the list content,
  // after the products); coupons of each scope and those the demo members hold, some used on their orders.
  demo: {
    after: ['member'],
    seed: async ({ db, content, repositoryOf }) => {
      if (content) await (await import('./demo-flash')).seedDemoFlash(db, repositoryOf);
      await (await import('./demo-coupon')).seedDemoCoupons(db, repositoryOf);
    },
  },
});
