/**
 * A stand-in for the part of PayPal's REST API the VIP purchase uses, with PayPal's shapes: the tests'
 * fake PayPal (on a port of its own, `startFakePaypal`) and the demo's PayPal sandbox (mounted on the
 * app under DEMO_PAYPAL_PREFIX by `npm start` when no PayPal app is configured, so a newcomer can try
 * online PayPal end to end with no account and no money: `registerDemoPaypal`). It has the
 * OAuth2 client-credentials token (`POST /v1/oauth2/token`, Basic auth), orders (`POST
 * /v2/checkout/orders`, `GET /v2/checkout/orders/{id}`, `POST …/{id}/capture` honouring
 * `PayPal-Request-Id`, 422 `ORDER_NOT_APPROVED` / `ORDER_ALREADY_CAPTURED`), a capture's refund
 * (`POST /v2/payments/captures/{id}/refund`, once per request id), the buyer's approval
 * page (`/checkoutnow?token=`, a "Pay Now" button that sends the buyer to the order's return URL
 * with `token` and `PayerID`) and `POST /v1/notifications/verify-webhook-signature`. Webhook
 * deliveries are "signed" with an HMAC of the transmission id, time, webhook id and body that only
 * the fake knows (PayPal signs with its certificate); `signedWebhook` makes one as PayPal would send it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

const FAKE_PAYPAL = { clientId: 'fake-client-id', clientSecret: 'fake-client-secret', webhookId: 'WH-FAKE-0001' } as const;
/** Where the demo's sandbox answers on the app itself (outside the API prefix: PayPal's paths, not ours). */
export const DEMO_PAYPAL_PREFIX = '/demo-paypal';

type Amount = { currency_code: string; value: string };
type FakeOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: { reference_id?: string; custom_id?: string; description?: string; amount: Amount; payments?: { captures: { id: string; status: string; amount: Amount; custom_id?: string }[] } }[];
  returnUrl: string;
  cancelUrl: string;
};

type PaypalSandbox = {
  readonly orders: Map<string, FakeOrder>;
  /** How often each route was called (`POST /v2/checkout/orders/:id/capture`). */
  readonly calls: Map<string, number>;
  /** While true every API call answers 503 (PayPal down). */
  down: boolean;
  /** The buyer approves an order (what the approval page's button does). */
  approve: (orderId: string) => void;
  /** A webhook delivery as PayPal sends it: the event and its signature headers (`forged`: a wrong signature). */
  signedWebhook: (eventType: string, resource: Record<string, unknown>, options?: { forged?: boolean }) => { headers: Record<string, string>; body: Record<string, unknown> };
  /** The capture event PayPal sends for a captured order. */
  captureEvent: (orderId: string) => { eventType: string; resource: Record<string, unknown> };
};

export type FakePaypal = PaypalSandbox & { readonly baseUrl: string; close: () => Promise<void> };

type SandboxOptions = {
  /** Where its routes are (`''` on a port of its own). */
  prefix: string;
  /** The origin the buyer's browser reaches the approval page at, for an order. */
  pageOrigin: (order: FakeOrder) => string;
  /** The origin of the API, named in webhook signature headers. */
  apiOrigin: () => string;
};

const newId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

const paypalError = (reply: FastifyReply, status: number, name: string, issue?: string) =>
  reply.code(status).send({ name, message: name, debug_id: randomUUID(), ...(issue ? { details: [{ issue, description: issue }] } : {}) });

