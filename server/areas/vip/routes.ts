/**
 * VIP routes beside the pay record's declared ones:
 *
 * - `GET /vip/plans`: the periods on sale with price and struck list price (src/schema/vip/entities.ts,
 *   `VIP_PLANS`), and each payment channel with whether it can be used and what the buyer must
 *   do, from the settings (./channels.ts);
 * - online PayPal (./settle.ts): `POST /vip/paypal/order/{id}` makes the PayPal order of the
 *   caller's unpaid PayPal application and answers where to approve it; `POST /vip/paypal/capture`
 *   settles an order when the buyer comes back; the public `POST /vip/paypal/webhook` settles it
 *   when PayPal says so, each delivery checked with PayPal's verify-webhook-signature under
 *   PAYPAL_WEBHOOK_ID (no shared secret travels; an unverified event changes nothing). Each check
 *   is a call to PayPal, so deliveries are throttled per client address (PAYPAL_WEBHOOK_MAX_PER_IP
 *   in the shared throttle table, as invite-link clicks are): past the limit, 429 and no call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { entityList } from '../../../src/schema/entities';
import type { VipPlansAnswer } from '../../../src/schema/vip/entities';
import { payRecord, VIP_API, VIP_CURRENCY, VIP_PLANS } from '../../../src/schema/vip/entities';
import { requireAuth } from '../../auth/guard';
import { beginAttempt, ipKey } from '../../auth/throttle';
import { actionPerformer } from '../../crud/actions';
import { ALL_SHOPS } from '../../crud/scope';
import type { Config } from '../../config';
import { jsonShapeRefusal } from '../../http/body-shape';
import { ok } from '../../http/envelope';
import { fieldInvalid, httpError, isHttpError, tooManyRequests } from '../../http/errors';
import { noteOnRequestLine, requestLineNotes } from '../../http/logging';
import { parseWith } from '../../http/validation';
import type { AreaDeps } from '../area';
import { vipActions } from './actions';
import { channelInfo } from './channels';
import { createPaypalClient, paypalReady } from './paypal';
import type { PaypalClient } from './paypal';
import { onlineAdapters } from './adapters';
import type { OnlineChannel } from './online';
import { NoticeRefused, payRecordIdOfTradeNo } from './online';
import { settleOrderPayment } from '../portal/orders/pay';
import { createPaypalSettler, settleNotice, startPayment } from './settle';

const onlineParams = z.strictObject({ channel: z.enum(['alipay', 'wechat']), id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const captureBody = z.strictObject({ orderId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/) });
/** What the webhook reads of PayPal's event; the rest is passed to the signature check as sent. */
const webhookEvent = z.object({
  id: z.string().max(100).optional(),
  event_type: z.string().max(100),
  resource: z.object({
    id: z.string().max(64).optional(),
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(64).optional() }).optional() }).optional(),
  }).optional(),
});

