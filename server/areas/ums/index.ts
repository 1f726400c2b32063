/**
 * Permissions (ums): admin accounts, roles with their menus and resources, menus, resources. Every
 * change here bumps the permission version in its transaction (./hooks.ts).
 */
import { adminAccount } from '../../../src/schema/umsAdmin';
import { defineArea } from '../area';
import { registerUmsAdminRoutes } from './admins';
import { menuHooks, resourceHooks, roleHooks } from './hooks';
import { registerUmsRoleRoutes } from './roles';

export const umsArea = defineArea({
  name: 'ums',
  hooks: { role: roleHooks, menu: menuHooks, resource: resourceHooks },
  // Shops name their owner, the audit log its user.
  referenceTargets: [adminAccount],
  routes: (api, { db }) => {
    registerUmsAdminRoutes(api, { db });
    registerUmsRoleRoutes(api, { db });
  },
});
