/**
 * Paying a buyer's order through the online channels the VIP payments use (server/areas/vip: the
 * Alipay and WeChat Pay adapters and their demo stand-ins). No order is ever marked paid on the
 * buyer's word: only a provider's verified notify moves it.
 *
 * 1. `startOrderPayment`: the buyer's own unpaid order, its number as the trade number (one per
 *    order, so a provider never takes a second payment for it), its stored `payAmount` in CNY and a
 *    subject made here (never the client's amount or subject) go to the adapter's `create`, which
 *    answers where the buyer pays (`payUrl`) or the QR code's text (`codeUrl`).
 * 2. The provider's notify reaches the shop's notify route; the adapter's `verify` checks it
 *    (signature, app, amounts read from the provider), then `settleOrderPayment` finds the order by
 *    its number in that shop and, for exactly its payAmount in CNY, in one transaction: the order's
 *    ORDER_PAID_ONLINE transition (conditional on "unpaid": a repeated or parallel notify changes
 *    nothing), the payment type and time, the held stock sold (server/areas/oms/holds.ts), the
 *    payment row (one per order) and the history note. A notify for an order closed meanwhile is
 *    logged for a refund by hand and acknowledged (the provider would deliver it forever).
 * 3. `paySuccess` (`mall`'s buyer-declared payment) changes nothing: it answers success only when
 *    a confirmed payment of the order exists, else "payment not confirmed".
 */
import { entityList } from '../../../../src/schema/entities';
import { ORDER_PAID_ONLINE, ORDER_STATUS, order as orderEntity } from '../../../../src/schema/oms/entities';
import type { Db } from '../../../crud/hooks';
import { ALL_SHOPS } from '../../../crud/scope';
import { recordOfRow } from '../../../crud/row';
import { applyTransition } from '../../../crud/transitions';
import { toDbTime } from '../../../db/time';
import { httpError, isHttpError } from '../../../http/errors';
import type { LineNotes } from '../../../http/logging';
import { sellOrderHolds } from '../../oms/holds';
import type { OnlineAdapter, OnlineChannel, VerifiedNotice } from '../../vip/online';
import type { Buyer } from './sources';
import { refused } from './sources';

/** Orders are priced and paid in yuan. */
export const ORDER_CURRENCY = 'CNY';

/** `mall`'s payType of each channel. */
const PAY_TYPE: Readonly<Record<OnlineChannel, number>> = { alipay: 1, wechat: 2 };

/** The buyer's own unpaid order, paid through `adapter`'s channel: where to pay, or the QR code's text. */
export const startOrderPayment = async (
  db: Db, adapter: OnlineAdapter | undefined, buyer: Buyer, orderId: number, urls: { returnUrl: string; notifyUrl: string }, log?: LineNotes,
) => {
  if (!adapter?.ready) throw refused('payment_channel_unavailable');
  const row = await db.selectFrom('oms_order').select(['id', 'order_sn', 'pay_amount', 'status'])
    .where('id', '=', orderId).where('shop_id', '=', buyer.shopId).where('member_id', '=', buyer.memberId)
    .where('buyer_hidden', '=', 0).where('delete_status', '=', 0).executeTakeFirst();
  if (!row || Number(row.status) !== ORDER_STATUS.pendingPayment) throw refused('order_wrong_state');
  try {
    const start = await adapter.create({
      recordId: Number(row.id), tradeNo: String(row.order_sn), amountCents: Number(row.pay_amount), currency: ORDER_CURRENCY,
      description: `Order ${String(row.order_sn)}`, ...urls,
    });
    return { orderId: Number(row.id), channel: adapter.channel, tradeNo: String(row.order_sn), ...start };
  } catch (error) {
    if (isHttpError(error)) throw error;
    log?.warn({ err: error, channel: adapter.channel, orderId }, 'Order payment could not be started');
    throw httpError({ status: 502, messageKey: 'payment_provider_failed' });
  }
};

export type OrderSettlement = { orderId: number; status: 'paid' | 'pending' | 'closed' };

