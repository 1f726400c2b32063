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
  product_off_sale: { en: 'This product is off sale: put it on sale before promoting it', zh: '该商品已下架：请先上架再推广' },
  product_unverified: { en: 'This product has not passed verification: it cannot be promoted yet', zh: '该商品未通过审核：暂不能推广' },
  product_recycled: { en: 'This product is in the recycle bin: it cannot be promoted', zh: '该商品在回收站中：不能推广' },
  coupon_stopped: { en: 'This coupon was stopped: it can no longer be claimed, given or used', zh: '该优惠券已停用：不能再领取、赠送或使用' },
  coupon_ended: { en: 'This coupon has ended: it can no longer be given', zh: '该优惠券已结束：不能再赠送' },
  coupon_give_whom: { en: 'Choose the members or the member level to give the coupon to', zh: '请选择要赠送的会员或会员等级' },
  coupon_give_level_empty: { en: 'No member of this level can be given the coupon', zh: '该等级下没有可赠送的会员' },
  coupon_give_all_held: { en: 'Every chosen member already holds as many of this coupon as one member may ({limit})', zh: '所选会员均已持有该优惠券的每人限领数量（{limit}张）' },
  coupon_give_over_count: { en: 'Only {left} of this coupon are left, not enough for {members} members: nothing was given', zh: '该优惠券仅剩 {left} 张，不够赠送 {members} 位会员：未赠送任何优惠券' },
  promotion_product_not_shop: { en: "Choose a product of this promotion's shop: this one does not exist or belongs to another shop", zh: '请选择本活动所属店铺的商品：该商品不存在或属于其他店铺' },
  flash_session_not_shop: { en: "Choose a session of this flash sale's own shop (the platform's sales use the platform's sessions)", zh: '请选择本秒杀活动所属店铺的场次（平台活动使用平台的场次）' },
  platform_promotion_read_only: { en: "This is the platform's promotion: only the platform's staff may change it", zh: '这是平台的促销活动：只有平台工作人员可以修改' },
  flash_limit_above_count: { en: 'The per-buyer limit may not be above the flash count', zh: '每人限购数量不能超过秒杀数量' },
});
