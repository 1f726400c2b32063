/**
 * Paying a VIP application online by PayPal:
 *
 * 1. the seller applies with the `paypal` channel (an unpaid pay record, as for any channel), then
 *    `startOrder` creates a PayPal order for the record's amount (its id kept as the record's
 *    reference, the record's id as the order's `custom_id`) and answers the page where the buyer
 *    approves it;
 * 2. PayPal sends the buyer back (`/pay/index?paypal=return&token=<order id>`), the page asks to
 *    capture, or PayPal's webhook says the order was approved or captured: both call `settle`, which
 *    captures an approved order and, once PayPal says the money is captured for the record's exact
 *    amount and currency, confirms the record through the declared `confirm` transition: the same
 *    path (state check, lock, VIP extension, audit) as an administrator's confirmation.
 *
 * Settling again (a repeated webhook, a return and a webhook at once) changes nothing: PayPal's
 * capture is asked with a request id (one capture per order), an order already captured is read
 * back, and the transition confirms an unpaid record once; a record already paid answers "paid".
 *
 * One capture per application, so a seller never pays twice: a second start answers the open order again; only the
 * application's current order is captured, and only while it is unpaid. An approved order of an
 * application paid or refunded since, or an earlier order, is not captured (409
 * `paypal_order_stale`, logged); if PayPal captured one anyway, its capture is refunded (409
 * `paypal_payment_returned`, logged). An order id PayPal does not know is 404 `paypal_order_unknown`.
 */
import type { Kysely } from 'kysely';
import type { LineNotes } from '../../http/logging';
import { PAY_STATUS, VIP_CURRENCY } from '../../../src/schema/vip/entities';
import type { Database } from '../../db/schema';
import { conflict, httpError, isHttpError, notFound } from '../../http/errors';
import type { PaypalClient, PaypalOrder } from './paypal';
import { approveLinkOf, PaypalError } from './paypal';
import type { OnlineAdapter, OnlineChannel, VerifiedNotice } from './online';
import { payRecordIdOfTradeNo, tradeNoOf } from './online';

export type PaypalStart = { payRecordId: number; orderId: string; approveUrl: string };
export type PaypalSettlement = { payRecordId: number; status: 'paid' | 'pending' | 'refunded'; orderStatus: string };

type SettleDeps = {
  readonly db: Kysely<Database>;
  readonly paypal: PaypalClient;
  /** The declared confirm transition on one pay record, acted by the system (no admin). */
  readonly confirm: (payRecordId: number) => Promise<void>;
  /** The request's line notes: what the settler logs goes on the request's one line. */
  readonly log: LineNotes;
};

const paypalFailed = (status = 502) => httpError({ status, messageKey: 'paypal_failed' });

/** PayPal's refusals and outages become one clear answer; the details go to the log only. */
const viaPaypal = async <T>(log: LineNotes, what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (isHttpError(error)) throw error;
    log.warn({ err: error, what, status: error instanceof PaypalError ? error.status : null, issue: error instanceof PaypalError ? error.issue : null }, 'PayPal call failed');
    // An order PayPal does not know is the caller's mistake, not an outage: 404, no "try again".
    if (error instanceof PaypalError && error.status === 404) throw notFound('paypal_order_unknown');
    throw paypalFailed();
  }
};

/** Dollars as PayPal writes them ("60.00") from the stored cents. */
const amountText = (cents: number) => (cents / 100).toFixed(2);

const recordOf = (db: Kysely<Database>, id: number) =>
  db.selectFrom('pay_record').select(['id', 'seller_id', 'amount', 'channel', 'status', 'reference']).where('id', '=', id).executeTakeFirst();

const statusName = (status: number): PaypalSettlement['status'] =>
  (status === PAY_STATUS.paid ? 'paid' : status === PAY_STATUS.refunded ? 'refunded' : 'pending');

/** The capture that pays the record: completed, for its exact amount in the plans' currency. */
const paysRecord = (order: PaypalOrder, cents: number): boolean => {
  const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
  return captures.some((c) => c.status === 'COMPLETED' && c.amount?.currency_code === VIP_CURRENCY && c.amount.value === amountText(cents));
};

/** The completed capture of an order, if any. */
const captureOf = (order: PaypalOrder) => order.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED') ?? null;

