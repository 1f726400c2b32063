/**
 * Home: `GET /home/summary`, every figure of the home page the caller may see in one answer
 * (./summary.ts), over the orders' kept quarter-hour stats (server/db/order-stats.ts, migration 450).
 */
import { HOME_API } from '../../../src/schema/home/summary';
import { requireAuth } from '../../auth/guard';
import { loadGrants } from '../../auth/permissions';
import { ok } from '../../http/envelope';
import { defineArea } from '../area';
import { callerTimeZone } from '../shop/time-zone';
import { homeSummary } from './summary';

export { callerTimeZone };

export const homeArea = defineArea({
  name: 'home',
  routes: (api, { db, scopeOf, repositoryOf, meters }) => {
    // Any signed-in account may ask (SELF_SERVICE_URLS): what the answer holds follows the lists it may call.
    api.get(HOME_API.summary, {
      config: { openapi: { summary: "The home page's figures the caller may see (orders and sales per day in the seller's shop's time zone or, for staff, the platform's (answered as timeZone), pending work, overviews), in its shop scope", tags: ['home'], query: null, body: null } },
    }, async (request) => {
      const auth = requireAuth(request);
      const [scope, grants] = await Promise.all([scopeOf(request), loadGrants(db, auth.adminId)]);
      return ok(await homeSummary({ db, repositoryOf, meters }, { adminId: auth.adminId, scope, grants }, await callerTimeZone(db, scope)));
    });
  },
});
