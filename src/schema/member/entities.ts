/** Members area: member levels (used by member prices on products) and the shops' members. */
import { EMAIL_MAX_LENGTH, MAIL_LANGUAGE_OPTIONS, OPTIONAL_EMAIL_PATTERN } from '../auth-rules';
import { dateTime, defineEntity, enumeration, flag, image, int, money, name, reference, referenceName, text } from '../engine/entity';
import { defineEnum } from '../engine/enums';

export const memberLevel = defineEntity({
  name: 'memberLevel', path: '/memberLevel', table: 'ums_member_level', tenant: null, display: 'name',
  menu: { route: 'memberLevel' },
  // The product form of mall's admin reads `GET /memberLevel/list?defaultStatus=0` as a plain array.
  lookupBy: 'defaultStatus',
  fields: {
    name: name({ list: true }),
    growthPoint: int({ default: 0, min: 0, list: true, sortable: true }),
    defaultStatus: flag({ default: 0, list: true, filter: { param: 'defaultStatus', op: 'eq' } }),
    freeFreightPoint: money({ default: 0, list: true }),
    commentGrowthPoint: int({ default: 0, min: 0 }),
    priviledgeFreeFreight: flag({ default: 0 }),
    priviledgeSignIn: flag({ default: 0 }),
    priviledgeComment: flag({ default: 0 }),
    priviledgePromotion: flag({ default: 0 }),
    priviledgeMemberPrice: flag({ default: 0 }),
    priviledgeBirthday: flag({ default: 0 }),
    note: text({ length: [0, 200] }),
  },
});

export const { values: MEMBER_APPLY_STATUS, options: MEMBER_APPLY_STATUSES } = defineEnum({
  pending: [0, 'pending'], approved: [1, 'approved'], rejected: [2, 'rejected'],
});

/**
 * A shop's members: buyers who applied to a shop, approved at once or by the
 * seller. One row per shop, so a buyer of two shops is two members and a merge never crosses shops.
 * The list is `mall`'s `GET /admin/listMember`; the rest lives under `/member`.
 */
export const member = defineEntity({
  name: 'member', path: '/member', table: 'ums_member', tenant: 'shop_id', display: 'username',
  menu: { route: 'memberList' },
  listAt: '/admin/listMember',
  // A member's own shop-front rows are parts of it (its orders, returns and coupons are not).
  owns: [
    { table: 'ums_member_login_log', column: 'member_id', policy: 'cascade' },
    { table: 'oms_cart_item', column: 'member_id', policy: 'cascade' },
    { table: 'ums_member_receive_address', column: 'member_id', policy: 'cascade' },
    { table: 'ums_member_product_collection', column: 'member_id', policy: 'cascade' },
    { table: 'ums_member_read_history', column: 'member_id', policy: 'cascade' },
    { table: 'ums_member_brand_attention', column: 'member_id', policy: 'cascade' },
    { table: 'ums_integration_change_history', column: 'member_id', policy: 'cascade' },
  ],
  // Duplicates of one buyer are merged: every reference to a member declares what a merge does
  // with it (`onMerge`). Tables no entity declares follow the kept member: the sign-in log, and the
  // shop front's cart, addresses, favourites, followed brands and reading history (each becomes
  // one; where both had the same product, SKU or brand the kept member's row stays; a second
  // default address stays marked until the buyer picks one).
  merge: { others: [
    { table: 'ums_member_login_log', column: 'member_id', rule: { policy: 'repoint' } },
    { table: 'oms_cart_item', column: 'member_id', rule: { policy: 'repoint', unique: ['product_id', 'product_sku_id'] } },
    { table: 'ums_member_receive_address', column: 'member_id', rule: { policy: 'repoint' } },
    { table: 'ums_member_product_collection', column: 'member_id', rule: { policy: 'repoint', unique: ['product_id'] } },
    { table: 'ums_member_read_history', column: 'member_id', rule: { policy: 'repoint', unique: ['product_id'] } },
    { table: 'ums_member_brand_attention', column: 'member_id', rule: { policy: 'repoint', unique: ['brand_id'] } },
  ] },
  defaultSort: { field: 'id', order: 'DESC' },
  search: { param: 'keyword', fields: ['username', 'nickname', 'realName', 'mobile', 'companyName'] },
  fields: {
    // Unique within its shop (the tenant is implied for a field's `unique`).
    username: text({ required: true, length: [1, 64], unique: true, list: true, sortable: true }),
    nickname: text({ length: [0, 64], list: true }),
    realName: text({ length: [0, 64], list: true }),
    mobile: text({ length: [0, 32], pattern: /^\+?[0-9 ()-]{0,32}$/, list: true }),
    phone: text({ length: [0, 32], pattern: /^\+?[0-9 ()-]{0,32}$/ }),
    companyName: text({ length: [0, 100], list: true }),
    // Where the shop's messages and notices reach the buyer, and in which language (none: English; server/jobs/outbox.ts).
    email: text({ length: [0, EMAIL_MAX_LENGTH], pattern: OPTIONAL_EMAIL_PATTERN }),
    language: enumeration(MAIL_LANGUAGE_OPTIONS),
    country: text({ length: [0, 64], list: true, filter: { param: 'country', op: 'eq' } }),
    taxId: text({ length: [0, 64] }),
    icon: image(),
    shopId: reference('shop', 'shopName', { required: true, immutable: true, list: true, filter: { param: 'shopId', op: 'eq', alwaysOn: true } }),
    shopName: referenceName('shopId'),
    memberLevelId: reference('memberLevel', 'name', { filter: { param: 'memberLevelId', op: 'eq', alwaysOn: true } }),
    memberLevelName: referenceName('memberLevelId'),
    // Approved at once or pending, by the shop's approval setting (server/areas/member/hooks.ts).
    applyStatus: enumeration(MEMBER_APPLY_STATUSES, { serverManaged: true, derived: { from: ['shopId'] }, default: MEMBER_APPLY_STATUS.pending, list: true, filter: { param: 'applyStatus', op: 'eq', alwaysOn: true } }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true }),
  },
  actions: {
    // `mall`-style: POST /member/updateApplyStatus?ids=1,2&status=1 (approve) or 2 (reject).
    updateApplyStatus: {
      on: 'selection', path: '/updateApplyStatus', writes: true, summary: 'Approve or reject members applying to a shop',
      params: { status: enumeration(MEMBER_APPLY_STATUSES.filter((s) => s.value !== MEMBER_APPLY_STATUS.pending), { required: true }) },
    },
    // POST /member/merge?keepId=&mergeId=: what names the merged member moves to the kept one, which survives.
    merge: {
      on: 'collection', path: '/merge', writes: true, button: false, summary: 'Merge two members of one shop into the one kept',
      params: {
        keepId: reference('member', 'username', { required: true }),
        mergeId: reference('member', 'username', { required: true }),
      },
    },
  },
});
