import type { ScreenOptionsByEntity } from '../../engine/area';
import { productScreen } from './product';
import { productAttributeScreen } from './productAttribute';
import { productAttributeCategoryScreen } from './productAttributeCategory';
import { productCategoryScreen } from './productCategory';

export const screenOptions: ScreenOptionsByEntity = {
  product: productScreen,
  productCategory: productCategoryScreen,
  productAttributeCategory: productAttributeCategoryScreen,
  productAttribute: productAttributeScreen,
};
