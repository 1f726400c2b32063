/**
 * The order routes of the shop front (mall-portal's /order/*, /returnApply/create, /alipay/*), on
 * the services beside this file: placing (./place.ts), paying (./pay.ts), the buyer's own orders
 * (./lifecycle.ts). The cart and the addresses are the shop front's (server/areas/portal); they
 * reach the orders through `OrderSources`, so this folder reads no table of theirs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '../../../../src/schema/api';
import { ok } from '../../../http/envelope';
import { isHttpError, validationFailed } from '../../../http/errors';
import { requestLineNotes } from '../../../http/logging';
import type { Db } from '../../../crud/hooks';
import { onlineAdapters } from '../../vip/adapters';
import { NoticeRefused } from '../../vip/online';
import type { OnlineChannel } from '../../vip/online';
import type { Buyer as PortalBuyer, PortalRoutes } from '../context';
import { buyerOf, idListParam, idParam, intParam, pageParams, paramsOf, shopOf } from '../context';
import type { OrderListStatus } from './lifecycle';
import { applyReturn, cancelOrder, confirmReceive, hideOrder, listOrders } from './lifecycle';
import type { Receiver } from './place';
import { confirmOrder, flashOfOrder, generateOrder, orderDetail } from './place';
import { paySuccess, settleOrderPayment, startOrderPayment } from './pay';
import type { LineRequest } from './sources';
import { checkQuantity, refused } from './sources';

/** What the orders read of the shop front's cart and addresses. */
export type OrderSources = {
  /** The buyer's own cart lines of these ids as order lines (a missing or foreign id is refused). */
  readonly cartLines: (db: Db, buyer: PortalBuyer, cartIds: readonly number[]) => Promise<LineRequest[]>;
  /** Deletes the ordered cart lines, inside the order's transaction. */
  readonly removeCartLines: (trx: Db, buyer: PortalBuyer, cartIds: readonly number[]) => Promise<void>;
  /** The buyer's own address as the order's receiver, or null. */
  readonly receiverOf: (db: Db, buyer: PortalBuyer, addressId: number) => Promise<Receiver | null>;
  /** The buyer's addresses as `mall`'s UmsMemberReceiveAddress list (the confirm screen's). */
  readonly addresses: (db: Db, buyer: PortalBuyer) => Promise<unknown[]>;
};

const text = (value: unknown, max: number): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) throw validationFailed([fieldError('body', 'invalid_value')]);
  return value;
};

const bodyObject = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...(request.query as Record<string, unknown> ?? {}), ...body as Record<string, unknown> } : paramsOf(request);
};

const CHANNELS: readonly OnlineChannel[] = ['alipay', 'wechat'];

