/** Home: every signed-in account; the answer holds only the figures of the lists the caller may call (home-summary). */
import { defineRoutes } from './access';

export const routes = defineRoutes({
  routes: {
    'GET /home/summary': { access: 'session', params: [] },
  },
});
