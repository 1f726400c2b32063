/** Products (pms): brands, categories (a two-level tree) and product types with their attributes. */
import { defineArea } from '../area';
import { brandHooks, productAttributeHooks } from './hooks';

export const pmsArea = defineArea({
  name: 'pms',
  hooks: { brand: brandHooks, productAttribute: productAttributeHooks },
});
