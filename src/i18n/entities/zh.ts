/**
 * Chinese labels of the declared entities and of the generic entity screens. Typed by the English
 * dictionary, so a missing key fails type-checking; single-form strings only (polyglot always
 * picks plural form 0 for `zh`).
 */
import type { EntityMessages } from './en';

export const entityZh: EntityMessages = {
  resources: {
    brand: {
      name: '品牌',
      fields: {
        name: '品牌名称',
        firstLetter: '品牌首字母',
        sort: '排序',
        factoryStatus: '品牌制造商',
        showStatus: '是否显示',
        productCount: '商品数量',
        productCommentCount: '评价数量',
        logo: '品牌LOGO',
        bigPic: '品牌专区大图',
        brandStory: '品牌故事',
      },
    },
    productCategory: {
      name: '商品分类',
      fields: {
        parentId: '上级分类',
        name: '分类名称',
        level: '级别',
        productCount: '商品数量',
        productUnit: '数量单位',
        navStatus: '导航栏',
        showStatus: '是否显示',
        sort: '排序',
        icon: '分类图标',
        keywords: '关键词',
        description: '分类描述',
        productAttributeIdList: '筛选属性',
      },
      enums: {
        level: { level1: '一级', level2: '二级' },
      },
    },
    productAttributeCategory: {
      name: '商品类型',
      fields: {
        name: '类型名称',
        attributeCount: '属性数量',
        paramCount: '参数数量',
      },
    },
    productAttribute: {
      name: '商品属性',
      fields: {
        productAttributeCategoryId: '商品类型',
        name: '属性名称',
        selectType: '属性是否可选',
        inputType: '属性值的录入方式',
        inputList: '可选值列表',
        sort: '排序',
        filterType: '分类筛选样式',
        searchType: '检索类型',
        relatedStatus: '商品属性关联',
        handAddStatus: '是否支持手动新增',
        type: '属性类别',
      },
      enums: {
        selectType: { unique: '唯一', single: '单选', multiple: '多选' },
        inputType: { manual: '手工录入', from_list: '从列表中选取' },
        filterType: { normal: '普通', color: '颜色' },
        searchType: { none: '不需要进行检索', keyword: '关键字检索', range: '范围检索' },
        type: { spec: '规格', param: '参数' },
      },
    },
    returnReason: {
      name: '退货原因',
      fields: {
        name: '原因类型',
        sort: '排序',
        status: '是否可用',
        createTime: '添加时间',
      },
    },
    orderSetting: {
      name: '订单设置',
      fields: {
        flashOrderOvertime: '秒杀订单超时未付款自动关闭（分钟）',
        normalOrderOvertime: '正常订单超时未付款自动关闭（分钟）',
        confirmOvertime: '发货后自动确认收货（天）',
        finishOvertime: '确认收货后自动完成交易（天）',
        commentOvertime: '交易完成后自动好评（天）',
      },
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
  },
  entity: {
    not_available: '此页面不可用',
    actions: '操作',
    main_section: '基本信息',
    dialog: {
      create: '添加%{name}',
      edit: '编辑%{name}',
    },
    missing_context: '请从上级记录打开此列表',
    flag: { on: '是', off: '否' },
    action: {
      create: '添加',
      edit: '编辑',
      delete: '删除',
      save: '保存',
      cancel: '取消',
      back: '返回',
    },
    confirm_delete: {
      title: '删除“%{name}”？',
      content: '此记录将被删除，且无法恢复。',
    },
    confirm_bulk_delete: {
      title: '删除所选记录？',
      content: '将删除 %{smart_count} 条记录，且无法恢复。',
    },
    toggle: {
      saved: '已保存',
      failed: '修改未能保存，已恢复原状态',
    },
    batch: {
      label: '批量操作',
      apply: '确定',
      set_flag: '%{field}：%{value}',
      done: '已对 %{smart_count} 条记录执行操作',
    },
    empty: {
      title: '暂无%{name}',
      hint: '添加第一条记录。',
    },
    image: {
      drop: '将 JPG 或 PNG 图片拖到此处，或点击选择（不超过 %{size} MB）',
      drop_many: '将 JPG 或 PNG 图片拖到此处，或点击选择（每张不超过 %{size} MB，最多 %{maxCount} 张）',
      rejected: '只能上传不超过 %{size} MB 的 JPG 或 PNG 图片',
    },
    json: {
      invalid: '不是有效的 JSON',
    },
    saved: '已保存',
    created: '添加成功',
    deleted: '删除成功',
    pms: {
      next_level: '查看下级',
      back_to_level1: '返回一级分类',
      top_level: '无上级分类（一级分类）',
      spec_list: '属性列表',
      param_list: '参数列表',
      filter_attr_type: '商品类型',
      filter_attr_param: '参数',
      filter_attr_add: '新增筛选属性',
      filter_attr_remove: '删除',
      attr_list_title: '%{name}的属性',
    },
  },
};
