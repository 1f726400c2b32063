import { PRICE_API } from './sms/priceApi';
import { VIP_API } from './vip/api';

/**
 * The admin's route table, declared once. The server seeds its menu tree from it
 * (`ums_menu.name` equals a route `name`), the admin builds its routes from it, and the
 * permission tests read it. Titles live in the i18n files under `menu.<name>`.
 */

/** Icon names the admin knows how to draw (mapped to MUI icons in `src/layout/icons.tsx`). */
export type IconName =
  | 'home' | 'store' | 'inventory' | 'cart' | 'campaign' | 'people' | 'payment' | 'mold'
  | 'share' | 'security' | 'list' | 'add' | 'edit' | 'category' | 'label' | 'brand'
  | 'receipt' | 'wallet' | 'settings' | 'undo' | 'help' | 'flash' | 'coupon' | 'star'
  | 'fiber_new' | 'whatshot' | 'topic' | 'image' | 'vip' | 'history' | 'link' | 'click'
  | 'money' | 'admin' | 'role' | 'menu' | 'resource' | 'group' | 'storage';

export type RouteDecl = {
  /** Unique route name; equals `ums_menu.name` and the i18n key `menu.<name>`. */
  readonly name: string;
  /** Absolute admin path, e.g. `/oms/order`. */
  readonly path: string;
  readonly icon: IconName;
  /** Hidden routes never show in the menu; they stay reachable by link when their section is allowed. */
  readonly hidden?: boolean;
  /** Siblings are shown highest first. */
  readonly sort: number;
  /**
   * What the screen must call to open, for screens that are not an entity's: API paths (`{id}`
   * for path parameters), or an entity's declared action, whose path its declaration says. An
   * entity's screens need what its declaration's endpoints say (src/schema/routeNeeds.ts).
   */
  readonly needs?: readonly RouteNeed[];
};

/**
 * An API path, or an action of an entity: one it declares (`{ entity: 'role', action: 'listMenu' }`)
 * or one of its generated endpoints (`list`, `create`, `show`, `edit`), whose path its declaration says.
 */
export type RouteNeed = string | { readonly entity: string; readonly action: string };

export type SectionDecl = RouteDecl & { readonly children: readonly RouteDecl[] };

/** The route's name stays a literal type, so `RouteName` below lists every route. */
const r = <N extends string>(name: N, path: string, icon: IconName, sort: number, hidden = false, needs?: readonly RouteNeed[]): RouteDecl & { readonly name: N } =>
  ({ name, path, icon, sort, hidden, ...(needs ? { needs } : {}) });

/** Route names of the fixed part of the admin (always present, not driven by menus). */
export const FIXED_ROUTES = ['home'] as const;

/** Pages an anonymous visitor may open (spec section 2); any other path sends them to `/login`. */
export const ANONYMOUS_PATHS = ['/login', '/register', '/privacy', '/term', '/homer'] as const;

/** Public pages: rendered without the layout (no admin shell); `/404` only for a signed-in user. */
export const PUBLIC_PATHS = [...ANONYMOUS_PATHS, '/404'] as const;

