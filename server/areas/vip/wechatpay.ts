/**
 * WeChat Pay API v3, Native pay (`POST /v3/pay/transactions/native`), for the online VIP channel on
 * the adapter contract of ./online.ts, with Node's own crypto and fetch (no SDK):
 *
 * - `create` asks WeChat Pay for the trade's `code_url`, which the page shows as a QR code for the
 *   buyer's WeChat to scan. The request carries `Authorization: WECHATPAY2-SHA256-RSA2048
 *   mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`, the signature being
 *   SHA256withRSA with the merchant's private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - `verify` checks a notify's `Wechatpay-Signature` with WeChat Pay's public key over
 *   `TIMESTAMP\nNONCE\nBODY\n` (the body as sent; a timestamp more than five minutes off is refused),
 *   then decrypts its `resource` (AEAD_AES_256_GCM with the APIv3 key, the last 16 bytes of the
 *   ciphertext being the tag) and reads the transaction: our merchant and app, the trade number,
 *   `trade_state` SUCCESS, the amount in cents and its currency;
 * - `acknowledge` answers 204 with no body, as WeChat Pay expects; a refusal answers an error, and
 *   WeChat Pay delivers again later.
 */
import type { KeyObject } from 'node:crypto';
import { createCipheriv, createDecipheriv, randomBytes, sign, verify } from 'node:crypto';
import type { Config } from '../../config';
import { keyOf } from './alipay';
import type { OnlineAdapter, VerifiedNotice } from './online';
import { NoticeRefused, ProviderError } from './online';

type WechatPaySettings = Config['wechatPay'];

export const wechatPayReady = (settings: WechatPaySettings | undefined): boolean =>
  !!settings?.mchId && !!settings.appId && !!settings.privateKey && !!settings.certSerial && !!settings.platformPublicKey && !!settings.apiV3Key;

/** Longest wait for WeChat Pay: a hanging provider must not hold a request for ever. */
const TIMEOUT_MS = 20_000;
/** A notify whose timestamp is further off than this is refused (a replay of an old delivery). */
const NOTIFY_SKEW_SECONDS = 300;

/** The string a v3 request is signed over. */
export const requestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** The string a v3 answer or notify is signed over. */
export const notifyMessage = (timestamp: string, nonce: string, body: string): string => `${timestamp}\n${nonce}\n${body}\n`;

/** SHA256withRSA, base64. */
export const rsaSign = (message: string, privateKey: KeyObject): string => sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');

export const rsaVerify = (message: string, signature: string, publicKey: KeyObject): boolean => {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/** The `Authorization` header of one v3 request. */
export const authorizationHeader = (
  request: { method: string; pathWithQuery: string; body: string },
  merchant: { mchId: string; serial: string; privateKey: KeyObject },
  timestamp = String(Math.floor(Date.now() / 1000)), nonce = randomBytes(16).toString('hex'),
): string => {
  const signature = rsaSign(requestMessage(request.method, request.pathWithQuery, timestamp, nonce, request.body), merchant.privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serial}"`;
};

/** The fields of an `Authorization` header, or null when it is not WECHATPAY2-SHA256-RSA2048. */
export const parseAuthorization = (header: string): Record<string, string> | null => {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!match) return null;
  return Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
};

type EncryptedResource = { algorithm: string; ciphertext: string; associated_data?: string; nonce: string; original_type?: string };

/** AEAD_AES_256_GCM with the APIv3 key (32 characters): the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. */
export const decryptResource = (resource: EncryptedResource, apiV3Key: string): string => {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
};

/** The other way (WeChat Pay's side: the demo's stand-in and tests). */
export const encryptResource = (plaintext: string, apiV3Key: string, nonce: string, associatedData: string): EncryptedResource => {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: associatedData, nonce, original_type: 'transaction' };
};

