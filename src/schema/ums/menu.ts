/**
 * The Permissions area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
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

/** Its menu section and routes (../routes.ts joins every area's). */
export const UMS_SECTIONS = [
  { ...r('ums', '/ums', 'security', 50), children: [
    r('admin', '/ums/admin', 'admin', 120),
    r('role', '/ums/role', 'role', 110),
    r('allocMenu', '/ums/allocMenu', 'menu', 100, true, [{ entity: 'menu', action: 'treeList' }, { entity: 'role', action: 'listMenu' }]),
    r('allocResource', '/ums/allocResource', 'resource', 90, true, ['/resource/listAll', '/resourceCategory/listAll', { entity: 'role', action: 'listResource' }]),
    r('menu', '/ums/menu', 'menu', 80),
    r('addMenu', '/ums/addMenu', 'add', 70, true),
    r('updateMenu', '/ums/updateMenu', 'edit', 60, true),
    r('resource', '/ums/resource', 'resource', 50),
    r('resourceCategory', '/ums/resourceCategory', 'category', 40, true),
    r('group', '/ums/group', 'group', 30),
    r('user_group', '/ums/user_group', 'group', 20, false, [{ entity: 'userGroup', action: 'members' }]),
    r('capacity', '/ums/capacity', 'storage', 10, false, [{ entity: 'userGroup', action: 'capacity' }]),
    r('auditLog', '/ums/auditLog', 'history', 5),
  ] },
] as const satisfies readonly SectionDecl[];
