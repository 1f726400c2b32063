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
    distributionRecord: {
      name: 'Distribution record |||| Distribution records',
      fields: {
        referrerId: 'Referrer', referrerName: 'Referrer name', refereeId: 'Referred seller', refereeName: 'Referred seller name',
        payRecordId: 'Pay record', amount: 'Payment amount', ratio: 'Ratio', reward: 'Reward', status: 'Status',
        createTime: 'Granted at', reverseTime: 'Reversed at',
      },
      enums: { status: { granted: 'Granted', reversed: 'Reversed (refunded)' } },
      actions: {
        ratio: { name: 'Distribution ratios' },
        setRatio: { name: 'Set ratio', fields: { ratio: 'Ratio', referrerId: 'Referrer' } },
      },
    },
    referralReward: {
      name: 'Reward payment |||| Reward payments',
      fields: {
        referrerId: 'Referrer', referrerName: 'Referrer name', payer: 'Payer', payerAmount: 'Payer amount', reason: 'Reason',
        createTime: 'Paid at', operatorId: 'Recorded by', operatorName: 'Recorded by',
      },
      actions: {
        create: { name: 'Record a reward payment', fields: { referrerId: 'Referrer', payer: 'Payer', payerAmount: 'Payer amount', reason: 'Reason' } },
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
    qr: 'QR code of your invite link',
    ratios: 'Distribution ratios',
    global_ratio: 'Global ratio: %{ratio} of each confirmed VIP payment of a referred seller',
    own_ratios: "Referrers' own ratios:",
    no_own_ratios: 'No referrer has a ratio of its own.',
    ratio_help: "Set ratio: without a referrer it sets the global ratio; with one, that referrer's own (leave the ratio empty to go back to the global one).",
    to_rewards: 'Reward payments',
    pay_record_link: 'Pay record #%{id}',
    pay_record_open: 'View payment',
    to_distribution: 'Distribution records',
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
    distributionRecord: {
      name: '分销记录',
      fields: {
        referrerId: '推荐人', referrerName: '推荐人名称', refereeId: '被推荐卖家', refereeName: '被推荐卖家名称',
        payRecordId: '支付记录', amount: '支付金额', ratio: '分销比例', reward: '奖励', status: '状态',
        createTime: '发放时间', reverseTime: '冲销时间',
      },
      enums: { status: { granted: '已发放', reversed: '已冲销（已退款）' } },
      actions: {
        ratio: { name: '分销比例' },
        setRatio: { name: '设置比例', fields: { ratio: '分销比例', referrerId: '推荐人' } },
      },
    },
    referralReward: {
      name: '奖励支付记录',
      fields: {
        referrerId: '推荐人', referrerName: '推荐人名称', payer: '付款人', payerAmount: '付款金额', reason: '原因',
        createTime: '支付时间', operatorId: '登记人', operatorName: '登记人',
      },
      actions: {
        create: { name: '登记奖励支付', fields: { referrerId: '推荐人', payer: '付款人', payerAmount: '付款金额', reason: '原因' } },
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
    qr: '邀请链接二维码',
    ratios: '分销比例',
    global_ratio: '全局比例：被推荐卖家每笔已确认 VIP 支付的 %{ratio}',
    own_ratios: '推荐人专属比例：',
    no_own_ratios: '暂无推荐人专属比例。',
    ratio_help: '设置比例：不选推荐人时设置全局比例；选择推荐人时设置其专属比例（比例留空则恢复全局比例）。',
    to_rewards: '奖励支付记录',
    pay_record_link: '支付记录 #%{id}',
    pay_record_open: '查看支付',
    to_distribution: '分销记录',
  },
});
