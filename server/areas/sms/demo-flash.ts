/**
 * Demo flash sales (demo content only, after the products): a sale running this week, online,
 * with products in its two enabled sessions (10:00–12:00 and 20:00–22:00); one starting next
 * week with products in the evening session; and last month's, ended and offline. Two more
 * sessions are there but disabled. Sessions sit after 08:00: the API tests' own sessions use the
 * night (tests/helpers/entity-bodies.ts). Everything goes through the entities' repositories (the
 * same rules as the API: prices at most the product's, counts within its stock). Filled only
 * while the sales' table is empty.
 */
import type { Kysely } from 'kysely';
import { fromCents, multiplyCents } from '../../../src/schema/engine/money';
import { UNLIMITED_STOCK } from '../../../src/schema/rules';
import type { Actor } from '../../crud/repository';
import { ALL_SHOPS } from '../../crud/scope';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import type { RepositoryOf } from '../area';

const DAY_MS = 86_400_000;
/** A calendar day `offset` days from today (UTC), as a flash sale's dates are written. */
const day = (offset: number): string => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

const SESSIONS = [
  { name: 'Morning rush', startTime: '10:00:00', endTime: '12:00:00', status: 1 },
  { name: 'Evening deals', startTime: '20:00:00', endTime: '22:00:00', status: 1 },
  { name: 'Breakfast', startTime: '08:00:00', endTime: '10:00:00', status: 0 },
  { name: 'Afternoon tea', startTime: '14:00:00', endTime: '16:00:00', status: 0 },
] as const;

const SALES = [
  { title: 'Spring flash week', startDate: day(-2), endDate: day(5), status: 1, products: { 0: 3, 1: 2 } },
  { title: 'Weekend special', startDate: day(9), endDate: day(11), status: 1, products: { 1: 2 } },
  { title: 'Last month clearance', startDate: day(-40), endDate: day(-33), status: 0, products: {} },
] as const;

export const seedDemoFlash = async (db: Kysely<Database>, repo: RepositoryOf): Promise<void> => {
  const actor: Actor = { adminId: null, ip: null, scope: ALL_SHOPS };
  const { n } = await db.selectFrom('sms_flash_promotion').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  if (toCount(n) > 0) return;

  const sessions = [];
  for (const session of SESSIONS) sessions.push(await repo('flashSession').create(session, actor));
  // Live, published products with stock to sell, the dearest first: the sales' lines.
  const products = await db.selectFrom('pms_product').select(['id', 'price', 'stock'])
    .where('delete_status', '=', 0).where('publish_status', '=', 1).where('verify_status', '=', 1).where((eb) => eb.or([eb('stock', '>=', 20), eb('stock', '=', UNLIMITED_STOCK)]))
    .orderBy('price', 'desc').orderBy('id').limit(8).execute();

  const relations = repo('flashProductRelation');
  let next = 0;
  for (const sale of SALES) {
    const created = await repo('flashPromotion').create({ title: sale.title, startDate: sale.startDate, endDate: sale.endDate, status: sale.status }, actor);
    for (const [sessionIndex, count] of Object.entries(sale.products) as [string, number][]) {
      const lines = products.slice(next % products.length, next % products.length + count);
      next += count;
      for (const [i, line] of lines.entries()) {
        const stock = Number(line.stock);
        // A fifth off, as many as a third of the stock (two sessions of one sale share it), two per buyer.
        const flashCount = stock === UNLIMITED_STOCK ? 100 : Math.max(2, Math.floor(stock / 3));
        await relations.create({
          flashPromotionId: created.id, flashPromotionSessionId: sessions[Number(sessionIndex)]!.id, productId: Number(line.id),
          flashPromotionPrice: fromCents(multiplyCents(Number(line.price), 0.8)), flashPromotionCount: flashCount,
          flashPromotionLimit: 2, sort: (lines.length - i) * 10,
        }, actor);
      }
    }
  }
};
