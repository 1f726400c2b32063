/**
 * A product's freight template (`pms_product.feight_template_id`) becomes a key into its shop's
 * templates (`pms_feight_template`, server/areas/portal/orders/migration-freight-points.ts), `ON DELETE
 * RESTRICT`: a template products name is not deleted (the declaration's `owns` refuses it by name
 * first; the key refuses whatever code forgets). Values that name no template of the product's own
 * shop (mall's 0 for none, a deleted or another shop's template) become none first: the shop front
 * already charged nothing for them. Indexed, so the refusal's look-up reads no whole table.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../../db/index';
import { dialectOf } from '../../db/index';
import { rebuildSqliteTable } from '../../db/migrations/rebuild';

export const up = async (db: AnyKysely): Promise<void> => {
  await sql`update pms_product set feight_template_id = null where feight_template_id is not null and not exists (
    select 1 from pms_feight_template t where t.id = pms_product.feight_template_id and t.shop_id = pms_product.shop_id)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`alter table pms_product add constraint pms_product_feight_template_id_fkey foreign key (feight_template_id)
      references pms_feight_template (id) on delete restrict`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'pms_product', (stored) =>
      stored.replace(/("feight_template_id" integer)(?=\s*[,)])/i, '$1 references "pms_feight_template" ("id") on delete restrict'));
  }
  await db.schema.createIndex('pms_product_feight_template_idx').on('pms_product').column('feight_template_id').execute();
};

export const down = async (db: AnyKysely): Promise<void> => {
  await db.schema.dropIndex('pms_product_feight_template_idx').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`alter table pms_product drop constraint pms_product_feight_template_id_fkey`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'pms_product', (stored) => stored.replace(/ references "pms_feight_template" \("id"\) on delete restrict/i, ''));
  }
};
