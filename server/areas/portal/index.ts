/**
 * The shop front (docs/guide/shop-front.md): mall-portal's buyer API for every shop under
 * `/portal/<shop id>/`, registered outside the admin API with its own authentication. A file of
 * routes joins by one line in PORTAL_ROUTES, and learns its caller with `buyerOf` (./context.ts).
 */
import { defineArea } from '../area';
import type { PortalRoutes } from './context';
import * as authMigration from './migration-auth';
import { registerPortal } from './plugin';
import { addressRoutes } from './address';
import { cartRoutes } from './cart';
import { catalogRoutes } from './catalog';
import { couponRoutes } from './coupons';
import { favouriteRoutes } from './favourites';
import * as favouritesMigration from './migration-favourites';
import * as cartMigration from './migration-cart';
import * as freightPointsMigration from './orders/migration-freight-points';
import { ssoRoutes } from './sso';
import { orderRoutes } from './orders/routes';
import { SHOP_FRONT_SOURCES } from './orders/shop-front';

/** Every file of shop-front routes, in the order they register. */
export const PORTAL_ROUTES: readonly PortalRoutes[] = [ssoRoutes, catalogRoutes, cartRoutes, addressRoutes, couponRoutes, favouriteRoutes, orderRoutes(SHOP_FRONT_SOURCES)];

export const portalArea = defineArea({
  name: 'portal',
  migrations: { '510_portal_auth': authMigration, '511_portal_cart': cartMigration, '512_portal_favourites': favouritesMigration, '513_portal_freight_points': freightPointsMigration },
  appRoutes: (app, deps) => registerPortal(app, deps, PORTAL_ROUTES),
  // Each demo shop's approved buyers sign in with a known password (the README's table).
  demo: { after: ['member'], seed: async ({ db }) => (await import('./demo-buyers')).seedDemoBuyerPasswords(db) },
});
