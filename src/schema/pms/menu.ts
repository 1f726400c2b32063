/**
 * The Products area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r, seller } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const PMS_MENU_TITLES = defineTexts({
  pms: { en: 'Products', zh: '商品' },
  product: { en: 'Products', zh: '商品列表' },
  addProduct: { en: 'Add product', zh: '添加商品' },
  updateProduct: { en: 'Edit product', zh: '修改商品' },
  productCate: { en: 'Product categories', zh: '商品分类' },
  addProductCate: { en: 'Add category', zh: '添加商品分类' },
  updateProductCate: { en: 'Edit category', zh: '修改商品分类' },
  productAttr: { en: 'Product types', zh: '商品类型' },
  productAttrList: { en: 'Product attributes', zh: '商品属性列表' },
  addProductAttr: { en: 'Add attribute', zh: '添加商品属性' },
  updateProductAttr: { en: 'Edit attribute', zh: '修改商品属性' },
  brand: { en: 'Brands', zh: '品牌管理' },
  feightTemplate: { en: 'Freight templates', zh: '运费模板' },
  addBrand: { en: 'Add brand', zh: '添加品牌' },
  updateBrand: { en: 'Edit brand', zh: '编辑品牌' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const PMS_SECTIONS = [
  { ...r('pms', '/pms', 'inventory', 85), children: [
    seller(r('product', '/pms/product', 'list', 130)),
    seller(r('addProduct', '/pms/addProduct', 'add', 120)),
    seller(r('updateProduct', '/pms/updateProduct', 'edit', 110, true)),
    seller(r('feightTemplate', '/pms/feightTemplate', 'money', 105)),
    r('productCate', '/pms/productCate', 'category', 100),
    r('addProductCate', '/pms/addProductCate', 'add', 90, true),
    r('updateProductCate', '/pms/updateProductCate', 'edit', 80, true),
    r('productAttr', '/pms/productAttr', 'label', 70),
    r('productAttrList', '/pms/productAttrList', 'list', 60, true),
    r('addProductAttr', '/pms/addProductAttr', 'add', 50, true),
    r('updateProductAttr', '/pms/updateProductAttr', 'edit', 40, true),
    r('brand', '/pms/brand', 'brand', 30),
    r('addBrand', '/pms/addBrand', 'add', 20, true),
    r('updateBrand', '/pms/updateBrand', 'edit', 10, true),
  ] },
] as const satisfies readonly SectionDecl[];
