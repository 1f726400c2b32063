/**
 * The Referral area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const REFERRAL_MENU_TITLES = defineTexts({
  rms: { en: 'Referrals', zh: '推广分销' },
  relationList: { en: 'Referrers', zh: '推荐人列表' },
  link: { en: 'Invite links', zh: '推广链接' },
  distributeList: { en: 'Distribution', zh: '分销记录' },
  rewardList: { en: 'Reward payments', zh: '奖励支付记录' },
  clickList: { en: 'Click records', zh: '点击记录' },
});