/** A verified notify settles the shop's order it names (the module's step 2). */
export const settleOrderPayment = async (
  db: Db, shopId: number | null, channel: OnlineChannel, notice: VerifiedNotice, log?: LineNotes,
): Promise<OrderSettlement> => {
  // Order numbers are unique (day, shop, random digits); the shop's notify route also names its shop.
  let query = db.selectFrom('oms_order').selectAll().where('order_sn', '=', notice.tradeNo);
  if (shopId !== null) query = query.where('shop_id', '=', shopId);
  const row = await query.orderBy('id').executeTakeFirst();
  if (!row) throw httpError({ status: 404, messageKey: 'order_payment_unknown' });
  const orderId = Number(row.id);
  const statusOf = (status: number): OrderSettlement['status'] =>
    (status === ORDER_STATUS.pendingPayment ? 'pending' : status === ORDER_STATUS.closed ? 'closed' : 'paid');
  if (!notice.paid) return { orderId, status: statusOf(Number(row.status)) };
  // A notify naming no currency is in the order's (Alipay's default, CNY, when no cross-border price is named).
  if ((notice.currency ?? ORDER_CURRENCY) !== ORDER_CURRENCY || notice.amountCents !== Number(row.pay_amount)) {
    log?.error({ channel, orderId, providerReference: notice.providerReference, paid: notice.amountCents, currency: notice.currency }, 'Order payment does not match the order: not confirmed');
    throw httpError({ status: 409, messageKey: 'order_payment_mismatch' });
  }
  if (Number(row.status) !== ORDER_STATUS.pendingPayment) {
    const settled = await db.selectFrom('oms_order_payment').select('id').where('order_id', '=', orderId).executeTakeFirst();
    if (!settled) log?.error({ channel, orderId, providerReference: notice.providerReference }, 'Payment for an order no longer unpaid: give the money back by hand');
    return { orderId, status: statusOf(Number(row.status)) };
  }
  try {
    await db.transaction().execute(async (trx) => {
      const now = toDbTime();
      // Conditional on "unpaid" (and locking the row): a parallel notify is refused here and rolls back.
      await applyTransition(trx, orderEntity, ORDER_PAID_ONLINE, [recordOfRow(orderEntity, row)], () => ({}), { adminId: null, ip: null, scope: ALL_SHOPS }, entityList);
      await trx.updateTable('oms_order').set({ pay_type: PAY_TYPE[channel], payment_time: now }).where('id', '=', orderId).execute();
      await sellOrderHolds(trx, [orderId]);
      await trx.insertInto('oms_order_payment').values({
        order_id: orderId, shop_id: Number(row.shop_id), channel, trade_no: notice.tradeNo, provider_reference: notice.providerReference || null, amount: notice.amountCents, create_time: now,
      }).execute();
      await trx.updateTable('oms_order_operate_history').set({ note_key: 'paid_online', note_params: JSON.stringify({ channel, reference: notice.providerReference }) })
        .where('order_id', '=', orderId).where('order_status', '=', ORDER_STATUS.pendingShipment).where('note_key', 'is', null).execute();
    });
  } catch (error) {
    if (!(isHttpError(error) && error.problem.status === 409)) throw error;
  }
  log?.info({ channel, orderId, providerReference: notice.providerReference }, 'Order payment verified');
  const after = await db.selectFrom('oms_order').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return { orderId, status: statusOf(Number(after.status)) };
};

/** `paySuccess`: the buyer's own order is paid only if a provider confirmed it; this call changes nothing. */
export const paySuccess = async (db: Db, buyer: Buyer, orderId: number): Promise<null> => {
  const paid = await db.selectFrom('oms_order as o').innerJoin('oms_order_payment as p', 'p.order_id', 'o.id').select('o.id')
    .where('o.id', '=', orderId).where('o.shop_id', '=', buyer.shopId).where('o.member_id', '=', buyer.memberId).executeTakeFirst();
  if (!paid) throw refused('payment_not_confirmed');
  return null;
};
