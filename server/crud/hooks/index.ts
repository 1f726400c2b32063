/** Per-entity hooks by entity name; entities without special rules have none. */
import type { EntityHooks } from '../hooks';
import { brandHooks, productAttributeHooks, productCategoryHooks } from './pms';
import { shopHooks } from './shop';
import { menuHooks, resourceHooks, roleHooks } from './ums';

export const ENTITY_HOOKS: Readonly<Record<string, EntityHooks>> = {
  brand: brandHooks,
  productCategory: productCategoryHooks,
  productAttribute: productAttributeHooks,
  shop: shopHooks,
  role: roleHooks,
  menu: menuHooks,
  resource: resourceHooks,
};
