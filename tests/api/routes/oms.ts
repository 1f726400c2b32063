/** Orders, their history and messages, returns and each shop's return addresses: the order admin, and sellers for their own shops. */
import { defineRoutes, ORDERS, ORDERS_AND_SELLERS } from './access';

export const routes = defineRoutes({
  entities: {
    returnReason: { all: ORDERS },
    orderSetting: { all: ORDERS },
    order: { all: ORDERS_AND_SELLERS },
    orderOperateHistory: { all: ORDERS_AND_SELLERS },
    orderMessage: { all: ORDERS_AND_SELLERS },
    returnApply: { all: ORDERS_AND_SELLERS },
    companyAddress: { all: ORDERS_AND_SELLERS },
  },
});
