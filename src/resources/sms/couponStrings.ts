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
        shopId: 'Shop', shopName: 'Shop', currency: 'Currency',
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
        productCategoryCount: 'Number of categories',
        productCount: 'Number of products',
        note: 'Note',
        status: 'Status',
      },
      enums: {
        type: { allSite: 'All-site gift', member: 'Member gift', purchase: 'Purchase gift', registration: 'Registration gift' },
        platform: { all: 'All platforms', mobile: 'Mobile', pc: 'PC' },
        useType: { all: 'All products', categories: 'Specific categories', products: 'Specific products' },
        status: { active: 'Active', stopped: 'Stopped' },
        currency: {
          USD: 'USD – US dollar', EUR: 'EUR – Euro', GBP: 'GBP – Pound sterling', CNY: 'CNY – Chinese yuan', HKD: 'HKD – Hong Kong dollar',
          JPY: 'JPY – Japanese yen', SGD: 'SGD – Singapore dollar', AUD: 'AUD – Australian dollar', CAD: 'CAD – Canadian dollar',
        },
      },
      actions: {
        give: {
          name: 'Give to members', fields: { memberIds: 'Members', memberLevelId: 'Every member of the level' },
          done: 'Given to %{given} members (%{skipped} already held as many as one member may)',
        },
        stop: {
          name: 'Stop coupon',
          confirm: 'Stop "%{record}" now? It can no longer be claimed, given or used on an order, and cannot be started again. Coupons members hold stay in their history.',
        },
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
        state: 'State',
        useTime: 'Used at',
        orderId: 'Order ID',
        orderSn: 'Order number',
      },
      enums: {
        getType: { gifted: 'Given by an administrator', claimed: 'Claimed by the member' },
        useStatus: { unused: 'Unused', used: 'Used', expired: 'Expired' },
        state: { unused: 'Unused', used: 'Used', expired: 'Expired', stopped: 'Coupon stopped' },
      },
    },
  },
  entity: {
    coupon: {
      history: 'History',
      min_point_none: 'No threshold',
      categories_hint: 'A top category covers all its sub-categories',
      scope_categories: '%{smart_count} category |||| %{smart_count} categories',
      scope_products: '%{smart_count} product |||| %{smart_count} products',
      on_sale: 'On sale',
      off_sale: 'Off sale',
    },
  },
};

export const couponZh = {
  resources: {
    coupon: {
      name: '优惠券',
      fields: {
        shopId: '店铺', shopName: '店铺', currency: '币种',
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
        productCategoryCount: '指定分类数',
        productCount: '指定商品数',
        note: '备注',
        status: '状态',
      },
      enums: {
        type: { allSite: '全场赠券', member: '会员赠券', purchase: '购物赠券', registration: '注册赠券' },
        platform: { all: '全平台', mobile: '移动平台', pc: 'PC平台' },
        useType: { all: '全场通用', categories: '指定分类', products: '指定商品' },
        status: { active: '进行中', stopped: '已停用' },
        currency: {
          USD: 'USD – 美元', EUR: 'EUR – 欧元', GBP: 'GBP – 英镑', CNY: 'CNY – 人民币', HKD: 'HKD – 港币',
          JPY: 'JPY – 日元', SGD: 'SGD – 新加坡元', AUD: 'AUD – 澳大利亚元', CAD: 'CAD – 加拿大元',
        },
      },
      actions: {
        give: {
          name: '赠送给会员', fields: { memberIds: '会员', memberLevelId: '该等级的全部会员' },
          done: '已赠送给 %{given} 位会员（%{skipped} 位已达每人限领数量）',
        },
        stop: {
          name: '停用优惠券',
          confirm: '现在停用“%{record}”？停用后不能再领取、赠送或在订单中使用，且不能重新启用。会员已持有的优惠券仍保留在领取记录中。',
        },
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
        state: '状态',
        useTime: '使用时间',
        orderId: '订单 ID',
        orderSn: '订单编号',
      },
      enums: {
        getType: { gifted: '后台赠送', claimed: '主动获取' },
        useStatus: { unused: '未使用', used: '已使用', expired: '已过期' },
        state: { unused: '未使用', used: '已使用', expired: '已过期', stopped: '优惠券已停用' },
      },
    },
  },
  entity: {
    coupon: {
      history: '领取记录',
      min_point_none: '无门槛',
      categories_hint: '选一级分类即包含其全部二级分类',
      scope_categories: '%{smart_count} 个分类',
      scope_products: '%{smart_count} 个商品',
      on_sale: '已上架',
      off_sale: '已下架',
    },
  },
};