export const orderRoutes = (sources: OrderSources): PortalRoutes => (portal, { db, config }) => {
  const adapters = onlineAdapters(config);
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  /** Alipay's notify comes to the shop's `/alipay/notify` (mall's path); WeChat Pay's to the VIP notify route, which settles orders too. */
  const notifyUrlOf = (request: FastifyRequest, channel: OnlineChannel) => (channel === 'alipay'
    ? `${originOf(request)}/portal/${shopOf(request).id}/alipay/notify`
    : `${originOf(request)}${config.apiPrefix}/vip/wechat/notify`);

  portal.post('/order/generateConfirmOrder', async (request) => {
    const buyer = buyerOf(request);
    const ids = idListParam(Array.isArray(request.body) ? request.body : paramsOf(request).cartIds, 'cartIds');
    const lines = await sources.cartLines(db, buyer, ids);
    const confirm = await confirmOrder(db, buyer, lines, { timeZone: shopOf(request).timeZone });
    return ok({ ...confirm, memberReceiveAddressList: await sources.addresses(db, buyer) });
  });

  portal.post('/order/generateOrder', async (request) => {
    const buyer = buyerOf(request);
    const body = bodyObject(request);
    const cartIds = idListParam(body.cartIds, 'cartIds');
    const useIntegration = intParam(body.useIntegration, 'useIntegration', { min: 0, max: 100_000_000, fallback: 0 });
    const couponId = body.couponId === undefined || body.couponId === null || body.couponId === '' ? null : idParam(body.couponId, 'couponId');
    const addressId = body.memberReceiveAddressId === undefined || body.memberReceiveAddressId === null || body.memberReceiveAddressId === ''
      ? null : idParam(body.memberReceiveAddressId, 'memberReceiveAddressId');
    const lines = await sources.cartLines(db, buyer, cartIds);
    // A sold-out flash line is refused on its one read, before the receiver's (a sale's late buyers are many).
    const now = Date.now();
    const timeZone = shopOf(request).timeZone;
    const flash = await flashOfOrder(db, buyer, lines, now, timeZone);
    const receiver = addressId === null ? null : await sources.receiverOf(db, buyer, addressId);
    const detail = await generateOrder(db, buyer, {
      lines, flash, now, timeZone, couponId, useIntegration, receiver, afterWrite: (trx) => sources.removeCartLines(trx, buyer, cartIds),
    });
    return ok({ order: detail, orderItemList: detail?.orderItemList ?? [] });
  });

  portal.get('/order/list', async (request) => {
    const params = paramsOf(request);
    const status = intParam(params.status, 'status', { min: -1, max: 4 }) as OrderListStatus;
    const { pageNum, pageSize } = pageParams(params, 5);
    return ok(await listOrders(db, buyerOf(request), status, pageNum, pageSize));
  });

  portal.get('/order/detail/:orderId', async (request) =>
    ok(await orderDetail(db, buyerOf(request), idParam((request.params as { orderId?: unknown }).orderId, 'orderId'))));

  // mall's client calls it to declare a payment: here it only says whether a provider confirmed one.
  portal.post('/order/paySuccess', async (request) => ok(await paySuccess(db, buyerOf(request), idParam(paramsOf(request).orderId, 'orderId'))));

  for (const path of ['/order/cancelUserOrder', '/order/cancelOrder']) {
    portal.post(path, async (request) => {
      await cancelOrder(db, buyerOf(request), idParam(paramsOf(request).orderId, 'orderId'), request.ip ?? null);
      return ok(null);
    });
  }
  // The time-out sweep runs on the server's own schedule (server/areas/oms/jobs.ts): a buyer's call changes nothing.
  portal.post('/order/cancelTimeOutOrder', async () => ok(null));

  portal.post('/order/confirmReceiveOrder', async (request) => {
    await confirmReceive(db, buyerOf(request), idParam(paramsOf(request).orderId, 'orderId'), request.ip ?? null);
    return ok(null);
  });

  portal.post('/order/deleteOrder', async (request) => {
    await hideOrder(db, buyerOf(request), idParam(paramsOf(request).orderId, 'orderId'));
    return ok(null);
  });

  portal.post('/returnApply/create', async (request) => {
    const body = bodyObject(request);
    const productCount = intParam(body.productCount, 'productCount', { min: 1, max: 100_000, fallback: 1 });
    checkQuantity(productCount, 'productCount');
    await applyReturn(db, buyerOf(request), {
      orderId: idParam(body.orderId, 'orderId'), productId: idParam(body.productId, 'productId'), productCount,
      reason: text(body.reason, 200), description: text(body.description, 500), proofPics: text(body.proofPics, 1000),
      returnName: text(body.returnName, 100), returnPhone: text(body.returnPhone, 100),
    });
    return ok(null);
  });

  // Our own: start paying the buyer's unpaid order through a channel (Alipay's page, WeChat Pay's QR code).
  portal.post('/order/pay', async (request) => {
    const params = paramsOf(request);
    const channel = CHANNELS.find((c) => c === params.channel);
    if (!channel) throw validationFailed([fieldError('channel', 'invalid_value')]);
    const orderId = idParam(params.orderId, 'orderId');
    return ok(await startOrderPayment(db, adapters[channel], buyerOf(request), orderId, {
      returnUrl: `${originOf(request)}/portal/${shopOf(request).id}/alipay/return`, notifyUrl: notifyUrlOf(request, channel),
    }, requestLineNotes(request)));
  });

  /**
   * mall's `/alipay/webPay` and `/alipay/pay` (a browser navigates here, with no token): the order
   * number only finds the shop's unpaid order; the amount is its stored payAmount and the subject ours,
   * whatever the query says. Answers a redirect to the provider's page.
   */
  const webPay = async (request: FastifyRequest, reply: FastifyReply) => {
    const shop = shopOf(request);
    const sn = text(paramsOf(request).outTradeNo, 64);
    const row = sn ? await db.selectFrom('oms_order').select(['id', 'member_id']).where('shop_id', '=', shop.id).where('order_sn', '=', sn).executeTakeFirst() : undefined;
    if (!row) throw refused('order_wrong_state');
    const start = await startOrderPayment(db, adapters.alipay, { shopId: shop.id, memberId: Number(row.member_id) }, Number(row.id), {
      returnUrl: `${originOf(request)}/portal/${shop.id}/alipay/return`, notifyUrl: notifyUrlOf(request, 'alipay'),
    }, requestLineNotes(request));
    return reply.redirect(start.payUrl!, 302);
  };
  portal.get('/alipay/webPay', webPay);
  portal.get('/alipay/pay', webPay);

  // Where Alipay sends the buyer's browser back: nothing is settled here (the notify does that).
  portal.get('/alipay/return', async () => ok(null));

  /** `/alipay/query`: the trade's status as our records hold it (paid only once a verified notify settled it). */
  portal.get('/alipay/query', async (request) => {
    const buyer = buyerOf(request);
    const sn = text(paramsOf(request).outTradeNo, 64);
    const row = sn ? await db.selectFrom('oms_order as o').leftJoin('oms_order_payment as p', 'p.order_id', 'o.id').select(['o.id', 'p.id as payment_id'])
      .where('o.shop_id', '=', buyer.shopId).where('o.member_id', '=', buyer.memberId).where('o.order_sn', '=', sn).executeTakeFirst() : undefined;
    return ok(row ? (row.payment_id === null ? 'WAIT_BUYER_PAY' : 'TRADE_SUCCESS') : null);
  });

  /** Alipay's notify for the shop's orders: verified with Alipay's key, then settled once; `success` only once persisted. */
  portal.post('/alipay/notify', async (request, reply) => {
    const adapter = adapters.alipay;
    if (!adapter?.ready) return reply.code(400).type('text/plain').send('failure');
    let notice;
    try {
      notice = await adapter.verify({ headers: request.headers, rawBody: '', body: request.body });
    } catch (error) {
      if (!(error instanceof NoticeRefused)) throw error;
      requestLineNotes(request).warn({ reason: error.reason }, 'Order payment notify not verified: ignored');
      return reply.code(400).type('text/plain').send('failure');
    }
    try {
      await settleOrderPayment(db, shopOf(request).id, 'alipay', notice, requestLineNotes(request));
    } catch (error) {
      if (isHttpError(error)) return reply.code(400).type('text/plain').send('failure');
      throw error;
    }
    return adapter.acknowledge(reply);
  });
};
