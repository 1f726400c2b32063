/**
 * The Members area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../engine/types';

export const MEMBER_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Members', zh: '会员', url: '/member/**', seller: true },
  // `mall`'s member list lies under /admin (`GET /admin/listMember`); the rest of /admin/** stays the account managers'.
  { name: 'Member list', zh: '会员列表', url: '/admin/listMember', seller: true },
  { name: 'Points rules', zh: '积分规则', url: '/integrationConsumeSetting/**', seller: true },
  { name: 'Points history', zh: '积分明细', url: '/integrationChangeHistory/**', seller: true },
  { name: 'Member levels', zh: '会员等级', url: '/memberLevel/**' },
  { name: 'Member level look-up', zh: '会员等级查询', url: '/memberLevel/list', seller: true },
];
