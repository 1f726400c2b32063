/**
 * Permissions (ums): admins, roles, menus, resources, user groups, capacity and the audit log.
 * Beside the generated entity screens, four screens of its own, each its own chunk.
 */
import { defineArea } from '../../engine/area';
import { strings } from './strings';

export const umsArea = defineArea({
  name: 'ums',
  strings,
  screenOptions: () => import('./screenOptions').then((m) => m.screenOptions),
  screens: {
    allocMenu: () => import('./AllocMenuScreen').then((m) => ({ default: m.AllocMenuScreen })),
    allocResource: () => import('./AllocResourceScreen').then((m) => ({ default: m.AllocResourceScreen })),
    user_group: () => import('./UserGroupScreen').then((m) => ({ default: m.UserGroupScreen })),
    capacity: () => import('./CapacityScreen').then((m) => ({ default: m.CapacityScreen })),
  },
});