const header = (headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | null => {
  const value = headers[name];
  return typeof value === 'string' && value ? value : null;
};

type Transaction = {
  mchid?: unknown; appid?: unknown; out_trade_no?: unknown; transaction_id?: unknown; trade_state?: unknown;
  amount?: { total?: unknown; payer_total?: unknown; currency?: unknown };
};

/** Reads a notify whose signature and resource check out; throws NoticeRefused otherwise. */
export const readWechatNotify = (
  settings: WechatPaySettings, platformKey: KeyObject,
  notice: { headers: Readonly<Record<string, string | string[] | undefined>>; rawBody: string }, now: number = Date.now(),
): VerifiedNotice => {
  const timestamp = header(notice.headers, 'wechatpay-timestamp');
  const nonce = header(notice.headers, 'wechatpay-nonce');
  const signature = header(notice.headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !signature) throw new NoticeRefused('no Wechatpay-Timestamp, -Nonce or -Signature');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > NOTIFY_SKEW_SECONDS) throw new NoticeRefused('timestamp too far off');
  if (!rsaVerify(notifyMessage(timestamp, nonce, notice.rawBody), signature, platformKey)) throw new NoticeRefused('signature does not verify with WeChat Pay\'s public key');
  let event: { event_type?: unknown; resource?: EncryptedResource };
  try {
    event = JSON.parse(notice.rawBody) as typeof event;
  } catch {
    throw new NoticeRefused('not JSON');
  }
  const resource = event.resource;
  if (!resource || resource.algorithm !== 'AEAD_AES_256_GCM' || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
    throw new NoticeRefused('no AEAD_AES_256_GCM resource');
  }
  let transaction: Transaction;
  try {
    transaction = JSON.parse(decryptResource(resource, settings.apiV3Key ?? '')) as Transaction;
  } catch {
    throw new NoticeRefused('resource does not decrypt with the APIv3 key');
  }
  if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId) throw new NoticeRefused('another merchant or app');
  const total = transaction.amount?.total;
  if (typeof transaction.out_trade_no !== 'string' || typeof total !== 'number' || !Number.isSafeInteger(total)) throw new NoticeRefused('no trade number or amount');
  return {
    tradeNo: transaction.out_trade_no,
    paid: event.event_type === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS',
    amountCents: total,
    currency: typeof transaction.amount?.currency === 'string' ? transaction.amount.currency : '',
    providerReference: typeof transaction.transaction_id === 'string' ? transaction.transaction_id : '',
  };
};

export const createWechatPayAdapter = (settings: WechatPaySettings): OnlineAdapter => {
  const ready = wechatPayReady(settings);
  let keys: { merchant: KeyObject; platform: KeyObject } | null = null;
  const keysOf = () => {
    if (!keys) keys = { merchant: keyOf(settings.privateKey ?? '', 'private'), platform: keyOf(settings.platformPublicKey ?? '', 'public') };
    return keys;
  };
  return {
    channel: 'wechat',
    ready,
    create: async (payment) => {
      const url = new URL(`${settings.apiBase}/v3/pay/transactions/native`);
      const body = JSON.stringify({
        appid: settings.appId, mchid: settings.mchId, description: payment.description, out_trade_no: payment.tradeNo,
        notify_url: payment.notifyUrl, amount: { total: payment.amountCents, currency: payment.currency },
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: authorizationHeader({ method: 'POST', pathWithQuery: `${url.pathname}${url.search}`, body }, { mchId: settings.mchId ?? '', serial: settings.certSerial ?? '', privateKey: keysOf().merchant }),
          'Content-Type': 'application/json', Accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = await response.json().catch(() => null) as { code_url?: unknown; code?: unknown } | null;
      if (!response.ok || typeof answer?.code_url !== 'string') {
        throw new ProviderError(`WeChat Pay native: HTTP ${response.status}`, response.status, typeof answer?.code === 'string' ? answer.code : null);
      }
      return { codeUrl: answer.code_url, ...(settings.demo ? { simulateUrl: settings.demo.scanPath } : {}) };
    },
    verify: (notice) => readWechatNotify(settings, keysOf().platform, notice),
    acknowledge: (reply) => reply.code(204).send(),
  };
};
