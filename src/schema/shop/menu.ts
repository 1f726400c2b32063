/**
 * The Shops area's menu: the titles of its section and routes (src/schema/routes.ts), English
 * and Chinese together (../engine/texts.ts).
 */
import { r } from '../engine/routes';
import type { SectionDecl } from '../engine/routes';
import { defineTexts } from '../engine/texts';

export const SHOP_MENU_TITLES = defineTexts({
  shop: { en: 'Shops', zh: '店铺' },
  shopList: { en: 'Shop list', zh: '店铺列表' },
  addShop: { en: 'Add shop', zh: '添加店铺' },
  updateShop: { en: 'Edit shop', zh: '修改店铺' },
});

/** Its menu section and routes (../routes.ts joins every area's). */
export const SHOP_SECTIONS = [
  { ...r('shop', '/shop', 'store', 90), seller: 'all', children: [
    r('shopList', '/shop/shopList', 'list', 30),
    r('addShop', '/shop/addShop', 'add', 20),
    r('updateShop', '/shop/updateShop', 'edit', 10, true),
  ] },
] as const satisfies readonly SectionDecl[];