export const createPaypalSettler = (deps: SettleDeps) => {
  const { db, paypal, log } = deps;

  /**
   * The PayPal order of the seller's own unpaid PayPal application. Its open order (created, not
   * yet approved) is answered again rather than a second one made; an approved one sends the buyer
   * back to the return page to capture it. A new order becomes the application's current one only
   * if no other start replaced it meanwhile (compare and set), so one application never has two
   * orders that can be captured.
   */
  const startOrder = async (payRecordId: number, sellerId: number, origin: string): Promise<PaypalStart> => {
    const record = await recordOf(db, payRecordId);
    if (!record || record.seller_id !== sellerId) throw notFound();
    if (record.channel !== 'paypal') throw httpError({ status: 409, messageKey: 'paypal_wrong_channel' });
    if (record.status !== PAY_STATUS.unpaid) throw conflict('status', 'wrong_state');
    const returnUrl = `${origin}/pay/index?paypal=return`;
    if (record.reference) {
      const current = await paypal.getOrder(record.reference).catch(() => null);
      const link = current && current.status === 'CREATED' ? approveLinkOf(current) : null;
      if (current && link) return { payRecordId, orderId: current.id, approveUrl: link };
      if (current && current.status === 'APPROVED') return { payRecordId, orderId: current.id, approveUrl: `${returnUrl}&token=${encodeURIComponent(current.id)}` };
    }
    const order = await viaPaypal(log, 'create order', () => paypal.createOrder({
      payRecordId, amount: amountText(Number(record.amount)), currency: VIP_CURRENCY, description: `VIP #${payRecordId}`,
      returnUrl, cancelUrl: `${origin}/pay/index?paypal=cancel`,
    }));
    const approveUrl = approveLinkOf(order);
    if (!approveUrl) {
      log.warn({ orderId: order.id }, 'PayPal order without an approval link');
      throw paypalFailed();
    }
    const swapped = await db.updateTable('pay_record').set({ reference: order.id }).where('id', '=', payRecordId).where('status', '=', PAY_STATUS.unpaid)
      .where((eb) => (record.reference === null ? eb('reference', 'is', null) : eb('reference', '=', record.reference))).executeTakeFirst();
    if (Number(swapped.numUpdatedRows) !== 1) {
      // Another start (or a payment) came first: this order is never the current one, so it can never be captured.
      log.info({ orderId: order.id, payRecordId }, 'PayPal order not used: the application changed meanwhile');
      throw conflict('status', 'wrong_state');
    }
    return { payRecordId, orderId: order.id, approveUrl };
  };

  /**
   * Money captured for an order that is not how its application gets paid (an earlier order, an
   * application paid or refunded meanwhile, another amount) goes back to the buyer, logged.
   */
  const giveBack = async (order: PaypalOrder, payRecordId: number, why: string): Promise<void> => {
    const capture = captureOf(order);
    if (!capture) return;
    await viaPaypal(log, 'refund capture', () => paypal.refundCapture(capture.id));
    log.warn({ orderId: order.id, captureId: capture.id, payRecordId, why }, 'PayPal capture refunded: it does not pay its application');
  };

  /**
   * Captures the order when approved and confirms its record once the money is captured: only the
   * application's current order, only while the application is unpaid. An approved order that is
   * no longer the way to pay is left uncaptured (PayPal lets it expire) and logged; one captured
   * anyway is refunded. `sellerId`: the buyer returning (its own records only); null for PayPal's
   * verified webhook.
   */
  const settle = async (orderId: string, sellerId: number | null): Promise<PaypalSettlement> => {
    let order = await viaPaypal(log, 'read order', () => paypal.getOrder(orderId));
    const payRecordId = Number(order.purchase_units?.[0]?.custom_id);
    const record = Number.isSafeInteger(payRecordId) ? await recordOf(db, payRecordId) : undefined;
    if (!record || (sellerId !== null && record.seller_id !== sellerId)) throw notFound('paypal_order_unknown');
    if (record.channel !== 'paypal') throw httpError({ status: 409, messageKey: 'paypal_wrong_channel' });
    const current = record.reference === orderId;
    // Settled by this very order before (a repeated return or webhook): the same answer, nothing moves.
    if (current && record.status !== PAY_STATUS.unpaid) return { payRecordId, status: statusName(record.status), orderStatus: order.status };
    if (!current || record.status !== PAY_STATUS.unpaid) {
      const why = record.status === PAY_STATUS.unpaid ? 'not the current order of its application' : `application ${statusName(record.status)}`;
      if (order.status === 'COMPLETED') {
        await giveBack(order, payRecordId, why);
        throw httpError({ status: 409, messageKey: 'paypal_payment_returned' });
      }
      log.warn({ orderId, payRecordId, orderStatus: order.status, why }, 'PayPal order not captured');
      throw httpError({ status: 409, messageKey: 'paypal_order_stale' });
    }
    if (order.status === 'APPROVED') {
      order = await viaPaypal(log, 'capture order', async () => {
        try {
          return await paypal.captureOrder(orderId);
        } catch (error) {
          // Captured meanwhile (the other of a return and a webhook): read what PayPal holds.
          if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') return paypal.getOrder(orderId);
          throw error;
        }
      });
    }
    if (order.status !== 'COMPLETED') return { payRecordId, status: statusName(record.status), orderStatus: order.status };
    if (!paysRecord(order, Number(record.amount))) {
      log.error({ orderId, payRecordId }, 'PayPal capture does not match the pay record (amount, currency or status): not confirmed');
      await giveBack(order, payRecordId, 'amount or currency differs from the application');
      throw httpError({ status: 409, messageKey: 'paypal_amount_mismatch' });
    }
    const status = await confirmPaid(deps, payRecordId, record.status);
    return { payRecordId, status, orderStatus: order.status };
  };

  return { startOrder, settle };
};