const SECTION_TABLE = [
  { ...r('shop', '/shop', 'store', 90), children: [
    r('shopList', '/shop/shopList', 'list', 30),
    r('addShop', '/shop/addShop', 'add', 20),
    r('updateShop', '/shop/updateShop', 'edit', 10, true),
  ] },
  { ...r('pms', '/pms', 'inventory', 85), children: [
    r('product', '/pms/product', 'list', 130),
    r('addProduct', '/pms/addProduct', 'add', 120),
    r('updateProduct', '/pms/updateProduct', 'edit', 110, true),
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
  { ...r('oms', '/oms', 'cart', 80), children: [
    r('order', '/oms/order', 'receipt', 80),
    r('orderDetail', '/oms/orderDetail', 'receipt', 70, true),
    r('deliverOrderList', '/oms/deliverOrderList', 'list', 60, true, ['/order/list', { entity: 'order', action: 'deliver' }]),
    r('balanceList', '/oms/balanceList', 'wallet', 50),
    r('orderSetting', '/oms/orderSetting', 'settings', 40),
    r('returnApply', '/oms/returnApply', 'undo', 30),
    r('returnApplyDetail', '/oms/returnApplyDetail', 'undo', 20, true),
    r('returnReason', '/oms/returnReason', 'help', 10),
  ] },
  { ...r('sms', '/sms', 'campaign', 75), children: [
    r('flash', '/sms/flash', 'flash', 150),
    r('flashSession', '/sms/flashSession', 'flash', 140, true),
    r('selectSession', '/sms/selectSession', 'flash', 130, true, [{ entity: 'flashSession', action: 'selectList' }, { entity: 'flashPromotion', action: 'show' }]),
    r('flashProductRelation', '/sms/flashProductRelation', 'flash', 120, true, [
      { entity: 'flashProductRelation', action: 'list' }, { entity: 'flashProductRelation', action: 'create' }, { entity: 'flashProductRelation', action: 'edit' },
      { entity: 'product', action: 'list' }, { entity: 'brand', action: 'list' },
    ]),
    r('coupon', '/sms/coupon', 'coupon', 110),
    r('addCoupon', '/sms/addCoupon', 'add', 100, true),
    r('updateCoupon', '/sms/updateCoupon', 'edit', 90, true),
    r('couponHistory', '/sms/couponHistory', 'history', 80, true),
    r('homeBrand', '/sms/homeBrand', 'star', 70),
    r('homeNew', '/sms/homeNew', 'fiber_new', 60),
    r('homeHot', '/sms/homeHot', 'whatshot', 50),
    r('homeSubject', '/sms/homeSubject', 'topic', 40),
    // What a buyer would pay, line by line and why (not an entity's screen: it needs the check itself).
    r('priceCheck', '/sms/priceCheck', 'money', 35, false, [PRICE_API.check, { entity: 'product', action: 'list' }]),
    r('homeAdvertise', '/sms/homeAdvertise', 'image', 30),
    // Special topics: the records the topic recommendations and the product form pick from.
    r('subject', '/sms/subject', 'topic', 38),
    r('addSubject', '/sms/addSubject', 'add', 37, true),
    r('updateSubject', '/sms/updateSubject', 'edit', 36, true),
    r('addHomeAdvertise', '/sms/addHomeAdvertise', 'add', 20, true),
    r('updateHomeAdvertise', '/sms/updateHomeAdvertise', 'edit', 10, true),
  ] },
  { ...r('member', '/member', 'people', 70), children: [
    r('memberList', '/member/memberList', 'people', 20),
    r('memberLevel', '/member/memberLevel', 'star', 10),
  ] },
  { ...r('pay', '/pay', 'payment', 65), children: [
    // The purchase page: the plans and channels, the caller's applications, and applying.
    r('payIndex', '/pay/index', 'vip', 20, false, [VIP_API.plans, { entity: 'payRecord', action: 'list' }, { entity: 'payRecord', action: 'create' }]),
    r('payRecord', '/pay/payRecord', 'history', 10),
  ] },
  { ...r('mold', '/mold', 'mold', 60), children: [
    r('kmold', '/mold/kmold', 'mold', 10),
  ] },
  { ...r('rms', '/rms', 'share', 55), children: [
    r('relationList', '/rms/relationList', 'people', 40),
    r('link', '/rms/link', 'link', 30),
    r('distributeList', '/rms/distributeList', 'money', 20),
    // The reward payments, opened from the distribution list.
    r('rewardList', '/rms/rewardList', 'wallet', 15, true),
    r('clickList', '/rms/clickList', 'click', 10),
  ] },
  { ...r('ums', '/ums', 'security', 50), children: [
    r('admin', '/ums/admin', 'admin', 120),
    r('role', '/ums/role', 'role', 110),
    r('allocMenu', '/ums/allocMenu', 'menu', 100, true, [{ entity: 'menu', action: 'treeList' }, { entity: 'role', action: 'listMenu' }]),
    r('allocResource', '/ums/allocResource', 'resource', 90, true, ['/resource/listAll', '/resourceCategory/listAll', { entity: 'role', action: 'listResource' }]),
    r('menu', '/ums/menu', 'menu', 80),
    r('addMenu', '/ums/addMenu', 'add', 70, true),
    r('updateMenu', '/ums/updateMenu', 'edit', 60, true),
    r('resource', '/ums/resource', 'resource', 50),
    r('resourceCategory', '/ums/resourceCategory', 'category', 40, true),
    r('group', '/ums/group', 'group', 30),
    r('user_group', '/ums/user_group', 'group', 20, false, [{ entity: 'userGroup', action: 'members' }]),
    r('capacity', '/ums/capacity', 'storage', 10, false, [{ entity: 'userGroup', action: 'capacity' }]),
    r('auditLog', '/ums/auditLog', 'history', 5),
  ] },
] as const satisfies readonly SectionDecl[];

export const SECTIONS: readonly SectionDecl[] = SECTION_TABLE;

/** Every route's name (sections and their children): a misspelt route key does not compile. */
export type RouteName = typeof FIXED_ROUTES[number] | (typeof SECTION_TABLE)[number]['name'] | (typeof SECTION_TABLE)[number]['children'][number]['name'];

/** Every route under the layout: the fixed home plus every section child. */
export const ALL_ROUTES: readonly (RouteDecl & { readonly section: string | null })[] = [
  { ...r('home', '/home', 'home', 100), section: null },
  ...SECTIONS.flatMap((s) => s.children.map((c) => ({ ...c, section: s.name }))),
];

/** Sections whose every visible child is granted to the seller role by the seed. */
export const SELLER_MENU: Readonly<Record<string, readonly string[] | 'all'>> = {
  shop: 'all',
  pms: ['product', 'addProduct', 'updateProduct'],
  oms: ['order', 'orderDetail', 'deliverOrderList', 'balanceList', 'returnApply', 'returnApplyDetail'],
  member: ['memberList'],
  pay: 'all',
  mold: 'all',
  rms: 'all',
};
