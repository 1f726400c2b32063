/**
 * The Members area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const MEMBER_MENU_TITLES = defineTexts({
  member: { en: 'Members', zh: '会员' },
  memberList: { en: 'Member list', zh: '会员列表' },
  memberLevel: { en: 'Member levels', zh: '会员等级' },
});
