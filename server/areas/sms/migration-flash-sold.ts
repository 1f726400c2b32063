/**
 * Flash sale units sold (src/schema/sms/flash.ts `flashPromotionSold`): taken by a conditional
 * increment when a buyer orders (never past `flash_promotion_count`), given back when the order
 * closes, so sold + left = offered at every moment.
 */
import type { AnyKysely } from '../../db/index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('sms_flash_promotion_product_relation').addColumn('flash_promotion_sold', 'integer', (c) => c.notNull().defaultTo(0)).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('sms_flash_promotion_product_relation').dropColumn('flash_promotion_sold').execute();
};
