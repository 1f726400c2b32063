/**
 * The Marketing area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in the Marketing category, and the
 * admin's Chinese resource names (src/i18n/zh.ts) read `zh` from there. Sellers hold those of
 * their own promotions (each entity's shop scope limits them to their shops' records).
 */
import type { ResourceDecl } from '../engine/types';

export const SMS_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Coupons', zh: '优惠券', url: '/coupon/**', seller: true },
  { name: 'Coupon history', zh: '优惠券领取记录', url: '/couponHistory/**' },
  { name: 'Flash sales', zh: '秒杀活动', url: '/flash/**', seller: true },
  { name: 'Flash sale products', zh: '秒杀商品', url: '/flashProductRelation/**', seller: true },
  { name: 'Flash sessions', zh: '秒杀时间段', url: '/flashSession/**', seller: true },
  { name: 'Advertisements', zh: '广告', url: '/home/advertise/**', seller: true },
  { name: 'Brand recommendations', zh: '品牌推荐', url: '/home/brand/**' },
  { name: 'New products', zh: '新品推荐', url: '/home/newProduct/**' },
  { name: 'Popular products', zh: '人气推荐', url: '/home/recommendProduct/**' },
  { name: 'Special topic recommendations', zh: '专题推荐', url: '/home/recommendSubject/**' },
  // What a buyer would pay (`GET /price/check`): reads products, member levels, flash sales and coupons, changes nothing.
  { name: 'Price check', zh: '价格试算', url: '/price/**' },
  // Topics have their screens under Marketing (the topic recommendations pick from them).
  { name: 'Special topics', zh: '专题', url: '/subject/**' },
];
