/** Referral: clicks and relations are a seller's own (owner-bound), all for the super admin; a seller reads its own distribution records and rewards, ratios and recording payments are staff's. */
import { body, defineRoutes, SELLERS, SUPER } from './access';

export const routes = defineRoutes({
  entities: {
    referralClick: { all: SELLERS },
    referralRelation: { all: SELLERS },
    distributionRecord: { all: SELLERS, except: { 'action:ratio': SUPER, 'action:setRatio': SUPER } },
    referralReward: { all: SELLERS, except: { 'action:create': SUPER } },
  },
  routes: {
    'GET /rms/link': { access: SELLERS, params: [] },
    'POST /rms/click': { access: 'public', params: body('code'), anonymous: true },
  },
});
