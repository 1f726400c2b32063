/**
 * A stand-in for Alipay's gateway, for the demo (`npm start` with no ALIPAY_APP_ID) and the tests:
 * with a demo key pair of the app and one of "Alipay", both clearly fake (made once, ./demo-keys.ts), it plays
 * Alipay's side of page pay. `GET /demo-alipay/gateway.do` checks the request's RSA2 signature with
 * the app's public key (as Alipay does) and shows a "pay" page with the amount; its button marks the
 * trade paid, posts Alipay's asynchronous notify, signed with the stand-in's "Alipay" private key,
 * to the request's `notify_url` (delivered inside this process, so it works behind any address),
 * and sends the buyer back to `return_url` with signed return parameters, as Alipay does.
 * `createAlipaySandbox` gives tests the same keys and a signed notify without the page.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { alipaySign, alipayTime, alipayVerify, keyOf } from './alipay';
import type { PemPairs } from './demo-keys';
import { freshPemPair } from './demo-keys';

/** Where the demo's stand-in answers on the app itself (outside the API prefix, as Alipay's gateway is). */
export const DEMO_ALIPAY_PREFIX = '/demo-alipay';
/** The demo app's id: plainly not one Alipay would issue. */
const DEMO_ALIPAY_APP_ID = 'DEMO-ALIPAY-APP-NOT-REAL';

/** Alipay settings with two demo key pairs: the app's (its private half signs requests) and "Alipay's" (signs notifies). */
const demoAlipaySettings = (gateway: string, pairs: PemPairs = freshPemPair): Config['alipay'] => {
  const app = pairs('alipay-app');
  const gatewayPair = pairs('alipay-gateway');
  return {
    appId: DEMO_ALIPAY_APP_ID, privateKey: app.privateKey, alipayPublicKey: gatewayPair.publicKey, gateway,
    demo: { appPublicKey: app.publicKey, gatewayPrivateKey: gatewayPair.privateKey },
  };
};

type Trade = { params: Record<string, string>; biz: { out_trade_no: string; total_amount: string; subject: string; trans_currency?: string }; tradeNo: string; paid: boolean };

/** Alipay's asynchronous notify of a paid trade, signed with the stand-in's "Alipay" key (`forged`: signed by another key). */
const signedAlipayNotify = (
  settings: Config['alipay'], fields: { out_trade_no: string; total_amount: string; trade_no?: string; trade_status?: string; trans_currency?: string; app_id?: string },
  options: { forged?: boolean } = {},
): Record<string, string> => {
  if (!settings.demo) throw new Error('demo Alipay: no demo keys');
  const now = alipayTime();
  const params: Record<string, string> = {
    notify_time: now, notify_type: 'trade_status_sync', notify_id: randomBytes(16).toString('hex'), charset: 'utf-8', version: '1.0',
    sign_type: 'RSA2', app_id: settings.appId ?? '', trade_no: `2026${randomBytes(10).toString('hex')}`, trade_status: 'TRADE_SUCCESS',
    gmt_create: now, gmt_payment: now, subject: 'VIP', buyer_id: '2088000000000000', seller_id: '2088000000000001',
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>,
  };
  params.receipt_amount = params.total_amount ?? '';
  const { sign_type: signType, ...signed } = params;
  const key = options.forged ? keyOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'private') : keyOf(settings.demo.gatewayPrivateKey, 'private');
  return { ...params, sign_type: signType ?? 'RSA2', sign: alipaySign(signed, key) };
};

/** Tests' handle on the stand-in without the page: its settings and a check of a request the app signed. */
export const createAlipaySandbox = (gateway = 'http://alipay.test/gateway.do') => {
  const settings = demoAlipaySettings(gateway);
  return {
    settings,
    /** The parameters of a page pay URL the app made, when its signature checks out with the app's public key; null otherwise. */
    readPayUrl: (url: string): Record<string, string> | null => {
      const params = Object.fromEntries(new URL(url, 'http://x').searchParams);
      return alipayVerify(params, keyOf(settings.demo!.appPublicKey, 'public'), ['sign']) ? params : null;
    },
    notify: (fields: Parameters<typeof signedAlipayNotify>[1], options?: { forged?: boolean }) => signedAlipayNotify(settings, fields, options),
  };
};

/**
 * The demo's settings for online Alipay (`npm start`, never in production): with no Alipay app
 * configured, the stand-in below plays the gateway with demo keys. A configured app (ALIPAY_APP_ID) wins.
 */
export const withDemoAlipay = <C extends Pick<Config, 'alipay'>>(config: C, pairs: PemPairs = freshPemPair): C =>
  config.alipay.appId ? config : { ...config, alipay: demoAlipaySettings(`${DEMO_ALIPAY_PREFIX}/gateway.do`, pairs) };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