/**
 * The last step of every online channel: the declared confirm transition on a record whose payment
 * the provider has verified (state check, lock, VIP extension, referral reward and audit rows in one
 * transaction). Confirmed by a parallel settlement meanwhile, the transition refuses the second one
 * (409): that is the point, and the answer is the record's status after either.
 */
export const confirmPaid = async (deps: Pick<SettleDeps, 'db' | 'confirm'>, payRecordId: number, before: number): Promise<PaypalSettlement['status']> => {
  try {
    await deps.confirm(payRecordId);
  } catch (error) {
    if (!(isHttpError(error) && error.problem.status === 409)) throw error;
  }
  const after = await recordOf(deps.db, payRecordId);
  return statusName(after?.status ?? before);
};

type NoticeSettlement = { payRecordId: number; status: PaypalSettlement['status'] };

/**
 * Settles a verified notify of an online channel (./online.ts): the record its trade number names,
 * paid through that channel, for exactly the record's amount in the plans' currency. Unknown record:
 * 404 `payment_unknown`; another channel: 409 `payment_wrong_channel`; another amount or currency:
 * 409 `payment_amount_mismatch` (logged as an error: the operator gives the money back by hand); a
 * notify that does not say paid, or a record paid or refunded already: its status, nothing moves.
 */
export const settleNotice = async (
  deps: Pick<SettleDeps, 'db' | 'confirm' | 'log'>, channel: OnlineChannel, notice: VerifiedNotice,
): Promise<NoticeSettlement> => {
  const payRecordId = payRecordIdOfTradeNo(notice.tradeNo);
  const record = payRecordId === null ? undefined : await recordOf(deps.db, payRecordId);
  if (!record || payRecordId === null) throw notFound('payment_unknown');
  if (record.channel !== channel) throw httpError({ status: 409, messageKey: 'payment_wrong_channel' });
  if (!notice.paid || record.status !== PAY_STATUS.unpaid) {
    if (notice.paid && record.status === PAY_STATUS.refunded) {
      deps.log.warn({ channel, payRecordId, providerReference: notice.providerReference }, 'Online payment for a refunded application: not confirmed');
    }
    return { payRecordId, status: statusName(record.status) };
  }
  if ((notice.currency ?? VIP_CURRENCY) !== VIP_CURRENCY || notice.amountCents !== Number(record.amount)) {
    deps.log.error({ channel, payRecordId, providerReference: notice.providerReference, paid: notice.amountCents, currency: notice.currency }, 'Online payment does not match the pay record: not confirmed');
    throw httpError({ status: 409, messageKey: 'payment_amount_mismatch' });
  }
  deps.log.info({ channel, payRecordId, providerReference: notice.providerReference }, 'Online payment verified');
  return { payRecordId, status: await confirmPaid(deps, payRecordId, record.status) };
};

type OnlineStartAnswer = { payRecordId: number; channel: OnlineChannel; tradeNo: string; payUrl?: string; codeUrl?: string; simulateUrl?: string };

/**
 * Starts the online payment of the seller's own unpaid application through `adapter`'s channel:
 * the record's trade number (one per record, kept as its reference) and amount go to the provider,
 * which answers where the buyer goes or what to show. Starting again makes the same trade, which
 * the providers answer again rather than charge twice. A provider's refusal or outage is 502
 * `payment_provider_failed` (the details are logged).
 */
export const startPayment = async (
  deps: Pick<SettleDeps, 'db' | 'log'> & { readonly adapter: OnlineAdapter },
  payRecordId: number, sellerId: number, urls: { returnUrl: string; notifyUrl: string },
): Promise<OnlineStartAnswer> => {
  const { db, adapter, log } = deps;
  const record = await recordOf(db, payRecordId);
  if (!record || record.seller_id !== sellerId) throw notFound();
  if (record.channel !== adapter.channel) throw httpError({ status: 409, messageKey: 'payment_wrong_channel' });
  if (record.status !== PAY_STATUS.unpaid) throw conflict('status', 'wrong_state');
  const tradeNo = tradeNoOf(payRecordId);
  if (record.reference !== tradeNo) {
    await db.updateTable('pay_record').set({ reference: tradeNo }).where('id', '=', payRecordId).where('status', '=', PAY_STATUS.unpaid).execute();
  }
  let start;
  try {
    start = await adapter.create({
      recordId: payRecordId, tradeNo, amountCents: Number(record.amount), currency: VIP_CURRENCY, description: `VIP #${payRecordId}`, ...urls,
    });
  } catch (error) {
    if (isHttpError(error)) throw error;
    log.warn({ err: error, channel: adapter.channel, payRecordId }, 'Online payment could not be started');
    throw httpError({ status: 502, messageKey: 'payment_provider_failed' });
  }
  return { payRecordId, channel: adapter.channel, tradeNo, ...start };
};
