/**
 * Referral distribution (src/schema/referral/entities.ts): the referrer's reward when a referred seller's
 * VIP payment is confirmed, its reversal on refund, the distribution ratios and the reward
 * payments administrators record.
 *
 * The reward is written inside the confirmation's transaction by the VIP area's confirm handler
 * (`grantDistribution`), after the engine has locked the pay record and checked it is unpaid, so a
 * payment confirmed once rewards once; the unique index on `pay_record_id` backs that for any
 * other path. reward = amount × ratio in whole cents, half-up (`multiplyCents`), with the
 * referrer's own ratio or else the global one, both as they are at confirmation (the record keeps
 * the ratio it used). A refund marks the record reversed in the refund's transaction: the referrer
 * no longer earns it. What was already paid out stays paid (a reward payment is money that left);
 * the referrer's unpaid balance then goes below zero and later rewards make it up first.
 */
import type { RecordOf } from '../../../src/schema/engine/entity';
import type { DistributionRatios } from '../../../src/schema/referral/entities';
import type { payRecord } from '../../../src/schema/vip/entities';
import { DISTRIBUTION_STATUS, distributionRecord, referralReward } from '../../../src/schema/referral/entities';
import { fromCents, fromRatioUnits, multiplyCents, sumCents, toCents, toRatioUnits } from '../../../src/schema/engine/money';
import type { AuditChange, EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db, HookActor } from '../../crud/hooks';
import type { Scope } from '../../crud/scope';
import { dialectOf } from '../../db/index';
import { toDbTime } from '../../db/time';
import { fieldInvalid, forbidden } from '../../http/errors';

const isPostgres = (trx: Db) => dialectOf(trx) === 'postgres';

/** Ratios and reward payments are the administrators' (an enabled staff role: every shop); a seller's grant is no way round it. */
const requireStaff = (scope: Scope): void => {
  if (scope.kind !== 'all') throw forbidden('referral_admin_only');
};

/** The ratio (whole ten-thousandths) that applies to a referrer: its own, else the global one, else none. */
export const ratioUnitsFor = async (trx: Db, referrerId: number): Promise<number> => {
  const rows = await trx.selectFrom('rms_ratio').select(['referrer_id', 'ratio'])
    .where((eb) => eb.or([eb('referrer_id', '=', referrerId), eb('referrer_id', 'is', null)])).execute();
  return (rows.find((r) => r.referrer_id === referrerId) ?? rows.find((r) => r.referrer_id === null))?.ratio ?? 0;
};

/**
 * The referrer's reward for a confirmed payment (the VIP area's confirm handler calls it in its
 * transaction); nothing when the payer was not referred. Answers the audit rows it wrote.
 */
export const grantDistribution = async (trx: Db, payment: RecordOf<typeof payRecord>): Promise<AuditChange[]> => {
  const refereeId = payment.sellerId;
  if (refereeId === null || typeof payment.amount !== 'number') return [];
  const relation = await trx.selectFrom('rms_relation').select('referrer_id').where('referee_id', '=', refereeId).executeTakeFirst();
  const referrerId = relation?.referrer_id ?? null;
  if (referrerId === null) return [];
  const ratio = await ratioUnitsFor(trx, referrerId);
  const amount = toCents(payment.amount);
  const reward = multiplyCents(amount, fromRatioUnits(ratio));
  const values = {
    referrer_id: referrerId, referee_id: refereeId, pay_record_id: payment.id, amount, ratio, reward,
    status: DISTRIBUTION_STATUS.granted, create_time: toDbTime(), reverse_time: null,
  };
  const row = await trx.insertInto('rms_distribution').values(values).returning('id').executeTakeFirstOrThrow();
  return [{
    table: distributionRecord.table, id: row.id,
    after: { referrerId, refereeId, payRecordId: payment.id, amount: fromCents(amount), ratio: fromRatioUnits(ratio), reward: fromCents(reward) },
  }];
};

/** Reverses the reward of a refunded payment (the VIP area's refund handler, in its transaction). */
export const reverseDistribution = async (trx: Db, payment: RecordOf<typeof payRecord>): Promise<AuditChange[]> => {
  const row = await trx.selectFrom('rms_distribution').select(['id', 'status'])
    .where('pay_record_id', '=', payment.id).executeTakeFirst();
  if (!row || row.status !== DISTRIBUTION_STATUS.granted) return [];
  await trx.updateTable('rms_distribution').set({ status: DISTRIBUTION_STATUS.reversed, reverse_time: toDbTime() })
    .where('id', '=', row.id).where('status', '=', DISTRIBUTION_STATUS.granted).execute();
  return [{ table: distributionRecord.table, id: row.id, before: { status: DISTRIBUTION_STATUS.granted }, after: { status: DISTRIBUTION_STATUS.reversed, payRecordId: payment.id } }];
};

