/** Marketing: every Marketing entity not named here (advertisements, recommendations, flash sales, coupons…) is the marketing admin's by its menu section, so a new one is covered when it is declared. */
import { defineRoutes, MARKETING, PRODUCTS_AND_SELLERS, PRODUCTS_SELLERS_MARKETING, SUPER } from './access';

export const routes = defineRoutes({
  entities: {
    // Platform content: staff holding /subject/** (marketing: its screens are under Marketing) or
    // /prefrenceArea/** write it; the product form's pickers read listAll.
    subject: { all: MARKETING, except: { listAll: PRODUCTS_SELLERS_MARKETING } },
    prefrenceArea: { all: SUPER, except: { listAll: PRODUCTS_AND_SELLERS } },
  },
  sections: { sms: MARKETING },
  routes: {
    // Every parameter is a number, a date-time or an option: text in any of them is refused as such.
    'GET /price/check': { access: MARKETING, params: [{ in: 'query', name: 'time' }] },
  },
});
