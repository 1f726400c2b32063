/** Shops: a shop's status is set by administrators only (sellers edit, not approve or close, their shops). */
import { defineRoutes, SELLERS, SUPER } from './access';

export const routes = defineRoutes({
  entities: {
    shop: { all: SELLERS, except: { listAll: ['seller', 'product'], 'batchSet:status': SUPER } },
  },
});
