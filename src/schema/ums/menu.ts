/**
 * The Permissions area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const UMS_MENU_TITLES = defineTexts({
  ums: { en: 'Permissions', zh: '权限' },
  admin: { en: 'Admins', zh: '用户列表' },
  role: { en: 'Roles', zh: '角色列表' },
  allocMenu: { en: 'Allocate menus', zh: '分配菜单' },
  allocResource: { en: 'Allocate resources', zh: '分配资源' },
  menu: { en: 'Menus', zh: '菜单列表' },
  addMenu: { en: 'Add menu', zh: '添加菜单' },
  updateMenu: { en: 'Edit menu', zh: '修改菜单' },
  resource: { en: 'Resources', zh: '资源列表' },
  resourceCategory: { en: 'Resource categories', zh: '资源分类' },
  group: { en: 'Groups', zh: '分组管理' },
  user_group: { en: 'User groups', zh: '用户组' },
  capacity: { en: 'Capacity warning', zh: '容量预警' },
  auditLog: { en: 'Audit log', zh: '操作日志' },
});
