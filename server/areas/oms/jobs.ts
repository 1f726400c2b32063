/**
 * The job that applies the order settings (src/schema/oms.ts `orderSetting`, record 1):
 *
 * - an order still pending payment is closed once it is older than the flash-order time-out
 *   (flash orders, `orderType` 1) or the normal-order time-out (every other order), in minutes
 *   from its creation;
 * - a shipped order is confirmed as received once `confirmOvertime` days have passed since it
 *   shipped (`deliveryTime`; an order shipped without a time is left to people).
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
import { entityList } from '../../../src/schema/entities';
import { ORDER_STATUS, order } from '../../../src/schema/oms';
import { actionPerformer } from '../../crud/actions';
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
export const SYSTEM_ACTOR: HookActor = { adminId: null, ip: null, scope: ALL_SHOPS };

type Counts = { closed: number; confirmed: number; skipped: number; more: boolean };

/** Ids of the due orders in `status` whose `column` is before `before`, oldest first. */
const dueIds = async (
  db: Kysely<Database>, status: number, column: 'create_time' | 'delivery_time', before: Date, batch: number, orderType?: 'flash' | 'normal',
): Promise<number[]> => {
  let query = db.selectFrom('oms_order').select('id')
    .where('delete_status', '=', 0).where('status', '=', status).where(column, '<', toDbTime(before));
  if (orderType === 'flash') query = query.where('order_type', '=', 1);
  if (orderType === 'normal') query = query.where((eb) => eb.or([eb('order_type', '!=', 1), eb('order_type', 'is', null)]));
  // By id (the list index: delete_status, status, id): older orders have lower ids, so due ones come first.
  const rows = await query.orderBy('id').limit(batch).execute();
  return rows.map((row) => Number(row.id));
};

/** True when the order changed; false when its state had moved on (someone else got there first). */
const applyOne = async (perform: ReturnType<typeof actionPerformer>, action: 'close' | 'confirmReceipt', id: number, params: Record<string, unknown>): Promise<boolean> => {
  try {
    await perform(order, action, { ids: [id], params, actor: SYSTEM_ACTOR });
    return true;
  } catch (error) {
    // 409: no longer in a state the transition leaves (paid, closed or confirmed meanwhile);
    // 404: gone (deleted for good). Anything else is a real failure: the run fails and is retried.
    if (isHttpError(error) && (error.problem.status === 409 || error.problem.status === 404)) return false;
    throw error;
  }
};

/** The job; `batch` bounds the orders of each kind one run changes. */
export const orderSettingsJob = (batch = ORDER_JOB_BATCH): Job => defineJob({
  name: ORDER_SETTINGS_JOB,
  everySeconds: EVERY_SECONDS,
  run: async ({ db, now }) => {
    const settings = await db.selectFrom('oms_order_setting').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!settings) return 'no order settings (record 1): nothing to do';
    const perform = actionPerformer({ db, entities: entityList, actions: [orderActions] });
    const counts: Counts = { closed: 0, confirmed: 0, skipped: 0, more: false };
    const kinds = [
      { orderType: 'normal' as const, minutes: settings.normal_order_overtime },
      { orderType: 'flash' as const, minutes: settings.flash_order_overtime },
    ];
    for (const { orderType, minutes } of kinds) {
      if (minutes === null || minutes === undefined) continue;
      const ids = await dueIds(db, ORDER_STATUS.pendingPayment, 'create_time', new Date(now.getTime() - minutes * MINUTE), batch, orderType);
      counts.more ||= ids.length === batch;
      const note = `Closed by the system: not paid within ${minutes} minutes (${orderType === 'flash' ? 'flash-sale' : 'normal'} order time-out)`;
      for (const id of ids) {
        if (await applyOne(perform, 'close', id, { note })) counts.closed += 1;
        else counts.skipped += 1;
      }
    }
    const days = settings.confirm_overtime;
    if (days !== null && days !== undefined) {
      const ids = await dueIds(db, ORDER_STATUS.shipped, 'delivery_time', new Date(now.getTime() - days * DAY), batch);
      counts.more ||= ids.length === batch;
      for (const id of ids) {
        if (await applyOne(perform, 'confirmReceipt', id, {})) counts.confirmed += 1;
        else counts.skipped += 1;
      }
    }
    return `closed ${counts.closed} unpaid, confirmed ${counts.confirmed} shipped, skipped ${counts.skipped} changed meanwhile${counts.more ? '; more are due (next run)' : ''}`;
  },
});

export const applyOrderSettings = orderSettingsJob();
