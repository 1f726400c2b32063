/**
 * The Shops area's permission resources (API path patterns, as `ums_resource.url`), with their
 * names in English and Chinese: ../resources.ts places them in their category.
 */
import type { ResourceDecl } from '../resources';

export const SHOP_RESOURCES: readonly ResourceDecl[] = [
  // Every shop operation, status changes (`/shop/updateStatus/{id}`) included: administrators'.
  { name: 'Shops', zh: '店铺', url: '/shop/**' },
  // A seller's own shops (the scope keeps it to them): list, look-up, read, open (`/shop/create`,
  // VIP required), edit and close for good; not the status, which administrators set.
  { name: 'Own shops', zh: '自己的店铺', url: '/shop/*', seller: true },
  { name: 'Own shops: edit', zh: '自己的店铺：编辑', url: '/shop/update/*', seller: true },
  { name: 'Own shops: delete', zh: '自己的店铺：删除', url: '/shop/delete/*', seller: true },
  // The product admin's product form names the shop a product belongs to.
  { name: 'Shop look-up', zh: '店铺查询', url: '/shop/listAll' },
];
