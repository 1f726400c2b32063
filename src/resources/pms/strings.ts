/**
 * Products (pms): the English and Chinese strings of this area's entities (`resources.<entity>`: name,
 * field labels, enum options, and `entity.pms.*` for its own screens). Chinese is typed by English, so a
 * missing key fails type-checking; tests/unit/entity-i18n.test.ts checks every declared label.
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    brand: {
      name: 'Brand |||| Brands',
      fields: {
        name: 'Brand name',
        firstLetter: 'First letter',
        sort: 'Sort',
        factoryStatus: 'Manufacturer',
        showStatus: 'Shown',
        productCount: 'Products',
        productCommentCount: 'Comments',
        logo: 'Logo',
        bigPic: 'Banner image',
        brandStory: 'Brand story',
      },
    },
    productCategory: {
      name: 'Product category |||| Product categories',
      fields: {
        parentId: 'Parent category',
        name: 'Category name',
        level: 'Level',
        productCount: 'Products',
        productUnit: 'Unit',
        navStatus: 'In navigation bar',
        showStatus: 'Shown',
        sort: 'Sort',
        icon: 'Icon',
        keywords: 'Keywords',
        description: 'Description',
        productAttributeIdList: 'Filter attributes',
      },
      enums: {
        level: { level1: 'Level 1', level2: 'Level 2' },
      },
    },
    productAttributeCategory: {
      name: 'Product type |||| Product types',
      fields: {
        name: 'Type name',
        attributeCount: 'Attributes',
        paramCount: 'Parameters',
      },
    },
    productAttribute: {
      name: 'Product attribute |||| Product attributes',
      fields: {
        productAttributeCategoryId: 'Product type',
        productAttributeCategoryName: 'Product type name',
        name: 'Attribute name',
        selectType: 'Selection',
        inputType: 'Value entry',
        inputList: 'Values',
        sort: 'Sort',
        filterType: 'Filter style',
        searchType: 'Search',
        relatedStatus: 'Related products share it',
        handAddStatus: 'Values may be added by hand',
        type: 'Kind',
      },
      enums: {
        selectType: { unique: 'Unique', single: 'Single choice', multiple: 'Multiple choice' },
        inputType: { manual: 'Typed by hand', from_list: 'Picked from a list' },
        filterType: { normal: 'Normal', color: 'Color' },
        searchType: { none: 'Not searchable', keyword: 'Keyword search', range: 'Range search' },
        type: { spec: 'Specification', param: 'Parameter' },
      },
    },
  },
  entity: {
    pms: {
      spec_list: 'Specification list',
      param_list: 'Parameter list',
      filter_attr_type: 'Product type',
      filter_attr_param: 'Parameter',
      filter_attr_add: 'Add a filter attribute',
      filter_attr_remove: 'Remove',
      attr_list_title: 'Attributes of %{name}',
    },
  },
};

export const strings = defineStrings(en, {
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
        productAttributeCategoryName: '商品类型名称',
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
  },
  entity: {
    pms: {
      spec_list: '属性列表',
      param_list: '参数列表',
      filter_attr_type: '商品类型',
      filter_attr_param: '参数',
      filter_attr_add: '新增筛选属性',
      filter_attr_remove: '删除',
      attr_list_title: '%{name}的属性',
    },
  },
});
