/**
 * Messages to the buyer of an order: a person's (`sendMessage`) and the notices the server sends
 * when the order ships and when money is refunded. Each is a row of the order's messages (what the
 * order's page lists) and, when the buyer (the order's member) has an email, a mail in the buyer's
 * language put in the outbox in the same transaction (server/jobs/outbox.ts). The page reads each
 * message's delivery state from its outbox row.
 */
import type { RecordOf } from '../../../src/schema/engine/entity';
import type { MessageParams } from '../../../src/schema/engine/texts';
import type { orderMessage } from '../../../src/schema/oms/entities';
import { DELIVERY_STATE, ORDER_MESSAGE_KIND } from '../../../src/schema/oms/entities';
import type { Db, EntityHooks } from '../../crud/hooks';
import { toApiTime, toDbTime } from '../../db/time';
import { defineMailTemplates, enqueueMail, mailLanguageOf, renderMail } from '../../jobs/outbox';

/** The mail of each kind of message, in both languages; `{shopName}`, `{orderSn}`, `{currency}` (the shop's) and each kind's own. */
export const ORDER_MAIL = defineMailTemplates({
  message: {
    en: { subject: 'A message about your order {orderSn} from {shopName}', text: '{content}\n\n{shopName}, order {orderSn}' },
    zh: { subject: '{shopName} 关于您的订单 {orderSn} 的留言', text: '{content}\n\n{shopName}，订单 {orderSn}' },
  },
  shipped: {
    en: {
      subject: 'Your order {orderSn} has shipped',
      text: 'Good news: {shopName} has shipped your order {orderSn}.\nCarrier: {deliveryCompany}\nTracking number: {deliverySn}\n\nThank you for your order.',
    },
    zh: {
      subject: '您的订单 {orderSn} 已发货',
      text: '{shopName} 已发出您的订单 {orderSn}。\n快递公司：{deliveryCompany}\n运单号：{deliverySn}\n\n感谢您的惠顾。',
    },
  },
  refunded: {
    en: { subject: 'Refund for your order {orderSn}', text: '{shopName} has refunded {currency} {amount} for your order {orderSn} (return {returnId}).' },
    zh: { subject: '您的订单 {orderSn} 已退款', text: '{shopName} 已为您的订单 {orderSn} 退款 {currency} {amount}（退货单 {returnId}）。' },
  },
});

export type OrderMessageKind = keyof typeof ORDER_MAIL;

const CONTENT_MAX = 500;

/**
 * Writes one message to the buyer of the order, inside `trx`: its row and, when the buyer has an
 * email, its mail in the outbox. Answers the message's id.
 */
export const messageBuyer = async (
  trx: Db, orderId: number, kind: OrderMessageKind, params: MessageParams, operatorId: number | null,
): Promise<number> => {
  const order = await trx.selectFrom('oms_order as o')
    .innerJoin('shop as s', 's.id', 'o.shop_id')
    .leftJoin('ums_member as m', (join) => join.onRef('m.id', '=', 'o.member_id').onRef('m.shop_id', '=', 'o.shop_id'))
    .select(['o.id', 'o.shop_id', 'o.order_sn', 's.shop_name', 's.currency', 'm.email', 'm.language'])
    .where('o.id', '=', orderId).executeTakeFirstOrThrow();
  const all = { ...params, orderSn: order.order_sn, shopName: order.shop_name, currency: order.currency };
  const language = mailLanguageOf(order.language);
  const outboxId = order.email
    ? await enqueueMail(trx, { to: order.email, language, template: ORDER_MAIL[kind], params: all, topic: { name: 'order', id: orderId }, shopId: order.shop_id })
    : null;
  // A person's message is kept as written; a notice as the buyer reads it.
  const content = kind === 'message' ? String(params.content) : renderMail(ORDER_MAIL[kind], language, all).text;
  const { id } = await trx.insertInto('oms_order_message').values({
    order_id: orderId, shop_id: order.shop_id, operator_id: operatorId, create_time: toDbTime(),
    kind: ORDER_MESSAGE_KIND[kind], content: content.slice(0, CONTENT_MAX), outbox_id: outboxId,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
};

type MessageRecord = RecordOf<typeof orderMessage>;

/** Each message's delivery, from its outbox row: one query for a page. */
const withDelivery = async (db: Db, records: MessageRecord[]): Promise<MessageRecord[]> => {
  const ids = records.map((r) => r.outboxId).filter((id): id is number => typeof id === 'number');
  const rows = ids.length
    ? await db.selectFrom('sys_outbox').select(['id', 'recipient', 'status', 'last_error', 'sent_time']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return records.map((record) => {
    const row = typeof record.outboxId === 'number' ? byId.get(record.outboxId) : undefined;
    if (!row) return { ...record, recipient: null, deliveryState: DELIVERY_STATE.noAddress, deliveryError: null, sentTime: null };
    return {
      ...record, recipient: row.recipient, deliveryState: row.status as MessageRecord['deliveryState'],
      // The reason of a failure, and of the last refusal while it waits to be tried again.
      deliveryError: row.status === 'sent' ? null : row.last_error, sentTime: toApiTime(row.sent_time),
    };
  });
};

export const orderMessageHooks: EntityHooks<typeof orderMessage> = {
  afterGet: async (db, record) => (await withDelivery(db, [record]))[0]!,
  afterList: withDelivery,
};
