/**
 * Permissions (ums): admin accounts, roles with their menus and resources, menus, resources. Every
 * change here bumps the permission version in its transaction (./hooks.ts, ./actions.ts).
 */
import { adminAccount } from '../../../src/schema/umsAdmin';
import { defineArea } from '../area';
import { umsActions } from './actions';
import { registerUmsAdminRoutes } from './admins';
import { menuHooks, resourceHooks, roleHooks } from './hooks';

export const umsArea = defineArea({
  name: 'ums',
  hooks: { role: roleHooks, menu: menuHooks, resource: resourceHooks },
  // Shops name their owner, the audit log its user.
  referenceTargets: [adminAccount],
  actions: () => umsActions,
  // Admin accounts' CRUD (passwords) until they go through the engine; role assignment is an action.
  routes: (api, { db }) => registerUmsAdminRoutes(api, { db }),
});
