/** Products (pms): products, brands, categories (a two-level tree) and product types with their attributes. */
import { defineArea } from '../area';
import { brandHooks, productAttributeHooks } from './hooks';
import { productActions, productHooks, productsMeter } from './product';

export const pmsArea = defineArea({
  name: 'pms',
  hooks: { brand: brandHooks, productAttribute: productAttributeHooks, product: productHooks },
  actions: () => [productActions],
  meters: [productsMeter],
});
