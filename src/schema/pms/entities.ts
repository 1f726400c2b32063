/** Products area (`pms`): brands, product categories, product types and their attributes. */
import { defineEntity, enumeration, flag, image, int, longText, name, reference, referenceName, references, richText, text } from '../engine/entity';
import { CATEGORY_LEVELS, MAX_TIERS } from '../rules';
import { defineEnum } from '../engine/enums';

const shownHidden = { default: 0 as const, list: true, filter: true };

/** A product attribute's `type`: a specification (SKUs are built from them) or a parameter (filters). */
const { values: ATTRIBUTE_TYPE, options: ATTRIBUTE_TYPES } = defineEnum({ spec: [0, 'spec'], param: [1, 'param'] });

export const brand = defineEntity({
  name: 'brand', path: '/brand', table: 'pms_brand', tenant: null, display: 'name',
  menu: { route: 'brand', create: 'addBrand', edit: 'updateBrand' },
  // A deleted brand leaves the home page's brand recommendations (src/schema/sms/recommend.ts).
  // Buyers' follows of it (the shop front's) go with it.
  owns: [
    { table: 'sms_home_brand', column: 'brand_id', policy: 'rules', entity: 'homeBrand' },
    { table: 'ums_member_brand_attention', column: 'brand_id', policy: 'cascade' },
  ],
  search: { param: 'keyword', fields: ['name'] },
  defaultSort: { field: 'sort', order: 'DESC' },
  fields: {
    name: name({ list: true, unique: true, sortable: true }),
    firstLetter: text({ length: [0, 8], list: true }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    factoryStatus: flag({ default: 0, list: true, toggle: '/update/factoryStatus' }),
    showStatus: flag({ ...shownHidden, toggle: '/update/showStatus' }),
    productCount: int({ serverManaged: true, list: true }),
    productCommentCount: int({ serverManaged: true }),
    logo: image({ required: true, list: true }),
    bigPic: image(),
    brandStory: richText({ omitInList: true }),
  },
  batch: [
    { kind: 'delete', path: '/delete/batch' },
    { kind: 'set', path: '/update/showStatus', field: 'showStatus' },
    { kind: 'set', path: '/update/factoryStatus', field: 'factoryStatus' },
  ],
  // mall's admin deletes a brand with a GET and reads `data: null` back.
  variants: [{ kind: 'alias', method: 'GET', path: '/delete/{id}', of: 'delete', answer: 'null' }],
});

export const productCategory = defineEntity({
  name: 'productCategory', path: '/productCategory', table: 'pms_product_category', tenant: null, display: 'name',
  menu: { route: 'productCate', create: 'addProductCate', edit: 'updateProductCate' },
  listPath: '/list/{parentId}',
  defaultSort: { field: 'sort', order: 'DESC' },
  tree: { parent: 'parentId', level: 'level', levels: CATEGORY_LEVELS.length, hasChildren: 'category_has_children' },
  fields: {
    parentId: int({ default: 0, min: 0, filter: { param: 'parentId', op: 'eq' } }),
    name: name({ list: true }),
    level: enumeration([{ value: 0, label: 'level1' }, { value: 1, label: 'level2' }], { serverManaged: true, list: true }),
    productCount: int({ serverManaged: true, list: true }),
    productUnit: text({ length: [0, 64], list: true }),
    navStatus: flag({ default: 0, list: true, toggle: '/update/navStatus' }),
    showStatus: flag({ default: 0, list: true, toggle: '/update/showStatus' }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    icon: image(),
    keywords: text({ length: [0, 255] }),
    description: longText({ omitInList: true }),
    /** The category's filter attributes: parameters of product types, up to three. */
    productAttributeIdList: references('productAttribute', 'name', {
      maxCount: MAX_TIERS,
      relation: {
        table: 'pms_product_category_attribute_relation', own: 'product_category_id', other: 'product_attribute_id',
        where: { type: ATTRIBUTE_TYPE.param }, maxMessage: 'up_to_three',
      },
    }),
  },
  batch: [
    { kind: 'set', path: '/update/navStatus', field: 'navStatus' },
    { kind: 'set', path: '/update/showStatus', field: 'showStatus' },
  ],
  // The category cascaders of mall's product, product list and coupon forms.
  variants: [{
    kind: 'nested', path: '/list/withChildren', fields: ['name'], where: { parentId: 0 },
    children: { entity: 'productCategory', link: 'parentId', as: 'children', fields: ['name'] },
  }],
});

export const productAttributeCategory = defineEntity({
  name: 'productAttributeCategory', path: '/productAttribute/category', table: 'pms_product_attribute_category', tenant: null,
  owns: [{ table: 'pms_product_attribute', column: 'product_attribute_category_id', policy: 'rules', entity: 'productAttribute' }],
  display: 'name',
  menu: { route: 'productAttr' },
  fields: {
    name: name({ list: true, unique: true }),
    attributeCount: int({ serverManaged: true, list: true }),
    paramCount: int({ serverManaged: true, list: true }),
  },
  // mall's admin sends the name as a query parameter and deletes with a GET.
  paramsBody: true,
  variants: [
    { kind: 'alias', method: 'GET', path: '/delete/{id}', of: 'delete' },
    // The parameters (type 1) of every product type, to pick a category's filter attributes.
    {
      kind: 'nested', path: '/list/withAttr', fields: ['name'],
      children: { entity: 'productAttribute', link: 'productAttributeCategoryId', as: 'productAttributeList', fields: ['name'], where: { type: ATTRIBUTE_TYPE.param } },
    },
  ],
});

/** Splits a comma-separated option list the way `mall` stores `inputList`. */
export const splitInputList = (inputList: string | null | undefined): string[] =>
  (inputList ?? '').split(',').map((v) => v.trim());

export const productAttribute = defineEntity({
  name: 'productAttribute', path: '/productAttribute', table: 'pms_product_attribute', tenant: null, display: 'name',
  menu: { route: 'productAttrList', create: 'addProductAttr', edit: 'updateProductAttr' },
  listPath: '/list/{productAttributeCategoryId}',
  defaultSort: { field: 'sort', order: 'DESC' },
  deleteStyle: 'batch',
  fields: {
    productAttributeCategoryId: reference('productAttributeCategory', 'name', { required: true, filter: { param: 'productAttributeCategoryId', op: 'eq' } }),
    productAttributeCategoryName: referenceName('productAttributeCategoryId'),
    name: name({ list: true }),
    selectType: enumeration([{ value: 0, label: 'unique' }, { value: 1, label: 'single' }, { value: 2, label: 'multiple' }], { default: 0, list: true }),
    inputType: enumeration([{ value: 0, label: 'manual' }, { value: 1, label: 'from_list' }], { default: 0, list: true }),
    inputList: text({ length: [0, 255], list: true }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    filterType: enumeration([{ value: 0, label: 'normal' }, { value: 1, label: 'color' }], { default: 0 }),
    searchType: enumeration([{ value: 0, label: 'none' }, { value: 1, label: 'keyword' }, { value: 2, label: 'range' }], { default: 0 }),
    relatedStatus: flag({ default: 0 }),
    handAddStatus: flag({ default: 0 }),
    type: enumeration(ATTRIBUTE_TYPES, { required: true, immutable: true, list: true, filter: { param: 'type', op: 'eq' } }),
  },
  batch: [{ kind: 'delete', path: '/delete' }],
  variants: [{
    kind: 'view', path: '/attrInfo/{productCategoryId}', name: 'attrInfo',
    summary: "A product category's filter attributes, each as {attributeId, attributeCategoryId}",
  }],
  refine: (r) => {
    // Options picked from a list must each be non-empty and distinct (a blank or repeated option could not be told apart).
    if (r.inputType !== 1 && !r.inputList) return [];
    const values = splitInputList(r.inputList);
    const valid = values.every((v) => v.length > 0) && new Set(values).size === values.length;
    return valid ? [] : [{ field: 'inputList', messageKey: 'attr_values_invalid' }];
  },
});
