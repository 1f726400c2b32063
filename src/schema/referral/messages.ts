/**
 * The Referral area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const REFERRAL_MESSAGES = defineMessages({
  referral_admin_only: { en: 'Only an administrator can set distribution ratios or record reward payments', zh: '只有管理员可以设置分销比例或登记奖励支付' },
  reward_over_unpaid: { en: "More than the referrer's unpaid rewards ({max})", zh: '超过推荐人未支付的奖励（{max}）' },
});
