/**
 * The Marketing area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts). The seed writes the English into ums_menu.title
 * (SEEDED_MENU_TITLES, ../builtins.ts); the admin reads both languages (src/i18n/en.ts, zh.ts).
 */
import { defineTexts } from '../engine/texts';

export const SMS_MENU_TITLES = defineTexts({
  sms: { en: 'Marketing', zh: '营销' },
  flash: { en: 'Flash sales', zh: '秒杀活动列表' },
  flashSession: { en: 'Flash sessions', zh: '秒杀时间段列表' },
  selectSession: { en: 'Select session', zh: '秒杀时间段选择' },
  flashProductRelation: { en: 'Flash sale products', zh: '秒杀商品列表' },
  coupon: { en: 'Coupons', zh: '优惠券列表' },
  addCoupon: { en: 'Add coupon', zh: '添加优惠券' },
  updateCoupon: { en: 'Edit coupon', zh: '修改优惠券' },
  couponHistory: { en: 'Coupon history', zh: '优惠券领取详情' },
  homeBrand: { en: 'Brand recommendations', zh: '品牌推荐' },
  homeNew: { en: 'New products', zh: '新品推荐' },
  homeHot: { en: 'Popular products', zh: '人气推荐' },
  homeSubject: { en: 'Topic recommendations', zh: '专题推荐' },
  priceCheck: { en: 'Price check', zh: '价格试算' },
  homeAdvertise: { en: 'Advertisements', zh: '广告列表' },
  addHomeAdvertise: { en: 'Add advertisement', zh: '添加广告' },
  updateHomeAdvertise: { en: 'Edit advertisement', zh: '编辑广告' },
  subject: { en: 'Special topics', zh: '专题列表' },
  addSubject: { en: 'Add special topic', zh: '添加专题' },
  updateSubject: { en: 'Edit special topic', zh: '编辑专题' },
});
