/**
 * A shop's time zone (IANA name, src/schema/shop/entities.ts SHOP_TIME_ZONES): the days its seller's
 * home page counts in. None: the platform's zone.
 */
import type { AnyKysely } from '../index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('shop').addColumn('time_zone', 'varchar(64)').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('shop').dropColumn('time_zone').execute();
};
