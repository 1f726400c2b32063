/**
 * Marketing (`sms`): coupons and the members' coupons (`mall`'s `sms_coupon`, its two relation
 * tables and `sms_coupon_history`). A coupon takes `amount` off an order of at least `minPoint`
 * (0: any order) between its start and end time, on the platform it names, for everything, the
 * products of some categories, or some products (`useType`). A category picked covers its
 * sub-categories too (`mall`'s form picks sub-categories; a top category is all of them). The price check
 * (src/schema/price*.ts) reads these tables to judge whether a coupon applies.
 */
import { dateTime, defineEntity, enumeration, int, longText, money, name, pickCount, reference, referenceName, references, text } from '../engine/entity';
import { defineEnum } from '../engine/enums';
import { SHOP_CURRENCIES } from '../shop/entities';

export const COUPON_TYPES = [
  { value: 0, label: 'allSite' }, { value: 1, label: 'member' }, { value: 2, label: 'purchase' }, { value: 3, label: 'registration' },
] as const;

export const { values: COUPON_PLATFORM, options: COUPON_PLATFORMS, labelOf: couponPlatformLabelOf } = defineEnum({ all: [0, 'all'], mobile: [1, 'mobile'], pc: [2, 'pc'] });

/** What a coupon may be used on (`mall`'s `useType`). */
export const { values: COUPON_USE_TYPE, options: COUPON_USE_TYPES } = defineEnum({ all: [0, 'all'], categories: [1, 'categories'], products: [2, 'products'] });

export const { values: COUPON_GET_TYPE, options: COUPON_GET_TYPES } = defineEnum({ gifted: [0, 'gifted'], claimed: [1, 'claimed'] });

export const { values: COUPON_USE_STATUS, options: COUPON_USE_STATUSES } = defineEnum({ unused: [0, 'unused'], used: [1, 'used'], expired: [2, 'expired'] });

/**
 * Where a member's coupon stands, worked out from its use status and its coupon (the history
 * list's `state` filter, server/areas/sms/coupon.ts), the first that holds: used (on an order);
 * stopped (its coupon was stopped, docs/design.md "Stopping a coupon"); expired (marked so, or its
 * coupon's end time has passed); else unused, still usable. `mall`'s `useStatus` filter reads the
 * stored status alone, as before.
 */
export const { values: COUPON_HISTORY_STATE, options: COUPON_HISTORY_STATES } = defineEnum({
  unused: [0, 'unused'], used: [1, 'used'], expired: [2, 'expired'], stopped: [3, 'stopped'],
});

/**
 * A coupon runs until its end time unless an operator stops it first. Stopped is for good: it can
 * no longer be claimed, given or used on an order; the coupons members hold stay in their history
 * as they were (docs/design.md, "Stopping a coupon").
 */
export const { values: COUPON_STATUS, options: COUPON_STATUSES } = defineEnum({ active: [0, 'active'], stopped: [1, 'stopped'] });

/** Most members one give names; a member level is given to all its members up to the coupon's count. */
export const MAX_GIVE_MEMBERS = 500;

/**
 * The currency of the platform's own coupons (no shop): the shops' default currency, which the
 * home page also reads a shop without one in. A shop's coupon is in its shop's currency.
 */
export const PLATFORM_CURRENCY = 'USD';

/** Most products or categories one coupon names. */
export const MAX_COUPON_PICKS = 200;