/** The sandbox's routes on `app` (under `prefix`) and the handles tests drive it by. */
const paypalSandbox = (app: FastifyInstance, site: SandboxOptions): PaypalSandbox => {
  const { prefix } = site;
  const orders = new Map<string, FakeOrder>();
  const calls = new Map<string, number>();
  const tokens = new Set<string>();
  const captureAnswers = new Map<string, unknown>();
  const signingKey = randomBytes(32);
  const state = { down: false };

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.slice(prefix.length);
    const route = `${request.method} ${(request.routeOptions.url ?? request.url).slice(prefix.length)}`;
    calls.set(route, (calls.get(route) ?? 0) + 1);
    if (state.down && path.startsWith('/v')) return paypalError(reply, 503, 'SERVICE_UNAVAILABLE');
    if (path.startsWith('/v2/') || path.startsWith('/v1/notifications/')) {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) return paypalError(reply, 401, 'AUTHENTICATION_FAILURE');
    }
    return undefined;
  });

  app.post('/v1/oauth2/token', async (request, reply) => {
    const basic = Buffer.from(`${FAKE_PAYPAL.clientId}:${FAKE_PAYPAL.clientSecret}`).toString('base64');
    const grant = (request.body as { grant_type?: unknown } | null)?.grant_type;
    if (request.headers.authorization !== `Basic ${basic}` || grant !== 'client_credentials') {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const token = `A21AA${randomBytes(24).toString('hex')}`;
    tokens.add(token);
    return { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: randomUUID() };
  });

  const view = (order: FakeOrder) => ({
    id: order.id, status: order.status, intent: 'CAPTURE', purchase_units: order.purchase_units,
    links: [
      { href: `${site.apiOrigin()}${prefix}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'CREATED' ? [{ href: `${site.pageOrigin(order)}${prefix}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ],
  });

  app.post('/v2/checkout/orders', async (request, reply) => {
    const body = request.body as { intent?: string; purchase_units?: FakeOrder['purchase_units']; payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } } };
    const unit = body.purchase_units?.[0];
    const context = body.payment_source?.paypal?.experience_context;
    if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+\.\d{2}$/.test(unit.amount.value) || !context?.return_url || !context.cancel_url) {
      return paypalError(reply, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    }
    const order: FakeOrder = { id: newId(), status: 'CREATED', purchase_units: [unit], returnUrl: context.return_url, cancelUrl: context.cancel_url };
    orders.set(order.id, order);
    return reply.code(200).send(view(order));
  });

  app.get('/v2/checkout/orders/:id', async (request, reply) => {
    const order = orders.get((request.params as { id: string }).id);
    return order ? view(order) : paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  });

  // A capture's full refund, once per request id (PayPal answers a repeat with the first refund).
  app.post('/v2/payments/captures/:id/refund', async (request: FastifyRequest, reply) => {
    const id = (request.params as { id: string }).id;
    const capture = [...orders.values()].flatMap((o) => o.purchase_units[0]?.payments?.captures ?? []).find((c) => c.id === id);
    if (!capture) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `refund:${id}:${requestId}` : null;
    if (key && captureAnswers.has(key)) return captureAnswers.get(key);
    if (capture.status === 'REFUNDED') return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    capture.status = 'REFUNDED';
    const answer = { id: newId(), status: 'COMPLETED' };
    if (key) captureAnswers.set(key, answer);
    return reply.code(201).send(answer);
  });

  app.post('/v2/checkout/orders/:id/capture', async (request: FastifyRequest, reply) => {
    const order = orders.get((request.params as { id: string }).id);
    if (!order) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${order.id}:${requestId}` : null;
    // PayPal answers a repeated request id with the first answer, capturing once.
    if (key && captureAnswers.has(key)) return captureAnswers.get(key);
    if (order.status === 'COMPLETED') return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const unit = order.purchase_units[0]!;
    unit.payments = { captures: [{ id: newId(), status: 'COMPLETED', amount: unit.amount, ...(unit.custom_id ? { custom_id: unit.custom_id } : {}) }] };
    order.status = 'COMPLETED';
    const answer = view(order);
    if (key) captureAnswers.set(key, answer);
    return reply.code(201).send(answer);
  });

  const approve = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    if (order.status === 'CREATED') order.status = 'APPROVED';
  };

  // The buyer's page: PayPal's checkout, reduced to one button, saying in both languages that it is a
  // stand-in (it is reached from the admin, whose language it does not know). Nothing on it comes
  // from the buyer but the order id, which must name a known order.
  app.get('/checkoutnow', async (request, reply) => {
    const token = String((request.query as { token?: string }).token ?? '');
    const order = orders.get(token);
    if (!order) return reply.code(404).type('text/html').send('<p>No such order</p>');
    const amount = order.purchase_units[0]!.amount;
    const cancel = `${order.cancelUrl}${order.cancelUrl.includes('?') ? '&' : '?'}token=${order.id}`;
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal (demo stand-in)</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
.note{background:#fff4e5;border:1px solid #f0b429;padding:.75rem;border-radius:6px}button{font-size:1rem;padding:.6rem 1.4rem;margin:1rem 0}</style></head><body>
<h1>Pay with PayPal</h1>
<p class="note" role="note">Demo stand-in for PayPal: no account, no real money. <span lang="zh">演示用的 PayPal 替身：无需账户，不会产生真实付款。</span></p>
<p>Amount <span lang="zh">金额</span>: <strong data-amount>${amount.currency_code} ${amount.value}</strong></p>
<form method="post" action="${prefix}/checkoutnow/approve?token=${order.id}"><button type="submit">Pay Now</button></form>
<a href="${cancel}">Cancel and return</a></body></html>`);
  });
  app.post('/checkoutnow/approve', async (request, reply) => {
    const token = String((request.query as { token?: string }).token ?? '');
    const order = orders.get(token);
    if (!order) return reply.code(404).send();
    approve(token);
    return reply.redirect(`${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=FAKEPAYER01`, 302);
  });

  const signatureOf = (transmissionId: string, time: string, webhookId: string, event: unknown) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`).digest('base64');

  app.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    if (fields.some((f) => body[f] === undefined || body[f] === null)) return paypalError(reply, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    const expected = signatureOf(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), body.webhook_event);
    const success = body.webhook_id === FAKE_PAYPAL.webhookId && body.transmission_sig === expected;
    return { verification_status: success ? 'SUCCESS' : 'FAILURE' };
  });

  return {
    orders,
    calls,
    get down() { return state.down; },
    set down(value: boolean) { state.down = value; },
    approve,
    signedWebhook: (eventType, resource, options = {}) => {
      const body = { id: `WH-${newId()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: eventType.startsWith('PAYMENT') ? 'capture' : 'checkout-order', event_type: eventType, summary: eventType, resource };
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const signature = signatureOf(transmissionId, time, FAKE_PAYPAL.webhookId, body);
      return {
        body,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': `${site.apiOrigin()}${prefix}/v1/notifications/certs/CERT-FAKE`,
          'paypal-transmission-id': transmissionId, 'paypal-transmission-time': time,
          'paypal-transmission-sig': options.forged ? `${signature.slice(0, -4)}AAAA` : signature,
        },
      };
    },
    captureEvent: (orderId) => {
      const order = orders.get(orderId);
      const capture = order?.purchase_units[0]?.payments?.captures[0];
      if (!order || !capture) throw new Error(`fake PayPal: order ${orderId} is not captured`);
      return { eventType: 'PAYMENT.CAPTURE.COMPLETED', resource: { ...capture, supplementary_data: { related_ids: { order_id: orderId } } } };
    },
  };
};

