/**
 * The admin's own English messages (react-admin's `ra.*` come from ra-language-english and are
 * merged in by `src/providers/i18nProvider.ts`). Placeholders are polyglot's `%{name}`; no
 * `||||` plural forms, so the Chinese file can mirror every key with one string.
 */
import type { MessageKey } from '../schema/api';
import { publicEn } from './public/en';

export const en = {
  app: {
    title: 'Marketplace Admin',
    breadcrumb: 'Breadcrumb',
    language: {
      label: 'Language',
      en: 'English',
      zh: '中文',
    },
    sidebar: {
      label: 'Main menu',
      open: 'Open menu',
      close: 'Close menu',
    },
    user_menu: {
      home: 'Home',
      logout: 'Logout',
    },
    bottom_nav: 'Sections',
    home: {
      welcome: 'Welcome, %{name}',
      roles: 'Roles',
      shortcuts: 'Your sections',
      no_sections: 'No section is assigned to your roles yet. Ask an administrator for access.',
      open_section: 'Open %{name}',
    },
    not_available: 'This screen is not available yet.',
    access_denied: {
      title: 'Access denied',
      text: 'Your roles do not include this page. Ask an administrator if you need it.',
      home: 'Back to home',
    },
    logout_dialog: {
      title: 'Confirm logout',
      content: 'You have been logged out. You can cancel to stay on this page, or log in again.',
      confirm: 'Log in again',
      cancel: 'Cancel',
    },
    session_error: {
      title: 'The admin cannot open',
      login: 'Back to sign in',
      retry: 'Try again',
    },
  },
  /** Titles of every route and section of src/schema/routes.ts (the sidebar, breadcrumb and page titles). */
  menu: {
    home: 'Home',
    shop: 'Shops',
    shopList: 'Shop list',
    addShop: 'Add shop',
    updateShop: 'Edit shop',
    pms: 'Products',
    product: 'Products',
    addProduct: 'Add product',
    updateProduct: 'Edit product',
    productCate: 'Product categories',
    addProductCate: 'Add category',
    updateProductCate: 'Edit category',
    productAttr: 'Product types',
    productAttrList: 'Product attributes',
    addProductAttr: 'Add attribute',
    updateProductAttr: 'Edit attribute',
    brand: 'Brands',
    addBrand: 'Add brand',
    updateBrand: 'Edit brand',
    oms: 'Orders',
    order: 'Orders',
    orderDetail: 'Order detail',
    deliverOrderList: 'Ship orders',
    balanceList: 'Cashier balances',
    orderSetting: 'Order settings',
    returnApply: 'Return requests',
    returnApplyDetail: 'Return request detail',
    returnReason: 'Return reasons',
    sms: 'Marketing',
    flash: 'Flash sales',
    flashSession: 'Flash sessions',
    selectSession: 'Select session',
    flashProductRelation: 'Flash sale products',
    coupon: 'Coupons',
    addCoupon: 'Add coupon',
    updateCoupon: 'Edit coupon',
    couponHistory: 'Coupon history',
    homeBrand: 'Brand recommendations',
    homeNew: 'New products',
    homeHot: 'Popular products',
    homeSubject: 'Special topics',
    homeAdvertise: 'Advertisements',
    addHomeAdvertise: 'Add advertisement',
    updateHomeAdvertise: 'Edit advertisement',
    member: 'Members',
    memberList: 'Member list',
    memberLevel: 'Member levels',
    pay: 'Payments',
    payIndex: 'VIP purchase',
    payRecord: 'Pay records',
    mold: 'Die-cutting molds',
    kmold: 'Molds',
    rms: 'Referrals',
    relationList: 'Referrers',
    link: 'Invite links',
    distributeList: 'Distribution',
    clickList: 'Click records',
    ums: 'Permissions',
    admin: 'Admins',
    role: 'Roles',
    allocMenu: 'Allocate menus',
    allocResource: 'Allocate resources',
    menu: 'Menus',
    addMenu: 'Add menu',
    updateMenu: 'Edit menu',
    resource: 'Resources',
    resourceCategory: 'Resource categories',
    group: 'Groups',
    user_group: 'User groups',
    capacity: 'Capacity warning',
    auditLog: 'Audit log',
  },
  /**
   * One text per stable message key of src/schema/api.ts (server errors are shown through these).
   * The keys the public pages translate are taken from them, so the sign-in page and the admin
   * word the same error the same way.
   */
  errors: {
    ...publicEn.errors,
    out_of_range: 'Must be between %{min} and %{max}',
    too_small: 'Must be at least %{min}',
    too_big: 'Must be at most %{max}',
    invalid_value: 'Not an allowed value',
    invalid_format: 'Wrong format',
    invalid_date: 'Not a valid date',
    not_unique: 'This value is already used',
    invalid_reference: 'The referenced record does not exist',
    expire_before_start: 'The expire time must be after the start time',
    attr_values_invalid: 'Attribute value cannot be empty or repeated',
    up_to_three: 'Up to three can be added',
    at_least_one: 'At least one must be left',
    select_record: 'Please select a record',
    select_batch_type: 'Please select a batch operation type',
    too_many_images: 'You can upload up to %{maxCount} images',
    invalid_image: 'Images must be jpg or png files',
    file_too_large: 'The file is larger than %{maxMb} MB',
    file_required: 'Choose a file to upload',
    quota_exceeded: 'Quota exceeded for %{what}: your group allows at most %{quota}',
    page_size_too_big: 'Page size must be at most %{max}',
    invalid_ids: 'ids must be a comma-separated list of record ids',
    service_unavailable: 'The service is temporarily unavailable',
  } satisfies Record<MessageKey, string>,
  /** The public pages' dictionary, so shared keys (and anything the admin links to) read the same. */
  pub: publicEn,
} as const;

/** Turns every literal string of `T` into `string`, keeping the key structure. */
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language of the admin has: exactly the keys of this file. */
export type AdminMessages = Widen<typeof en>;
