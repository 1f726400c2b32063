/**
 * The Referral area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const REFERRAL_MENU_TITLES = defineTexts({
  rms: { en: 'Referrals', zh: '推广分销' },
  relationList: { en: 'Referrers', zh: '推荐人列表' },
  link: { en: 'Invite links', zh: '推广链接' },
  distributeList: { en: 'Distribution', zh: '分销记录' },
  rewardList: { en: 'Reward payments', zh: '奖励支付记录' },
  clickList: { en: 'Click records', zh: '点击记录' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const REFERRAL_SECTIONS = [
  { ...r('rms', '/rms', 'share', 55), seller: 'all', children: [
    r('relationList', '/rms/relationList', 'people', 40),
    r('link', '/rms/link', 'link', 30),
    r('distributeList', '/rms/distributeList', 'money', 20),
    // The reward payments, opened from the distribution list.
    r('rewardList', '/rms/rewardList', 'wallet', 15, true),
    r('clickList', '/rms/clickList', 'click', 10),
  ] },
] as const satisfies readonly SectionDecl[];
