/**
 * The Marketing area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts). The seed writes the English into ums_menu.title
 * (SEEDED_MENU_TITLES, ../builtins.ts); the admin reads both languages (src/i18n/en.ts, zh.ts).
 */
import { r, seller } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';
import { PRICE_API } from './priceApi';

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

/**
 * Its menu section and routes (../routes.ts joins every area's). Sellers get their own shops'
 * flash sales, sessions, coupons and advertisements (the entities' shop scope keeps them to
 * those); recommendations, topics, the coupon history and the price check stay staff's.
 */
export const SMS_SECTIONS = [
  { ...r('sms', '/sms', 'campaign', 75), children: [
    seller(r('flash', '/sms/flash', 'flash', 150)),
    seller(r('flashSession', '/sms/flashSession', 'flash', 140, true)),
    seller(r('selectSession', '/sms/selectSession', 'flash', 130, true, [{ entity: 'flashSession', action: 'selectList' }, { entity: 'flashPromotion', action: 'show' }])),
    seller(r('flashProductRelation', '/sms/flashProductRelation', 'flash', 120, true, [
      { entity: 'flashProductRelation', action: 'list' }, { entity: 'flashProductRelation', action: 'create' }, { entity: 'flashProductRelation', action: 'edit' },
      { entity: 'product', action: 'list' }, { entity: 'brand', action: 'list' },
    ])),
    seller(r('coupon', '/sms/coupon', 'coupon', 110)),
    seller(r('addCoupon', '/sms/addCoupon', 'add', 100, true)),
    seller(r('updateCoupon', '/sms/updateCoupon', 'edit', 90, true)),
    r('couponHistory', '/sms/couponHistory', 'history', 80, true),
    r('homeBrand', '/sms/homeBrand', 'star', 70),
    r('homeNew', '/sms/homeNew', 'fiber_new', 60),
    r('homeHot', '/sms/homeHot', 'whatshot', 50),
    r('homeSubject', '/sms/homeSubject', 'topic', 40),
    // What a buyer would pay, line by line and why (not an entity's screen: it needs the check itself).
    r('priceCheck', '/sms/priceCheck', 'money', 35, false, [PRICE_API.check, { entity: 'product', action: 'list' }]),
    seller(r('homeAdvertise', '/sms/homeAdvertise', 'image', 30)),
    // Special topics: the records the topic recommendations and the product form pick from.
    r('subject', '/sms/subject', 'topic', 38),
    r('addSubject', '/sms/addSubject', 'add', 37, true),
    r('updateSubject', '/sms/updateSubject', 'edit', 36, true),
    seller(r('addHomeAdvertise', '/sms/addHomeAdvertise', 'add', 20, true)),
    seller(r('updateHomeAdvertise', '/sms/updateHomeAdvertise', 'edit', 10, true)),
  ] },
] as const satisfies readonly SectionDecl[];
