/** Products (pms): products, brands, categories (a two-level tree) and product types with their attributes. */
import { defineArea } from '../area';
import { brandHooks, productAttributeHooks, productCategoryHooks } from './hooks';
import { shopRowsMeter } from '../capacity/registry';
import { productActions, productHooks } from './product';
import * as freightKey from './migration-freight-key';

export const pmsArea = defineArea({
  name: 'pms',
  migrations: { '520_pms_freight_template_key': freightKey },
  hooks: { brand: brandHooks, productAttribute: productAttributeHooks, productCategory: productCategoryHooks, product: productHooks },
  actions: () => [productActions],
  // Each demo shop's two freight templates, its products pointing at them.
  demo: { seed: async ({ db }) => (await import('./demo-freight')).seedDemoFreight(db) },
  meters: [shopRowsMeter({ key: 'products', quota: 'quotaProducts', table: 'pms_product', entity: 'product' })],
});
