/** Orders area (`oms`) entities: return reasons, the order settings, orders and their history. */
import { z } from 'zod';
import { fillMessage } from '../engine/texts';
import type { MessageParams } from '../engine/texts';
import type { TransitionDecl } from '../engine/entity';
import { childRows, dateTime, defineEntity, enumeration, flag, image, images, int, json, longText, money, name, reference, referenceName, text } from '../engine/entity';
import { fromCents, multiplyCents, toCents } from '../engine/money';
import { defineEnum } from '../engine/enums';

export const returnReason = defineEntity({
  name: 'returnReason', path: '/returnReason', table: 'oms_order_return_reason', tenant: null, display: 'name',
  menu: { route: 'returnReason' },
  defaultSort: { field: 'sort', order: 'DESC' },
  deleteStyle: 'batch',
  fields: {
    name: name({ list: true }),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    status: flag({ default: 1, list: true, toggle: '/update/status', filter: true }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true }),
  },
  batch: [
    { kind: 'delete', path: '/delete' },
    { kind: 'set', path: '/update/status', field: 'status' },
  ],
});

/** A single record (id 1): order time-outs. */
export const orderSetting = defineEntity({
  name: 'orderSetting', path: '/orderSetting', table: 'oms_order_setting', tenant: null, display: 'id',
  menu: { route: 'orderSetting' },
  routes: { list: false, create: false, delete: false },
  fields: {
    flashOrderOvertime: int({ required: true, min: 1, max: 1440 }),
    normalOrderOvertime: int({ required: true, min: 1, max: 10080 }),
    confirmOvertime: int({ required: true, min: 1, max: 365 }),
    finishOvertime: int({ required: true, min: 1, max: 365 }),
    commentOvertime: int({ required: true, min: 1, max: 365 }),
    // A carrier's "delivered" confirms the receipt at once (server/areas/oms/tracking.ts), instead of waiting confirmOvertime days.
    receiveOnDelivered: flag({ default: 0 }),
  },
});

/** `mall`'s order statuses (OmsOrder.status, and the history's orderStatus). */
export const { values: ORDER_STATUS, options: ORDER_STATUSES } = defineEnum({
  pendingPayment: [0, 'pending_payment'], pendingShipment: [1, 'pending_shipment'], shipped: [2, 'shipped'],
  completed: [3, 'completed'], closed: [4, 'closed'], invalid: [5, 'invalid'],
});
/** Orders may leave the records only once they are over (closed or invalid). */
export const ORDER_DELETABLE_STATUSES: readonly number[] = [ORDER_STATUS.closed, ORDER_STATUS.invalid];
/** Receiver, fees and product lines may change until the order ships. */
export const ORDER_EDITABLE_STATUSES: readonly number[] = [ORDER_STATUS.pendingPayment, ORDER_STATUS.pendingShipment];
/** A shipment can be followed once the order has shipped. */
export const ORDER_TRACKABLE_STATUSES: readonly number[] = [ORDER_STATUS.shipped, ORDER_STATUS.completed];

/**
 * The order's stored payment and delivery status (payment: unpaid, paid, refunded;
 * delivery not shipped, shipped). The server manages both: only the order's transitions move them
 * (their `sets`), and a return completed with a refund marks the order refunded.
 */
export const { values: PAY_STATUS, options: PAY_STATUSES } = defineEnum({ unpaid: [0, 'unpaid'], paid: [1, 'paid'], refunded: [2, 'refunded'] });
/**
 * An order's payment status says exactly what happened to its money: a refund of part of what was
 * paid is "partially refunded", only refunds that reach the amount paid make it "refunded". A VIP
 * payment is refunded whole, so its status keeps the three values above.
 */
export const { values: ORDER_PAY_STATUS, options: ORDER_PAY_STATUSES } = defineEnum({
  unpaid: [0, 'unpaid'], paid: [1, 'paid'], refunded: [2, 'refunded'], partiallyRefunded: [3, 'partially_refunded'],
});
export const { values: DELIVERY_STATUS, options: DELIVERY_STATUSES } = defineEnum({ notShipped: [0, 'not_shipped'], shipped: [1, 'shipped'] });

type PayLabel = (typeof PAY_STATUSES)[number]['label'];
type DeliveryLabel = (typeof DELIVERY_STATUSES)[number]['label'];

