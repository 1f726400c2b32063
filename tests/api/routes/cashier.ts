/** Cashier balances and their bindings (under /balance/**): the order admin, and sellers for their own shops. */
import { defineRoutes, ORDERS_AND_SELLERS } from './access';

export const routes = defineRoutes({
  entities: {
    balance: { all: ORDERS_AND_SELLERS },
    balanceOrder: { all: ORDERS_AND_SELLERS },
  },
});
