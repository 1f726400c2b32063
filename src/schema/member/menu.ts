/**
 * The Members area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r, seller } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const MEMBER_MENU_TITLES = defineTexts({
  member: { en: 'Members', zh: '会员' },
  memberList: { en: 'Member list', zh: '会员列表' },
  memberLevel: { en: 'Member levels', zh: '会员等级' },
  pointsRule: { en: 'Points rules', zh: '积分规则' },
  pointsHistory: { en: 'Points history', zh: '积分明细' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const MEMBER_SECTIONS = [
  { ...r('member', '/member', 'people', 70), children: [
    seller(r('memberList', '/member/memberList', 'people', 20)),
    seller(r('pointsHistory', '/member/pointsHistory', 'history', 16)),
    seller(r('pointsRule', '/member/pointsRule', 'settings', 14)),
    r('memberLevel', '/member/memberLevel', 'star', 10),
  ] },
] as const satisfies readonly SectionDecl[];
