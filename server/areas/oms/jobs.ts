/**
 * The job that applies the order settings (src/schema/oms/entities.ts `orderSetting`, record 1):
 *
 * - an order still pending payment is closed once it is older than the flash-order time-out
 *   (flash orders, `orderType` 1) or the normal-order time-out (every other order), in minutes
 *   from its creation;
 * - a shipped order is confirmed as received once `confirmOvertime` days have passed since it
 *   shipped (`deliveryTime`; an order shipped without a time is left to people).
 *
 * An unpaid order that a cashier balance partly pays (server/areas/cashier: some money bound, not
 * all) is never closed by the job: money was received, so a person decides (close it, or bind the
 * rest). Such orders are not selected, and one bound between the selection and its close is
 * refused inside the close's transaction.
 *
 * `finishOvertime` and `commentOvertime` have no state to move here: receipt already completes an
 * order (status 3), and there are no reviews or return windows to close yet.
 *
 * Each order changes through the declared transition (`close`, `confirmReceipt`), exactly as when
 * a person does it (server/crud/actions.ts performAction): its own transaction, the rows locked and
 * their state checked again inside it, the state set conditionally, a history row and an audit row,
 * with the system as the actor (no admin id). So the job is idempotent: an order that is no longer
 * pending payment or shipped is not picked again, and one that somebody (a person, another
 * process's job) changed in the meantime is refused by its transition and skipped. The runner's
 * lease (server/jobs/runner.ts) keeps two processes from running it at once.
 */
import type { Kysely } from 'kysely';
import { balanceOrder } from '../../../src/schema/cashier/entities';
import { entityList } from '../../../src/schema/entities';
import { ORDER_STATUS, order } from '../../../src/schema/oms/entities';
import type { ActionHandler } from '../../crud/actions';
import { performAction } from '../../crud/actions';
import type { HookActor } from '../../crud/hooks';
import { ALL_SHOPS } from '../../crud/scope';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { isHttpError } from '../../http/errors';
import type { Job } from '../../jobs/runner';
import { defineJob } from '../../jobs/runner';
import { orderActions } from './orders';

export const ORDER_SETTINGS_JOB = 'apply-order-settings';

/** Time-outs are in minutes: checking every minute keeps an order at most a minute past its time. */
const EVERY_SECONDS = 60;
/** Orders per kind (normal close, flash close, receipt) per run: a backlog is worked off over several runs. */
export const ORDER_JOB_BATCH = 500;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Who acts: no admin account, every shop. History and audit rows carry no admin id. */
const SYSTEM_ACTOR: HookActor = { adminId: null, ip: null, scope: ALL_SHOPS };

type Counts = { closed: number; confirmed: number; skipped: number; partlyPaid: number; more: boolean };

const BINDINGS = balanceOrder.table;

/** Refuses the job's close of an order a cashier balance partly paid (money was received: a person decides). */
class PartlyPaid extends Error {}

/**
 * The job's close: the declared transition with one check first, inside its transaction after the
 * order's row is locked (a bind locks it too), so an order bound between the selection and the
 * close is not closed either. A fully covered order is no longer pending payment, so any binding
 * means partly paid. People may still close such an order themselves.
 */
const closeUnlessBound: ActionHandler = async (ctx) => {
  const bound = await ctx.trx.selectFrom(BINDINGS).select('order_id')
    .where('order_id', 'in', ctx.records.map((r) => r.id)).limit(1).executeTakeFirst();
  if (bound) throw new PartlyPaid(`order ${String(bound.order_id)} is partly paid by a cashier balance`);
  const own = orderActions.handlers.close as ActionHandler | undefined;
  return own ? own(ctx) : { data: ctx.records.length };
};

/** The handler a job's call runs: the order area's own (confirmReceipt stamps the receipt), the close with the check first. */
const handlerOf = (action: 'close' | 'confirmReceipt'): ActionHandler | undefined =>
  (action === 'close' ? closeUnlessBound : orderActions.handlers[action] as ActionHandler | undefined);

/** Ids of the due orders in `status` whose `column` is before `before`, oldest first. */
const dueIds = async (
  db: Kysely<Database>, status: number, column: 'create_time' | 'delivery_time', before: Date, batch: number, orderType?: 'flash' | 'normal',
): Promise<number[]> => {
  let query = db.selectFrom('oms_order').select('id')
    .where('delete_status', '=', 0).where('status', '=', status).where(column, '<', toDbTime(before));
  if (orderType === 'flash') query = query.where('order_type', '=', 1);
  if (orderType === 'normal') query = query.where((eb) => eb.or([eb('order_type', '!=', 1), eb('order_type', 'is', null)]));
  // Unpaid orders a cashier balance partly pays are left to people (not picked again each minute).
  if (status === ORDER_STATUS.pendingPayment) {
    query = query.where((eb) => eb.not(eb.exists(eb.selectFrom(BINDINGS).select('id').whereRef(`${BINDINGS}.order_id`, '=', 'oms_order.id'))));
  }
  // By id (the list index: delete_status, status, id): older orders have lower ids, so due ones come first.
  const rows = await query.orderBy('id').limit(batch).execute();
  return rows.map((row) => Number(row.id));
};

