/** Referral: invite links and codes, clicks and referral relations (src/schema/referral.ts). */
import { defineArea } from '../area';
import { registerReferralRoutes } from './routes';

export const referralArea = defineArea({
  name: 'referral',
  routes: (api, { db, config }) => registerReferralRoutes(api, db, config),
});
