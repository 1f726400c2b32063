/** Products (pms): products, brands, categories (a two-level tree) and product types with their attributes. */
import { defineArea } from '../area';
import { brandHooks, productAttributeHooks, productCategoryHooks } from './hooks';
import { shopRowsMeter } from '../capacity/registry';
import { productActions, productHooks } from './product';

export const pmsArea = defineArea({
  name: 'pms',
  hooks: { brand: brandHooks, productAttribute: productAttributeHooks, productCategory: productCategoryHooks, product: productHooks },
  actions: () => [productActions],
  meters: [shopRowsMeter({ key: 'products', quota: 'quotaProducts', table: 'pms_product', entity: 'product' })],
});
