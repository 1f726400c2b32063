/** Molds: each seller's own. */
import { defineRoutes, SELLERS } from './access';

export const routes = defineRoutes({
  entities: {
    mold: { all: SELLERS },
  },
});
