/** Referral: invite links and codes, clicks, referral relations, distribution ratios, records and reward payments (src/schema/referral/entities.ts). */
import { defineArea } from '../area';
import { distributionActions } from './distribution';
import { registerReferralRoutes } from './routes';

export const referralArea = defineArea({
  name: 'referral',
  actions: distributionActions,
  routes: (api, { db, config }) => registerReferralRoutes(api, db, config),
  // The demo seller referred the second one (clicks on its invite link, rewards on its VIP payments).
  demo: { after: ['vip'], seed: async ({ db, sellerUsername }) => (await import('./demo-referral')).seedDemoReferral(db, sellerUsername) },
});
