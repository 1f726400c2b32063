/**
 * Cashier balances (src/schema/cashier/entities.ts): binding orders to the money a shop received, and
 * taking bindings back. Both run in the engine's action transaction with the balance row locked
 * (`FOR UPDATE` on PostgreSQL, loaded by the engine; SQLite has one writer), then the orders'
 * rows locked in id order: parallel binds of one balance run one after the other and each sees
 * what the previous one bound, so the bindings never pass the balance. The rules: only orders of
 * the balance's own shop, pending payment; an order's bindings never pass its payable amount
 * ("exceed order amount"), a balance's never pass the balance ("exceed balance limit"). An order
 * its bindings fully cover becomes paid through the engine's transition code (state, the order's
 * history row with operator and note, audit row); unbinding takes that back before it ships.
 */
import { sql } from 'kysely';
import type { FieldError } from '../../../src/schema/api';
import { fieldError } from '../../../src/schema/api';
import type { BoundOrder, OpenOrder } from '../../../src/schema/cashier/entities';
import {
  balance, OPEN_ORDERS_MAX, ORDER_PAID_BY_BALANCE, ORDER_PAYMENT_WITHDRAWN, ORDER_SHIPPED_STATUSES,
} from '../../../src/schema/cashier/entities';
import { entityList } from '../../../src/schema/entities';
import type { RecordOf } from '../../../src/schema/engine/entity';
import { fromCents, sumCents, toCents } from '../../../src/schema/engine/money';
import { ORDER_STATUS, order as orderEntity } from '../../../src/schema/oms/entities';
import type { AuditChange } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db, EntityHooks, HookActor } from '../../crud/hooks';
import type { Row } from '../../crud/row';
import { fromRow } from '../../crud/row';
import { applyTransition } from '../../crud/transitions';
import { dialectOf } from '../../db/index';
import { toDbTime } from '../../db/time';
import { conflict, fieldInvalid, validationFailed } from '../../http/errors';

const BINDINGS = 'oms_cashier_balance_order';

/** Orders' rows, locked on PostgreSQL in id order (the same order every path takes, so no two transactions deadlock). */
const lockOrders = async (trx: Db, ids: readonly number[]): Promise<Row[]> => {
  if (!ids.length) return [];
  const query = trx.selectFrom('oms_order').selectAll().where('id', 'in', [...new Set(ids)]).orderBy('id');
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).execute();
};

/** Cents bound per order (every balance), for the given orders. */
const boundPerOrder = async (trx: Db, orderIds: readonly number[]): Promise<Map<number, number>> => {
  const out = new Map<number, number>();
  if (!orderIds.length) return out;
  const rows = await trx.selectFrom(BINDINGS).select(['order_id', (eb) => eb.fn.sum<number>('amount').as('cents')])
    .where('order_id', 'in', [...new Set(orderIds)]).groupBy('order_id').execute();
  for (const row of rows) out.set(Number(row.order_id), Number(row.cents ?? 0));
  return out;
};

/** Cents bound to one balance. */
const boundOfBalance = async (trx: Db, balanceId: number): Promise<number> => {
  const row = await trx.selectFrom(BINDINGS).select((eb) => eb.fn.sum<number>('amount').as('cents')).where('balance_id', '=', balanceId).executeTakeFirst();
  return Number(row?.cents ?? 0);
};

/** The bound amount and the related orders of balances (one query per page). */
const withBindings = async <R extends { id: number }>(trx: Db, records: R[]): Promise<R[]> => {
  if (!records.length) return records;
  const rows = await trx.selectFrom(`${BINDINGS} as b`).leftJoin('oms_order as o', 'o.id', 'b.order_id')
    .select(['b.balance_id', 'b.order_id', 'b.amount', 'b.paid_order', 'o.order_sn', 'o.status'])
    .where('b.balance_id', 'in', records.map((r) => r.id)).orderBy('b.id').execute();
  const byBalance = new Map<number, BoundOrder[]>();
  for (const row of rows) {
    const list = byBalance.get(Number(row.balance_id)) ?? [];
    list.push({
      orderId: Number(row.order_id), orderSn: row.order_sn === null ? null : String(row.order_sn), amount: fromCents(Number(row.amount)),
      status: row.status === null ? null : Number(row.status), paidOrder: Number(row.paid_order),
    });
    byBalance.set(Number(row.balance_id), list);
  }
  return records.map((record) => {
    const orders = byBalance.get(record.id) ?? [];
    const bound = sumCents(orders.map((o) => toCents(o.amount)));
    return { ...record, boundAmount: fromCents(bound), orders };
  });
};

