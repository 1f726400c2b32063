/**
 * Returns (src/schema/oms/entities.ts `returnApply`): the engine carries out the declared transitions
 * (state, 409 on a wrong state, audit) and `mall`'s one status route for them; the handlers here
 * check and write what each step records besides the state: the refund (never more than what was
 * paid for the returned line, nor than what the order has left after its other refunds), the
 * shop's address the goods go back to, and who did it and when; a completed return with a refund
 * marks its order partially refunded or refunded, with the amount refunded. Only rejected requests may be deleted.
 */
import type { RecordOf } from '../../../src/schema/engine/entity';
import type { companyAddress } from '../../../src/schema/oms/entities';
import { ORDER_PAY_STATUS, ORDER_STATUS, RETURN_STATUS, returnApply } from '../../../src/schema/oms/entities';
import { fromCents, multiplyCents, sumCents, toCents } from '../../../src/schema/engine/money';
import type { AuditChange } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db, EntityHooks, HookActor } from '../../crud/hooks';
import { dialectOf } from '../../db/index';
import { toDbTime } from '../../db/time';
import { conflict, fieldInvalid } from '../../http/errors';
import { messageBuyer } from './messages';
import { writeHistory } from './orders';

type ReturnRecord = RecordOf<typeof returnApply>;

/** Orders the buyer has paid for (what a refund can give back). */
const PAID_STATUSES: readonly number[] = [ORDER_STATUS.pendingShipment, ORDER_STATUS.shipped, ORDER_STATUS.completed];
/** Returns whose refund is granted (confirmed or completed): they use up the order's payment. */
const REFUNDING: readonly number[] = [RETURN_STATUS.returning, RETURN_STATUS.completed];

/** The account's name, kept as `mall`'s handleMan / receiveMan (the body's are not trusted). */
const operatorName = async (trx: Db, actor: HookActor): Promise<string | null> => {
  if (actor.adminId === null) return null;
  const row = await trx.selectFrom('ums_admin').select('username').where('id', '=', actor.adminId).executeTakeFirst();
  return row ? String(row.username) : null;
};

/**
 * The most this return may refund, in cents: what the buyer paid for the returned line (real
 * price × count, the list price where no real price is known), and no more than the order's
 * payment left after the refunds of its other granted returns. The order row is locked on
 * PostgreSQL, so two returns of one order confirmed at once cannot both take the same money.
 */
const refundLimitCents = async (trx: Db, record: ReturnRecord): Promise<number> => {
  const query = trx.selectFrom('oms_order').select(['pay_amount', 'status']).where('id', '=', record.orderId);
  const order = await (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!order || !PAID_STATUSES.includes(Number(order.status))) return 0;
  const others = await trx.selectFrom('oms_order_return_apply').select('return_amount')
    .where('order_id', '=', record.orderId).where('id', '<>', record.id).where('status', 'in', [...REFUNDING]).execute();
  const left = sumCents([Number(order.pay_amount), ...others.map((r) => -Number(r.return_amount ?? 0))]);
  const price = record.productRealPrice > 0 ? record.productRealPrice : record.productPrice;
  const line = multiplyCents(toCents(price), record.productCount);
  return Math.max(0, Math.min(line, left));
};

/**
 * The order's refunded amount and payment status after its completed returns, written in the
 * caller's transaction (`completing`: a return whose completion is being written, its status not
 * stored yet): the amount is the sum of their refunds; the status is refunded once that
 * reaches what was paid, partially refunded below it (a paid order only: an unpaid one has
 * nothing to give back). Answers the change for the audit row, or null when nothing moved.
 */
export const settleRefunds = async (trx: Db, orderId: number, completing?: number): Promise<{ before: Record<string, number>; after: Record<string, number> } | null> => {
  const order = await trx.selectFrom('oms_order').select(['pay_amount', 'pay_status', 'refund_amount']).where('id', '=', orderId).executeTakeFirst();
  const refundable: readonly number[] = [ORDER_PAY_STATUS.paid, ORDER_PAY_STATUS.partiallyRefunded, ORDER_PAY_STATUS.refunded];
  if (!order || !refundable.includes(Number(order.pay_status))) return null;
  const rows = await trx.selectFrom('oms_order_return_apply').select('return_amount')
    .where('order_id', '=', orderId)
    .where((eb) => (completing === undefined ? eb('status', '=', RETURN_STATUS.completed) : eb.or([eb('status', '=', RETURN_STATUS.completed), eb('id', '=', completing)])))
    .execute();
  const refunded = sumCents(rows.map((r) => Number(r.return_amount ?? 0)));
  const status = refunded <= 0 ? ORDER_PAY_STATUS.paid
    : refunded >= Number(order.pay_amount) ? ORDER_PAY_STATUS.refunded : ORDER_PAY_STATUS.partiallyRefunded;
  const before = { payStatus: Number(order.pay_status), refundAmount: fromCents(Number(order.refund_amount)) };
  if (before.payStatus === status && Number(order.refund_amount) === refunded) return null;
  await trx.updateTable('oms_order').set({ pay_status: status, refund_amount: refunded }).where('id', '=', orderId).execute();
  return { before, after: { payStatus: status, refundAmount: fromCents(refunded) } };
};

