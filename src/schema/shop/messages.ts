/**
 * The Shops area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const SHOP_MESSAGES = defineMessages({
  vip_required: { en: 'A paid VIP membership is required to open a shop', zh: '开店需要已付费且未过期的 VIP 会员' },
  shop_status_admin_only: { en: 'Only an administrator can change the status of a shop', zh: '只有管理员可以更改店铺状态' },
  shop_has_orders: { en: 'The shop has orders: close it (status) instead of deleting it', zh: '该店铺已有订单：请关闭店铺（状态），而不是删除' },
  shop_has_balances: { en: 'The shop has cashier balances: close it (status) instead of deleting it', zh: '该店铺已有收银余额：请关闭店铺（状态），而不是删除' },
  shop_has_products: { en: "Delete the shop's products for good first, or close the shop (status)", zh: '请先彻底删除该店铺的商品，或关闭店铺（状态）' },
  shop_has_members: { en: 'The shop has members: close it (status) instead of deleting it', zh: '该店铺已有会员：请关闭店铺（状态），而不是删除' },
});
