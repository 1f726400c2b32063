import type { ScreenOptionsByEntity } from '../../engine/area';
import { adminScreen } from './admin';
import { auditLogScreen } from './auditLog';
import { userGroupScreen } from './group';
import { menuScreen } from './menu';
import { resourceCategoryScreen, resourceScreen } from './resource';
import { roleScreen } from './role';

export const screenOptions: ScreenOptionsByEntity = {
  admin: adminScreen,
  role: roleScreen,
  menu: menuScreen,
  resource: resourceScreen,
  resourceCategory: resourceCategoryScreen,
  userGroup: userGroupScreen,
  auditLog: auditLogScreen,
};