/**
 * A return completed with a refund above 0 makes its paid order partially refunded or refunded
 * (settleRefunds), in the receive step's transaction. The order's status and delivery stay: this
 * is no transition of the order (its state does not change), so it is written here, with the
 * order's history and audit rows.
 */
const markRefunded = async (trx: Db, record: ReturnRecord, actor: HookActor): Promise<AuditChange[]> => {
  if (!record.returnAmount) return [];
  const change = await settleRefunds(trx, record.orderId, record.id);
  if (!change) return [];
  // The order's history tells its people what happened to its money, as every other change of it does.
  const order = await trx.selectFrom('oms_order').select(['id', 'shop_id', 'status']).where('id', '=', record.orderId).executeTakeFirstOrThrow();
  await writeHistory(trx, { id: Number(order.id), shopId: order.shop_id, status: order.status }, { key: 'refunded', params: { amount: record.returnAmount, returnId: record.id } }, actor);
  await messageBuyer(trx, record.orderId, 'refunded', { amount: record.returnAmount, returnId: record.id }, actor.adminId);
  return [{ table: 'oms_order', id: record.orderId, ...change }];
};

export const returnActions = entityActions(returnApply, {
  confirm: async ({ trx, record, params, actor }) => {
    const max = await refundLimitCents(trx, record);
    if (toCents(params.returnAmount) > max) throw fieldInvalid('returnAmount', 'too_big', { max: fromCents(max) });
    await trx.updateTable('oms_order_return_apply').set({
      return_amount: toCents(params.returnAmount), company_address_id: params.companyAddressId,
      handle_time: toDbTime(), handle_man: await operatorName(trx, actor), handle_note: params.handleNote,
    }).where('id', '=', record.id).execute();
    return { data: 1, changes: [] };
  },
  reject: async ({ trx, record, params, actor }) => {
    await trx.updateTable('oms_order_return_apply')
      .set({ handle_time: toDbTime(), handle_man: await operatorName(trx, actor), handle_note: params.handleNote })
      .where('id', '=', record.id).execute();
    return { data: 1, changes: [] };
  },
  receive: async ({ trx, record, params, actor }) => {
    await trx.updateTable('oms_order_return_apply')
      .set({ receive_time: toDbTime(), receive_man: await operatorName(trx, actor), receive_note: params.receiveNote })
      .where('id', '=', record.id).execute();
    return { data: 1, changes: await markRefunded(trx, record, actor) };
  },
});

/**
 * A returned line's attributes as `mall` keeps them on a return, free text (`Color: Red; Size: XL`):
 * the order line's copy is its SKU's JSON (`[{"key":"Color","value":"Red"}]`), which `mall`'s
 * return page and ours would show raw. Text that is no such list is answered as it is.
 */
export const attrText = (value: string | null): string | null => {
  if (!value || !value.trimStart().startsWith('[')) return value;
  try {
    const pairs = JSON.parse(value) as unknown;
    if (!Array.isArray(pairs) || !pairs.every((p) => p !== null && typeof p === 'object' && 'value' in p)) return value;
    return (pairs as { key?: unknown; value: unknown }[]).map((p) => (p.key ? `${String(p.key)}: ${String(p.value)}` : String(p.value))).join('; ');
  } catch {
    return value;
  }
};

const readable = (record: RecordOf<typeof returnApply>): RecordOf<typeof returnApply> => ({ ...record, productAttr: attrText(record.productAttr ?? null) });

export const returnHooks: EntityHooks<typeof returnApply> = {
  // A request leaves the records only once it is rejected (`mall` deletes those and silently keeps the others).
  beforeDelete: async (_trx, _entity, records) => {
    if (records.some((r) => r.status !== RETURN_STATUS.rejected)) throw conflict('status', 'wrong_state');
  },
  afterGet: async (_db, record) => readable(record),
  afterList: async (_db, records) => records.map(readable),
};

/**
 * A return address's optional parts answered as `""`, never null: `mall`'s return page joins
 * province, city and region into one line and printed "null" for an address without a region.
 */
const filledAddress = (record: RecordOf<typeof companyAddress>): RecordOf<typeof companyAddress> =>
  ({ ...record, province: record.province ?? '', city: record.city ?? '', region: record.region ?? '' });

export const companyAddressHooks: EntityHooks<typeof companyAddress> = {
  afterGet: async (_db, record) => filledAddress(record),
  afterList: async (_db, records) => records.map(filledAddress),
};
