/**
 * Permissions (ums): admin accounts, roles with their menus and resources, menus, resources. Every
 * change here bumps the permission version in its transaction (./hooks.ts).
 */
import { defineArea } from '../area';
import { registerUmsAdminRoutes } from './admins';
import { menuHooks, resourceHooks, roleHooks } from './hooks';
import { registerUmsRoleRoutes } from './roles';

export const umsArea = defineArea({
  name: 'ums',
  hooks: { role: roleHooks, menu: menuHooks, resource: resourceHooks },
  routes: (api, { db }) => {
    registerUmsAdminRoutes(api, { db });
    registerUmsRoleRoutes(api, { db });
  },
});
