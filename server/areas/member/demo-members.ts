/**
 * Demo members (demo mode only): each demo shop's buyers, of the shop's market
 * (server/areas/member/demo-buyers.ts), so the member list, its approval and its merge can be tried on a
 * fresh start. The buyers are the ones the demo orders name (server/areas/oms/demo-orders.ts writes
 * `member_username`); their orders are linked to the member rows here. In each shop one buyer is
 * there twice under a second username with the same mobile (duplicates to merge), one waits for
 * approval and one was rejected. Members come from the storefront with their apply
 * status already decided, so, like orders, they are written directly in the declared columns
 * (src/schema/member/entities.ts), and only while the shop has no members.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { marketOf } from './demo-buyers';
import { toDbTime } from '../../db/time';

const DAY = 24 * 60 * 60 * 1000;

/** Writes the demo members into each shop that has none, and links the shop's orders to them; answers how many it wrote. */
export const seedDemoMembers = async (db: Kysely<Database>, now = new Date()): Promise<number> => {
  const shops = await db.selectFrom('shop').select(['id', 'country']).orderBy('id').execute();
  const levels = await db.selectFrom('ums_member_level').select('id').orderBy('growth_point').orderBy('id').execute();
  let written = 0;
  for (const { id: shopId, country } of shops) {
    if (await db.selectFrom('ums_member').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()) continue;
    await db.transaction().execute(async (trx) => {
      for (const [i, m] of marketOf(country).buyers.entries()) {
        const { id } = await trx.insertInto('ums_member').values({
          shop_id: shopId, username: m.username, nickname: m.nickname, real_name: m.realName, mobile: m.mobile, phone: null,
          company_name: m.companyName, country: m.country, tax_id: m.taxId, icon: null,
          member_level_id: levels.length ? levels[Math.min(m.level, levels.length - 1)]!.id : null,
          // Reserved example addresses (nothing real is mailed); the language of the buyer's market.
          email: `${m.username}@example.com`, language: m.country === 'China' ? 'zh' : 'en',
          apply_status: m.status, create_time: toDbTime(new Date(now.getTime() - (90 - i * 7) * DAY)),
        }).returning('id').executeTakeFirstOrThrow();
        await trx.updateTable('oms_order').set({ member_id: id })
          .where('shop_id', '=', shopId).where('member_username', '=', m.username).execute();
        written++;
      }
    });
  }
  return written;
};