/** The tests' fake PayPal, on a port of its own. */
export const startFakePaypal = async (): Promise<FakePaypal> => {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  let baseUrl = '';
  const sandbox = paypalSandbox(app, { prefix: '', pageOrigin: () => baseUrl, apiOrigin: () => baseUrl });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('fake PayPal: no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  // A getter, not a spread: `down` is an accessor of the sandbox.
  return Object.assign(sandbox, { baseUrl, close: () => app.close() });
};

/** The settings that point the app at the fake. */
export const fakePaypalSettings = (fake: Pick<FakePaypal, 'baseUrl'>, options: { webhook?: boolean } = {}) => ({
  apiBase: fake.baseUrl, clientId: FAKE_PAYPAL.clientId, clientSecret: FAKE_PAYPAL.clientSecret,
  webhookId: options.webhook === false ? null : FAKE_PAYPAL.webhookId,
});

/** The address this server reaches itself at, from where it listens. */
const selfHost = (host: string): string => {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
};

/**
 * The demo's settings for online PayPal (`npm start`, never in production): with no PayPal app
 * configured, the app's own sandbox (below) stands in for PayPal, so the channel can be tried end to
 * end with no account and no money. A configured PayPal app (PAYPAL_CLIENT_ID) wins. The server
 * calls the sandbox over HTTP like PayPal, so it needs its own port (PORT=0 leaves the channel off).
 */
export const withDemoPaypal = <C extends Pick<Config, 'paypal' | 'host' | 'port'>>(config: C): C =>
  config.paypal.clientId || !config.port ? config : {
    ...config,
    paypal: {
      apiBase: `http://${selfHost(config.host)}:${config.port}${DEMO_PAYPAL_PREFIX}`,
      clientId: FAKE_PAYPAL.clientId, clientSecret: FAKE_PAYPAL.clientSecret, webhookId: null, demoSandbox: true,
    },
  };

/** Mounts the demo's PayPal sandbox when the settings ask for it (`withDemoPaypal`). */
export const registerDemoPaypal = (app: FastifyInstance, config: Pick<Config, 'paypal'>): void => {
  if (!config.paypal.demoSandbox) return;
  const apiOrigin = config.paypal.apiBase.slice(0, -DEMO_PAYPAL_PREFIX.length);
  app.register(async (scope) => {
    // The buyer's browser comes back to the app's return URL, so it reaches the page at that origin
    // (PUBLIC_URL or the request's), which may differ from the loopback address the API is called at.
    paypalSandbox(scope, { prefix: DEMO_PAYPAL_PREFIX, pageOrigin: (order) => new URL(order.returnUrl).origin, apiOrigin: () => apiOrigin });
  }, { prefix: DEMO_PAYPAL_PREFIX });
};
