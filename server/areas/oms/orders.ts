/**
 * Orders (src/schema/oms/entities.ts `order`): the engine carries out the declared transitions (state,
 * history, audit); the handlers here write what each one changes besides the state (the logistics
 * of a shipment, the time of receipt), and the edits that are no transition (note, receiver, fees)
 * with their history rows. The receiver and the fees change only before the order ships, the
 * payable amount never goes negative, and once money is bound or received it moves only as the
 * money allows (`guardPayable`); an order with cashier money bound is not closed (`close`). Orders leave the records (into the recycle bin) only once
 * they are closed or invalid.
 */
import type { RecordOf } from '../../../src/schema/engine/entity';
import type { OrderHistoryNote, orderOperateHistory } from '../../../src/schema/oms/entities';
import { ORDER_DELETABLE_STATUSES, ORDER_STATUSES, ORDER_TRACKABLE_STATUSES, PAY_STATUS, order, orderHistoryNoteText } from '../../../src/schema/oms/entities';
import { fieldError } from '../../../src/schema/api';
import { fromCents, multiplyCents, sumCents, toCents } from '../../../src/schema/engine/money';
import { entityActions } from '../../crud/actions';
import { releaseOrderHolds } from './holds';
import { countsBy } from '../../crud/counters';
import type { Db, EntityHooks, HookActor } from '../../crud/hooks';
import { patchOf, valuesBefore } from '../../crud/row';
import { toDbTime } from '../../db/time';
import { conflict, fieldInvalid, httpError } from '../../http/errors';
import { messageBuyer } from './messages';
import { carrierEventsOf } from './track-events';
import { giftOrderPoints } from '../portal/orders/points';
import { ResultCode } from '../../../src/schema/api';

/**
 * One history row of an edit that keeps the status (the engine writes the transitions' own): what
 * happened as a message key with its parameters (ORDER_HISTORY_NOTES), shown in the reader's
 * language, not stored English text.
 */
export const writeHistory = async (trx: Db, record: { id: number; shopId: number; status: number }, note: OrderHistoryNote, actor: HookActor): Promise<void> => {
  await trx.insertInto('oms_order_operate_history').values({
    order_id: record.id, shop_id: record.shopId, operator_id: actor.adminId, create_time: toDbTime(),
    from_status: record.status, order_status: record.status, note: null, note_key: note.key,
    note_params: note.params ? JSON.stringify(note.params) : null,
  }).execute();
};

type OrderRecord = RecordOf<typeof order>;

/** What the buyer pays: total + freight − promotion − points − coupon − discount, in cents. */
const payableCents = (
  record: Pick<OrderRecord, 'totalAmount' | 'promotionAmount' | 'integrationAmount' | 'couponAmount'>, freight: number, discount: number,
): number =>
  sumCents([
    toCents(record.totalAmount), toCents(freight), -toCents(record.promotionAmount),
    -toCents(record.integrationAmount), -toCents(record.couponAmount), -toCents(discount),
  ]);

/** Cents of cashier money bound to each order (read under the orders' locks: bind takes them too). */
const boundCentsOf = async (trx: Db, orderIds: readonly number[]): Promise<Map<number, number>> => {
  const out = new Map<number, number>();
  if (!orderIds.length) return out;
  const rows = await trx.selectFrom('oms_cashier_balance_order').select(['order_id', (eb) => eb.fn.sum<number>('amount').as('cents')])
    .where('order_id', 'in', [...orderIds]).groupBy('order_id').execute();
  for (const row of rows) out.set(Number(row.order_id), Number(row.cents ?? 0));
  return out;
};

const refusedOn = (field: string, messageKey: 'order_paid_amount_fixed' | 'payable_not_above_bound', params?: Record<string, number>) =>
  httpError({ status: 409, code: ResultCode.failed, messageKey, params, errors: [fieldError(field, messageKey, params)] });

/**
 * A fee or line change keeps the order's money true: a paid or refunded order's payable
 * amount is what was received, so it no longer changes (paid by cashier money means bound = payable;
 * paid by a channel means that amount arrived); an unpaid order with cashier money bound keeps its
 * payable amount above what is bound (equal would make it paid behind the cashier's back), and an
 * unpaid order without any keeps it above zero (at zero it would wait for a payment of nothing). A
 * change that leaves the amount as it is always passes. The engine locked the order; bind locks it too.
 */
const guardPayable = async (trx: Db, record: OrderRecord, next: number, field: string): Promise<void> => {
  if (next === toCents(record.payAmount)) return;
  if (record.payStatus !== PAY_STATUS.unpaid) throw refusedOn(field, 'order_paid_amount_fixed');
  if (next === 0) throw fieldInvalid(field, 'payable_zero_unpaid');
  const bound = (await boundCentsOf(trx, [record.id])).get(record.id) ?? 0;
  if (bound > 0 && next <= bound) throw refusedOn(field, 'payable_not_above_bound', { bound: fromCents(bound) });
};

