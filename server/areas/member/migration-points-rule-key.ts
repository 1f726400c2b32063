/**
 * A shop's one points rule (`ums_integration_consume_setting`, src/schema/member/points.ts): its
 * unique index on `shop_id` takes the name the declared combination's index has
 * (`<table>_<columns>_key`, server/crud/unique.ts), so a clash the index catches answers the
 * declared message, as the check does.
 */
import type { AnyKysely } from '../../db/index';

export const up = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('ums_integration_consume_setting_shop_uq').execute();
  await db.schema.createIndex('ums_integration_consume_setting_shop_id_key').on('ums_integration_consume_setting').column('shop_id').unique().execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('ums_integration_consume_setting_shop_id_key').execute();
  await db.schema.createIndex('ums_integration_consume_setting_shop_uq').on('ums_integration_consume_setting').column('shop_id').unique().execute();
};
