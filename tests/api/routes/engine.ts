/** The server's own routes. */
import { defineRoutes } from './access';

export const routes = defineRoutes({
  routes: {
    'GET /health': { access: 'public', params: [] },
  },
});
