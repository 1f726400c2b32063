/**
 * The Permissions area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const UMS_MESSAGES = defineMessages({
  protected_role: { en: 'Built-in roles cannot be deleted, and the super admin role cannot be disabled', zh: '内置角色不能删除，超级管理员角色不能禁用' },
  cannot_delete_self: { en: 'You cannot delete your own account', zh: '不能删除自己的账号' },
  cannot_disable_self: { en: 'You cannot disable your own account', zh: '不能禁用自己的账号' },
  role_required: { en: 'Choose at least one role', zh: '请至少选择一个角色' },
  only_role_of_accounts: { en: 'This is the only role of {names}: give them another role first', zh: '这是 {names} 唯一的角色：请先为其分配其他角色' },
  menu_has_children: { en: 'Delete or move its child menus first', zh: '请先删除或移动其子菜单' },
});
