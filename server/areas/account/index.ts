/** Your own account: sign in and out, register as a seller, your info and menus, your password. */
import { defineArea } from '../area';
import { registerAdminAuthRoutes } from './routes';

export const accountArea = defineArea({
  name: 'account',
  routes: (api, { db, config, repositoryOf, scopeOf }) => registerAdminAuthRoutes(api, { db, config, repositoryOf, scopeOf }),
});