const originOf = (request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;

/** The order an event is about: the approved order itself, or the order a completed capture belongs to. */
const orderOfEvent = (event: z.infer<typeof webhookEvent>): string | null => {
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED') return event.resource?.id ?? null;
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') return event.resource?.supplementary_data?.related_ids?.order_id ?? null;
  return null;
};

export const registerVipRoutes = (api: FastifyInstance, deps: AreaDeps, paypal: PaypalClient = createPaypalClient(deps.config.paypal)): void => {
  const { config, db } = deps;
  const adapters = onlineAdapters(config);
  api.get(VIP_API.plans, { config: { openapi: { summary: 'VIP periods with price and list price, and the payment channels with what the buyer must do', tags: ['vip'], query: null, body: null } } }, async () =>
    ok<VipPlansAnswer>({
      currency: VIP_CURRENCY,
      plans: VIP_PLANS.map((p) => ({ value: p.value, label: p.label, months: p.months, price: p.price, listPrice: p.listPrice })),
      channels: channelInfo(config),
    }));

  const perform = actionPerformer({ db, entities: entityList, actions: vipActions() });
  // The provider, not an administrator, confirms: no admin id on the record or the audit rows.
  const systemConfirm = (request: FastifyRequest) => async (id: number) => {
    await perform(payRecord, 'confirm', { ids: [id], params: {}, actor: { adminId: null, ip: request.ip ?? null, scope: ALL_SHOPS } });
  };
  const settlerFor = (request: FastifyRequest) => createPaypalSettler({
    db, paypal, log: requestLineNotes(request),
    // PayPal, not an administrator, confirms: no admin id on the record or the audit rows.
    confirm: systemConfirm(request),
  });

  api.post(VIP_API.onlineStart, { config: { openapi: { summary: "Start the online payment (Alipay page pay, WeChat Pay Native) of the caller's unpaid application; answers where to pay or the QR code's text", tags: ['vip'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    const { channel, id } = parseWith(onlineParams, request.params);
    const adapter = adapters[channel];
    if (!adapter?.ready) throw fieldInvalid('channel', 'channel_unavailable');
    const origin = originOf(request, config);
    return ok(await startPayment({ db, adapter, log: requestLineNotes(request) }, id, auth.adminId, {
      returnUrl: `${origin}/pay/index?${channel}=return`,
      notifyUrl: `${origin}${config.apiPrefix}${channel === 'alipay' ? VIP_API.alipayNotify : VIP_API.wechatNotify}`,
    }));
  });

  /**
   * A provider's notify (public): its signature checked with the provider's key by the adapter,
   * then settled once (./settle.ts `settleNotice`). A notify that fails the check is 400
   * `notify_refused` and changes nothing; the provider's "success" answer only once settled.
   */
  const onNotify = (channel: OnlineChannel) => async (request: FastifyRequest, reply: FastifyReply) => {
    const adapter = adapters[channel];
    if (!adapter?.ready) throw httpError({ status: 400, messageKey: 'notify_refused' });
    let notice;
    try {
      notice = await adapter.verify({ headers: request.headers, rawBody: (request as { rawBody?: string }).rawBody ?? '', body: request.body });
    } catch (error) {
      if (!(error instanceof NoticeRefused)) throw error;
      noteOnRequestLine(request, 'warn', { channel, reason: error.reason }, 'Payment notify not verified: ignored');
      throw httpError({ status: 400, messageKey: 'notify_refused' });
    }
    // One notify address per channel: a VIP trade number settles its pay record, any other a buyer's order (server/areas/portal/orders/pay.ts).
    if (payRecordIdOfTradeNo(notice.tradeNo) === null) await settleOrderPayment(db, null, channel, notice, requestLineNotes(request));
    else await settleNotice({ db, confirm: systemConfirm(request), log: requestLineNotes(request) }, channel, notice);
    return adapter.acknowledge(reply);
  };
  api.post(VIP_API.alipayNotify, { config: { openapi: { summary: "Alipay's asynchronous notify (public; signed RSA2, checked with Alipay's public key): a paid trade confirms its application once", tags: ['vip'], query: null, body: null, public: true }, realStatus: true } }, onNotify('alipay'));
  // WeChat Pay signs the body as sent: in a scope of its own, JSON is kept as text beside its parse.
  api.register(async (scope) => {
    if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as { rawBody?: string }).rawBody = body as string;
      const refusal = jsonShapeRefusal(body as string);
      if (refusal) {
        done(refusal, undefined);
        return;
      }
      try {
        done(null, JSON.parse(body as string) as unknown);
      } catch {
        done(httpError({ status: 400, messageKey: 'notify_refused' }), undefined);
      }
    });
    scope.post(VIP_API.wechatNotify, { config: { openapi: { summary: "WeChat Pay's notify (public; signature checked with WeChat Pay's public key, resource decrypted with the APIv3 key): a paid transaction confirms its application once", tags: ['vip'], query: null, body: null, public: true }, realStatus: true } }, onNotify('wechat'));
  });

  const requireReady = () => {
    if (!paypalReady(config.paypal)) throw fieldInvalid('channel', 'channel_unavailable');
  };

  api.post(VIP_API.paypalOrder, { config: { openapi: { summary: "Create the PayPal order of the caller's unpaid PayPal application; answers the approval link", tags: ['vip'], query: null, body: null } } }, async (request) => {
    const auth = requireAuth(request);
    requireReady();
    const { id } = parseWith(idParams, request.params);
    return ok(await settlerFor(request).startOrder(id, auth.adminId, originOf(request, config)));
  });

  api.post(VIP_API.paypalCapture, { config: { openapi: { summary: 'Capture an approved PayPal order of the caller and confirm its application (repeatable)', tags: ['vip'], query: null, body: captureBody } } }, async (request) => {
    const auth = requireAuth(request);
    requireReady();
    const { orderId } = parseWith(captureBody, request.body);
    return ok(await settlerFor(request).settle(orderId, auth.adminId));
  });

  api.post(VIP_API.paypalWebhook, { config: { openapi: { summary: "PayPal's webhook (public; each event verified with PayPal): an approved or captured order confirms its application once", tags: ['vip'], query: null, body: webhookEvent, public: true }, realStatus: true } }, async (request) => {
    const refused = () => httpError({ status: 400, messageKey: 'webhook_refused' });
    if (!paypalReady(config.paypal) || !config.paypal.webhookId) throw refused();
    const event = webhookEvent.safeParse(request.body);
    if (!event.success) throw refused();
    // Every check below is a call to PayPal: counted per address before it (refused ones cost a read only).
    const allowed = await beginAttempt(db, [{ key: `paypal-webhook:${ipKey(request.ip)}`, max: config.paypalWebhookMaxPerIp, windowSeconds: config.paypalWebhookWindowSeconds }]);
    if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds);
    let verified: boolean;
    try {
      verified = await paypal.verifyWebhook(request.headers, request.body);
    } catch (error) {
      // PayPal unreachable: a 5xx makes PayPal deliver the event again later.
      noteOnRequestLine(request, 'warn', { err: error }, 'PayPal webhook verification failed');
      throw httpError({ status: 502, messageKey: 'paypal_failed' });
    }
    if (!verified) {
      noteOnRequestLine(request, 'warn', { eventId: event.data.id ?? null, type: event.data.event_type }, 'PayPal webhook event not verified: ignored');
      throw refused();
    }
    const orderId = orderOfEvent(event.data);
    if (!orderId) return ok({ handled: false });
    try {
      return ok({ handled: true, ...await settlerFor(request).settle(orderId, null) });
    } catch (error) {
      // An order of no pay record here (another app on the same PayPal account): acknowledged, so PayPal stops sending it.
      if (isHttpError(error) && error.problem.status === 404) return ok({ handled: false });
      // An order that no longer pays its application (not captured, or its capture given back): acknowledged, logged by the settler.
      if (isHttpError(error) && error.problem.status === 409) return ok({ handled: true, refused: error.problem.messageKey });
      throw error;
    }
  });
};
