/**
 * Members: the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
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
};

export const strings = defineStrings(en, {
  resources: {
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
});
