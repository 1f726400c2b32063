/**
 * What an unpaid buyer's order holds (server/areas/portal/orders/place.ts takes them): its lines'
 * SKU stock (`lock_stock`), the flash units it was sold (`flash_promotion_sold`), the member
 * coupon it used and the points it spent. A line of a product without SKUs (SKU 0) took the
 * product's own `stock` at once (it has no lock column): a close puts it back. Closing the order (the buyer's cancel, an administrator's close, the time-out
 * job: all the order's `close` transition) gives every one back in the close's transaction; paying
 * turns the held stock into a sale. Orders not placed by a buyer hold nothing (their lines name no
 * SKU), so these change nothing for them.
 *
 * Stock: free (stock − lock_stock) + locked + sold (`sale`) = offered, before and after each step.
 */
import { sql } from 'kysely';
import { UNLIMITED_STOCK } from '../../../src/schema/rules';
import type { Db } from '../../crud/hooks';
import { toDbTime } from '../../db/time';
import { returnOrderPoints } from '../portal/orders/points';

/** The SKU an order line of a product without SKUs names (server/areas/portal/orders/sources.ts `NO_SKU`). */
const PRODUCT_ITSELF = 0;

const heldLines = (trx: Db, orderIds: readonly number[]) =>
  trx.selectFrom('oms_order_item').select(['product_id', 'product_sku_id', 'flash_relation_id', 'product_quantity'])
    .where('order_id', 'in', [...orderIds]).where('product_sku_id', 'is not', null).orderBy('product_sku_id').execute();

/** Gives back the SKU stock, flash units, coupons and points of closed unpaid orders. */
export const releaseOrderHolds = async (trx: Db, orderIds: readonly number[]): Promise<void> => {
  if (!orderIds.length) return;
  for (const line of await heldLines(trx, orderIds)) {
    const quantity = Number(line.product_quantity);
    if (Number(line.product_sku_id) === PRODUCT_ITSELF) {
      if (line.product_id !== null) {
        await trx.updateTable('pms_product').set({ stock: sql<number>`stock + ${quantity}` })
          .where('id', '=', Number(line.product_id)).where('stock', '!=', UNLIMITED_STOCK).execute();
      }
    } else {
      await trx.updateTable('pms_sku_stock').set((eb) => ({ lock_stock: eb('lock_stock', '-', quantity) }))
        .where('id', '=', Number(line.product_sku_id)).where('lock_stock', '>=', quantity).execute();
    }
    if (line.flash_relation_id !== null) {
      await trx.updateTable('sms_flash_promotion_product_relation').set((eb) => ({ flash_promotion_sold: eb('flash_promotion_sold', '-', quantity) }))
        .where('id', '=', Number(line.flash_relation_id)).where('flash_promotion_sold', '>=', quantity).execute();
    }
  }
  const used = await trx.selectFrom('sms_coupon_history').select(['id', 'coupon_id']).where('order_id', 'in', [...orderIds]).where('use_status', '=', 1).execute();
  for (const row of used) {
    await trx.updateTable('sms_coupon_history').set({ use_status: 0, use_time: null, order_id: null, order_sn: null }).where('id', '=', row.id).execute();
    await trx.updateTable('sms_coupon').set((eb) => ({ use_count: eb('use_count', '-', 1) })).where('id', '=', row.coupon_id).where('use_count', '>', 0).execute();
  }
  await returnOrderPoints(trx, orderIds);
};

/** A paid order's held stock becomes sold: stock and lock_stock down, the SKU's and the product's sales up. */
export const sellOrderHolds = async (trx: Db, orderIds: readonly number[]): Promise<void> => {
  if (!orderIds.length) return;
  for (const line of await heldLines(trx, orderIds)) {
    const quantity = Number(line.product_quantity);
    // An unlimited stock (−1) stays unlimited; a product without SKUs gave its stock at the order.
    if (Number(line.product_sku_id) !== PRODUCT_ITSELF) await trx.updateTable('pms_sku_stock').set((eb) => ({
      stock: sql<number>`case when stock = ${UNLIMITED_STOCK} then stock else stock - ${quantity} end`, lock_stock: eb('lock_stock', '-', quantity), sale: eb('sale', '+', quantity),
    })).where('id', '=', Number(line.product_sku_id)).where('lock_stock', '>=', quantity).execute();
    if (line.product_id !== null) {
      await trx.updateTable('pms_product').set((eb) => ({ sale: eb('sale', '+', quantity) })).where('id', '=', Number(line.product_id)).execute();
    }
  }
};

/** Stamps the coupon history rows an order used with its id and number, once the order exists. */
export const markCouponUsed = async (trx: Db, historyId: number, order: { id: number; orderSn: string }): Promise<boolean> => {
  const coupon = await trx.selectFrom('sms_coupon_history').select('coupon_id').where('id', '=', historyId).executeTakeFirst();
  if (!coupon) return false;
  // The coupon's row first, only while it is not stopped: a stop running at the same time either
  // commits first (this finds it stopped: false, the caller's transaction rolls back) or waits for this order.
  const counted = await trx.updateTable('sms_coupon').set((eb) => ({ use_count: eb('use_count', '+', 1) }))
    .where('id', '=', coupon.coupon_id).where('status', '=', 0).executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return false;
  const result = await trx.updateTable('sms_coupon_history').set({ use_status: 1, use_time: toDbTime(), order_id: order.id, order_sn: order.orderSn })
    .where('id', '=', historyId).where('use_status', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
