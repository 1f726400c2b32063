/** Marketing: every Marketing entity not named here (advertisements, recommendations, flash sales, coupons…) is the marketing admin's by its menu section, so a new one is covered when it is declared. */
import type { Access } from './access';
import { defineRoutes, MARKETING, PRODUCTS_AND_SELLERS, PRODUCTS_SELLERS_MARKETING, SUPER } from './access';

/** A seller's own promotions (its shops' flash sales, sessions, flash products, coupons, advertisements) beside the marketing admin's. */
const MARKETING_AND_SELLERS: Access = ['marketing', 'seller'];

export const routes = defineRoutes({
  entities: {
    // Platform content: staff holding /subject/** (marketing: its screens are under Marketing) or
    // /prefrenceArea/** write it; the product form's pickers read listAll.
    subject: { all: MARKETING, except: { listAll: PRODUCTS_SELLERS_MARKETING } },
    prefrenceArea: { all: SUPER, except: { listAll: PRODUCTS_AND_SELLERS } },
    flashPromotion: { all: MARKETING_AND_SELLERS },
    flashSession: { all: MARKETING_AND_SELLERS },
    flashProductRelation: { all: MARKETING_AND_SELLERS },
    coupon: { all: MARKETING_AND_SELLERS },
    homeAdvertise: { all: MARKETING_AND_SELLERS },
  },
  sections: { sms: MARKETING },
  routes: {
    // Every parameter is a number, a date-time or an option: text in any of them is refused as such.
    'GET /price/check': { access: MARKETING, params: [{ in: 'query', name: 'time' }] },
  },
});
