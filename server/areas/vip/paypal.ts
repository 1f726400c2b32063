/**
 * A small client of PayPal's REST API (v2 orders), with Node's own fetch: an OAuth2
 * client-credentials token (`POST /v1/oauth2/token`, kept until shortly before it expires),
 * creating an order (`POST /v2/checkout/orders`), reading one, capturing one
 * (`POST /v2/checkout/orders/{id}/capture`), refunding a capture (`POST /v2/payments/captures/{id}/refund`) and checking a webhook event's signature with PayPal
 * (`POST /v1/notifications/verify-webhook-signature` under the configured webhook id). The base
 * URL is a setting (PAYPAL_API_BASE), so tests point it at a local fake of the same API.
 *
 * Only the fields the VIP purchase reads are typed; PayPal sends more.
 */
import type { Config } from '../../config';

type PaypalSettings = Config['paypal'];

/** The channel can be offered only with the app's credentials. */
export const paypalReady = (settings: PaypalSettings): boolean => !!settings.clientId && !!settings.clientSecret;

type PaypalLink = { href: string; rel: string; method?: string };
type PaypalCapture = { id: string; status: string; amount?: { currency_code: string; value: string }; custom_id?: string };
export type PaypalOrder = {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PaypalCapture[] };
  }[];
};

/** A refusal or failure of PayPal's API: its HTTP status and, where PayPal names one, the issue (`ORDER_ALREADY_CAPTURED`). */
export class PaypalError extends Error {
  override name = 'PaypalError';
  constructor(message: string, readonly status: number, readonly issue: string | null) {
    super(message);
  }
}

/** Longest wait for one call of PayPal: a hanging provider must not hold a request for ever. */
const TIMEOUT_MS = 20_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

type OrderRequest = {
  payRecordId: number; amount: string; currency: string; description: string; returnUrl: string; cancelUrl: string;
};

/** The headers PayPal signs a webhook delivery with (lower-case, as Node gives them). */
type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

export type PaypalClient = {
  createOrder: (order: OrderRequest) => Promise<PaypalOrder>;
  getOrder: (id: string) => Promise<PaypalOrder>;
  captureOrder: (id: string) => Promise<PaypalOrder>;
  /** Gives a capture's money back in full (once per capture: the request id makes a repeat the same refund). */
  refundCapture: (captureId: string) => Promise<{ id: string; status: string }>;
  /** True when PayPal confirms the delivery was signed for the configured webhook; false without a webhook id. */
  verifyWebhook: (headers: WebhookHeaders, event: unknown) => Promise<boolean>;
};

const issueOf = (body: unknown): string | null => {
  const details = (body as { details?: { issue?: unknown }[] } | null)?.details;
  const issue = Array.isArray(details) ? details[0]?.issue : (body as { name?: unknown } | null)?.name;
  return typeof issue === 'string' ? issue : null;
};

const header = (headers: WebhookHeaders, name: string): string | null => {
  const value = headers[name];
  return typeof value === 'string' && value ? value : null;
};

/** The page where the buyer approves the order: `payer-action` with a payment source, `approve` without. */
export const approveLinkOf = (order: PaypalOrder): string | null =>
  order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;

export const createPaypalClient = (settings: PaypalSettings): PaypalClient => {
  let token: { value: string; expiresAt: number } | null = null;

  const fetchToken = async (): Promise<string> => {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value;
    if (!paypalReady(settings)) throw new PaypalError('PayPal is not configured', 503, null);
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await fetch(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await response.json().catch(() => null) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string') {
      throw new PaypalError(`PayPal token: HTTP ${response.status}`, response.status, issueOf(body));
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    token = { value: body.access_token, expiresAt: Date.now() + seconds * 1000 };
    return token.value;
  };

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}, retried = false): Promise<T> => {
    const response = await fetch(`${settings.apiBase}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await fetchToken()}`, Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // A token PayPal revoked before its time: fetch a new one, once.
    if (response.status === 401 && !retried) {
      token = null;
      return call<T>(method, path, body, extra, true);
    }
    const answer = await response.json().catch(() => null) as unknown;
    if (!response.ok) throw new PaypalError(`PayPal ${method} ${path}: HTTP ${response.status}`, response.status, issueOf(answer));
    return answer as T;
  };

  return {
    createOrder: (order) => call<PaypalOrder>('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{
        reference_id: `pay-record-${order.payRecordId}`,
        // Read back on capture and in webhook events: which pay record the money is for.
        custom_id: String(order.payRecordId),
        description: order.description,
        amount: { currency_code: order.currency, value: order.amount },
      }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: order.returnUrl, cancel_url: order.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    }),
    getOrder: (id) => call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`),
    // The request id makes a repeated capture (a return and a webhook at once) one capture on PayPal's side too.
    captureOrder: (id) => call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, { 'PayPal-Request-Id': `capture-${id}` }),
    refundCapture: (id) => call<{ id: string; status: string }>('POST', `/v2/payments/captures/${encodeURIComponent(id)}/refund`, {}, { 'PayPal-Request-Id': `refund-${id}` }),
    verifyWebhook: async (headers, event) => {
      if (!settings.webhookId) return false;
      const fields = {
        auth_algo: header(headers, 'paypal-auth-algo'),
        cert_url: header(headers, 'paypal-cert-url'),
        transmission_id: header(headers, 'paypal-transmission-id'),
        transmission_sig: header(headers, 'paypal-transmission-sig'),
        transmission_time: header(headers, 'paypal-transmission-time'),
      };
      if (Object.values(fields).some((v) => v === null)) return false;
      const answer = await call<{ verification_status?: unknown }>('POST', '/v1/notifications/verify-webhook-signature', {
        ...fields, webhook_id: settings.webhookId, webhook_event: event,
      });
      return answer.verification_status === 'SUCCESS';
    },
  };
};