.note{background:#e8f4ff;border:1px solid #1677ff;padding:.75rem;border-radius:6px}button{font-size:1rem;padding:.6rem 1.4rem;margin:1rem 0;background:#1677ff;color:#fff;border:0;border-radius:6px}</style></head><body>${body}</body></html>`;

/** Mounts the demo's Alipay stand-in when the settings carry demo keys (`withDemoAlipay`). */
export const registerDemoAlipay = (app: FastifyInstance, config: Pick<Config, 'alipay'>): void => {
  const demo = config.alipay.demo;
  if (!demo) return;
  const appKey = keyOf(demo.appPublicKey, 'public');
  const gatewayKey = keyOf(demo.gatewayPrivateKey, 'private');
  const trades = new Map<string, Trade>();
  const refuse = (text: string) => page('Alipay (demo stand-in)', `<h1>Alipay</h1><p role="alert">${escapeHtml(text)}</p>`);

  app.register(async (scope) => {
    scope.get('/gateway.do', async (request, reply) => {
      const params = Object.fromEntries(Object.entries(request.query as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      // What Alipay checks first: the app, the method and the app's RSA2 signature over every parameter but `sign`.
      if (params.app_id !== config.alipay.appId || params.method !== 'alipay.trade.page.pay' || params.sign_type !== 'RSA2' || !alipayVerify(params, appKey, ['sign'])) {
        return reply.code(400).type('text/html').send(refuse('Invalid signature or app id (INVALID_SIGNATURE)'));
      }
      let biz: Trade['biz'];
      try {
        biz = JSON.parse(params.biz_content ?? '') as Trade['biz'];
      } catch {
        return reply.code(400).type('text/html').send(refuse('Invalid biz_content'));
      }
      const existing = trades.get(biz.out_trade_no);
      if (existing?.paid) return reply.code(400).type('text/html').send(refuse('This trade is paid already (TRADE_HAS_SUCCESS)'));
      trades.set(biz.out_trade_no, { params, biz, tradeNo: existing?.tradeNo ?? `2026${randomBytes(10).toString('hex')}`, paid: false });
      const amount = `${escapeHtml(biz.trans_currency ?? 'CNY')} ${escapeHtml(biz.total_amount)}`;
      return reply.type('text/html').send(page('Alipay (demo stand-in)', `<h1>Pay with Alipay</h1>
<p class="note" role="note">Demo stand-in for Alipay: no account, no real money; its keys were made when the server started. <span lang="zh">演示用的支付宝替身：无需账户，不会产生真实付款；其密钥在服务器启动时生成。</span></p>
<p>${escapeHtml(biz.subject)} · ${escapeHtml(biz.out_trade_no)}</p>
<p>Amount <span lang="zh">金额</span>: <strong data-amount>${amount}</strong></p>
<form method="post" action="${DEMO_ALIPAY_PREFIX}/pay?out_trade_no=${encodeURIComponent(biz.out_trade_no)}"><button type="submit">Pay <span lang="zh">付款</span></button></form>
<a href="${escapeHtml(params.return_url ?? '/')}">Cancel and return <span lang="zh">取消并返回</span></a>`));
    });

    scope.post('/pay', async (request, reply) => {
      const trade = trades.get(String((request.query as { out_trade_no?: string }).out_trade_no ?? ''));
      if (!trade) return reply.code(404).type('text/html').send(refuse('No such trade'));
      const notifyUrl = trade.params.notify_url ?? '';
      const notify = signedAlipayNotify(config.alipay, {
        out_trade_no: trade.biz.out_trade_no, total_amount: trade.biz.total_amount, trade_no: trade.tradeNo, ...(trade.biz.trans_currency ? { trans_currency: trade.biz.trans_currency } : {}),
      });
      // Alipay posts the notify to the app; the stand-in lives in the app, so it delivers it here.
      const delivered = await app.inject({
        method: 'POST', url: new URL(notifyUrl, 'http://app.invalid').pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(notify).toString(),
      });
      if (delivered.body !== 'success') {
        return reply.code(502).type('text/html').send(refuse(`The app did not accept the notify (HTTP ${delivered.statusCode}): ${delivered.body.slice(0, 300)}`));
      }
      trade.paid = true;
      const back: Record<string, string> = {
        charset: 'utf-8', out_trade_no: trade.biz.out_trade_no, method: 'alipay.trade.page.pay.return', total_amount: trade.biz.total_amount,
        trade_no: trade.tradeNo, auth_app_id: config.alipay.appId ?? '', version: '1.0', app_id: config.alipay.appId ?? '', sign_type: 'RSA2',
        seller_id: '2088000000000001', timestamp: alipayTime(),
      };
      const { sign_type: _type, ...signed } = back;
      const returnUrl = trade.params.return_url ?? '/';
      const query = new URLSearchParams({ ...back, sign: alipaySign(signed, gatewayKey) }).toString();
      return reply.redirect(`${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${query}`, 302);
    });
  }, { prefix: DEMO_ALIPAY_PREFIX });
};
