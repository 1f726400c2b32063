/**
 * Promotions of a shop beside the platform's (src/schema/sms): flash sales, their sessions,
 * coupons and advertisements get the shop that owns them (null: the platform's, as every existing
 * one was), a flash product its product's shop, and a coupon its currency (the platform's for the
 * existing ones). A shop is deleted only empty of them: each goes through its own delete first
 * (`owns` of src/schema/shop/entities.ts), so the keys refuse rather than cascade.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../../db/index';

const OWNED = ['sms_flash_promotion', 'sms_flash_promotion_session', 'sms_flash_promotion_product_relation', 'sms_coupon', 'sms_home_advertise'] as const;

export const up = async (db: AnyKysely): Promise<void> => {
  for (const table of OWNED) {
    await db.schema.alterTable(table).addColumn('shop_id', 'integer', (c) => c.references('shop.id')).execute();
  }
  // A flash product is its product's shop's (the platform's sales hold products of every shop).
  await sql`update sms_flash_promotion_product_relation set shop_id = (select p.shop_id from pms_product p where p.id = sms_flash_promotion_product_relation.product_id)`.execute(db);
  await db.schema.alterTable('sms_coupon').addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD')).execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.alterTable('sms_coupon').dropColumn('currency').execute();
  for (const table of OWNED) await db.schema.alterTable(table).dropColumn('shop_id').execute();
};
