/**
 * API permission units (Ant URL patterns, as `ums_resource.url` in `mall`), grouped in categories,
 * declared once: the seed writes them, the permission tests read them. `seller: true` grants
 * the resource to the seller role on first start.
 */
import { SCHEMA_AREAS } from './areas';
import type { ResourceCategoryDecl, ResourceDecl } from './engine/types';

export type { ResourceCategoryDecl, ResourceDecl } from './engine/types';

/**
 * Routes every signed-in account may call, whatever its roles (its own session and profile, and
 * the home page's figures, which hold only what the caller's lists would show).
 */
export const SELF_SERVICE_URLS: readonly string[] = [
  '/admin/info', '/admin/logout', '/admin/refreshToken', '/admin/updatePassword', ...SCHEMA_AREAS.flatMap((area) => ('selfService' in area ? area.selfService : [])),
];

/** Routes open to anonymous callers. */
// PayPal's webhook and Alipay's and WeChat Pay's notifies carry no token: each is verified, with PayPal
// or with the provider's public key (server/areas/vip/routes.ts).
export const PUBLIC_API_URLS = ['/admin/login', '/admin/register', '/health', '/rms/click', '/vip/paypal/webhook', '/vip/alipay/notify', '/vip/wechat/notify'] as const;

/** The permission categories, highest first: each lists the resources the areas place in it (./areas.ts order). */
const CATEGORIES = [
  { name: 'Products', sort: 90 },
  { name: 'Orders', sort: 80 },
  { name: 'Marketing', sort: 70 },
  { name: 'Content', sort: 60 },
  { name: 'Shops', sort: 50 },
  { name: 'Members', sort: 40 },
  { name: 'Payments and referral', sort: 30 },
  { name: 'Permissions', sort: 20 },
  { name: 'Other', sort: 10 },
] as const;

/** The one resource no area owns: the uploads every image and file field posts to (server/areas/uploads). */
const SHARED_RESOURCES: Readonly<Record<string, readonly ResourceDecl[]>> = {
  Other: [{ name: 'Uploads', zh: '文件上传', url: '/minio/**', seller: true }],
};

const placed = (category: string): ResourceDecl[] => [
  ...SCHEMA_AREAS.flatMap((area) => Object.entries('resources' in area ? area.resources : {}).flatMap(([name, list]) => (name === category ? list : []))),
  ...SHARED_RESOURCES[category] ?? [],
];

for (const area of SCHEMA_AREAS) {
  for (const category of Object.keys('resources' in area ? area.resources : {})) {
    if (!CATEGORIES.some((c) => c.name === category)) throw new Error(`${area.name}: its resources name category ${category}, which ./resources.ts does not have`);
  }
}

export const RESOURCE_CATEGORIES: readonly ResourceCategoryDecl[] = CATEGORIES.map((category) => ({ ...category, resources: placed(category.name) }));

/** Seeded roles. `code` is our stable identifier; `name` is what `mall` clients see in `/admin/info`. */
export const SEED_ROLES = {
  superAdmin: { code: 'super_admin', name: 'Super admin', description: 'Every menu and every API' },
  seller: { code: 'seller', name: 'Seller', description: 'Shop owner: own shops, products, orders, members and molds' },
} as const;

/** Roles of the demo staff accounts (demo seed only, server/seed): one area each. */
export const DEMO_ROLES = {
  productAdmin: { code: 'product_admin', name: 'Product admin', description: 'Products, categories, attributes and brands' },
  orderAdmin: { code: 'order_admin', name: 'Order admin', description: 'Orders, returns and order settings' },
  marketingAdmin: { code: 'marketing_admin', name: 'Marketing admin', description: 'Flash sales, coupons, recommendations, topics and advertisements' },
} as const;
