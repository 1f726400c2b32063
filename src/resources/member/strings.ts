/**
 * Members: the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options) and the merge dialog's texts (`member.merge.*`). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/engine-entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    member: {
      name: 'Member |||| Members',
      fields: {
        username: 'Username', nickname: 'Nickname', realName: 'Real name', mobile: 'Mobile', phone: 'Phone',
        companyName: 'Company', email: 'Email', language: 'Mail language', country: 'Country', taxId: 'Tax id', icon: 'Avatar',
        shopId: 'Shop', shopName: 'Shop', memberLevelId: 'Level', memberLevelName: 'Level',
        applyStatus: 'Apply status', createTime: 'Joined at',
      },
      enums: { applyStatus: { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' }, language: { en: 'English', zh: 'Chinese (中文)' } },
      actions: {
        updateApplyStatus: {
          name: 'Approve or reject', fields: { status: 'Decision' },
          enums: { status: { approved: 'Approve', rejected: 'Reject' } },
        },
        merge: { name: 'Merge members', fields: { keepId: 'Member kept', mergeId: 'Member merged into it' } },
      },
    },
    pointsRule: {
      name: 'Points rule |||| Points rules',
      fields: {
        shopId: 'Shop', shopName: 'Shop',
        deductionPerAmount: 'Points worth one yuan', maxPercentPerOrder: 'Largest share of an order paid in points (%)',
        useUnit: 'Points spent in steps of', couponStatus: 'Points with a coupon',
      },
    },
    pointsHistory: {
      name: 'Points change |||| Points history',
      fields: {
        shopId: 'Shop', shopName: 'Shop', memberId: 'Member', memberUsername: 'Member',
        changeType: 'Change', changeCount: 'Points', sourceType: 'Source', orderId: 'Order', orderSn: 'Order',
        operateMan: 'Operator', operateNote: 'Note', createTime: 'Time',
      },
      enums: { changeType: { added: 'Added', taken: 'Taken' }, sourceType: { shopping: 'Shopping', admin: 'Administrator' } },
    },
    memberLevel: {
      name: 'Member level |||| Member levels',
      fields: {
        name: 'Level name',
        growthPoint: 'Growth points',
        defaultStatus: 'Default level',
        freeFreightPoint: 'Free shipping from',
        commentGrowthPoint: 'Growth points per review',
        priviledgeFreeFreight: 'Free shipping',
        priviledgeSignIn: 'Sign-in rewards',
        priviledgeComment: 'Review rewards',
        priviledgePromotion: 'Exclusive promotions',
        priviledgeMemberPrice: 'Member prices',
        priviledgeBirthday: 'Birthday gifts',
        note: 'Note',
      },
    },
  },
  member: {
    merge: {
      button: 'Merge',
      title: 'Merge two members',
      explain: 'Choose the member to keep. The other one is removed, and its orders move to the one kept.',
      keep: 'Keep %{name}',
      confirm: 'Merge',
      choose_two: 'Select exactly two members to merge',
      row_button: 'Merge with…',
      pick_title: 'Merge %{name} with another member',
      pick_explain: 'Find the other member of the same shop by username, nickname, phone or company; then choose which one to keep.',
      pick_label: 'Other member',
      done: 'Members merged; %{smart_count} order moved |||| Members merged; %{smart_count} orders moved',
    },
  },
};

export const strings = defineStrings(en, {
  resources: {
    member: {
      name: '会员',
      fields: {
        username: '用户名', nickname: '昵称', realName: '真实姓名', mobile: '手机', phone: '电话',
        companyName: '公司名称', email: '邮箱', language: '邮件语言', country: '国家', taxId: '税号', icon: '头像',
        shopId: '店铺', shopName: '店铺', memberLevelId: '等级', memberLevelName: '等级',
        applyStatus: '申请状态', createTime: '加入时间',
      },
      enums: { applyStatus: { pending: '待审核', approved: '已通过', rejected: '已拒绝' }, language: { en: '英文 (English)', zh: '中文' } },
      actions: {
        updateApplyStatus: {
          name: '审核', fields: { status: '审核结果' },
          enums: { status: { approved: '通过', rejected: '拒绝' } },
        },
        merge: { name: '合并会员', fields: { keepId: '保留的会员', mergeId: '被合并的会员' } },
      },
    },
    pointsRule: {
      name: '积分规则',
      fields: {
        shopId: '店铺', shopName: '店铺',
        deductionPerAmount: '每一元抵扣所需积分', maxPercentPerOrder: '每单积分抵扣上限（%）',
        useUnit: '积分使用单位', couponStatus: '可与优惠券同用',
      },
    },
    pointsHistory: {
      name: '积分明细',
      fields: {
        shopId: '店铺', shopName: '店铺', memberId: '会员', memberUsername: '会员',
        changeType: '变动类型', changeCount: '积分数', sourceType: '来源', orderId: '订单', orderSn: '订单',
        operateMan: '操作人', operateNote: '备注', createTime: '时间',
      },
      enums: { changeType: { added: '增加', taken: '减少' }, sourceType: { shopping: '购物', admin: '管理员' } },
    },
    memberLevel: {
      name: '会员等级',
      fields: {
        name: '等级名称',
        growthPoint: '成长值',
        defaultStatus: '默认等级',
        freeFreightPoint: '免运费标准',
        commentGrowthPoint: '每次评价获取的成长值',
        priviledgeFreeFreight: '免邮特权',
        priviledgeSignIn: '签到特权',
        priviledgeComment: '评论获奖励特权',
        priviledgePromotion: '专享活动特权',
        priviledgeMemberPrice: '会员价格特权',
        priviledgeBirthday: '生日特权',
        note: '备注',
      },
    },
  },
  member: {
    merge: {
      button: '合并',
      title: '合并两个会员',
      explain: '请选择要保留的会员。另一个会员将被删除，其订单转移到保留的会员名下。',
      keep: '保留 %{name}',
      confirm: '合并',
      choose_two: '请恰好选择两个会员进行合并',
      row_button: '合并到…',
      pick_title: '将 %{name} 与另一位会员合并',
      pick_explain: '按用户名、昵称、手机号或公司查找同一店铺的另一位会员，然后选择保留哪一位。',
      pick_label: '另一位会员',
      done: '会员已合并，转移了 %{smart_count} 个订单',
    },
  },
});
