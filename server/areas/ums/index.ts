/**
 * Permissions (ums): admin accounts, roles with their menus and resources, menus, resources. Every
 * change here bumps the permission version in its transaction (./admins.ts, ./hooks.ts, ./actions.ts).
 */
import { defineArea } from '../area';
import { umsActions } from './actions';
import { adminHooks } from './admins';
import { menuHooks, resourceHooks, roleHooks } from './hooks';

export const umsArea = defineArea({
  name: 'ums',
  hooks: { admin: adminHooks, role: roleHooks, menu: menuHooks, resource: resourceHooks },
  actions: () => umsActions,
});
