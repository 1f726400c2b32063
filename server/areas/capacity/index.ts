/** Capacity: user-group membership and the list of members near or over their quotas. */
import { defineArea } from '../area';
import { registerCapacityRoutes } from './routes';

export const capacityArea = defineArea({
  name: 'capacity',
  routes: (api, { db, meters }) => registerCapacityRoutes(api, { db, areas: meters }),
});
