import type { ScreenOptionsByEntity } from '../../engine/area';
import { productAttributeScreen } from './productAttribute';
import { productAttributeCategoryScreen } from './productAttributeCategory';
import { productCategoryScreen } from './productCategory';

export const screenOptions: ScreenOptionsByEntity = {
  productCategory: productCategoryScreen,
  productAttributeCategory: productAttributeCategoryScreen,
  productAttribute: productAttributeScreen,
};
