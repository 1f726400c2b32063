/**
 * A stand-in for the part of WeChat Pay's API v3 the VIP purchase uses, for the demo (`npm start`
 * with no WECHAT_PAY_MCH_ID) and the tests, with demo keys (./demo-keys.ts: the merchant's pair and
 * "WeChat Pay's" pair, plus an APIv3 key), all clearly fake:
 *
 * - `POST /v3/pay/transactions/native` checks the request's WECHATPAY2-SHA256-RSA2048 signature
 *   with the merchant's public key and its fields, and answers a `code_url` (`weixin://wxpay/…`);
 * - `POST /scan` (the demo page's "simulate the scan" button: no phone can scan a demo code) pays the
 *   trade of a `code_url` and posts WeChat Pay's notify to the trade's `notify_url`: the transaction
 *   encrypted AEAD_AES_256_GCM with the APIv3 key, the body signed with "WeChat Pay's" private key
 *   (delivered inside the app when mounted on it, so it works behind any address).
 *
 * The demo mounts it on the app under DEMO_WECHATPAY_PREFIX (the server calls it over HTTP like
 * WeChat Pay, so it needs its own port, as the PayPal stand-in does); tests start it on a port of
 * their own (`startFakeWechatPay`) and make notifies with `signedNotify`.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Config } from '../../config';
import { jsonShapeRefusal } from '../../http/body-shape';
import type { PemPairs } from './demo-keys';
import { freshPemPair } from './demo-keys';
import { keyOf } from './alipay';
import { encryptResource, notifyMessage, parseAuthorization, requestMessage, rsaSign, rsaVerify } from './wechatpay';

export const DEMO_WECHATPAY_PREFIX = '/demo-wechatpay';
const DEMO_WECHATPAY = { mchId: '1900000000', appId: 'wxDEMO0000NOTREAL', certSerial: 'DEMO-SERIAL-NOT-REAL' } as const;

/** WeChat Pay settings with fresh demo keys (the merchant's pair, "WeChat Pay's" pair, an APIv3 key). */
const demoWechatPaySettings = (apiBase: string, scanPath = `${DEMO_WECHATPAY_PREFIX}/scan`, pairs: PemPairs = freshPemPair): Config['wechatPay'] => {
  const merchant = pairs('wechatpay-merchant');
  const platform = pairs('wechatpay-platform');
  return {
    mchId: DEMO_WECHATPAY.mchId, appId: DEMO_WECHATPAY.appId, privateKey: merchant.privateKey, certSerial: DEMO_WECHATPAY.certSerial,
    platformPublicKey: platform.publicKey, apiV3Key: randomBytes(16).toString('hex'), apiBase,
    demo: { merchantPublicKey: merchant.publicKey, platformPrivateKey: platform.privateKey, scanPath },
  };
};

type Trade = { outTradeNo: string; total: number; currency: string; notifyUrl: string; description: string; codeUrl: string; paid: boolean; transactionId: string };

export type NotifyDelivery = { headers: Record<string, string>; body: string };

/**
 * WeChat Pay's notify of a transaction as it sends it (`forged`: signed with another key;
 * `wrongKey`: encrypted with another APIv3 key; `timestamp`: another time, in seconds).
 */
