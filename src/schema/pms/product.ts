/**
 * Products (`pms`): a shop's product with its SKUs, price strategies and attribute values, on
 * `mall`'s paths and field names (`recommandStatus`, `feightTemplateId` included). Deleting moves
 * a product to the recycle bin (`deleteStatus`, mall's soft delete); the SKU list has its own
 * endpoints under `/sku` (root actions).
 */
import { childRows, dateTime, defineEntity, enumeration, flag, image, images, int, longText, money, name, reference, referenceName, references, richText, text } from '../engine/entity';
import { MAX_TIERS, UNLIMITED_STOCK } from '../rules';
import { defineEnum } from '../engine/enums';

/** How the product is priced (mall's `promotionType`). */
export const { values: PROMOTION, options: PROMOTION_TYPES, labelOf: promotionLabelOf } = defineEnum({
  none: [0, 'none'], promotionPrice: [1, 'promotion_price'], memberPrice: [2, 'member_price'],
  ladder: [3, 'ladder'], fullReduction: [4, 'full_reduction'], flash: [5, 'flash'],
});

/**
 * The fields each price strategy fills (mall's product form shows them only under their strategy);
 * the others stay as typed. A tiered strategy keeps at least one tier (with none it prices nothing).
 */
export const STRATEGY_FIELDS: Readonly<Record<number, readonly string[]>> = {
  [PROMOTION.promotionPrice]: ['promotionPrice', 'promotionStartTime', 'promotionEndTime'],
  [PROMOTION.memberPrice]: ['memberPriceList'],
  [PROMOTION.ladder]: ['productLadderList'],
  [PROMOTION.fullReduction]: ['productFullReductionList'],
};
export const TIERED_STRATEGIES = { [PROMOTION.ladder]: 'productLadderList', [PROMOTION.fullReduction]: 'productFullReductionList' } as const;
/** The fewest tiers a tiered strategy keeps, and what is said when one would remove the last. */
export const TIER_MIN = { min: 1, minMessage: 'at_least_one' } as const;

/** Most special topics, and most preference areas, one product is linked to. */
export const MAX_PRODUCT_LINKS = 20;

/** mall's service guarantees, stored comma-joined in `serviceIds` (`1,2,3`). */
export const SERVICE_GUARANTEES = [{ value: 1, label: 'return' }, { value: 2, label: 'quick_refund' }, { value: 3, label: 'free_shipping' }] as const;

/** A SKU's specification values as mall stores them: a JSON string of `[{key, value}]`. */
export const isSpData = (value: unknown): boolean => {
  if (value === null || value === undefined || value === '') return true;
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) && parsed.every((e) => e !== null && typeof e === 'object'
      && typeof (e as Record<string, unknown>).key === 'string' && typeof (e as Record<string, unknown>).value === 'string');
  } catch {
    return false;
  }
};

const SKU_FIELDS = {
  skuCode: text({ length: [0, 64] }),
  price: money({ required: true, min: 0 }),
  promotionPrice: money({ min: 0 }),
  stock: int({ default: 0, min: UNLIMITED_STOCK }),
  lowStock: int({ default: 0, min: 0 }),
  pic: image(),
  spData: text({ length: [0, 500] }),
  sale: int({ serverManaged: true, default: 0 }),
  lockStock: int({ serverManaged: true, default: 0 }),
};

