/**
 * The permission screens that are not an entity's list or form, by route name (src/schema/routes.ts):
 * menu and resource allocation for a role, group members, and the capacity warning.
 */
import type { ComponentType } from 'react';
import { AllocMenuScreen } from './AllocMenuScreen';
import { AllocResourceScreen } from './AllocResourceScreen';
import { CapacityScreen } from './CapacityScreen';
import { UMS_ROUTES } from './routes';
import { UserGroupScreen } from './UserGroupScreen';

export const umsScreens = (): Readonly<Record<string, ComponentType>> => ({
  [UMS_ROUTES.allocMenu]: AllocMenuScreen,
  [UMS_ROUTES.allocResource]: AllocResourceScreen,
  [UMS_ROUTES.userGroup]: UserGroupScreen,
  [UMS_ROUTES.capacity]: CapacityScreen,
});