/** What a referrer has earned (granted rewards) and not yet been paid, in cents; below zero after a refund of a paid-out reward. */
export const unpaidCentsOf = async (trx: Db, referrerId: number): Promise<number> => {
  const earned = await trx.selectFrom('rms_distribution').select('reward')
    .where('referrer_id', '=', referrerId).where('status', '=', DISTRIBUTION_STATUS.granted).execute();
  const paid = await trx.selectFrom('rms_reward').select('payer_amount').where('referrer_id', '=', referrerId).execute();
  return sumCents([...earned.map((r) => Number(r.reward)), ...paid.map((r) => -Number(r.payer_amount))]);
};

const ratiosOf = async (trx: Db): Promise<DistributionRatios> => {
  const rows = await trx.selectFrom('rms_ratio as r').leftJoin('ums_admin as a', 'a.id', 'r.referrer_id')
    .select(['r.referrer_id', 'r.ratio', 'r.update_time', 'a.username']).orderBy('r.id').execute();
  const global = rows.find((r) => r.referrer_id === null);
  return {
    ratio: fromRatioUnits(global?.ratio ?? 0),
    overrides: rows.filter((r) => r.referrer_id !== null).map((r) => ({
      referrerId: r.referrer_id!, referrerName: r.username ?? null, ratio: fromRatioUnits(r.ratio), updateTime: r.update_time ?? null,
    })),
  };
};

/** Sets the global ratio or a referrer's own; a referrer without a ratio goes back to the global one. */
const setRatio = async (trx: Db, params: { ratio: number | null; referrerId: number | null }, actor: HookActor) => {
  requireStaff(actor.scope);
  const db = trx;
  const now = toDbTime();
  const before = await ratiosOf(trx);
  if (params.referrerId === null) {
    if (params.ratio === null) throw fieldInvalid('ratio', 'required');
    // The global row is written by the migration and never deleted.
    await db.updateTable('rms_ratio').set({ ratio: toRatioUnits(params.ratio), update_time: now, operator_id: actor.adminId })
      .where('referrer_id', 'is', null).execute();
  } else if (params.ratio === null) {
    await db.deleteFrom('rms_ratio').where('referrer_id', '=', params.referrerId).execute();
  } else {
    // One row per referrer (a unique index): parallel settings end with the last one, never two rows.
    await db.insertInto('rms_ratio').values({ referrer_id: params.referrerId, ratio: toRatioUnits(params.ratio), update_time: now, operator_id: actor.adminId })
      .onConflict((oc) => oc.column('referrer_id').doUpdateSet({ ratio: toRatioUnits(params.ratio!), update_time: now, operator_id: actor.adminId }))
      .execute();
  }
  const after = await ratiosOf(trx);
  return { data: after, changes: [{ table: 'rms_ratio', id: null, before, after: { ...after, set: params } }] };
};

export const distributionActions = (): readonly EntityActions[] => [
  entityActions(distributionRecord, {
    ratio: async ({ trx, actor }) => {
      requireStaff(actor.scope);
      return { data: await ratiosOf(trx) };
    },
    setRatio: ({ trx, params, actor }) => setRatio(trx, params, actor),
  }),
  entityActions(referralReward, {
    create: async ({ trx, params, actor }) => {
      requireStaff(actor.scope);
      const referrerId = params.referrerId;
      // The referrer's account row serialises payments to one referrer on PostgreSQL (SQLite has one writer at a time).
      const lockQuery = trx.selectFrom('ums_admin').select('id').where('id', '=', referrerId);
      await (isPostgres(trx) ? lockQuery.forUpdate() : lockQuery).executeTakeFirstOrThrow();
      const unpaid = await unpaidCentsOf(trx, referrerId);
      const amount = toCents(params.payerAmount);
      if (amount > unpaid) throw fieldInvalid('payerAmount', 'reward_over_unpaid', { max: fromCents(Math.max(unpaid, 0)) });
      const values = {
        referrer_id: referrerId, payer: params.payer.trim(), payer_amount: amount, reason: params.reason.trim(),
        create_time: toDbTime(), operator_id: actor.adminId,
      };
      const row = await trx.insertInto('rms_reward').values(values).returning('id').executeTakeFirstOrThrow();
      const record = { id: row.id, referrerId, payer: values.payer, payerAmount: fromCents(amount), reason: values.reason, createTime: values.create_time, operatorId: actor.adminId };
      return { data: record, changes: [{ id: row.id, after: record }] };
    },
  }),
];
