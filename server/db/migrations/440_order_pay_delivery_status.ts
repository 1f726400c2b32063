/**
 * The order's stored payment and delivery status (spec section 4; src/schema/oms/entities.ts `payStatus`,
 * `deliveryStatus`), which the order's transitions set from now on. Existing orders get what their
 * status means (ORDER_STATUS_FACETS: paid once pending shipment, shipped or completed; shipped once
 * shipped or completed), and refunded where a return of a paid order completed with a refund.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order').addColumn('pay_status', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('oms_order').addColumn('delivery_status', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Order statuses 1 pending shipment, 2 shipped, 3 completed are paid; 2 and 3 shipped (values fixed here, as shipped).
  await db.updateTable('oms_order').set({ pay_status: 1 }).where('status', 'in', [1, 2, 3]).execute();
  await db.updateTable('oms_order').set({ delivery_status: 1 }).where('status', 'in', [2, 3]).execute();
  // Return status 2 is completed; a refund above 0 makes the paid order refunded (whole or partial).
  await db.updateTable('oms_order').set({ pay_status: 2 }).where('pay_status', '=', 1)
    .where(({ exists, selectFrom }) => exists(selectFrom('oms_order_return_apply as r').select(sql`1`.as('one'))
      .whereRef('r.order_id', '=', 'oms_order.id').where('r.status', '=', 2).where('r.return_amount', '>', 0)))
    .execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('oms_order').dropColumn('delivery_status').execute();
  await db.schema.alterTable('oms_order').dropColumn('pay_status').execute();
};