export const coupon = defineEntity({
  // A shop's coupon (its sellers' own) or, with no shop, the platform's (staff's, for every shop).
  // A seller also reads, never writes, the platform's coupons that cover its products (server/areas/sms/coupon.ts).
  name: 'coupon', path: '/coupon', table: 'sms_coupon', tenant: 'shop_id', platformRows: true, display: 'name',
  menu: { route: 'coupon', create: 'addCoupon', edit: 'updateCoupon' },
  defaultSort: { field: 'id', order: 'DESC' },
  // mall's coupon form and its posted-back record carry these; mall never reads them: taken, not stored.
  ignoredKeys: ['enableTime', 'code', 'memberLevel'],
  // Members hold it: its history is what they were given and used.
  owns: [{ table: 'sms_coupon_history', column: 'coupon_id', policy: 'restrict', messageKey: 'coupon_has_history' }],
  fields: {
    name: name({ list: true, filter: { param: 'name', op: 'like', alwaysOn: true } }),
    type: enumeration(COUPON_TYPES, { required: true, list: true, filter: { param: 'type', op: 'eq', alwaysOn: true } }),
    // Empty: the platform's; a coupon never changes owner (its history is that shop's buyers').
    shopId: reference('shop', 'shopName', { immutable: true, list: true, listPriority: 'medium', filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    // Its amounts are in its shop's currency (the platform's for a platform coupon), always set by the
    // server (server/areas/sms/coupon.ts; the column's default is the platform's for rows written directly).
    currency: enumeration(SHOP_CURRENCIES, { serverManaged: true, derived: { from: ['shopId'] }, list: true }),
    platform: enumeration(COUPON_PLATFORMS, { default: COUPON_PLATFORM.all, list: true, listPriority: 'low' }),
    amount: money({ required: true, min: 0.01, list: true }),
    /** 0: no threshold. */
    minPoint: money({ default: 0, list: true, listPriority: 'medium' }),
    /** The total count issued; `count` is what is left of it. */
    publishCount: int({ required: true, min: 1, max: 10_000_000, list: true, listPriority: 'low' }),
    count: int({ serverManaged: true, derived: { from: ['publishCount'] }, default: 0, list: true }),
    receiveCount: int({ serverManaged: true, default: 0, list: true, listPriority: 'low' }),
    useCount: int({ serverManaged: true, default: 0, list: true }),
    perLimit: int({ default: 1, min: 1, max: 10_000_000 }),
    startTime: dateTime({ required: true, list: true, sortable: true, listPriority: 'medium' }),
    endTime: dateTime({ required: true, list: true, sortable: true }),
    useType: enumeration(COUPON_USE_TYPES, { default: COUPON_USE_TYPE.all, list: true }),
    productCategoryRelationList: references('productCategory', 'name', {
      maxCount: MAX_COUPON_PICKS,
      relation: {
        table: 'sms_coupon_product_category_relation', own: 'coupon_id', other: 'product_category_id',
        rows: { own: 'couponId', other: 'productCategoryId', ownNull: true, names: { productCategoryName: 'name', parentCategoryName: 'parentId.name' } },
      },
    }),
    productRelationList: references('product', 'name', {
      maxCount: MAX_COUPON_PICKS, invalidMessage: 'promotion_product_not_shop',
      relation: {
        table: 'sms_coupon_product_relation', own: 'coupon_id', other: 'product_id',
        rows: { own: 'couponId', other: 'productId', ownNull: true, names: { productName: 'name', productSn: 'productSn' } },
      },
    }),
    // How many categories and products it is limited to: the list row says "3 products" by its use
    // scope (the picks themselves are read with one coupon, not with a list).
    productCategoryCount: pickCount('productCategoryRelationList'),
    productCount: pickCount('productRelationList'),
    note: longText({ length: [0, 200] }),
    status: enumeration(COUPON_STATUSES, { serverManaged: true, default: COUPON_STATUS.active, list: true, filter: { param: 'status', op: 'eq' } }),
  },
  states: { field: 'status' },
  actions: {
    // Members are given one each, in one transaction, within what is left (`count`) and the per-member limit.
    give: {
      on: 'row', path: '/give/{id}', writes: true, inStates: [COUPON_STATUS.active], doneMessage: true,
      summary: 'Give the coupon to chosen members or to every member of a level: one each, within what is left and the per-member limit',
      params: {
        memberIds: references('member', 'username', { maxCount: MAX_GIVE_MEMBERS }),
        memberLevelId: reference('memberLevel', 'name'),
      },
    },
    stop: {
      on: 'row', path: '/stop/{id}', writes: true, confirmMessage: true, transition: { from: [COUPON_STATUS.active], to: COUPON_STATUS.stopped },
      summary: 'Stop a coupon before its end: it can no longer be claimed, given or used',
    },
  },
  refine: (r) => [
    ...(r.startTime && r.endTime && Date.parse(r.endTime) <= Date.parse(r.startTime) ? [{ field: 'endTime' as const, messageKey: 'expire_before_start' }] : []),
    // A threshold below the amount would pay the buyer: 0 (none) or at least the amount.
    ...(typeof r.minPoint === 'number' && typeof r.amount === 'number' && r.minPoint > 0 && r.minPoint < r.amount
      ? [{ field: 'minPoint' as const, messageKey: 'min_point_below_amount' }] : []),
    ...(typeof r.perLimit === 'number' && typeof r.publishCount === 'number' && r.perLimit > r.publishCount
      ? [{ field: 'perLimit' as const, messageKey: 'per_limit_over_count' }] : []),
    ...(r.useType === COUPON_USE_TYPE.categories && Array.isArray(r.productCategoryRelationList) && !r.productCategoryRelationList.length
      ? [{ field: 'productCategoryRelationList' as const, messageKey: 'coupon_choose_categories' }] : []),
    ...(r.useType === COUPON_USE_TYPE.products && Array.isArray(r.productRelationList) && !r.productRelationList.length
      ? [{ field: 'productRelationList' as const, messageKey: 'coupon_choose_products' }] : []),
  ],
});

/** A coupon a member holds: given by an administrator or claimed, then used on an order or expired. */
export const couponHistory = defineEntity({
  name: 'couponHistory', path: '/couponHistory', table: 'sms_coupon_history', tenant: null, display: 'id',
  naming: ['couponId', 'memberId'],
  menu: { route: 'couponHistory' },
  routes: { create: false, update: false, delete: false },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: {
    couponId: reference('coupon', 'name', { serverManaged: true, list: true, filter: { param: 'couponId', op: 'eq', alwaysOn: true } }),
    couponName: referenceName('couponId'),
    // A merge moves the coupons (used or not) to the member kept, with its nickname.
    memberId: reference('member', 'username', { serverManaged: true, list: true, filter: { param: 'memberId', op: 'eq', alwaysOn: true }, onMerge: { policy: 'move', copy: { memberNickname: 'nickname' } } }),
    memberUsername: referenceName('memberId'),
    memberNickname: text({ serverManaged: true, list: true, listPriority: 'low' }),
    couponCode: text({ serverManaged: true, list: true, listPriority: 'low' }),
    getType: enumeration(COUPON_GET_TYPES, { serverManaged: true, list: true, filter: { param: 'getType', op: 'eq', alwaysOn: true } }),
    createTime: dateTime({ serverManaged: true, list: true, sortable: true, listPriority: 'medium' }),
    useStatus: enumeration(COUPON_USE_STATUSES, { serverManaged: true, list: true, filter: { param: 'useStatus', op: 'eq', alwaysOn: true } }),
    state: enumeration(COUPON_HISTORY_STATES, { serverManaged: true, virtual: true, list: true, filter: { param: 'state', op: 'eq', alwaysOn: true } }),
    useTime: dateTime({ serverManaged: true, list: true }),
    orderId: int({ serverManaged: true }),
    orderSn: text({ serverManaged: true, list: true, filter: { param: 'orderSn', op: 'eq', alwaysOn: true } }),
  },
});