/**
 * What each order status means for the stored payment and delivery status (the order's fields
 * of those names): its transitions set them so (tests/unit/oms-status-machine.test.ts checks
 * every transition, the cashier's too, against this), and the guide's table (docs/guide/transitions.md) is printed from here.
 * "refunded" is no order status's own: a completed return with a refund sets it (ORDER_REFUNDED_ROW).
 */
export const ORDER_STATUS_FACETS: Readonly<Record<number, { readonly payStatus: PayLabel; readonly deliveryStatus: DeliveryLabel }>> = {
  [ORDER_STATUS.pendingPayment]: { payStatus: 'unpaid', deliveryStatus: 'not_shipped' },
  [ORDER_STATUS.pendingShipment]: { payStatus: 'paid', deliveryStatus: 'not_shipped' },
  [ORDER_STATUS.shipped]: { payStatus: 'paid', deliveryStatus: 'shipped' },
  [ORDER_STATUS.completed]: { payStatus: 'paid', deliveryStatus: 'shipped' },
  // Closed only from pending payment (the close transition): never paid, never shipped.
  [ORDER_STATUS.closed]: { payStatus: 'unpaid', deliveryStatus: 'not_shipped' },
  // Invalid orders arrive so from outside (imported or marked by the shop front); nothing moves them here.
  [ORDER_STATUS.invalid]: { payStatus: 'unpaid', deliveryStatus: 'not_shipped' },
};

/**
 * The state table's line for a refund: a paid order (any status that is paid) one of whose
 * returns completes with a refund above 0 keeps its status and delivery; its payment status becomes
 * partially refunded, or refunded once its completed refunds reach what was paid, and its refunded
 * amount is their sum (server/areas/oms/returns.ts).
 */
export const ORDER_REFUNDED_ROW = {
  state: 'a paid order (`1`, `2`, `3`) with a return completed with a refund > 0',
  facets: { payStatus: 'partially_refunded, or refunded once the refunds reach the amount paid', deliveryStatus: 'unchanged' },
  actions: 'as its status',
} as const;

/**
 * A buyer's order paid through an online payment provider, once the provider confirmed it
 * (server/areas/portal/orders/pay.ts): no endpoint of its own, only a verified payment moves it.
 */
export const ORDER_PAID_ONLINE: TransitionDecl = { from: [ORDER_STATUS.pendingPayment], to: ORDER_STATUS.pendingShipment, sets: { payStatus: PAY_STATUS.paid } };

/** Most orders one shipping call may name (a body of 500 rows stays within the 2,000 JSON items a body may hold). */
export const DELIVER_MAX_ORDERS = 500;
/**
 * The logistics companies the shipping screen offers: the value is what is stored (`mall`'s four
 * couriers as `mall` stores them, more Chinese ones, then international carriers by their own
 * names), the label `entity.oms.companies.<label>`. The screen's "Other" lets the shipper type any
 * name instead, as the API takes any (trimmed, 1 to DELIVERY_COMPANY_MAX characters).
 */
export const DELIVERY_COMPANIES = [
  { value: '顺丰快递', label: 'sf', region: 'cn' }, { value: '圆通快递', label: 'yto', region: 'cn' },
  { value: '中通快递', label: 'zto', region: 'cn' }, { value: '韵达快递', label: 'yunda', region: 'cn' },
  { value: '申通快递', label: 'sto', region: 'cn' }, { value: '京东物流', label: 'jd', region: 'cn' },
  { value: '极兔速递', label: 'jt', region: 'cn' },
  { value: 'EMS', label: 'ems', region: 'intl' }, { value: 'DHL', label: 'dhl', region: 'intl' }, { value: 'FedEx', label: 'fedex', region: 'intl' },
  { value: 'UPS', label: 'ups', region: 'intl' }, { value: 'USPS', label: 'usps', region: 'intl' },
  { value: 'DPD', label: 'dpd', region: 'intl' }, { value: 'TNT', label: 'tnt', region: 'intl' },
  { value: 'Royal Mail', label: 'royal_mail', region: 'intl' }, { value: 'Japan Post', label: 'japan_post', region: 'intl' },
] as const;

/** The longest logistics company name an order keeps (the column and the shipping parameter). */
export const DELIVERY_COMPANY_MAX = 64;

const money0 = { default: 0, min: 0, max: 99_999_999.99 } as const;
/** `mall`'s client posts the order's status with its edits (it only went into the history row): taken, never asked for. */
const mallStatus = int({ min: 0, max: 5, serverManaged: true });
const receiver = (length: number) => text({ length: [0, length], section: 'receiver' });