export const product = defineEntity({
  name: 'product', path: '/product', table: 'pms_product', tenant: 'shop_id', display: 'name',
  owns: [
    { table: 'pms_product_vertify_record', column: 'product_id', policy: 'cascade' },
    // Buyers' cart lines, favourites and reading history of a product deleted for good go with it
    // (an order keeps its own copy of what it bought).
    { table: 'oms_cart_item', column: 'product_id', policy: 'cascade' },
    { table: 'ums_member_product_collection', column: 'product_id', policy: 'cascade' },
    { table: 'ums_member_read_history', column: 'product_id', policy: 'cascade' },
    // A product deleted for good leaves the home page's recommendations (src/schema/sms/recommend.ts).
    { table: 'sms_home_new_product', column: 'product_id', policy: 'rules', entity: 'homeNewProduct' },
    { table: 'sms_home_recommend_product', column: 'product_id', policy: 'rules', entity: 'homeRecommendProduct' },
    // Its places in flash sales (src/schema/sms/flash.ts) go with it.
    { table: 'sms_flash_promotion_product_relation', column: 'product_id', policy: 'cascade' },
  ],
  menu: { route: 'product', create: 'addProduct', edit: 'updateProduct' },
  // Indexed: the list's name keyword over a large catalog (100,000 products; migration 340).
  search: { param: 'keyword', fields: ['name'], index: 'trigram' },
  fields: {
    pic: image({ list: true, section: 'attributes' }),
    name: name({ list: true, sortable: true }),
    shopId: reference('shop', 'shopName', { required: true, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    productCategoryId: reference('productCategory', 'name', { required: true, filter: { param: 'productCategoryId', op: 'eq' } }),
    productCategoryName: referenceName('productCategoryId'),
    brandId: reference('brand', 'name', { list: true, filter: { param: 'brandId', op: 'eq' } }),
    brandName: referenceName('brandId'),
    productAttributeCategoryId: reference('productAttributeCategory', 'name', { section: 'attributes' }),
    productAttributeCategoryName: referenceName('productAttributeCategoryId'),
    subTitle: text({ required: true, length: [1, 255] }),
    // Required, as the category and the sub title are (a product page needs all three), and every seeded product has one
    // (server/seed/demo-products.ts); only list answers hold null, as in mall (the record schema says so).
    description: longText({ required: true, length: [1, 5000], omitInList: true }),
    productSn: text({ required: true, length: [1, 64], pattern: /^[A-Za-z0-9_.-]+$/, list: true, listPriority: 'medium', filter: { param: 'productSn', op: 'eq' } }),
    price: money({ required: true, min: 0, list: true, sortable: true }),
    originalPrice: money({ min: 0 }),
    promotionPrice: money({ min: 0, section: 'promotion' }),
    stock: int({ default: 0, min: UNLIMITED_STOCK, list: true, sortable: true }),
    lowStock: int({ default: 0, min: 0 }),
    unit: text({ length: [0, 16] }),
    /** Grams. */
    weight: int({ default: 0, min: 0 }),
    sort: int({ default: 0, min: 0, list: true, listPriority: 'low', sortable: true }),
    sale: int({ serverManaged: true, list: true, listPriority: 'low', sortable: true }),
    publishStatus: flag({ default: 0, list: true, toggle: '/update/publishStatus', filter: true, section: 'promotion' }),
    newStatus: flag({ default: 0, list: true, toggle: '/update/newStatus', section: 'promotion' }),
    // mall's field is spelt `recommandStatus`; its batch parameter `recommendStatus`.
    recommandStatus: flag({ default: 0, list: true, toggle: '/update/recommendStatus', section: 'promotion' }),
    verifyStatus: flag({ serverManaged: true, list: true, listPriority: 'low', filter: true }),
    previewStatus: flag({ default: 0, section: 'promotion' }),
    deleteStatus: flag({ serverManaged: true }),
    serviceIds: text({ length: [0, 64], section: 'promotion' }),
    keywords: text({ length: [0, 255], section: 'promotion' }),
    note: text({ length: [0, 255], section: 'promotion' }),
    detailTitle: text({ length: [0, 255], section: 'promotion' }),
    detailDesc: longText({ length: [0, 5000], omitInList: true, section: 'promotion' }),
    giftGrowth: int({ default: 0, min: 0, section: 'promotion' }),
    giftPoint: int({ default: 0, min: 0, section: 'promotion' }),
    usePointLimit: int({ min: 0, section: 'promotion' }),
    // One of the product's own shop's templates (`sameAs`): the picker lists those, the server refuses another.
    // mall's form sends 0 for none.
    feightTemplateId: reference('feightTemplate', 'name', { sameAs: 'shopId', zeroIsNone: true, section: 'promotion' }),
    feightTemplateName: referenceName('feightTemplateId'),
    promotionType: enumeration(PROMOTION_TYPES, { default: 0, section: 'promotion' }),
    promotionStartTime: dateTime({ section: 'promotion' }),
    promotionEndTime: dateTime({ section: 'promotion' }),
    promotionPerLimit: int({ min: 0, section: 'promotion' }),
    memberPriceList: childRows({
      table: 'pms_member_price', link: 'product_id', tenant: 'shop_id', section: 'promotion',
      fields: {
        memberLevelId: reference('memberLevel', 'name', { required: true, unique: true }),
        memberPrice: money({ required: true, min: 0 }),
        // Stored as sent, as mall does (its form fills it from the level picker).
        memberLevelName: text({ length: [0, 100] }),
      },
    }),
    productLadderList: childRows({
      table: 'pms_product_ladder', link: 'product_id', tenant: 'shop_id', section: 'promotion',
      max: MAX_TIERS, maxMessage: 'up_to_three',
      fields: {
        count: int({ required: true, min: 1, unique: true }),
        discount: money({ required: true, min: 0.01, max: 1 }),
        price: money({ min: 0 }),
      },
    }),
    productFullReductionList: childRows({
      table: 'pms_product_full_reduction', link: 'product_id', tenant: 'shop_id', section: 'promotion',
      max: MAX_TIERS, maxMessage: 'up_to_three',
      fields: {
        fullPrice: money({ required: true, min: 0.01 }),
        reducePrice: money({ required: true, min: 0.01 }),
      },
      // A reduction never exceeds the amount it applies from.
      refine: (row) => (typeof row.fullPrice === 'number' && typeof row.reducePrice === 'number' && row.reducePrice > row.fullPrice
        ? [{ field: 'reducePrice', messageKey: 'invalid_value' }] : []),
    }),
    skuStockList: childRows({
      table: 'pms_sku_stock', link: 'product_id', tenant: 'shop_id', section: 'attributes',
      fields: SKU_FIELDS,
    }),
    productAttributeValueList: childRows({
      table: 'pms_product_attribute_value', link: 'product_id', tenant: 'shop_id', section: 'attributes',
      fields: {
        productAttributeId: reference('productAttribute', 'name', { required: true }),
        value: text({ length: [0, 64] }),
      },
    }),
    albumPics: images({ joined: true, maxCount: 5, section: 'attributes' }),
    // mall's relation rows (`[{ subjectId }]`, read back with their id and `productId`), kept in mall's tables.
    subjectProductRelationList: references('subject', 'title', {
      maxCount: MAX_PRODUCT_LINKS, section: 'detail',
      relation: { table: 'cms_subject_product_relation', own: 'product_id', other: 'subject_id', rows: { own: 'productId', other: 'subjectId' } },
    }),
    prefrenceAreaProductRelationList: references('prefrenceArea', 'name', {
      maxCount: MAX_PRODUCT_LINKS, section: 'detail',
      relation: { table: 'cms_prefrence_area_product_relation', own: 'product_id', other: 'prefrence_area_id', rows: { own: 'productId', other: 'prefrenceAreaId' } },
    }),
    detailHtml: richText({ length: [0, 100_000], omitInList: true, section: 'detail' }),
    detailMobileHtml: richText({ length: [0, 100_000], omitInList: true, section: 'detail' }),
  },
  softDelete: { field: 'deleteStatus' },
  // Low on stock (one of the home page's pending-work items): stock at or below the product's own
  // low-stock level; an unlimited stock (-1) is never low. `GET /product/list?lowStock=1`.
  compareFilters: { lowStock: { field: 'stock', op: 'lte', than: 'lowStock', except: [UNLIMITED_STOCK] } },
  // mall's product form sends its flash-sale fields (kept by its flash promotions, not the product)
  // and posts back `cateParentId`, an extra of our own `updateInfo` answer.
  ignoredKeys: ['flashPromotionCount', 'flashPromotionId', 'flashPromotionPrice', 'flashPromotionSort', 'cateParentId'],
  batch: [
    { kind: 'set', path: '/update/publishStatus', field: 'publishStatus' },
    { kind: 'set', path: '/update/newStatus', field: 'newStatus' },
    { kind: 'set', path: '/update/recommendStatus', field: 'recommandStatus', param: 'recommendStatus' },
    // mall's "move to the recycle bin" (1) and back (0): the engine's bin.
    { kind: 'set', path: '/update/deleteStatus', field: 'deleteStatus' },
  ],
  // mall's product form reads the product with its lists and `cateParentId` (its category's parent).
  variants: [{ kind: 'alias', method: 'GET', path: '/updateInfo/{id}', of: 'get', extra: 'updateInfo' }],
  actions: {
    verify: {
      on: 'selection', path: '/update/verifyStatus', writes: true, summary: 'Pass or fail the verification of products, with a note',
      params: { verifyStatus: flag({ required: true }), detail: text({ length: [0, 255] }) },
    },
    transferCategory: {
      on: 'selection', path: '/update/productCategory', writes: true, summary: 'Move products to another (second-level) category',
      params: { productCategoryId: reference('productCategory', 'name', { required: true }) },
    },
    simpleList: {
      on: 'collection', path: '/simpleList', writes: false, summary: 'Live products whose name or SN holds the keyword, not paged',
      params: { keyword: text({ length: [0, 140] }) },
    },
    skuList: {
      on: 'row', path: '/sku/{pid}', root: true, writes: false, summary: "A product's SKUs, those whose code holds the keyword",
      params: { keyword: text({ length: [0, 64] }) },
    },
    skuUpdate: {
      on: 'row', path: '/sku/update/{pid}', root: true, writes: true, button: false, bodyParam: 'skuStockList',
      summary: "Edit a product's SKUs (stock, low stock, prices), the body a list of SKUs as /sku/{pid} answers them",
      params: { skuStockList: childRows({ table: 'pms_sku_stock', link: 'product_id', fields: SKU_FIELDS }) },
    },
  },
  refine: (r) => {
    const errors: { field: 'promotionEndTime' | 'productLadderList' | 'productFullReductionList'; messageKey: string }[] = [];
    if (r.promotionStartTime && r.promotionEndTime && Date.parse(r.promotionEndTime) < Date.parse(r.promotionStartTime)) {
      errors.push({ field: 'promotionEndTime', messageKey: 'range_reversed' });
    }
    // A tiered strategy keeps at least one tier (an update that does not send the list keeps the stored ones).
    for (const [strategy, list] of Object.entries(TIERED_STRATEGIES)) {
      const tiers = r[list];
      if (r.promotionType === Number(strategy) && Array.isArray(tiers) && tiers.length < TIER_MIN.min) errors.push({ field: list, messageKey: TIER_MIN.minMessage });
    }
    return errors;
  },
});
