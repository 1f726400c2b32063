/**
 * What the declarations grant each built-in role, derived once: the super admin every menu and
 * resource; the seller the menus of SELLER_MENU (src/schema/routes.ts) and the resources marked
 * `seller`; each demo staff role one menu section with its pages and one resource category, plus
 * the few URLs its screens also call. The first-start seed writes these grants (server/seed) and
 * every later start brings existing roles in step with them (./builtin-grants.ts), so the two
 * cannot drift.
 */
import { DEMO_ROLES, RESOURCE_CATEGORIES, SEED_ROLES } from '../../src/schema/resources';
import { SECTIONS, SELLER_MENU } from '../../src/schema/routes';

export type Kind = 'resource' | 'menu';
/** A role's granted resources (URL patterns) and menus (route names). */
export type Declared = Readonly<Record<Kind, readonly string[]>>;

/** The demo staff roles' grants (demo seed only): one menu section and one resource category each, as `mall`'s demo has them. */
export const STAFF_GRANTS = {
  productAdmin: {
    menuSection: 'pms', category: 'Products',
    // Brands and categories need their logos and icons uploaded; the product form picks a shop.
    extraUrls: ['/minio/**', '/shop/listAll'],
    role: DEMO_ROLES.productAdmin,
  },
  orderAdmin: { menuSection: 'oms', category: 'Orders', extraUrls: [], role: DEMO_ROLES.orderAdmin },
  marketingAdmin: {
    menuSection: 'sms', category: 'Marketing',
    // Advertisement and topic pictures are uploaded; the pickers look brands, products, categories
    // and (the price check) member levels up.
    extraUrls: ['/minio/**', '/brand/list', '/product/list', '/productCategory/list/**', '/memberLevel/list'],
    role: DEMO_ROLES.marketingAdmin,
  },
} as const;

const allMenuNames = (): string[] => SECTIONS.flatMap((s) => [s.name, ...s.children.map((c) => c.name)]);
const resourcesOf = (test: (category: string, seller: boolean) => boolean): string[] =>
  RESOURCE_CATEGORIES.flatMap((c) => c.resources.filter((r) => test(c.name, Boolean(r.seller))).map((r) => r.url));

/** Names of the seller's menus: each SELLER_MENU section plus its listed children ('all' = every child). */
export const sellerMenuNames = (): string[] =>
  SECTIONS.flatMap((section) => {
    const grant = SELLER_MENU[section.name];
    if (!grant) return [];
    const children = grant === 'all' ? section.children.map((c) => c.name) : section.children.filter((c) => grant.includes(c.name)).map((c) => c.name);
    return [section.name, ...children];
  });

/** The grants of every built-in role, by role code. */
export const declaredBuiltinGrants = (): ReadonlyMap<string, Declared> => new Map<string, Declared>([
  [SEED_ROLES.superAdmin.code, { resource: resourcesOf(() => true), menu: allMenuNames() }],
  [SEED_ROLES.seller.code, { resource: resourcesOf((_, seller) => seller), menu: sellerMenuNames() }],
  ...Object.values(STAFF_GRANTS).map((staff): [string, Declared] => {
    const section = SECTIONS.find((s) => s.name === staff.menuSection);
    return [staff.role.code, {
      resource: [...resourcesOf((category) => category === staff.category), ...staff.extraUrls],
      menu: [staff.menuSection, ...(section?.children.map((c) => c.name) ?? [])],
    }];
  }),
]);