/**
 * What the server writes in an order's history for the edits it makes itself, as message keys
 * with parameters (the row's `noteKey`, `noteParams`), in English here; the screens show them in
 * the reader's language (`resources.orderOperateHistory.notes` in src/resources/oms/strings.ts),
 * and API answers fill the row's `note` with this English text (`mall`'s clients show `note`).
 */
export const ORDER_HISTORY_NOTES = {
  note_changed: 'Note: {note}',
  receiver_changed: 'Receiver changed',
  fees_changed: 'Fees changed',
  line_changed: 'Product line changed: {product} {fromQuantity} × {fromPrice} → {toQuantity} × {toPrice}',
  message_sent: 'Message to the buyer: {content}',
  refunded: 'Refunded {amount} (return {returnId})',
  placed_by_buyer: 'Placed by the buyer {member}',
  paid_online: 'Paid online through {channel} ({reference})',
} as const;

export type OrderHistoryNote = { readonly key: keyof typeof ORDER_HISTORY_NOTES; readonly params?: MessageParams };

/** The English text of a history row: its key's with its parameters, else the note as written (rows written before keys, a person's words). */
export const orderHistoryNoteText = (row: Readonly<Record<string, unknown>>): string | null => {
  const template = typeof row.noteKey === 'string' ? (ORDER_HISTORY_NOTES as Record<string, string>)[row.noteKey] : undefined;
  if (template === undefined) return typeof row.note === 'string' ? row.note : null;
  return fillMessage(template, (row.noteParams ?? {}) as MessageParams);
};

/**
 * An order of a shop (`mall`'s OmsOrder): placed by members in the shop, so the admin never
 * creates one; staff move it through its statuses with the declared transitions, edit the
 * receiver, fees and note before it ships, and delete it (into the recycle bin) once it is over.
 */
