/**
 * The Products area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
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
  addBrand: { en: 'Add brand', zh: '添加品牌' },
  updateBrand: { en: 'Edit brand', zh: '编辑品牌' },
});
