/**
 * An order's refunded amount (src/schema/oms/entities.ts `refundAmount`, integer minor units) beside
 * what was paid, and a payment status that tells a partial refund from a whole one (3 partially
 * refunded). Existing orders get the sum of their completed returns' refunds, and those marked
 * refunded (2) whose refunds fall short of the amount paid become partially refunded.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order').addColumn('refund_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  // Return status 2 is completed (values fixed here, as shipped).
  await db.updateTable('oms_order')
    .set({ refund_amount: sql`(select coalesce(sum(r.return_amount), 0) from oms_order_return_apply r where r.order_id = oms_order.id and r.status = 2)` })
    .where('pay_status', '=', 2).execute();
  await db.updateTable('oms_order').set({ pay_status: 3 })
    .where('pay_status', '=', 2).whereRef('refund_amount', '<', 'pay_amount').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.updateTable('oms_order').set({ pay_status: 2 }).where('pay_status', '=', 3).execute();
  await db.schema.alterTable('oms_order').dropColumn('refund_amount').execute();
};
