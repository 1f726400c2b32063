/**
 * Demo points (demo mode only): a points rule in every shop (src/schema/member/points.ts) and its
 * approved members' points history, so the rule's screen, the history list and the shop front's
 * points have something to show. Each approved member got a welcome gift from the administrator, and
 * the points of every order it received (the order's `integration`, as confirming receipt gives
 * them: server/areas/portal/orders/points.ts). A member's balance (`integration`) is then set to the
 * sum of its history, the invariant the shop front keeps (the member area's `invariants` check it
 * on the seeded demo). Written directly in the declared columns, only while the shop has no rule.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ORDER_STATUS } from '../../../src/schema/oms/entities';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member/entities';
import { POINTS_CHANGE, POINTS_SOURCE } from '../../../src/schema/member/points';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';

const WELCOME_POINTS = 200;

/** Writes each shop's rule and its members' history, and their balances; answers how many history rows it wrote. */
export const seedDemoPoints = async (db: Kysely<Database>, adminUsername: string): Promise<number> => {
  const shops = await db.selectFrom('shop').select('id').orderBy('id').execute();
  let written = 0;
  for (const [index, { id: shopId }] of shops.entries()) {
    if (await db.selectFrom('ums_integration_consume_setting').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()) continue;
    await db.transaction().execute(async (trx) => {
      // mall's demo rule, the second shop's stricter: no points beside a coupon, at most 30 %.
      const strict = index % 2 === 1;
      await trx.insertInto('ums_integration_consume_setting').values({
        shop_id: shopId, deduction_per_amount: 100, max_percent_per_order: strict ? 30 : 50, use_unit: 100, coupon_status: strict ? 0 : 1,
      }).execute();
      const members = await trx.selectFrom('ums_member').select(['id', 'create_time'])
        .where('shop_id', '=', shopId).where('apply_status', '=', MEMBER_APPLY_STATUS.approved).orderBy('id').execute();
      for (const member of members) {
        await trx.insertInto('ums_integration_change_history').values({
          shop_id: shopId, member_id: member.id, create_time: member.create_time ?? toDbTime(), change_type: POINTS_CHANGE.added,
          change_count: WELCOME_POINTS, operate_man: adminUsername, operate_note: 'Welcome gift', source_type: POINTS_SOURCE.admin, order_id: null,
        }).execute();
        written++;
        const received = await trx.selectFrom('oms_order').select(['id', 'order_sn', 'integration', 'receive_time', 'create_time'])
          .where('member_id', '=', member.id).where('status', '=', ORDER_STATUS.completed).where('integration', '>', 0).orderBy('id').execute();
        for (const order of received) {
          await trx.insertInto('ums_integration_change_history').values({
            shop_id: shopId, member_id: member.id, create_time: order.receive_time ?? order.create_time, change_type: POINTS_CHANGE.added,
            change_count: Number(order.integration), operate_man: null, operate_note: `Order ${order.order_sn} received`,
            source_type: POINTS_SOURCE.shopping, order_id: order.id,
          }).execute();
          written++;
        }
      }
      // Every member's balance is what its history adds up to.
      await trx.updateTable('ums_member').set({
        integration: sql<number>`coalesce((select sum(case when h.change_type = ${POINTS_CHANGE.added} then h.change_count else -h.change_count end)
          from ums_integration_change_history h where h.member_id = ums_member.id), 0)`,
      }).where('shop_id', '=', shopId).execute();
    });
  }
  return written;
};
