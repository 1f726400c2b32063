/**
 * Alipay's page pay (`alipay.trade.page.pay`) for the online VIP channel, on the adapter contract of
 * ./online.ts, with Node's own crypto (no SDK):
 *
 * - `create` answers the gateway URL the buyer's browser goes to: the common parameters (app id,
 *   method, charset, RSA2, timestamp in Beijing time, version, return and notify URLs) and the
 *   `biz_content` (our trade number, the amount in the plans' currency as `trans_currency`, subject,
 *   `FAST_INSTANT_TRADE_PAY`), signed with the app's private key: every non-empty parameter but
 *   `sign`, sorted by name, joined as `name=value&…` (values as they are, not URL-encoded), signed
 *   SHA256withRSA, base64;
 * - `verify` checks Alipay's asynchronous notify (a form post) with Alipay's public key: the same
 *   string of every parameter but `sign` and `sign_type`, then our app id and the trade's status
 *   (`TRADE_SUCCESS` / `TRADE_FINISHED` is paid) and amount;
 * - `acknowledge` answers the plain text `success`, which stops Alipay's redelivery; anything else
 *   (our refusals answer an error) makes Alipay deliver the notify again later.
 */
import type { KeyObject } from 'node:crypto';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { Config } from '../../config';
import type { OnlineAdapter, PaymentRequest, VerifiedNotice } from './online';
import { amountText, centsOfText, NoticeRefused } from './online';

type AlipaySettings = Config['alipay'];

export const alipayReady = (settings: AlipaySettings | undefined): boolean =>
  !!settings?.appId && !!settings.privateKey && !!settings.alipayPublicKey;

/** A key as PEM (with real or `\n` line breaks) or as the bare base64 Alipay's key tool writes (PKCS#8 or PKCS#1). */
export const keyOf = (text: string, kind: 'private' | 'public'): KeyObject => {
  const pem = text.replace(/\\n/g, '\n').trim();
  if (pem.startsWith('-----BEGIN')) return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  const der = Buffer.from(pem.replace(/\s+/g, ''), 'base64');
  const attempts = kind === 'private'
    ? [() => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' })]
    : [() => createPublicKey({ key: der, format: 'der', type: 'spki' }), () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' })];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch { /* the other encoding */ }
  }
  throw new Error(`Not an RSA ${kind} key (PEM or base64 DER)`);
};

/** The string Alipay signs: every non-empty parameter but the excluded ones, sorted by name, `name=value` joined by `&`. */
export const alipaySigningString = (params: Readonly<Record<string, unknown>>, exclude: readonly string[] = ['sign']): string =>
  Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== undefined && params[name] !== null && params[name] !== '')
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join('&');

/** RSA2: SHA256withRSA over the signing string, base64. */
export const alipaySign = (params: Readonly<Record<string, unknown>>, privateKey: KeyObject): string =>
  sign('sha256', Buffer.from(alipaySigningString(params), 'utf8'), privateKey).toString('base64');

/**
 * Checks a `sign` with a public key: a notify's (or a return's) with Alipay's, where `sign` and
 * `sign_type` are not signed; a request's with the app's (Alipay's side, and the demo's stand-in),
 * where only `sign` is left out (`exclude`).
 */
export const alipayVerify = (params: Readonly<Record<string, unknown>>, publicKey: KeyObject, exclude: readonly string[] = ['sign', 'sign_type']): boolean => {
  const signature = params.sign;
  if (typeof signature !== 'string' || !signature) return false;
  try {
    return verify('sha256', Buffer.from(alipaySigningString(params, exclude), 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as Alipay's `timestamp` and notify times are written. */
export const alipayTime = (date: Date = new Date()): string =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The signed parameters of a page pay request. */
const pagePayParams = (settings: AlipaySettings, privateKey: KeyObject, payment: PaymentRequest, now: Date = new Date()): Record<string, string> => {
  const params: Record<string, string> = {
    app_id: settings.appId ?? '',
    method: 'alipay.trade.page.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(now),
    version: '1.0',
    return_url: payment.returnUrl,
    notify_url: payment.notifyUrl,
    biz_content: JSON.stringify({
      out_trade_no: payment.tradeNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: amountText(payment.amountCents),
      // The plans are priced in this currency (Alipay's cross-border price currency).
      trans_currency: payment.currency,
      subject: payment.description,
    }),
  };
  return { ...params, sign: alipaySign(params, privateKey) };
};

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Reads a verified notify (form fields) for the settler; throws NoticeRefused when it does not check out. */
const readAlipayNotify = (settings: AlipaySettings, publicKey: KeyObject, body: unknown): VerifiedNotice => {
  if (!body || typeof body !== 'object') throw new NoticeRefused('not a form');
  const params = body as Record<string, unknown>;
  if (params.sign_type !== undefined && params.sign_type !== 'RSA2') throw new NoticeRefused(`sign_type ${String(params.sign_type)}`);
  if (!alipayVerify(params, publicKey)) throw new NoticeRefused('signature does not verify with Alipay\'s public key');
  if (params.app_id !== settings.appId) throw new NoticeRefused('another app id');
  const cents = centsOfText(params.total_amount);
  if (typeof params.out_trade_no !== 'string' || cents === null) throw new NoticeRefused('no trade number or amount');
  return {
    tradeNo: params.out_trade_no,
    paid: typeof params.trade_status === 'string' && PAID_STATES.has(params.trade_status),
    amountCents: cents,
    // Alipay names the price currency only for cross-border trades; without it the amount is in the
    // trade's own currency, which the settler knows (a VIP plan's, an order's yuan).
    currency: typeof params.trans_currency === 'string' && params.trans_currency ? params.trans_currency : null,
    providerReference: typeof params.trade_no === 'string' ? params.trade_no : '',
  };
};

export const createAlipayAdapter = (settings: AlipaySettings): OnlineAdapter => {
  const ready = alipayReady(settings);
  // Parsed once; a key that cannot be read leaves the channel unavailable (logged at start by main.ts).
  let keys: { app: KeyObject; alipay: KeyObject } | null = null;
  const keysOf = () => {
    if (!keys) keys = { app: keyOf(settings.privateKey ?? '', 'private'), alipay: keyOf(settings.alipayPublicKey ?? '', 'public') };
    return keys;
  };
  return {
    channel: 'alipay',
    ready,
    create: async (payment) => {
      const params = pagePayParams(settings, keysOf().app, payment);
      return { payUrl: `${settings.gateway}?${new URLSearchParams(params).toString()}` };
    },
    verify: ({ body }) => readAlipayNotify(settings, keysOf().alipay, body),
    acknowledge: (reply) => reply.code(200).type('text/plain').send('success'),
  };
};
