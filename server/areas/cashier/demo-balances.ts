/**
 * Demo cashier balances (demo mode only): three per shop with orders, so the balance list shows
 * every case: one fully used (it paid two orders pending payment, which are now pending shipment,
 * each with its history row), one partly bound (part of an order still pending payment), one not
 * bound yet. Written directly in the columns the declaration names (src/schema/cashier/entities.ts), as the
 * demo orders are, deterministic and only while the shop has no balance; the amounts keep the
 * rules binding enforces (never past the balance nor the order).
 */
import type { Kysely } from 'kysely';
import { ORDER_STATUS } from '../../../src/schema/oms/entities';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';

const HOUR = 60 * 60 * 1000;

/** Writes the demo balances; answers how many it wrote. */
export const seedDemoBalances = async (db: Kysely<Database>, adminUsername: string): Promise<number> => {
  const admin = await db.selectFrom('ums_admin').select('id').where('username', '=', adminUsername).executeTakeFirst();
  const operator = admin ? Number(admin.id) : null;
  const shops = await db.selectFrom('shop').select('id').orderBy('id').execute();
  let written = 0;
  for (const shop of shops) {
    const shopId = Number(shop.id);
    if (await db.selectFrom('oms_cashier_balance').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()) continue;
    // Oldest first: the fully used balance pays the two oldest unpaid orders, the partial one the newest.
    const unpaid = await db.selectFrom('oms_order').select(['id', 'pay_amount', 'create_time']).where('shop_id', '=', shopId)
      .where('status', '=', ORDER_STATUS.pendingPayment).where('delete_status', '=', 0).where('pay_amount', '>', 0).orderBy('id').execute();
    if (!unpaid.length) continue;
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const balance = async (amount: number, channel: string, note: string, hoursAgo: number): Promise<number> =>
        Number((await trx.insertInto('oms_cashier_balance').values({
          shop_id: shopId, amount, pay_channel: channel, note, create_time: toDbTime(new Date(now - hoursAgo * HOUR)),
        }).returning('id').executeTakeFirstOrThrow()).id);
      const bindOrder = async (balanceId: number, order: { id: unknown; pay_amount: unknown }, cents: number) => {
        const paid = cents >= Number(order.pay_amount);
        await trx.insertInto('oms_cashier_balance_order').values({
          balance_id: balanceId, shop_id: shopId, order_id: Number(order.id), amount: cents, paid_order: paid ? 1 : 0,
          operator_id: operator, create_time: toDbTime(new Date(now - HOUR)),
        }).execute();
        if (!paid) return;
        await trx.updateTable('oms_order').set({ status: ORDER_STATUS.pendingShipment, payment_time: toDbTime(new Date(now - HOUR)), modify_time: toDbTime(new Date(now - HOUR)) })
          .where('id', '=', Number(order.id)).execute();
        await trx.insertInto('oms_order_operate_history').values({
          order_id: Number(order.id), shop_id: shopId, operator_id: operator, create_time: toDbTime(new Date(now - HOUR)),
          order_status: ORDER_STATUS.pendingShipment, note: `Paid by cashier balance #${balanceId}`,
        }).execute();
      };
      const full = unpaid.slice(0, Math.min(2, unpaid.length - 1));
      if (full.length) {
        const used = await balance(full.reduce((sum, o) => sum + Number(o.pay_amount), 0), 'bank', 'Bank transfer, reference HSBC-20931', 30);
        for (const order of full) await bindOrder(used, order, Number(order.pay_amount));
        written++;
      }
      const newest = unpaid[unpaid.length - 1]!;
      // Half the order, but never past the balance (a big order would break "bound ≤ amount").
      const partialAmount = 50_000;
      const partial = await balance(partialAmount, 'paypal_offline', 'PayPal from buyer, transaction 8KJ29341', 6);
      await bindOrder(partial, newest, Math.min(partialAmount, Math.max(1, Math.floor(Number(newest.pay_amount) / 2))));
      await balance(12_050, 'cash', 'Cash at the trade fair stand', 2);
      written += 2;
    });
  }
  return written;
};
