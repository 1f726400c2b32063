/**
 * The Members area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (./messageTable.ts).
 */
import { defineTexts } from './messageTable';

export const MEMBER_MENU_TITLES = defineTexts({
  member: { en: 'Members', zh: '会员' },
  memberList: { en: 'Member list', zh: '会员列表' },
  memberLevel: { en: 'Member levels', zh: '会员等级' },
});
