/**
 * The Permissions area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const UMS_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Admins', zh: '用户', url: '/admin/**' },
  { name: 'Roles', zh: '角色', url: '/role/**' },
  { name: 'Menus', zh: '菜单', url: '/menu/**' },
  { name: 'Resource categories', zh: '资源分类', url: '/resourceCategory/**' },
  { name: 'Resources', zh: '资源', url: '/resource/**' },
  { name: 'User groups', zh: '用户组', url: '/userGroup/**' },
  { name: 'Capacity warning', zh: '容量预警', url: '/capacity/**' },
  { name: 'Audit log', zh: '操作日志', url: '/auditLog/**' },
];