export const orderActions = entityActions(order, {
  // Closing an order with cashier money bound is refused, naming the amount (the close dialog shows
  // `boundAmount` from the order's read): the money stays accounted for until the cashier unbinds it.
  close: async ({ trx, records }) => {
    const bound = await boundCentsOf(trx, records.map((r) => r.id));
    const held = records.find((r) => (bound.get(r.id) ?? 0) > 0);
    if (held) {
      throw httpError({
        status: 409, code: ResultCode.failed, messageKey: 'order_close_bound',
        params: { amount: fromCents(bound.get(held.id)!), orderSn: String(held.orderSn) },
      });
    }
    // What buyers' orders hold (SKU stock, flash units, their coupon) goes back in the close's transaction.
    await releaseOrderHolds(trx, records.map((r) => r.id));
    return { data: records.length, changes: [] };
  },
  // Each order its own company and number, written by the engine in the UPDATE that ships the batch:
  // one statement on the orders for the whole batch (500 orders cost one, not 500; nor two per order).
  deliver: async ({ trx, records, rowParams, actor }) => {
    const deliveryTime = toDbTime();
    const rowSets = new Map(records.map((r) => {
      const { deliveryCompany, deliverySn } = rowParams.get(r.id)!;
      return [r.id, { deliveryCompany, deliverySn, deliveryTime }];
    }));
    // Each buyer is told, with the carrier and number, in the shipment's transaction.
    for (const r of records) await messageBuyer(trx, r.id, 'shipped', { ...rowParams.get(r.id)! }, actor.adminId);
    return { data: records.length, changes: [], rowSets };
  },
  // The declared counters (migration 320): live orders per shop and status kept by the database's
  // triggers on every write, summed over the caller's shops (the list's scope). A few rows, not a
  // count over every order, so it stays fast right after a write.
  statusCounts: async ({ trx, entity, actor }) => {
    const counted = await countsBy(trx, entity, 'status', actor.scope);
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s.value, counted[String(s.value)] ?? 0])) as Record<number, number>;
    return { data: { all: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus } };
  },
  confirmReceipt: async ({ trx, records }) => {
    await trx.updateTable('oms_order').set({ confirm_status: 1, receive_time: toDbTime() })
      .where('id', 'in', records.map((r) => r.id)).execute();
    // The buyer earns the order's gift points and growth on receipt (mall's contract), in the same transaction.
    await giftOrderPoints(trx, records.map((r) => r.id));
    return { data: records.length, changes: [] };
  },
  updateNote: async ({ trx, record, params, actor }) => {
    await trx.updateTable('oms_order').set({ note: params.note, modify_time: toDbTime() }).where('id', '=', record.id).execute();
    await writeHistory(trx, record, { key: 'note_changed', params: { note: params.note } }, actor);
    return { data: 1, changes: [{ id: record.id, before: { note: record.note }, after: { note: params.note } }] };
  },
  // Receiver, fees and lines change only before shipping: the declaration's inStates (the engine refuses the others with 409).
  updateReceiverInfo: async ({ trx, record, params, actor }) => {
    const { status: _status, ...receiver } = params;
    await trx.updateTable('oms_order').set({ ...patchOf(order, receiver), modify_time: toDbTime() }).where('id', '=', record.id).execute();
    await writeHistory(trx, record, { key: 'receiver_changed' }, actor);
    const before = valuesBefore(record, receiver);
    return { data: 1, changes: [{ id: record.id, before, after: receiver }] };
  },
  updateMoneyInfo: async ({ trx, record, params, actor }) => {
    const payable = payableCents(record, params.freightAmount, params.discountAmount);
    if (payable < 0) throw fieldInvalid('discountAmount', 'payable_negative');
    await guardPayable(trx, record, payable, 'discountAmount');
    await trx.updateTable('oms_order').set({
      freight_amount: toCents(params.freightAmount), discount_amount: toCents(params.discountAmount), pay_amount: payable, modify_time: toDbTime(),
    }).where('id', '=', record.id).execute();
    await writeHistory(trx, record, { key: 'fees_changed' }, actor);
    return {
      data: 1,
      changes: [{
        id: record.id,
        before: { freightAmount: record.freightAmount, discountAmount: record.discountAmount, payAmount: record.payAmount },
        after: { freightAmount: params.freightAmount, discountAmount: params.discountAmount, payAmount: fromCents(payable) },
      }],
    };
  },
  updateItem: async ({ trx, record, params, actor }) => {
    const items = await trx.selectFrom('oms_order_item').select(['id', 'product_name', 'product_price', 'product_quantity'])
      .where('order_id', '=', record.id).orderBy('id').execute();
    const line = items.find((item) => Number(item.id) === params.itemId);
    // A line of another order reads as a missing line, whoever's it is.
    if (!line) throw fieldInvalid('itemId', 'invalid_reference');
    const price = toCents(params.productPrice);
    const lineCents = (item: (typeof items)[number]) => (Number(item.id) === params.itemId
      ? multiplyCents(price, params.productQuantity) : multiplyCents(Number(item.product_price), Number(item.product_quantity)));
    const total = sumCents(items.map(lineCents));
    const next = { ...record, totalAmount: fromCents(total) };
    const payable = payableCents(next, record.freightAmount, record.discountAmount);
    if (payable < 0) throw fieldInvalid('productPrice', 'payable_negative');
    await guardPayable(trx, record, payable, 'productPrice');
    await trx.updateTable('oms_order_item').set({ product_price: price, product_quantity: params.productQuantity })
      .where('id', '=', params.itemId).where('order_id', '=', record.id).execute();
    await trx.updateTable('oms_order').set({ total_amount: total, pay_amount: payable, modify_time: toDbTime() })
      .where('id', '=', record.id).execute();
    const before = { productPrice: fromCents(Number(line.product_price)), productQuantity: Number(line.product_quantity) };
    await writeHistory(trx, record, {
      key: 'line_changed',
      params: { product: String(line.product_name), fromQuantity: before.productQuantity, fromPrice: before.productPrice, toQuantity: params.productQuantity, toPrice: params.productPrice },
    }, actor);
    return {
      data: 1,
      changes: [{
        id: record.id,
        before: { itemId: params.itemId, ...before, totalAmount: record.totalAmount, payAmount: record.payAmount },
        after: { itemId: params.itemId, productPrice: params.productPrice, productQuantity: params.productQuantity, totalAmount: fromCents(total), payAmount: fromCents(payable) },
      }],
    };
  },
  // Kept with the order and mailed to the buyer (server/areas/oms/messages.ts), in this transaction.
  sendMessage: async ({ trx, record, params, actor }) => {
    const id = await messageBuyer(trx, record.id, 'message', { content: params.content }, actor.adminId);
    await writeHistory(trx, record, { key: 'message_sent', params: { content: params.content } }, actor);
    return { data: Number(id), changes: [{ id: record.id, after: { messageId: Number(id), content: params.content } }] };
  },
  // No carrier feed: the shipping company and number, and the order's own history from shipping on, oldest first.
  track: async ({ trx, record }) => {
    const events = await trx.selectFrom('oms_order_operate_history as h').leftJoin('ums_admin as a', 'a.id', 'h.operator_id')
      .select(['h.id', 'h.create_time', 'h.order_status', 'h.note', 'h.note_key', 'h.note_params', 'a.username'])
      .where('h.order_id', '=', record.id).where('h.order_status', 'in', ORDER_TRACKABLE_STATUSES)
      .orderBy('h.create_time').orderBy('h.id').execute();
    return {
      data: {
        source: 'order_history',
        // What the carrier reported (server/areas/oms/tracking.ts), beside the order's own history.
        carrierEvents: await carrierEventsOf(trx, record.id),
        deliveryCompany: record.deliveryCompany ?? null, deliverySn: record.deliverySn ?? null,
        deliveryTime: record.deliveryTime ?? null, receiveTime: record.receiveTime ?? null,
        events: events.map((e) => {
          const noteParams = e.note_params ? JSON.parse(String(e.note_params)) as Record<string, unknown> : null;
          // The note readable as text, and its key for screens that show it in the reader's language.
          return {
            id: Number(e.id), time: e.create_time, status: Number(e.order_status), operator: e.username ?? null,
            note: orderHistoryNoteText({ note: e.note, noteKey: e.note_key, noteParams }), noteKey: e.note_key ?? null, noteParams,
          };
        }),
      },
    };
  },
});

