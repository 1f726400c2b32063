/**
 * The Products area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../engine/types';

export const PMS_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Products', zh: '商品', url: '/product/**', seller: true },
  { name: 'SKU stock', zh: 'SKU 库存', url: '/sku/**', seller: true },
  { name: 'Freight templates', zh: '运费模板', url: '/feightTemplate/**', seller: true },
  { name: 'Brands', zh: '品牌', url: '/brand/**' },
  { name: 'Brand look-up', zh: '品牌查询', url: '/brand/list', seller: true },
  { name: 'Product categories', zh: '商品分类', url: '/productCategory/**' },
  { name: 'Product category look-up', zh: '商品分类查询', url: '/productCategory/list/**', seller: true },
  { name: 'Product types', zh: '商品类型', url: '/productAttribute/category/**' },
  // The product form picks a product type.
  { name: 'Product type look-up', zh: '商品类型查询', url: '/productAttribute/category/list', seller: true },
  { name: 'Product attributes', zh: '商品属性', url: '/productAttribute/**' },
  { name: 'Product attribute look-up', zh: '商品属性查询', url: '/productAttribute/list/**', seller: true },
  // The product form links special topics and preference areas.
  { name: 'Special topic look-up', zh: '专题查询', url: '/subject/listAll', seller: true },
  // The marketing pickers (popular and new products, flash sale products, coupon scopes) search the catalog.
  { name: 'Product look-up', zh: '商品查询', url: '/product/list' },
  { name: 'Preference area look-up', zh: '优选专区查询', url: '/prefrenceArea/listAll', seller: true },
];

/** The preference areas the product form links (the Content category). */
export const PMS_CONTENT_RESOURCES: readonly ResourceDecl[] = [
  { name: 'Preference areas', zh: '优选专区', url: '/prefrenceArea/**' },
];