/** What a balance has bound and has left, after a bind or unbind (the action's answer). */
const amountsOf = async (trx: Db, record: RecordOf<typeof balance>): Promise<{ boundAmount: number; openAmount: number }> => {
  const bound = await boundOfBalance(trx, record.id);
  return { boundAmount: fromCents(bound), openAmount: fromCents(toCents(record.amount) - bound) };
};

/** Sets an order's state through the engine's transition (state, history row, audit row), with the payment time. */
const moveOrder = async (
  trx: Db, orderRow: Row, transition: typeof ORDER_PAID_BY_BALANCE, note: string, actor: HookActor,
): Promise<AuditChange[]> => {
  const record = fromRow(orderEntity, orderRow);
  // Every shop: the balance, in the caller's scope, already says the order's shop is the caller's.
  const changes = await applyTransition(trx, orderEntity, transition, [record], () => ({ note }), { ...actor, scope: { kind: 'all' } }, entityList);
  const paid = transition.to === ORDER_STATUS.pendingShipment;
  await trx.updateTable('oms_order').set({ payment_time: paid ? toDbTime() : null }).where('id', '=', record.id).execute();
  return changes.map((change) => ({ ...change, table: 'oms_order' }));
};

export const balanceActions = entityActions(balance, {
  bind: async ({ trx, record, params, actor }) => {
    const rows = params.orders;
    const orders = new Map((await lockOrders(trx, rows.map((r) => r.orderId))).map((row) => [Number(row.id), row]));
    const boundOrders = await boundPerOrder(trx, rows.map((r) => r.orderId));
    let left = toCents(record.amount) - await boundOfBalance(trx, record.id);
    const errors: FieldError[] = [];
    rows.forEach((row, index) => {
      const order = orders.get(row.orderId);
      // Another shop's order (the caller's other shop too) reads as no order, as the engine's references do.
      if (!order || Number(order.shop_id) !== record.shopId || Number(order.delete_status) !== 0) {
        errors.push(fieldError(`orders.${index}.orderId`, 'invalid_reference'));
        return;
      }
      if (Number(order.status) !== ORDER_STATUS.pendingPayment) {
        errors.push(fieldError(`orders.${index}.orderId`, 'order_not_payable'));
        return;
      }
      const cents = toCents(row.amount);
      const open = Number(order.pay_amount) - (boundOrders.get(row.orderId) ?? 0);
      if (cents > open) errors.push(fieldError(`orders.${index}.amount`, 'exceed_order_amount', { max: fromCents(Math.max(0, open)) }));
      else if (cents > left) errors.push(fieldError(`orders.${index}.amount`, 'exceed_balance_limit', { max: fromCents(Math.max(0, left)) }));
      else left -= cents;
    });
    if (errors.length) throw validationFailed(errors);

    const changes: AuditChange[] = [];
    const paid: number[] = [];
    const now = toDbTime();
    for (const row of rows) {
      const order = orders.get(row.orderId)!;
      const cents = toCents(row.amount);
      const covered = (boundOrders.get(row.orderId) ?? 0) + cents >= Number(order.pay_amount);
      const existing = await trx.selectFrom(BINDINGS).select(['id', 'amount']).where('balance_id', '=', record.id).where('order_id', '=', row.orderId).executeTakeFirst();
      let bindingId: number;
      if (existing) {
        bindingId = Number(existing.id);
        await trx.updateTable(BINDINGS).set({ amount: Number(existing.amount) + cents, ...(covered ? { paid_order: 1 } : {}) }).where('id', '=', bindingId).execute();
        changes.push({ table: BINDINGS, id: bindingId, before: { amount: fromCents(Number(existing.amount)) }, after: { amount: fromCents(Number(existing.amount) + cents), balanceId: record.id, orderId: row.orderId } });
      } else {
        const inserted = await trx.insertInto(BINDINGS).values({
          balance_id: record.id, shop_id: record.shopId, order_id: row.orderId, amount: cents, paid_order: covered ? 1 : 0, operator_id: actor.adminId, create_time: now,
        }).returning('id').executeTakeFirstOrThrow();
        bindingId = Number(inserted.id);
        changes.push({ table: BINDINGS, id: bindingId, after: { balanceId: record.id, orderId: row.orderId, amount: row.amount } });
      }
      if (covered) {
        changes.push(...await moveOrder(trx, order, ORDER_PAID_BY_BALANCE, `Paid by cashier balance #${record.id}`, actor));
        paid.push(row.orderId);
      }
    }
    return { data: { ...await amountsOf(trx, record), paidOrderIds: paid }, changes };
  },

  unbind: async ({ trx, record, params, actor }) => {
    const binding = await trx.selectFrom(BINDINGS).selectAll().where('balance_id', '=', record.id).where('order_id', '=', params.orderId).executeTakeFirst();
    if (!binding) throw fieldInvalid('orderId', 'invalid_reference');
    const [order] = await lockOrders(trx, [params.orderId]);
    const changes: AuditChange[] = [];
    const paidByBinding = await trx.selectFrom(BINDINGS).select('id').where('order_id', '=', params.orderId).where('paid_order', '=', 1).executeTakeFirst();
    if (order && paidByBinding) {
      const status = Number(order.status);
      if (ORDER_SHIPPED_STATUSES.includes(status)) throw conflict('orderId', 'order_shipped_unbind');
      if (status === ORDER_STATUS.pendingShipment) {
        changes.push(...await moveOrder(trx, order, ORDER_PAYMENT_WITHDRAWN, `Payment by cashier balance #${record.id} withdrawn`, actor));
      }
      await trx.updateTable(BINDINGS).set({ paid_order: 0 }).where('order_id', '=', params.orderId).execute();
    }
    await trx.deleteFrom(BINDINGS).where('id', '=', binding.id).execute();
    changes.unshift({ table: BINDINGS, id: Number(binding.id), before: { balanceId: record.id, orderId: params.orderId, amount: fromCents(Number(binding.amount)) } });
    return { data: await amountsOf(trx, record), changes };
  },

  openOrders: async ({ trx, record, params }) => {
    let query = trx.selectFrom('oms_order')
      .select(['id', 'order_sn', 'create_time', 'member_username', 'receiver_name', 'pay_amount'])
      .where('shop_id', '=', record.shopId).where('status', '=', ORDER_STATUS.pendingPayment).where('delete_status', '=', 0);
    const keyword = params.keyword?.trim();
    if (keyword) {
      // The repository's own like (case-insensitive, with its escape), on both dialects alike.
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or(['order_sn', 'receiver_name', 'receiver_phone', 'member_username']
        .map((column) => sql<boolean>`lower(${sql.ref(column)}) like lower(${like}) escape '\\'`)));
    }
    // A few more than answered: fully covered ones drop out below.
    const rows = await query.orderBy('id', 'desc').limit(OPEN_ORDERS_MAX * 2).execute();
    const bound = await boundPerOrder(trx, rows.map((r) => Number(r.id)));
    const data: OpenOrder[] = rows.map((row) => {
      const boundCents = bound.get(Number(row.id)) ?? 0;
      return {
        id: Number(row.id), orderSn: String(row.order_sn), createTime: row.create_time === null ? null : String(row.create_time),
        memberUsername: row.member_username === null ? null : String(row.member_username),
        receiverName: row.receiver_name === null ? null : String(row.receiver_name),
        payAmount: fromCents(Number(row.pay_amount)), boundAmount: fromCents(boundCents), openAmount: fromCents(Number(row.pay_amount) - boundCents),
      };
    }).filter((o) => o.openAmount > 0).slice(0, OPEN_ORDERS_MAX);
    return { data };
  },
});

export const balanceHooks: EntityHooks<typeof balance> = {
  // A balance may shrink only down to what is bound: read under the balance's lock, as bind takes it.
  validate: async ({ trx, record, before, lock }) => {
    if (!before) return [];
    await lock(trx.selectFrom('oms_cashier_balance').select('id').where('id', '=', before.id)).execute();
    const bound = await boundOfBalance(trx, before.id);
    return toCents(record.amount) < bound ? [{ field: 'amount', messageKey: 'below_bound', params: { min: fromCents(bound) } }] : [];
  },
  afterGet: async (trx, record) => (await withBindings(trx, [record]))[0]!,
  afterList: withBindings,
};
