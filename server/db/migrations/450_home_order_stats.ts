/**
 * The home page's orders and sales per shop and quarter hour (`oms_order_stats`), kept by
 * triggers on `oms_order` and filled here from the orders already there
 * (server/db/order-stats.ts), so the home summary never sums a month of orders.
 */
import { createOrderStats, dropOrderStats } from '../order-stats';
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await createOrderStats(db);
};

export const down = async (db: AnyKysely): Promise<void> => {
  await dropOrderStats(db);
};
