/**
 * The Marketing area's server messages (coupons, flash sales, recommendations), English and
 * Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const SMS_MESSAGES = defineMessages({
  already_recommended: { en: 'Already recommended: it is on this list', zh: '已在推荐列表中，请勿重复推荐' },
  expire_before_start: { en: 'The expire time must be after the start time', zh: '结束时间必须晚于开始时间' },
  min_point_below_amount: { en: 'The minimum spend must be 0 (none) or at least the coupon amount', zh: '使用门槛须为 0（无门槛）或不低于优惠券面额' },
  per_limit_over_count: { en: 'The per-member limit cannot be more than the total count', zh: '每人限领不能多于发行总量' },
  coupon_choose_categories: { en: 'Choose the categories the coupon may be used on', zh: '请选择优惠券可用的商品分类' },
  coupon_choose_products: { en: 'Choose the products the coupon may be used on', zh: '请选择优惠券可用的商品' },
  coupon_has_history: { en: 'Members hold this coupon: it cannot be deleted (let it end instead)', zh: '已有会员领取此优惠券，不能删除（可让其到期结束）' },
  end_date_before_start: { en: 'The end date must not be before the start date', zh: '结束日期不能早于开始日期' },
  end_time_not_after_start: { en: 'The end time must be after the start time', zh: '结束时间必须晚于开始时间' },
  flash_sessions_overlap: { en: 'An enabled session already covers part of this time: {name} ({start}–{end})', zh: '已启用的场次与该时间段重叠：{name}（{start}–{end}）' },
  flash_session_has_products: { en: 'This session holds products of a flash sale: remove them first', zh: '该场次中还有秒杀商品：请先移除' },
  flash_product_repeated: { en: 'This product is already in this session of the flash sale', zh: '该商品已在此秒杀活动的这个场次中' },
  flash_price_above_price: { en: "The flash price may not be above the product's price ({max})", zh: '秒杀价格不能高于商品价格（{max}）' },
  flash_count_above_stock: { en: "The flash count may not be above the product's stock ({max} left for this sale)", zh: '秒杀数量不能超过商品库存（此活动还可用 {max}）' },
  flash_limit_above_count: { en: 'The per-buyer limit may not be above the flash count', zh: '每人限购数量不能超过秒杀数量' },
});