/** 'done' when the order changed; 'skipped' when its state had moved on (someone else got there first); 'partlyPaid' when a balance was bound meanwhile. */
const applyOne = async (db: Kysely<Database>, action: 'close' | 'confirmReceipt', id: number, params: Record<string, unknown>): Promise<'done' | 'skipped' | 'partlyPaid'> => {
  try {
    // The engine's transition (state, history, audit), as a person's request runs it; the close with the job's check first.
    await performAction({ db, entities: entityList }, order, action, handlerOf(action), { ids: [id], params, actor: SYSTEM_ACTOR });
    return 'done';
  } catch (error) {
    if (error instanceof PartlyPaid) return 'partlyPaid';
    // 409: no longer in a state the transition leaves (paid, closed or confirmed meanwhile);
    // 404: gone (deleted for good). Anything else is a real failure: the run fails and is retried.
    if (isHttpError(error) && (error.problem.status === 409 || error.problem.status === 404)) return 'skipped';
    throw error;
  }
};

/** Confirms the receipt of a shipped order as the system (the tracking job: the carrier delivered it). */
export const confirmReceiptBySystem = (db: Kysely<Database>, id: number) => applyOne(db, 'confirmReceipt', id, {});

/**
 * Test seam, and the only one: `afterCloseSelection` runs once a batch of unpaid orders has been
 * selected for closing and before any of them is closed. tests/api/oms-order-jobs.test.ts commits a
 * cashier binding there, to prove the check inside the close's transaction (closeUnlessBound)
 * catches a binding the selection could not see; on SQLite one connection serialises transactions,
 * so no real race can land in that gap. The server passes none.
 */
type OrderJobSeams = { readonly afterCloseSelection?: (ids: readonly number[]) => Promise<void> };

/** The job; `batch` bounds the orders of each kind one run changes. */
export const orderSettingsJob = (batch = ORDER_JOB_BATCH, seams: OrderJobSeams = {}): Job => defineJob({
  name: ORDER_SETTINGS_JOB,
  everySeconds: EVERY_SECONDS,
  run: async ({ db, now }) => {
    const settings = await db.selectFrom('oms_order_setting').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!settings) return 'no order settings (record 1): nothing to do';
    const counts: Counts = { closed: 0, confirmed: 0, skipped: 0, partlyPaid: 0, more: false };
    const kinds = [
      { orderType: 'normal' as const, minutes: settings.normal_order_overtime },
      { orderType: 'flash' as const, minutes: settings.flash_order_overtime },
    ];
    for (const { orderType, minutes } of kinds) {
      if (minutes === null || minutes === undefined) continue;
      const ids = await dueIds(db, ORDER_STATUS.pendingPayment, 'create_time', new Date(now.getTime() - minutes * MINUTE), batch, orderType);
      counts.more ||= ids.length === batch;
      if (ids.length) await seams.afterCloseSelection?.(ids);
      const note = `Closed by the system: not paid within ${minutes} minutes (${orderType === 'flash' ? 'flash-sale' : 'normal'} order time-out)`;
      for (const id of ids) {
        const outcome = await applyOne(db, 'close', id, { note });
        if (outcome === 'done') counts.closed += 1;
        else if (outcome === 'partlyPaid') counts.partlyPaid += 1;
        else counts.skipped += 1;
      }
    }
    const days = settings.confirm_overtime;
    if (days !== null && days !== undefined) {
      const ids = await dueIds(db, ORDER_STATUS.shipped, 'delivery_time', new Date(now.getTime() - days * DAY), batch);
      counts.more ||= ids.length === batch;
      for (const id of ids) {
        if (await applyOne(db, 'confirmReceipt', id, {}) === 'done') counts.confirmed += 1;
        else counts.skipped += 1;
      }
    }
    return `closed ${counts.closed} unpaid, confirmed ${counts.confirmed} shipped, skipped ${counts.skipped} changed meanwhile${counts.partlyPaid ? `, left ${counts.partlyPaid} partly paid by a balance meanwhile` : ''}${counts.more ? '; more are due (next run)' : ''}`;
  },
});

export const applyOrderSettings = orderSettingsJob();