export const orderHooks: EntityHooks<typeof order> = {
  // The single read carries the cashier money bound to the order (the close dialog says how much).
  afterGet: async (trx, record) => ({ ...record, boundAmount: fromCents((await boundCentsOf(trx, [record.id])).get(record.id) ?? 0) }),
  // So does each row of a page (one grouped read for the page): the list's close dialog warns before it is sent, as the order page's does.
  afterList: async (trx, records) => {
    const bound = await boundCentsOf(trx, records.map((r) => r.id));
    return records.map((r) => ({ ...r, boundAmount: fromCents(bound.get(r.id) ?? 0) }));
  },
  // Deleting moves an order into the recycle bin (its deleteStatus): only closed or invalid orders go.
  beforeSetField: async ({ records, field, value }) => {
    if (field !== 'deleteStatus' || value !== 1) return;
    if (records.some((r) => !ORDER_DELETABLE_STATUSES.includes(r.status))) throw conflict('status', 'wrong_state');
  },
};

/** A history row as the API answers it: `note` is readable also where the server wrote a key (mall's clients show `note`). */
const readableNote = <R extends RecordOf<typeof orderOperateHistory>>(row: R): R => (row.noteKey ? { ...row, note: orderHistoryNoteText(row) } : row);

export const orderHistoryHooks: EntityHooks<typeof orderOperateHistory> = {
  afterGet: async (_db, record) => readableNote(record),
  afterList: async (_db, records) => records.map(readableNote),
};
