/**
 * Demo freight templates (demo mode only): two in every shop, one by weight and one by pieces
 * (src/schema/pms/freight.ts), and the shop's products pointing at them, so the shop front's orders
 * charge carriage (server/areas/portal/orders/freight.ts) and the template list and the product
 * form have something to show. Heavy goods (500 g or more) go by weight, the rest by pieces.
 * Written directly in the declared columns, and only while the shop has no template.
 */
import type { Kysely } from 'kysely';
import { CHARGE_TYPE } from '../../../src/schema/pms/freight';
import type { Database } from '../../db/schema';

/** From this weight on (grams) a product ships by the weight template. */
const HEAVY_GRAMS = 500;

/** Writes each shop's two templates and points its products at them; answers how many templates it wrote. */
export const seedDemoFreight = async (db: Kysely<Database>): Promise<number> => {
  const shops = await db.selectFrom('shop').select(['id', 'country']).orderBy('id').execute();
  let written = 0;
  for (const { id: shopId, country } of shops) {
    if (await db.selectFrom('pms_feight_template').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()) continue;
    const dest = country ?? null;
    await db.transaction().execute(async (trx) => {
      // The first kilogram 8.00, each further 500 g (or part of it) 2.00.
      const { id: byWeight } = await trx.insertInto('pms_feight_template').values({
        shop_id: shopId, name: 'Parcel by weight', charge_type: CHARGE_TYPE.weight,
        first_weight: 1000, first_fee: 800, continue_weight: 500, continme_fee: 200, dest,
      }).returning('id').executeTakeFirstOrThrow();
      // The first piece 5.00, each further piece 1.00.
      const { id: byPieces } = await trx.insertInto('pms_feight_template').values({
        shop_id: shopId, name: 'Small items by piece', charge_type: CHARGE_TYPE.pieces,
        first_weight: 1, first_fee: 500, continue_weight: 1, continme_fee: 100, dest,
      }).returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('pms_product').set({ feight_template_id: byWeight })
        .where('shop_id', '=', shopId).where('feight_template_id', 'is', null).where('weight', '>=', HEAVY_GRAMS).execute();
      await trx.updateTable('pms_product').set({ feight_template_id: byPieces })
        .where('shop_id', '=', shopId).where('feight_template_id', 'is', null).execute();
      written += 2;
    });
  }
  return written;
};