export const order = defineEntity({
  name: 'order', path: '/order', table: 'oms_order', tenant: 'shop_id', display: 'orderSn',
  // Money and returns keep a purged order from going; its history and messages are its parts.
  owns: [
    { table: 'oms_cashier_balance_order', column: 'order_id', policy: 'restrict', messageKey: 'order_has_bindings' },
    { table: 'oms_order_return_apply', column: 'order_id', policy: 'restrict', messageKey: 'order_has_returns' },
    { table: 'oms_order_payment', column: 'order_id', policy: 'restrict', messageKey: 'order_has_payments' },
    { table: 'oms_order_operate_history', column: 'order_id', policy: 'cascade' },
    { table: 'oms_order_message', column: 'order_id', policy: 'cascade' },
    { table: 'oms_order_track_event', column: 'order_id', policy: 'cascade' },
  ],
  menu: { route: 'order' },
  routes: { create: false, update: false },
  deleteStyle: 'batch',
  defaultSort: { field: 'id', order: 'DESC' },
  // Served by a trigram index (migration 480): a million orders, a keyword in milliseconds.
  search: { param: 'receiverKeyword', fields: ['receiverName', 'receiverPhone'], index: 'trigram' },
  batch: [{ kind: 'delete', path: '/delete' }],
  softDelete: { field: 'deleteStatus' },
  // The status tabs' counts (`/order/statusCounts`): kept by triggers (migration 320), never a count over every order.
  counters: { by: ['status'] },
  // A shop's orders of a status in a date range, and a shop's (a seller's) date range: on a million
  // orders their counts read 10,000 index entries instead of a heap row each (measured by bench:live).
  listIndexes: [['shopId', 'status', 'createTime'], ['shopId', 'createTime']],
  // Written all the time while admins list them: kept lists catch up on the rows written (server/db/row-log.ts).
  rowLog: true,
  fields: {
    orderSn: text({ required: true, length: [1, 64], unique: true, immutable: true, list: true, filter: { param: 'orderSn', op: 'eq', alwaysOn: true } }),
    shopId: reference('shop', 'shopName', { required: true, immutable: true, list: true, listPriority: 'medium', filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
    // The buyer (a member of the shop); a merge moves the order to the member kept, its name copy too.
    memberId: int({ min: 0, immutable: true, refersTo: { entity: 'member' }, onMerge: { policy: 'move', copy: { memberUsername: 'username' } } }),
    memberUsername: text({ length: [0, 64], immutable: true, list: true, listPriority: 'medium', filter: { param: 'memberUsername', op: 'eq' } }),
    totalAmount: money({ ...money0, list: true, sortable: true, section: 'fees' }),
    payAmount: money({ ...money0, section: 'fees' }),
    freightAmount: money({ ...money0, section: 'fees' }),
    promotionAmount: money({ ...money0, section: 'fees' }),
    integrationAmount: money({ ...money0, section: 'fees' }),
    couponAmount: money({ ...money0, section: 'fees' }),
    discountAmount: money({ default: 0, min: -99_999_999.99, max: 99_999_999.99, section: 'fees' }),
    // Cashier money bound to the order (server/areas/oms/orders.ts, on the single read): what the close dialog names.
    boundAmount: money({ serverManaged: true, virtual: true, section: 'fees' }),
    payType: enumeration([{ value: 0, label: 'unpaid' }, { value: 1, label: 'alipay' }, { value: 2, label: 'wechat' }], { default: 0, list: true, listPriority: 'low' }),
    sourceType: enumeration([{ value: 0, label: 'pc' }, { value: 1, label: 'app' }], { default: 0, list: true, listPriority: 'low', filter: { param: 'sourceType', op: 'eq', alwaysOn: true } }),
    status: enumeration(ORDER_STATUSES, { default: 0, list: true, filter: { param: 'status', op: 'eq', alwaysOn: true } }),
    orderType: enumeration([{ value: 0, label: 'normal' }, { value: 1, label: 'flash' }], { default: 0, filter: { param: 'orderType', op: 'eq', alwaysOn: true } }),
    // The refunds of its completed returns: beside what was paid, what went back (server/areas/oms/returns.ts).
    refundAmount: money({ serverManaged: true, default: 0, section: 'fees' }),
    payStatus: enumeration(ORDER_PAY_STATUSES, { serverManaged: true, filter: { param: 'payStatus', op: 'eq' } }),
    deliveryStatus: enumeration(DELIVERY_STATUSES, { serverManaged: true }),
    deliveryCompany: text({ length: [0, DELIVERY_COMPANY_MAX], section: 'delivery' }),
    deliverySn: text({ length: [0, 64], section: 'delivery' }),
    autoConfirmDay: int({ default: 15, min: 0, max: 365 }),
    integration: int({ default: 0, min: 0 }),
    growth: int({ default: 0, min: 0 }),
    promotionInfo: text({ length: [0, 200] }),
    receiverName: receiver(100),
    receiverPhone: receiver(32),
    receiverPostCode: receiver(32),
    receiverCountry: receiver(64),
    receiverProvince: receiver(64),
    receiverCity: receiver(64),
    receiverRegion: receiver(64),
    receiverDetailAddress: receiver(200),
    note: text({ length: [0, 500] }),
    confirmStatus: flag({ default: 0 }),
    deleteStatus: flag({ serverManaged: true }),
    // A buyer's order (server/areas/portal/orders): the member coupon it used (`mall`'s SmsCoupon id) and the points spent.
    couponId: int({ serverManaged: true }),
    useIntegration: int({ serverManaged: true }),
    // The buyer deleted it from their own list; the shop still sees it (deleteStatus is the admin's recycle bin).
    buyerHidden: flag({ serverManaged: true }),
    // "Paid between": its days count in the caller's zone, as the submitted ones do.
    paymentTime: dateTime({ serverManaged: true, section: 'delivery', filter: { param: 'paymentTime', op: 'prefix', range: true } }),
    deliveryTime: dateTime({ serverManaged: true, section: 'delivery' }),
    receiveTime: dateTime({ serverManaged: true, section: 'delivery' }),
    modifyTime: dateTime({ auto: 'update' }),
    orderItemList: childRows({
      table: 'oms_order_item', link: 'order_id', tenant: 'shop_id', min: 0, max: 200,
      fields: {
        productId: int({ min: 0 }),
        productPic: image(),
        productName: text({ required: true, length: [1, 200] }),
        productBrand: text({ length: [0, 200] }),
        productSn: text({ length: [0, 64] }),
        productPrice: money({ required: true, min: 0, max: 99_999_999.99 }),
        productQuantity: int({ required: true, min: 1, max: 100_000 }),
        productSkuCode: text({ length: [0, 64] }),
        productAttr: text({ length: [0, 500] }),
        // Written when a buyer orders (server/areas/portal/orders): the SKU whose stock the line holds,
        // the flash relation it was sold under, and `mall`'s split of the discounts over the line.
        productSkuId: int({ min: 0 }),
        flashRelationId: int({ min: 0 }),
        promotionName: text({ length: [0, 200] }),
        promotionAmount: money({ min: 0, max: 99_999_999.99 }),
        couponAmount: money({ min: 0, max: 99_999_999.99 }),
        integrationAmount: money({ min: 0, max: 99_999_999.99 }),
        realAmount: money({ min: 0, max: 99_999_999.99 }),
      },
    }),
  },
  actions: {
    // `mall`'s body: [{orderId, deliveryCompany, deliverySn}, …], each order with its own logistics; one bad row refuses all.
    deliver: {
      on: 'selection', path: '/update/delivery', idParam: 'orderId', bodyRows: true, maxIds: DELIVER_MAX_ORDERS, writes: true, button: false,
      selectMessage: 'select_orders', summary: 'Ship orders pending shipment, each with its logistics company and number (a JSON array)',
      transition: { from: [ORDER_STATUS.pendingShipment], to: ORDER_STATUS.shipped, none: 'no_shippable_orders', sets: { deliveryStatus: DELIVERY_STATUS.shipped } },
      params: {
        // A listed company's name or one the shipper typed ("Other"): spaces alone are no name.
        deliveryCompany: text({ required: true, requiredMessage: 'company_required', length: [1, DELIVERY_COMPANY_MAX], trim: true }),
        deliverySn: text({ required: true, requiredMessage: 'delivery_sn_required', length: [1, 64] }),
      },
    },
    close: {
      on: 'selection', path: '/update/close', writes: true, selectMessage: 'select_orders', summary: 'Close unpaid orders with a note',
      transition: { from: [ORDER_STATUS.pendingPayment], to: ORDER_STATUS.closed },
      params: { note: text({ required: true, requiredMessage: 'note_required', length: [1, 200] }) },
    },
    // The order list's status tabs: how many live orders of the caller's shops are in each status.
    statusCounts: { on: 'collection', path: '/statusCounts', writes: false, summary: 'Live orders of the caller\'s shops per status, and in all' },
    confirmReceipt: {
      on: 'row', path: '/update/confirmReceipt', idParam: 'id', writes: true, summary: 'Confirm that the buyer received a shipped order',
      transition: { from: [ORDER_STATUS.shipped], to: ORDER_STATUS.completed },
    },
    updateNote: {
      on: 'row', path: '/update/note', idParam: 'id', writes: true, button: 'show', prefill: true, summary: 'Set the note of an order (mark)',
      params: { note: text({ required: true, length: [1, 500] }), status: mallStatus },
    },
    updateReceiverInfo: {
      on: 'row', path: '/update/receiverInfo', idParam: 'orderId', writes: true, summary: 'Change the receiver of an order not shipped yet',
      inStates: ORDER_EDITABLE_STATUSES, button: 'show', prefill: true,
      params: {
        receiverName: text({ required: true, length: [1, 100] }), receiverPhone: text({ required: true, length: [1, 32] }),
        receiverPostCode: text({ length: [0, 32] }), receiverCountry: text({ length: [0, 64] }), receiverProvince: text({ length: [0, 64] }), receiverCity: text({ length: [0, 64] }),
        receiverRegion: text({ length: [0, 64] }), receiverDetailAddress: text({ required: true, length: [1, 200] }),
        status: mallStatus,
      },
    },
    updateMoneyInfo: {
      on: 'row', path: '/update/moneyInfo', idParam: 'orderId', writes: true, summary: 'Change the freight and discount of an order not shipped yet',
      inStates: ORDER_EDITABLE_STATUSES, button: 'show', prefill: true,
      params: {
        freightAmount: money({ required: true, min: 0, max: 99_999_999.99 }),
        discountAmount: money({ required: true, min: -99_999_999.99, max: 99_999_999.99 }),
        status: mallStatus,
      },
    },
    // One product line's quantity and price before shipping; the order's total and payable amount are recomputed.
    updateItem: {
      on: 'row', path: '/update/item', idParam: 'orderId', writes: true, button: false, summary: 'Change the quantity and price of a product line of an order not shipped yet',
      inStates: ORDER_EDITABLE_STATUSES,
      params: {
        itemId: int({ required: true, min: 1 }),
        productQuantity: int({ required: true, min: 1, max: 100_000 }),
        productPrice: money({ required: true, min: 0, max: 99_999_999.99 }),
      },
    },
    // Our own path (mall has none): a message to the buyer, kept with the order and listed on its page.
    sendMessage: {
      on: 'row', path: '/message/{id}', writes: true, button: 'show', summary: 'Send a message to the buyer of an order',
      params: { content: text({ required: true, length: [1, 500] }) },
    },
    // The logistics timeline of a shipped order: its own shipping history and the carrier's events (server/areas/oms/tracking.ts).
    track: {
      on: 'row', path: '/track/{id}', writes: false, summary: 'The logistics timeline of a shipped order: its own shipping history and the events its carrier reported',
      inStates: ORDER_TRACKABLE_STATUSES,
    },
  },
  states: {
    field: 'status',
    history: {
      entity: 'orderOperateHistory', record: 'orderId', from: 'fromStatus', to: 'orderStatus', note: 'note', operator: 'operatorId', time: 'createTime',
      // mall's `GET /order/{id}` (OmsOrderDetail) carries the history, newest first.
      inRecord: 'historyList',
      noteKey: 'noteKey', noteParams: 'noteParams', notes: ORDER_HISTORY_NOTES,
    },
  },
});

/**
 * `operateMan` of the history rows the server writes itself (no operator account: the
 * order-settings job closing or confirming orders): `mall`'s value for them, "系统" ("system"; its
 * others are "用户", the buyer, and "后台管理员", any admin, where this admin names the account).
 * Sent as is in both languages, as `mall` does; the screens show "System" / "系统" from i18n.
 */
export const SYSTEM_OPERATE_MAN = '系统';

/** One row per change of an order (`mall`'s OmsOrderOperateHistory), written by the engine; read-only. */
export const orderOperateHistory = defineEntity({
  // Under /order, so whoever may read orders (the `/order/**` resource) reads their history too.
  name: 'orderOperateHistory', path: '/order/history', table: 'oms_order_operate_history', tenant: 'shop_id', display: 'id',
  // No screen of its own: the order's show view lists it (ENTITIES puts the order after it, so /oms/order stays the order list).
  menu: { route: 'order', screens: false },
  routes: { create: false, update: false, delete: false },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: {
    orderId: int({ serverManaged: true, list: true, filter: { param: 'orderId', op: 'eq' } }),
    shopId: int({ serverManaged: true }),
    operatorId: reference('admin', 'username', { serverManaged: true }),
    // `mall`'s operateMan is text; here it is the operator account's name, joined on read, and for
    // rows the server writes itself (no operator: the order-settings job) mall's own word "系统".
    operateMan: referenceName('operatorId', { none: SYSTEM_OPERATE_MAN }),
    createTime: dateTime({ auto: 'create', list: true }),
    fromStatus: enumeration(ORDER_STATUSES, { serverManaged: true, list: true }),
    orderStatus: enumeration(ORDER_STATUSES, { serverManaged: true, list: true }),
    note: text({ serverManaged: true, length: [0, 500], list: true }),
    // A note the server wrote, as a key of ORDER_HISTORY_NOTES and its parameters (null: `note` as written).
    noteKey: text({ serverManaged: true, length: [0, 64] }),
    noteParams: json(z.record(z.string(), z.union([z.string(), z.number()])), { serverManaged: true }),
  },
});

/** What an order's message is: a person's (`sendMessage`), or the notice the server sends when the order ships or money is refunded. */
export const { values: ORDER_MESSAGE_KIND, options: ORDER_MESSAGE_KINDS } = defineEnum({
  message: ['message', 'message'], shipped: ['shipped', 'shipped'], refunded: ['refunded', 'refunded'],
});

/**
 * Where a message to the buyer is on its way (its outbox row, server/jobs/outbox.ts): queued (or
 * waiting to be tried again), being sent, sent, failed for good; `no_address` when the buyer has
 * no email, so nothing could be sent.
 */
export const { values: DELIVERY_STATE, options: DELIVERY_STATES } = defineEnum({
  queued: ['queued', 'queued'], sending: ['sending', 'sending'], sent: ['sent', 'sent'], failed: ['failed', 'failed'], noAddress: ['no_address', 'no_address'],
});

/**
 * A message to the buyer of an order (our own; mall has none): one staff sent (`sendMessage`) or
 * a notice the server sent (shipped, refunded), each by mail through the outbox, with its delivery
 * state read from there; read-only.
 */
export const orderMessage = defineEntity({
  // Under /order, so whoever may read orders reads their messages too.
  name: 'orderMessage', path: '/order/messages', table: 'oms_order_message', tenant: 'shop_id', display: 'id',
  // No screen of its own: the order's page lists them (ENTITIES puts the order after it).
  menu: { route: 'order', screens: false },
  routes: { create: false, update: false, delete: false },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: {
    orderId: int({ serverManaged: true, list: true, filter: { param: 'orderId', op: 'eq' } }),
    shopId: int({ serverManaged: true }),
    operatorId: reference('admin', 'username', { serverManaged: true }),
    operatorName: referenceName('operatorId'),
    createTime: dateTime({ auto: 'create', list: true }),
    kind: enumeration(ORDER_MESSAGE_KINDS, { serverManaged: true, default: 'message', list: true }),
    content: text({ serverManaged: true, length: [1, 500], list: true }),
    // The outbox row that carries it by mail (none: the buyer has no email).
    outboxId: int({ serverManaged: true, detailOnly: true }),
    // Read from the outbox row on every read (server/areas/oms/messages.ts).
    recipient: text({ serverManaged: true, virtual: true, list: true }),
    deliveryState: enumeration(DELIVERY_STATES, { serverManaged: true, virtual: true, list: true }),
    deliveryError: text({ serverManaged: true, virtual: true, list: true }),
    sentTime: dateTime({ serverManaged: true, virtual: true, list: true }),
  },
});

/**
 * Where a shop takes returned goods back (`mall`'s OmsCompanyAddress): a return is confirmed with
 * one of its shop's addresses, which the buyer then ships the goods to. Each shop keeps its own
 * (`mall` has one list for the whole platform); sellers manage their shops' addresses.
 */
export const companyAddress = defineEntity({
  name: 'companyAddress', path: '/companyAddress', table: 'oms_company_address', tenant: 'shop_id', display: 'addressName',
  // No screen of its own: picked when a return is confirmed (ENTITIES puts the return after it, so /oms/returnApply stays the returns list).
  menu: { route: 'returnApply', screens: false },
  listAll: true,
  // mall's returns page fills its address picker from `GET /companyAddress/list` with no parameters: an array.
  plainList: true,
  fields: {
    shopId: reference('shop', 'shopName', { required: true, immutable: true, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    addressName: text({ required: true, length: [1, 200], list: true }),
    sendStatus: flag({ default: 0, list: true }),
    receiveStatus: flag({ default: 0, list: true }),
    name: text({ required: true, length: [1, 64], list: true }),
    phone: text({ required: true, length: [1, 64], list: true }),
    province: text({ length: [0, 64] }),
    city: text({ length: [0, 64] }),
    region: text({ length: [0, 64] }),
    detailAddress: text({ required: true, length: [1, 200], list: true }),
  },
});

/** `mall`'s return statuses (OmsOrderReturnApply.status). */
export const { values: RETURN_STATUS, options: RETURN_STATUSES } = defineEnum({
  pending: [0, 'pending'], returning: [1, 'returning'], completed: [2, 'completed'], rejected: [3, 'rejected'],
});

const returnNote = (required: boolean) => text({ ...(required ? { required: true, length: [1, 500] as const } : { length: [0, 500] as const }) });

/**
 * A buyer's request to return a product of an order (`mall`'s OmsOrderReturnApply), in the
 * order's shop: members apply in the shop, so the admin never creates one. Staff and the shop's
 * seller confirm it (with the refund and the address the goods go back to) or reject it, then
 * confirm that the goods came back; each step stamps who did it and when. Only a rejected
 * request may be deleted (`mall` silently keeps the others).
 */
export const returnApply = defineEntity({
  name: 'returnApply', path: '/returnApply', table: 'oms_order_return_apply', tenant: 'shop_id', display: 'id',
  naming: ['orderSn', 'productName'],
  menu: { route: 'returnApply' },
  routes: { create: false, update: false },
  deleteStyle: 'batch',
  defaultSort: { field: 'id', order: 'DESC' },
  // `mall`'s receiverKeyword: the contact's name or phone.
  search: { param: 'receiverKeyword', fields: ['returnName', 'returnPhone'] },
  batch: [{ kind: 'delete', path: '/delete' }],
  fields: {
    status: enumeration(RETURN_STATUSES, { default: 0, list: true, filter: { param: 'status', op: 'eq', alwaysOn: true } }),
    createTime: dateTime({ auto: 'create', list: true, sortable: true, filter: { param: 'createTime', op: 'prefix', range: true } }),
    shopId: reference('shop', 'shopName', { required: true, immutable: true, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    orderId: int({ required: true, min: 1, immutable: true }),
    orderSn: text({ required: true, length: [1, 64], immutable: true, list: true }),
    // The buyer by name (a return keeps no member id): a merge moves it to the member kept.
    memberUsername: text({ length: [0, 64], immutable: true, list: true, listPriority: 'low', refersTo: { entity: 'member', by: 'username' }, onMerge: { policy: 'move' } }),
    returnName: text({ length: [0, 100], list: true, listPriority: 'medium', section: 'contact' }),
    returnPhone: text({ length: [0, 100], list: true, listPriority: 'low', section: 'contact' }),
    reason: text({ length: [0, 200], section: 'contact' }),
    description: longText({ length: [0, 500], section: 'contact' }),
    proofPics: images({ joined: true, maxCount: 5, section: 'contact' }),
    productId: int({ min: 0, section: 'product' }),
    productPic: image({ section: 'product' }),
    productName: text({ length: [0, 200], list: true, section: 'product' }),
    productBrand: text({ length: [0, 200], section: 'product' }),
    productAttr: text({ length: [0, 500], section: 'product' }),
    productCount: int({ default: 1, min: 1, max: 100_000, section: 'product' }),
    productPrice: money({ default: 0, min: 0, max: 99_999_999.99, section: 'product' }),
    productRealPrice: money({ default: 0, min: 0, max: 99_999_999.99, section: 'product' }),
    returnAmount: money({ serverManaged: true, min: 0, max: 99_999_999.99, list: true, section: 'handling' }),
    companyAddressId: reference('companyAddress', 'addressName', { serverManaged: true, section: 'handling' }),
    companyAddressName: referenceName('companyAddressId'),
    handleTime: dateTime({ serverManaged: true, list: true, listPriority: 'medium', sortable: true, section: 'handling', filter: { param: 'handleTime', op: 'prefix', range: true } }),
    // The account that confirmed or rejected it (its username, as `mall` keeps a name).
    handleMan: text({ serverManaged: true, length: [0, 100], section: 'handling', filter: { param: 'handleMan', op: 'eq' } }),
    handleNote: text({ serverManaged: true, length: [0, 500], section: 'handling' }),
    receiveTime: dateTime({ serverManaged: true, section: 'receipt' }),
    receiveMan: text({ serverManaged: true, length: [0, 100], section: 'receipt' }),
    receiveNote: text({ serverManaged: true, length: [0, 500], section: 'receipt' }),
  },
  states: { field: 'status' },
  actions: {
    confirm: {
      on: 'row', path: '/confirm/{id}', writes: true, summary: 'Accept a pending return: the refund, and the address the goods go back to',
      transition: { from: [RETURN_STATUS.pending], to: RETURN_STATUS.returning },
      // The refund starts at what the buyer paid for the line (mall's return page does the same sum).
      prefill: (r) => ({ returnAmount: fromCents(multiplyCents(toCents(Number(r.productRealPrice ?? 0)), Number(r.productCount ?? 1))) }),
      params: {
        returnAmount: money({ required: true, min: 0, max: 99_999_999.99 }),
        // The goods go back to one of the return's own shop's addresses.
        companyAddressId: reference('companyAddress', 'addressName', { required: true, requiredMessage: 'choose_return_address', sameAs: 'shopId' }),
        handleNote: returnNote(false),
      },
    },
    reject: {
      on: 'row', path: '/reject/{id}', writes: true, summary: 'Refuse a pending return, saying why',
      transition: { from: [RETURN_STATUS.pending], to: RETURN_STATUS.rejected },
      params: { handleNote: returnNote(true) },
    },
    receive: {
      on: 'row', path: '/receive/{id}', writes: true, summary: 'Confirm that the returned goods arrived: the return is completed',
      transition: { from: [RETURN_STATUS.returning], to: RETURN_STATUS.completed },
      params: { receiveNote: returnNote(false) },
    },
    // `mall`'s one route for the three: `status` 1 confirms, 3 rejects, 2 confirms receipt; its client posts every field each time.
    updateStatus: {
      on: 'row', path: '/update/status/{id}', writes: true, summary: 'Confirm (status 1), reject (3) or complete (2) a return, as mall\'s admin calls it',
      dispatch: 'status',
      params: {
        status: enumeration(RETURN_STATUSES.filter((s) => s.value !== RETURN_STATUS.pending), { required: true }),
        id: int({ min: 0 }),
        returnAmount: money({ min: 0, max: 99_999_999.99 }),
        companyAddressId: reference('companyAddress', 'addressName'),
        handleNote: returnNote(false),
        handleMan: text({ length: [0, 100] }),
        receiveNote: returnNote(false),
        receiveMan: text({ length: [0, 100] }),
      },
    },
  },
});
