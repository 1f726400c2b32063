/**
 * A coupon's status (src/schema/sms/coupon.ts `status`): 0 active, 1 stopped by an operator before
 * its end. Every coupon already issued is active.
 */
import type { AnyKysely } from '../../db/index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('sms_coupon').addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('sms_coupon').dropColumn('status').execute();
};
