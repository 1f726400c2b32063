/**
 * Marketing (`sms`): one file per part (flash sales, coupons, recommendations, the price check),
 * merged here. The parts' entities are declarations; these files hold only what they cannot say.
 */
import { defineArea } from '../area';
import { couponActions, couponHistoryHooks, couponHooks } from './coupon';
import * as couponStatus from './migration-coupon-status';
import { flashActions, flashHooks } from './flash';
import { newProductHooks, recommendProductHooks } from './for-sale';
import * as flashSold from './migration-flash-sold';
import * as promoShops from './migration-promo-shops';
import { registerPriceRoutes } from './price';

export const smsArea = defineArea({
  name: 'sms',
  hooks: { coupon: couponHooks, couponHistory: couponHistoryHooks, ...flashHooks, homeNewProduct: newProductHooks, homeRecommendProduct: recommendProductHooks },
  actions: () => [...flashActions(), ...couponActions()],
  routes: (api, deps) => {
    registerPriceRoutes(api, deps);
  },
  // The flash units sold, kept by buyers' orders (server/areas/portal/orders); a coupon's status (stopped early); the shops owning promotions.
  migrations: { '512_sms': flashSold, '531_sms_coupon_status': couponStatus, '531_sms_shops': promoShops },
  // Flash sales running, coming and ended with products in their sessions (with the list content,
  // after the products); coupons of each scope and those the demo members hold, some used on their
  // orders; then each demo seller's own shop promotions.
  demo: {
    after: ['member'],
    seed: async ({ db, content, repositoryOf, sellerUsername, seller2Username }) => {
      if (content) await (await import('./demo-flash')).seedDemoFlash(db, repositoryOf);
      await (await import('./demo-coupon')).seedDemoCoupons(db, repositoryOf);
      // Both sellers' own: a running flash sale, coupons and an advertisement in a shop of each.
      await (await import('./demo-promo-shops')).seedDemoShopPromotions(db, repositoryOf, [sellerUsername, seller2Username]);
    },
  },
});
