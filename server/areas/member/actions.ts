/**
 * What the member list's operations do (declared in src/schema/member/entities.ts): approving or rejecting
 * applications, and merging two members of one shop. The engine has already checked both ids name
 * members the caller may see (another shop's member reads as missing), and runs this in the
 * action's transaction with its audit rows.
 *
 * A merge keeps one member and removes the other. What names the removed one follows the rule its
 * declaration gives (`onMerge`, server/crud/merge.ts): its orders, returns, coupons and points history
 * move to the kept one, its sign-in log follows it; a reference declared without a rule refuses the
 * merge. Its points balance and growth are added to the kept member's.
 */
import { sql } from 'kysely';
import { fieldError } from '../../../src/schema/api';
import { entityList } from '../../../src/schema/entities';
import { member } from '../../../src/schema/member/entities';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db } from '../../crud/hooks';
import { fromRow } from '../../crud/row';
import { dialectOf } from '../../db/index';
import { mergeReferences } from '../../crud/merge';
import { validationFailed } from '../../http/errors';

/** Both members, locked on PostgreSQL so two merges of one pair cannot both move the orders. */
const lockedPair = async (trx: Db, ids: readonly number[]) => {
  const query = trx.selectFrom('ums_member').selectAll().where('id', 'in', [...ids]).orderBy('id');
  return dialectOf(trx) === 'postgres' ? query.forUpdate().execute() : query.execute();
};

export const memberActions = (): readonly EntityActions[] => [
  entityActions(member, {
    updateApplyStatus: async ({ trx, records, params }) => {
      const changed = records.filter((r) => r.applyStatus !== params.status);
      if (changed.length) {
        await trx.updateTable('ums_member').set({ apply_status: params.status })
          .where('id', 'in', changed.map((r) => r.id)).execute();
      }
      return {
        data: changed.length,
        changes: changed.map((r) => ({ id: r.id, before: { applyStatus: r.applyStatus }, after: { applyStatus: params.status } })),
      };
    },
    merge: async ({ trx, params }) => {
      const { keepId, mergeId } = params;
      if (keepId === mergeId) throw validationFailed([fieldError('mergeId', 'merge_self')]);
      const pair = await lockedPair(trx, [keepId, mergeId]);
      const kept = pair.find((m) => m.id === keepId);
      const merged = pair.find((m) => m.id === mergeId);
      // The engine found both in the caller's scope before the handler ran; a concurrent merge may have removed one since.
      if (!kept || !merged) throw validationFailed([fieldError(kept ? 'mergeId' : 'keepId', 'invalid_reference')]);
      if (kept.shop_id !== merged.shop_id) throw validationFailed([fieldError('mergeId', 'merge_other_shop')]);
      const moved = await mergeReferences(trx, { entities: entityList, target: member, kept, merged });
      const movedOrders = moved['order.memberId'] ?? 0;
      // The removed member's points history moved to the kept one (its `onMerge`), so its balance and
      // growth go too: the kept balance still equals the sum of its history.
      const points = { integration: Number(merged.integration ?? 0), growth: Number(merged.growth ?? 0) };
      await trx.updateTable('ums_member')
        .set({ integration: sql<number>`integration + ${points.integration}`, growth: sql<number>`growth + ${points.growth}` })
        .where('id', '=', kept.id).execute();
      await trx.deleteFrom('ums_member').where('id', '=', merged.id).execute();
      const balance = {
        integration: Number(kept.integration ?? 0) + points.integration, growth: Number(kept.growth ?? 0) + points.growth,
      };
      return {
        data: { keepId: kept.id, mergeId: merged.id, movedOrders, moved, ...balance },
        changes: [
          { id: merged.id, before: { ...fromRow(member, merged), integration: points.integration, growth: points.growth }, after: { mergedInto: kept.id } },
          { id: kept.id, before: { integration: Number(kept.integration ?? 0), growth: Number(kept.growth ?? 0) }, after: { mergedFrom: merged.id, moved, ...balance } },
        ],
      };
    },
  }),
];
