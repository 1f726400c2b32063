/**
 * The Shops area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { defineTexts } from '../engine/texts';

export const SHOP_MENU_TITLES = defineTexts({
  shop: { en: 'Shops', zh: '店铺' },
  shopList: { en: 'Shop list', zh: '店铺列表' },
  addShop: { en: 'Add shop', zh: '添加店铺' },
  updateShop: { en: 'Edit shop', zh: '修改店铺' },
});