export const signedWechatNotify = (
  settings: Config['wechatPay'],
  transaction: { out_trade_no: string; total: number; currency?: string; trade_state?: string; transaction_id?: string; mchid?: string; appid?: string },
  options: { forged?: boolean; wrongKey?: boolean; timestamp?: number; eventType?: string } = {},
): NotifyDelivery => {
  if (!settings.demo) throw new Error('demo WeChat Pay: no demo keys');
  const state = transaction.trade_state ?? 'SUCCESS';
  const plain = JSON.stringify({
    mchid: transaction.mchid ?? settings.mchId, appid: transaction.appid ?? settings.appId, out_trade_no: transaction.out_trade_no,
    transaction_id: transaction.transaction_id ?? `4200${randomBytes(12).toString('hex').slice(0, 24)}`, trade_type: 'NATIVE', trade_state: state,
    trade_state_desc: state === 'SUCCESS' ? '支付成功' : state, bank_type: 'OTHERS', success_time: new Date().toISOString(),
    payer: { openid: 'oDEMO_NOT_A_REAL_OPENID' },
    amount: { total: transaction.total, payer_total: transaction.total, currency: transaction.currency ?? 'USD', payer_currency: transaction.currency ?? 'USD' },
  });
  const key = options.wrongKey ? randomBytes(16).toString('hex') : settings.apiV3Key ?? '';
  const body = JSON.stringify({
    id: randomBytes(16).toString('hex'), create_time: new Date().toISOString(), resource_type: 'encrypt-resource',
    event_type: options.eventType ?? (state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED'), summary: '支付成功',
    resource: encryptResource(plain, key, randomBytes(6).toString('hex'), 'transaction'),
  });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signer = options.forged
    ? keyOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'private')
    : keyOf(settings.demo.platformPrivateKey, 'private');
  return {
    body,
    headers: {
      'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce,
      'wechatpay-signature': rsaSign(notifyMessage(timestamp, nonce, body), signer), 'wechatpay-serial': 'PUB_KEY_ID_DEMO', 'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    },
  };
};

const fail = (code: string, message: string) => ({ code, message });

/** The stand-in's routes on `scope`; `deliver` posts a notify to the app (inside it, or over HTTP). */
const wechatSandbox = (scope: FastifyInstance, settings: Config['wechatPay'], deliver: (url: string, notify: NotifyDelivery) => Promise<{ statusCode: number; body: string }>) => {
  const demo = settings.demo!;
  const merchantKey = keyOf(demo.merchantPublicKey, 'public');
  const trades = new Map<string, Trade>();
  const byCode = new Map<string, Trade>();
  // The signature covers the body as sent: keep it.
  if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const refusal = jsonShapeRefusal(body as string);
    if (refusal) {
      done(refusal, undefined);
      return;
    }
    try {
      done(null, { raw: body as string, json: JSON.parse(body as string) as unknown });
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  scope.post('/v3/pay/transactions/native', async (request, reply) => {
    const { raw, json } = (request.body ?? { raw: '', json: null }) as { raw: string; json: Record<string, unknown> | null };
    const auth = parseAuthorization(String(request.headers.authorization ?? ''));
    const signed = auth && auth.mchid === settings.mchId && auth.serial_no === settings.certSerial && auth.signature && auth.timestamp && auth.nonce_str
      && rsaVerify(requestMessage('POST', request.url, auth.timestamp, auth.nonce_str, raw), auth.signature, merchantKey);
    if (!signed) return reply.code(401).send(fail('SIGN_ERROR', 'signature does not verify with the merchant\'s certificate'));
    const amount = json?.amount as { total?: unknown; currency?: unknown } | undefined;
    if (json?.mchid !== settings.mchId || json?.appid !== settings.appId || typeof json?.out_trade_no !== 'string' || typeof json.notify_url !== 'string'
      || typeof amount?.total !== 'number' || !Number.isSafeInteger(amount.total) || amount.total <= 0) {
      return reply.code(400).send(fail('PARAM_ERROR', 'missing or invalid parameter'));
    }
    const known = trades.get(json.out_trade_no);
    if (known?.paid) return reply.code(400).send(fail('ORDERPAID', 'this trade is paid'));
    const trade: Trade = known ?? {
      outTradeNo: json.out_trade_no, total: amount.total, currency: typeof amount.currency === 'string' ? amount.currency : 'CNY',
      notifyUrl: json.notify_url, description: String(json.description ?? ''), codeUrl: `weixin://wxpay/bizpayurl?pr=DEMO${randomBytes(6).toString('hex')}`,
      paid: false, transactionId: `4200${randomBytes(12).toString('hex').slice(0, 24)}`,
    };
    trades.set(trade.outTradeNo, trade);
    byCode.set(trade.codeUrl, trade);
    return { code_url: trade.codeUrl };
  });

  // The demo page's "simulate the scan": the buyer paid in WeChat; WeChat Pay notifies the app.
  scope.post('/scan', async (request, reply) => {
    const { json } = (request.body ?? { json: null }) as { json: { codeUrl?: unknown } | null };
    const trade = typeof json?.codeUrl === 'string' ? byCode.get(json.codeUrl) : undefined;
    if (!trade) return reply.code(404).send(fail('ORDER_NOT_EXIST', 'no trade with this code'));
    const notify = signedWechatNotify(settings, { out_trade_no: trade.outTradeNo, total: trade.total, currency: trade.currency, transaction_id: trade.transactionId });
    const answer = await deliver(trade.notifyUrl, notify);
    const accepted = answer.statusCode >= 200 && answer.statusCode < 300;
    if (accepted) trade.paid = true;
    return reply.code(accepted ? 200 : 502).send({ delivered: accepted, status: answer.statusCode, ...(accepted ? {} : { answer: answer.body.slice(0, 300) }) });
  });
  return { trades };
};

/**
 * The demo's settings for online WeChat Pay (`npm start`, never in production): with no merchant
 * configured, the stand-in plays WeChat Pay on the app's own port (PORT=0 leaves the channel off).
 */
export const withDemoWechatPay = <C extends Pick<Config, 'wechatPay' | 'host' | 'port'>>(config: C, pairs: PemPairs = freshPemPair): C => {
  if (config.wechatPay.mchId || !config.port) return config;
  const host = !config.host || config.host === '0.0.0.0' || config.host === '::' || config.host === 'localhost' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return { ...config, wechatPay: demoWechatPaySettings(`http://${host}:${config.port}${DEMO_WECHATPAY_PREFIX}`, undefined, pairs) };
};

/** Mounts the demo's WeChat Pay stand-in when the settings carry demo keys (`withDemoWechatPay`). */
export const registerDemoWechatPay = (app: FastifyInstance, config: Pick<Config, 'wechatPay'>): void => {
  if (!config.wechatPay.demo) return;
  app.register(async (scope) => {
    wechatSandbox(scope, config.wechatPay, async (url, notify) => {
      const delivered = await app.inject({ method: 'POST', url: new URL(url, 'http://app.invalid').pathname, headers: notify.headers, payload: notify.body } as InjectOptions);
      return { statusCode: delivered.statusCode, body: delivered.body };
    });
  }, { prefix: DEMO_WECHATPAY_PREFIX });
};

export type FakeWechatPay = { readonly settings: Config['wechatPay']; readonly baseUrl: string; readonly trades: Map<string, Trade>; close: () => Promise<void> };

/** The tests' WeChat Pay, on a port of its own; its scan posts the notify over HTTP. */
export const startFakeWechatPay = async (): Promise<FakeWechatPay> => {
  const app = Fastify({ logger: false });
  let settings = demoWechatPaySettings('');
  const { trades } = wechatSandbox(app, settings, async (url, notify) => {
    const response = await fetch(url, { method: 'POST', headers: notify.headers, body: notify.body });
    return { statusCode: response.status, body: await response.text() };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('fake WeChat Pay: no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  settings = Object.assign(settings, { apiBase: baseUrl });
  return { settings, baseUrl, trades, close: () => app.close() };
};
