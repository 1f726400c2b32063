/**
 * Referral: the click and relation lists' labels (`resources.referralClick`,
 * `resources.referralRelation`) and the invite link screen's texts (`referral.*`), in English and
 * Chinese (typed by English).
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    referralClick: {
      name: 'Click record |||| Click records',
      fields: { code: 'Invite code', sellerId: 'Referrer', sellerName: 'Referrer name', ip: 'IP address', device: 'Device', createTime: 'Clicked at' },
    },
    referralRelation: {
      name: 'Referral |||| Referrals',
      fields: {
        referrerId: 'Referrer', referrerName: 'Referrer name', refereeId: 'Referred seller', refereeName: 'Referred seller name',
        code: 'Invite code', createTime: 'Referred at',
      },
    },
  },
  referral: {
    intro: 'Share this link: sellers who register through it are recorded as referred by you.',
    link: 'Your invite link',
    code: 'Your invite code',
    copy: 'Copy',
    copied: 'Copied',
    copy_failed: 'Could not copy; select the text and copy it yourself.',
  },
};

export const strings = defineStrings(en, {
  resources: {
    referralClick: {
      name: '点击记录',
      fields: { code: '邀请码', sellerId: '推荐人', sellerName: '推荐人名称', ip: 'IP 地址', device: '设备', createTime: '点击时间' },
    },
    referralRelation: {
      name: '推荐关系',
      fields: {
        referrerId: '推荐人', referrerName: '推荐人名称', refereeId: '被推荐卖家', refereeName: '被推荐卖家名称',
        code: '邀请码', createTime: '推荐时间',
      },
    },
  },
  referral: {
    intro: '分享此链接：通过它注册的卖家将记录为由您推荐。',
    link: '您的邀请链接',
    code: '您的邀请码',
    copy: '复制',
    copied: '已复制',
    copy_failed: '无法复制，请手动选中文本复制。',
  },
});
