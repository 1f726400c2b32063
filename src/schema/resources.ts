/**
 * API permission units (Ant URL patterns, as `ums_resource.url` in `mall`), grouped in categories,
 * declared once: the seed writes them, the permission tests read them. `seller: true` grants
 * the resource to the seller role on first start.
 */
import { CASHIER_RESOURCES } from './cashier/resources';
import { HOME_API } from './home/api';
import { MEMBER_RESOURCES } from './member/resources';
import { MOLD_RESOURCES } from './mold/resources';
import { OMS_RESOURCES } from './oms/resources';
import { PMS_CONTENT_RESOURCES, PMS_RESOURCES } from './pms/resources';
import { REFERRAL_RESOURCES } from './referral/resources';
import { SHOP_RESOURCES } from './shop/resources';
import { SMS_RESOURCES } from './sms/resources';
import { PROFILE_API } from './ums/admin';
import { UMS_RESOURCES } from './ums/resources';
import { VIP_RESOURCES } from './vip/resources';

/** `name` is the seeded English name (its description too), `zh` the Chinese the admin shows for it (src/i18n/zh.ts). */
export type ResourceDecl = { readonly name: string; readonly zh: string; readonly url: string; readonly seller?: boolean };
export type ResourceCategoryDecl = { readonly name: string; readonly sort: number; readonly resources: readonly ResourceDecl[] };

/**
 * Routes every signed-in account may call, whatever its roles (its own session and profile, and
 * the home page's figures, which hold only what the caller's lists would show).
 */
export const SELF_SERVICE_URLS = [
  '/admin/info', '/admin/logout', '/admin/refreshToken', '/admin/updatePassword', PROFILE_API.update, PROFILE_API.uploadAvatar, HOME_API.summary,
] as const;

/** Routes open to anonymous callers. */
// PayPal's webhook and Alipay's and WeChat Pay's notifies carry no token: each is verified, with PayPal
// or with the provider's public key (server/areas/vip/routes.ts).
export const PUBLIC_API_URLS = ['/admin/login', '/admin/register', '/health', '/rms/click', '/vip/paypal/webhook', '/vip/alipay/notify', '/vip/wechat/notify'] as const;

export const RESOURCE_CATEGORIES: readonly ResourceCategoryDecl[] = [
  // Each area's resources are its own (src/schema/<area>Resources.ts); a category lists them in order.
  { name: 'Products', sort: 90, resources: PMS_RESOURCES },
  { name: 'Orders', sort: 80, resources: [...OMS_RESOURCES, ...CASHIER_RESOURCES] },
  { name: 'Marketing', sort: 70, resources: SMS_RESOURCES },
  { name: 'Content', sort: 60, resources: PMS_CONTENT_RESOURCES },
  { name: 'Shops', sort: 50, resources: [...SHOP_RESOURCES, ...MOLD_RESOURCES] },
  { name: 'Members', sort: 40, resources: MEMBER_RESOURCES },
  { name: 'Payments and referral', sort: 30, resources: [...VIP_RESOURCES, ...REFERRAL_RESOURCES] },
  { name: 'Permissions', sort: 20, resources: UMS_RESOURCES },
  { name: 'Other', sort: 10, resources: [
    // The uploads every image and file field posts to (server/areas/uploads): no one area's.
    { name: 'Uploads', zh: '文件上传', url: '/minio/**', seller: true },
  ] },
];

/** Seeded roles. `code` is our stable identifier; `name` is what `mall` clients see in `/admin/info`. */
export const SEED_ROLES = {
  superAdmin: { code: 'super_admin', name: 'Super admin', description: 'Every menu and every API' },
  seller: { code: 'seller', name: 'Seller', description: 'Shop owner: own shops, products, orders, members and molds' },
} as const;

/** Roles of the demo staff accounts (demo seed only, server/db/seed): one area each. */
export const DEMO_ROLES = {
  productAdmin: { code: 'product_admin', name: 'Product admin', description: 'Products, categories, attributes and brands' },
  orderAdmin: { code: 'order_admin', name: 'Order admin', description: 'Orders, returns and order settings' },
  marketingAdmin: { code: 'marketing_admin', name: 'Marketing admin', description: 'Flash sales, coupons, recommendations, topics and advertisements' },
} as const;
