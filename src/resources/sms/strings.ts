/**
 * Marketing (sms): the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';
import { couponEn, couponZh } from './couponStrings';
import type { PriceReasonKey } from '../../schema/priceCheck';
import { PRICE_REASONS } from '../../schema/priceCheck';

/** The price check's reasons in English: the server's own texts, in polyglot's placeholder syntax. */
const reasonsEn = Object.fromEntries(Object.entries(PRICE_REASONS).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')])) as Record<PriceReasonKey, string>;

const reasonsZh: Record<PriceReasonKey, string> = {
  list_price: '商品价格：%{price}',
  list_price_sku: 'SKU %{skuCode} 的价格：%{price}',
  strategy_not_chosen: '不是该商品的促销方式（它使用：%{strategy}）',
  replaced_by_flash: '秒杀价取代了商品的促销方式',
  promotion_applied: '特惠促销价 %{price}',
  promotion_no_price: '商品没有促销价',
  promotion_not_started: '促销从 %{startTime} 开始',
  promotion_ended: '促销已于 %{endTime} 结束',
  promotion_not_lower: '促销价 %{price} 不低于原价',
  member_applied: '%{level}的会员价：%{price}',
  member_no_level: '未选择会员等级',
  member_no_privilege: '等级“%{level}”没有会员价格特权',
  member_no_price: '商品没有“%{level}”的会员价',
  member_not_lower: '会员价 %{price} 不低于原价',
  ladder_applied: '满 %{count} 件：× %{discount}，每件 %{price}',
  ladder_none: '商品没有阶梯价格',
  ladder_short: '第一档从 %{count} 件起',
  full_reduction_applied: '满 %{fullPrice} 减 %{reducePrice}',
  full_reduction_none: '商品没有满减价格',
  full_reduction_short: '第一档从 %{fullPrice} 起；本行为 %{subtotal}',
  flash_applied: '秒杀活动“%{title}”，场次 %{session}：每件 %{price}',
  flash_none: '商品不在任何秒杀活动中',
  flash_offline: '秒杀活动“%{title}”已下线',
  flash_not_on_date: '秒杀活动“%{title}”的日期是 %{startDate} 至 %{endDate}',
  flash_session_disabled: '“%{title}”的场次 %{session} 未启用',
  flash_session_not_now: '“%{title}”的场次 %{session} 时间为 %{startTime} 至 %{endTime}',
  flash_no_price: '商品在“%{title}”中没有秒杀价',
  flash_not_lower: '秒杀价 %{price} 不低于原价',
  flash_over_limit: '超过“%{title}”每人限购的 %{limit} 件',
  flash_over_count: '超过“%{title}”的秒杀数量 %{count} 件',
  coupon_applied: '优惠券“%{name}”：减 %{amount}',
  coupon_applied_capped: '优惠券“%{name}”面额 %{amount}：抵扣全部 %{subtotal}',
  coupon_none: '未选择优惠券',
  coupon_not_started: '优惠券从 %{startTime} 起可用',
  coupon_expired: '优惠券已于 %{endTime} 过期',
  coupon_platform: '优惠券仅限%{platform}使用',
  coupon_category: '优惠券只能用于其他商品分类',
  coupon_product: '优惠券只能用于其他商品',
  coupon_none_left: '优惠券已发完',
  coupon_min_spend: '优惠券需满 %{minPoint} 才能使用；当前金额为 %{subtotal}',
};

const en = {
  resources: {
    homeAdvertise: {
      name: 'Advertisement |||| Advertisements',
      fields: {
        name: 'Advertisement name',
        type: 'Position',
        pic: 'Image',
        startTime: 'Start time',
        endTime: 'Expire time',
        status: 'Online',
        clickCount: 'Clicks',
        orderCount: 'Orders',
        url: 'Jump URL',
        note: 'Note',
        sort: 'Sort',
      },
      enums: {
        type: { pc: 'PC homepage carousel', app: 'App homepage carousel' },
      },
    },
    priceCheck: {
      name: 'Price check',
      fields: {
        productId: 'Product', skuId: 'SKU', quantity: 'Quantity', memberLevelId: 'Member level',
        time: 'Time of purchase', couponId: 'Coupon', platform: 'Platform',
      },
      enums: { platform: { mobile: 'Mobile', pc: 'PC' } },
    },
    homeBrand: {
      name: 'Brand recommendation |||| Brand recommendations',
      fields: { brandId: 'Brand', brandName: 'Brand name', recommendStatus: 'Recommended', sort: 'Sort' },
    },
    homeNewProduct: {
      name: 'New product recommendation |||| New product recommendations',
      fields: { productId: 'Product', productName: 'Product name', recommendStatus: 'Recommended', sort: 'Sort' },
    },
    homeRecommendProduct: {
      name: 'Popular product recommendation |||| Popular product recommendations',
      fields: { productId: 'Product', productName: 'Product name', recommendStatus: 'Recommended', sort: 'Sort' },
    },
    homeRecommendSubject: {
      name: 'Topic recommendation |||| Topic recommendations',
      fields: { subjectId: 'Special topic', subjectName: 'Topic title', recommendStatus: 'Recommended', sort: 'Sort' },
    },
    ...couponEn.resources,
  },
  priceCheck: {
    help: 'Works out what a buyer would pay. Order: the list price (the SKU\'s when one is chosen); then only the product\'s own price strategy (promotion price within its dates, member price for a level with the member-price privilege, quantity ladder, or full reduction); a flash price, when the product is in an online flash sale on that day with an enabled session at that time, replaces the strategy (not above the per-buyer limit or the flash count); last the coupon, on the amount after those: its dates, platform, scope, coupons left and minimum spend. Empty time: now.',
    check: 'Check price',
    result: 'Price check result',
    lines: 'How the price is made',
    sku_help: 'Empty: the product\'s own price',
    no_sku: 'No SKU (product price)',
    list_price: 'List price',
    unit_price: 'Unit price',
    subtotal: 'Before coupon',
    coupon_amount: 'Coupon',
    total: 'Buyer pays',
    applied: 'Applied',
    not_applied: 'Not applied',
    columns: { rule: 'Rule', status: 'Status', unit_price: 'Unit price', amount_off: 'Off', after: 'Amount after', why: 'Why' },
    rules: {
      listPrice: 'List price', promotionPrice: 'Promotion price', memberPrice: 'Member price', ladder: 'Quantity ladder',
      fullReduction: 'Full reduction', flash: 'Flash sale', coupon: 'Coupon',
    },
    platforms: { all: 'all platforms', mobile: 'mobile', pc: 'PC' },
    reasons: reasonsEn,
  },
  entity: { ...couponEn.entity },
};

export const strings = defineStrings(en, {
  resources: {
    homeAdvertise: {
      name: '广告',
      fields: {
        name: '广告名称',
        type: '广告位置',
        pic: '广告图片',
        startTime: '开始时间',
        endTime: '到期时间',
        status: '上线/下线',
        clickCount: '点击次数',
        orderCount: '生成订单',
        url: '广告链接',
        note: '广告备注',
        sort: '排序',
      },
      enums: {
        type: { pc: 'PC首页轮播', app: 'APP首页轮播' },
      },
    },
    priceCheck: {
      name: '价格试算',
      fields: {
        productId: '商品', skuId: 'SKU', quantity: '数量', memberLevelId: '会员等级',
        time: '购买时间', couponId: '优惠券', platform: '使用平台',
      },
      enums: { platform: { mobile: '移动', pc: 'PC' } },
    },
    homeBrand: {
      name: '品牌推荐',
      fields: { brandId: '品牌', brandName: '品牌名称', recommendStatus: '是否推荐', sort: '排序' },
    },
    homeNewProduct: {
      name: '新品推荐',
      fields: { productId: '商品', productName: '商品名称', recommendStatus: '是否推荐', sort: '排序' },
    },
    homeRecommendProduct: {
      name: '人气推荐',
      fields: { productId: '商品', productName: '商品名称', recommendStatus: '是否推荐', sort: '排序' },
    },
    homeRecommendSubject: {
      name: '专题推荐',
      fields: { subjectId: '专题', subjectName: '专题名称', recommendStatus: '是否推荐', sort: '排序' },
    },
    ...couponZh.resources,
  },
  priceCheck: {
    help: '计算买家需要支付的金额。顺序：先取原价（选了 SKU 时取 SKU 价格）；再只用商品自己的促销方式（有效期内的特惠促销价、有会员价格特权的等级的会员价、阶梯价格或满减价格）；若商品在当天上线的秒杀活动中且该时间有启用的场次，则秒杀价取代促销方式（不超过每人限购和秒杀数量）；最后按前面得出的金额使用优惠券：使用时间、平台、适用范围、剩余数量和使用门槛。时间为空表示现在。',
    check: '试算价格',
    result: '价格试算结果',
    lines: '价格构成',
    sku_help: '为空：使用商品本身的价格',
    no_sku: '不选 SKU（商品价格）',
    list_price: '原价',
    unit_price: '单价',
    subtotal: '用券前金额',
    coupon_amount: '优惠券',
    total: '买家实付',
    applied: '已使用',
    not_applied: '未使用',
    columns: { rule: '规则', status: '状态', unit_price: '单价', amount_off: '减免', after: '之后金额', why: '原因' },
    rules: {
      listPrice: '原价', promotionPrice: '特惠促销', memberPrice: '会员价格', ladder: '阶梯价格',
      fullReduction: '满减价格', flash: '秒杀', coupon: '优惠券',
    },
    platforms: { all: '全平台', mobile: '移动端', pc: 'PC端' },
    reasons: reasonsZh,
  },
  entity: { ...couponZh.entity },
});
