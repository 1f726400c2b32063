/**
 * Coupons and coupon history (src/schema/sms/coupon.ts): their labels (`resources.coupon`,
 * `resources.couponHistory`) and the texts of the coupon screens (`entity.coupon`), in English
 * and Chinese; ./strings.ts joins them with the area's others.
 */
export const couponEn = {
  resources: {
    coupon: {
      name: 'Coupon |||| Coupons',
      fields: {
        name: 'Coupon name',
        type: 'Coupon type',
        platform: 'Platform',
        amount: 'Amount',
        minPoint: 'Minimum spend',
        publishCount: 'Total count',
        count: 'Remaining',
        receiveCount: 'Received',
        useCount: 'Used',
        perLimit: 'Limit per member',
        startTime: 'Start time',
        endTime: 'End time',
        useType: 'Use scope',
        productCategoryRelationList: 'Categories',
        productRelationList: 'Products',
        note: 'Note',
      },
      enums: {
        type: { allSite: 'All-site gift', member: 'Member gift', purchase: 'Purchase gift', registration: 'Registration gift' },
        platform: { all: 'All platforms', mobile: 'Mobile', pc: 'PC' },
        useType: { all: 'All products', categories: 'Specific categories', products: 'Specific products' },
      },
    },
    couponHistory: {
      name: 'Coupon received |||| Coupon history',
      fields: {
        couponId: 'Coupon',
        couponName: 'Coupon',
        memberId: 'Member',
        memberUsername: 'Member',
        memberNickname: 'Nickname',
        couponCode: 'Coupon code',
        getType: 'How it was got',
        createTime: 'Received at',
        useStatus: 'Use status',
        useTime: 'Used at',
        orderId: 'Order id',
        orderSn: 'Order number',
      },
      enums: {
        getType: { gifted: 'Given by an administrator', claimed: 'Claimed by the member' },
        useStatus: { unused: 'Unused', used: 'Used', expired: 'Expired' },
      },
    },
  },
  entity: {
    coupon: {
      history: 'History',
      min_point_none: 'No threshold',
      categories_hint: 'A top category covers all its sub-categories',
    },
  },
};

export const couponZh = {
  resources: {
    coupon: {
      name: '优惠券',
      fields: {
        name: '优惠券名称',
        type: '优惠券类型',
        platform: '使用平台',
        amount: '面额',
        minPoint: '使用门槛',
        publishCount: '发行总量',
        count: '剩余数量',
        receiveCount: '已领取',
        useCount: '已使用',
        perLimit: '每人限领',
        startTime: '开始时间',
        endTime: '结束时间',
        useType: '可使用商品',
        productCategoryRelationList: '指定分类',
        productRelationList: '指定商品',
        note: '备注',
      },
      enums: {
        type: { allSite: '全场赠券', member: '会员赠券', purchase: '购物赠券', registration: '注册赠券' },
        platform: { all: '全平台', mobile: '移动平台', pc: 'PC平台' },
        useType: { all: '全场通用', categories: '指定分类', products: '指定商品' },
      },
    },
    couponHistory: {
      name: '领取记录',
      fields: {
        couponId: '优惠券',
        couponName: '优惠券',
        memberId: '会员',
        memberUsername: '会员',
        memberNickname: '昵称',
        couponCode: '优惠码',
        getType: '获取类型',
        createTime: '领取时间',
        useStatus: '使用状态',
        useTime: '使用时间',
        orderId: '订单编号 ID',
        orderSn: '订单编号',
      },
      enums: {
        getType: { gifted: '后台赠送', claimed: '主动获取' },
        useStatus: { unused: '未使用', used: '已使用', expired: '已过期' },
      },
    },
  },
  entity: {
    coupon: {
      history: '领取记录',
      min_point_none: '无门槛',
      categories_hint: '选一级分类即包含其全部二级分类',
    },
  },
};
