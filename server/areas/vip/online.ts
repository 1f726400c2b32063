/**
 * The contract every online payment channel's adapter keeps (Alipay: ./alipay.ts, WeChat Pay:
 * ./wechatpay.ts; PayPal, older and with its own capture step, keeps its routes and wire format in
 * ./paypal.ts and ./settle.ts but settles through the same last step, `confirmPaid`):
 *
 * 1. `create`: make the provider's payment for an unpaid pay record (our trade number, the record's
 *    amount and currency, where the buyer returns and where the provider notifies) and answer where
 *    the buyer goes (`payUrl`, a page of the provider) or what to show (`codeUrl`, a QR code's text);
 * 2. `verify`: check a notify's signature with the provider's key and read it: the trade number it
 *    is about, whether it says paid, the amount and currency paid, the provider's own reference; a
 *    notify that fails the check is refused (`NoticeRefused`) and changes nothing;
 * 3. the settler (./settle.ts `settleNotice`) finds the record by the trade number, checks channel,
 *    amount and currency against the record and confirms it through the declared `confirm`
 *    transition: one transaction, once (a repeated notify answers "paid" and changes nothing);
 * 4. `acknowledge`: the answer the provider expects as success, so it stops delivering; any
 *    refusal is an error answer, so it delivers again later (a repeat changes nothing).
 */
import type { FastifyReply } from 'fastify';

export type OnlineChannel = 'alipay' | 'wechat';

/** What `create` is given: one unpaid record to be paid online (a VIP pay record, a buyer's order: server/areas/portal/orders/pay.ts). */
export type PaymentRequest = {
  /** The record paid for (for the logs). */
  readonly recordId: number;
  /** Our trade number for the record (`tradeNoOf`, an order's number): the provider's `out_trade_no`. */
  readonly tradeNo: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly description: string;
  /** Where the buyer's browser comes back to (a page of the admin). */
  readonly returnUrl: string;
  /** Where the provider posts its notify (the public notify route). */
  readonly notifyUrl: string;
};

/**
 * Where the buyer goes (`payUrl`) or what the page shows as a QR code (`codeUrl`); with the demo's
 * stand-in, where the page's "simulate the scan" button posts (`simulateUrl`), since no phone can scan it.
 */
type PaymentStart = { readonly payUrl?: string; readonly codeUrl?: string; readonly simulateUrl?: string };

/** A notify whose signature checked out, as the settler reads it. */
export type VerifiedNotice = {
  readonly tradeNo: string;
  /** The provider says the money is taken (Alipay TRADE_SUCCESS/TRADE_FINISHED, WeChat SUCCESS). */
  readonly paid: boolean;
  readonly amountCents: number;
  /** Null: the provider names none, and the record's own currency is meant (Alipay names `trans_currency` only for a cross-border price). */
  readonly currency: string | null;
  /** The provider's own number of the payment (Alipay trade_no, WeChat transaction_id). */
  readonly providerReference: string;
};

/** What a notify route hands to `verify`: the headers, the body as sent (signatures cover the bytes) and as parsed. */
type IncomingNotice = {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawBody: string;
  readonly body: unknown;
};

/** A notify that is not believed or cannot be read; `reason` is for the log only. */
export class NoticeRefused extends Error {
  override name = 'NoticeRefused';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export type OnlineAdapter = {
  readonly channel: OnlineChannel;
  /** Its settings are complete: the channel can be offered. */
  readonly ready: boolean;
  readonly create: (payment: PaymentRequest) => Promise<PaymentStart>;
  /** Throws NoticeRefused when the signature or the message does not check out. */
  readonly verify: (notice: IncomingNotice) => VerifiedNotice | Promise<VerifiedNotice>;
  /**
   * The answer that tells the provider the notify was taken (it stops delivering it). A refusal is
   * the API's usual error answer: not what the provider calls success, so it delivers again later.
   */
  readonly acknowledge: (reply: FastifyReply) => FastifyReply;
};

/** A failure of the provider's API (HTTP status, the provider's code where it names one). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(message: string, readonly status: number, readonly code: string | null) {
    super(message);
  }
}

/**
 * Our trade number of a pay record: one per record, so a provider never takes a second payment for
 * one application (Alipay and WeChat refuse a paid `out_trade_no`). At least six characters and only
 * letters and digits, as both providers accept.
 */
export const tradeNoOf = (payRecordId: number): string => `VIP${String(payRecordId).padStart(6, '0')}`;

/** The pay record a trade number names, or null. */
export const payRecordIdOfTradeNo = (tradeNo: string): number | null => {
  const match = /^VIP(\d{6,15})$/.exec(tradeNo);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Money as both providers write decimal amounts ("60.00") from cents. */
export const amountText = (cents: number): string => (cents / 100).toFixed(2);

/** Cents of a decimal amount text ("60.00", "60.5"), or null when it is not one. */
export const centsOfText = (text: unknown): number | null => {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
