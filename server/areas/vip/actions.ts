/**
 * Confirming and refunding a VIP payment (declared transitions of the pay record): the engine
 * checks the state, locks the record on PostgreSQL and sets the status; these handlers move the
 * seller's VIP expiry in the same transaction and stamp who did it and when.
 *
 * Confirm: the VIP runs the plan's months longer, from the later of now and the current expiry
 * (periods stack, so buying early loses nothing). Refund: we take back
 * the months the payment granted, from the current expiry (never below "none"): a refund gives
 * the money back, so the seller keeps no time it paid for with it. A payment refunded right after
 * confirmation leaves the expiry where it was; one refunded later ends the VIP that much earlier.
 */
import type { RecordOf } from '../../../src/schema/engine/entity';
import { VIP_CURRENCY, payRecord, vipPlanOf } from '../../../src/schema/vip/entities';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db } from '../../crud/hooks';
import { dialectOf } from '../../db/index';
import { toDbTime } from '../../db/time';
import { grantDistribution, reverseDistribution } from '../referral/distribution';
import { mailSeller } from './mail';

/** `date` moved by whole calendar months in UTC (Jan 31 + 1 month is the last day of February). */
export const addMonths = (date: Date, months: number): Date => {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};

/** The seller's expiry, locked on PostgreSQL so two payments of one seller confirmed together both count. */
const expiryOf = async (trx: Db, sellerId: number): Promise<{ found: boolean; expire: string | null }> => {
  const query = trx.selectFrom('ums_admin').select('vip_expire_time').where('id', '=', sellerId);
  const row = await (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return { found: !!row, expire: row?.vip_expire_time ?? null };
};

/** Moves the seller's expiry and stamps the record; answers the account's audit row. */
const moveExpiry = async (trx: Db, record: RecordOf<typeof payRecord>, operatorId: number | null, direction: 1 | -1) => {
  const now = new Date();
  const stamp = direction === 1 ? { confirm_time: toDbTime(now) } : { refund_time: toDbTime(now) };
  await trx.updateTable('pay_record').set({ ...stamp, operator_id: operatorId }).where('id', '=', record.id).execute();
  const plan = vipPlanOf(record.plan);
  const sellerId = record.sellerId;
  if (!plan || sellerId === null) return [];
  const { found, expire } = await expiryOf(trx, sellerId);
  if (!found) return [];
  let after: string | null;
  if (direction === 1) {
    const from = expire && Date.parse(expire) > now.getTime() ? new Date(expire) : now;
    after = toDbTime(addMonths(from, plan.months));
  } else {
    if (!expire) return [];
    after = toDbTime(addMonths(new Date(expire), -plan.months));
  }
  await trx.updateTable('ums_admin').set({ vip_expire_time: after }).where('id', '=', sellerId).execute();
  return [{ table: 'ums_admin', id: sellerId, before: { vipExpireTime: expire }, after: { vipExpireTime: after, payRecordId: record.id } }];
};

export const vipActions = (): readonly EntityActions[] => [
  entityActions(payRecord, {
    confirm: async ({ trx, records, actor }) => {
      const changes = [];
      // The referrer's reward, in this transaction: a payment confirmed once rewards once (src/schema/referral/entities.ts).
      for (const record of records) {
        changes.push(...await moveExpiry(trx, record, actor.adminId, 1), ...await grantDistribution(trx, record));
        // The seller learns the new expiry by mail, in this transaction (server/areas/vip/mail.ts).
        await mailSeller(trx, record, 'confirmed', VIP_CURRENCY);
      }
      return { data: records.length, changes };
    },
    refund: async ({ trx, records, actor }) => {
      const changes = [];
      for (const record of records) {
        changes.push(...await moveExpiry(trx, record, actor.adminId, -1), ...await reverseDistribution(trx, record));
        await mailSeller(trx, record, 'refunded', VIP_CURRENCY);
      }
      return { data: records.length, changes };
    },
  }),
];
