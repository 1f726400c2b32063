/**
 * Marketing on home (src/schema/home/summary.ts `HomeMarketing`): each part only for who may call
 * its list and open its screen, every figure a small indexed read.
 *
 * - flash sales: online sales whose dates hold today (running) or start later (upcoming), the
 *   soonest few, each with its units over every session: offered, sold (held by buyers' orders,
 *   server/areas/portal/orders), left. Dates are the platform's wall clock (the server's zone).
 * - coupons: history rows claimed and given since Monday in the caller's zone, and used on orders since then.
 * - ads: online advertisements showing now, with their clicks.
 * - a seller's (`shopIds`): its own shops' sales, coupons, ads and products only, its dates on its
 *   shop's clock; staff (null) see the platform's and every shop's.
 * - promoted products not for sale: the same rule as the Marketing area's (published, verified, not
 *   in the recycle bin: server/areas/sms/for-sale.ts), written here as a condition, since areas do
 *   not import each other.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { HomeFlashSale, HomeMarketing } from '../../../src/schema/home/summary';
import { HOME_FLASH_SALES } from '../../../src/schema/home/summary';
import type { RouteName } from '../../../src/schema/routes';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import { addDays, dayStartMs, localDate, serverTimeZone } from './days';

type Db = Kysely<Database>;

/** Which parts the caller gets: by the list it may call and the screen it may open. */
export type MarketingAccess = { flash: boolean; coupons: boolean; ads: boolean; newProducts: boolean; popularProducts: boolean };

/** Monday of `date`'s week (YYYY-MM-DD). */
export const weekStartOf = (date: string): string => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
};

/** A product row that is not for sale (the alias `p`). */
const notForSale = sql<boolean>`(p.publish_status <> 1 or p.verify_status <> 1 or p.delete_status <> 0)`;

/** The caller's shops (a seller's), or null: every shop and the platform (staff). */
type Shops = readonly number[] | null;

const flashSales = async (db: Db, today: string, running: boolean, shops: Shops): Promise<HomeFlashSale[]> => {
  let query = db.selectFrom('sms_flash_promotion as f')
    .leftJoin('sms_flash_promotion_product_relation as r', 'r.flash_promotion_id', 'f.id')
    .select(['f.id', 'f.title', 'f.start_date', 'f.end_date',
      sql<string>`coalesce(sum(r.flash_promotion_count), 0)`.as('offered'), sql<string>`coalesce(sum(r.flash_promotion_sold), 0)`.as('sold')])
    .where('f.status', '=', 1);
  if (shops) query = query.where('f.shop_id', 'in', shops.length ? shops : [0]);
  query = running ? query.where('f.start_date', '<=', today).where('f.end_date', '>=', today) : query.where('f.start_date', '>', today);
  const rows = await query.groupBy(['f.id', 'f.title', 'f.start_date', 'f.end_date'])
    .orderBy(running ? 'f.end_date' : 'f.start_date').orderBy('f.id').limit(HOME_FLASH_SALES).execute();
  return rows.map((row) => {
    const offered = toCount(row.offered);
    const sold = toCount(row.sold);
    return { id: Number(row.id), title: String(row.title), startDate: String(row.start_date), endDate: String(row.end_date), offered, sold, left: Math.max(0, offered - sold) };
  });
};

export const marketingPart = async (db: Db, access: MarketingAccess, zone: string, today: string, now: number, shops: Shops = null): Promise<HomeMarketing | undefined> => {
  const answer: HomeMarketing = {};
  // A seller's own sales run on its shop's clock; the platform's on the platform's.
  const platformToday = shops ? today : localDate(serverTimeZone(), now);
  const inShops = shops ? (shops.length ? shops : [0]) : null;
  if (access.flash) {
    const [running, upcoming] = await Promise.all([flashSales(db, platformToday, true, shops), flashSales(db, platformToday, false, shops)]);
    answer.flash = { route: 'flash', running, upcoming };
  }
  if (access.coupons) {
    const weekStart = weekStartOf(today);
    const since = new Date(dayStartMs(zone, weekStart)).toISOString();
    let query = db.selectFrom('sms_coupon_history as h')
      .select([
        sql<string>`count(case when h.create_time >= ${since} and h.get_type = 1 then 1 end)`.as('claimed'),
        sql<string>`count(case when h.create_time >= ${since} and h.get_type = 0 then 1 end)`.as('given'),
        sql<string>`count(case when h.use_status = 1 and h.use_time >= ${since} then 1 end)`.as('used'),
      ])
      .where((eb) => eb.or([eb('h.create_time', '>=', since), eb('h.use_time', '>=', since)]));
    if (inShops) query = query.where('h.coupon_id', 'in', db.selectFrom('sms_coupon').select('id').where('shop_id', 'in', inShops));
    const row = await query.executeTakeFirstOrThrow();
    answer.coupons = { route: 'coupon', weekStart, claimed: toCount(row.claimed), given: toCount(row.given), used: toCount(row.used) };
  }
  if (access.ads) {
    const at = new Date(now).toISOString();
    const row = await db.selectFrom('sms_home_advertise')
      .select([sql<string>`count(*)`.as('running'), sql<string>`coalesce(sum(click_count), 0)`.as('clicks')])
      .where('status', '=', 1).where('start_time', '<=', at).where('end_time', '>', at)
      .$if(inShops !== null, (q) => q.where('shop_id', 'in', inShops!)).executeTakeFirstOrThrow();
    answer.ads = { route: 'homeAdvertise', running: toCount(row.running), clicks: toCount(row.clicks) };
  }
  const notForSaleParts: NonNullable<HomeMarketing['notForSale']> = [];
  const recommended = async (table: 'sms_home_new_product' | 'sms_home_recommend_product') => toCount((await db.selectFrom(`${table} as h`)
    .innerJoin('pms_product as p', 'p.id', 'h.product_id').select(sql<string>`count(*)`.as('n'))
    .where('h.recommend_status', '=', 1).where(notForSale).$if(inShops !== null, (q) => q.where('p.shop_id', 'in', inShops!)).executeTakeFirstOrThrow()).n);
  const lists: [keyof MarketingAccess, 'newProducts' | 'popularProducts', RouteName, 'sms_home_new_product' | 'sms_home_recommend_product'][] = [
    ['newProducts', 'newProducts', 'homeNew', 'sms_home_new_product'], ['popularProducts', 'popularProducts', 'homeHot', 'sms_home_recommend_product'],
  ];
  for (const [may, key, route, table] of lists) if (access[may]) notForSaleParts.push({ key, route, count: await recommended(table) });
  if (access.flash) {
    const row = await db.selectFrom('sms_flash_promotion_product_relation as r').innerJoin('sms_flash_promotion as f', 'f.id', 'r.flash_promotion_id')
      .innerJoin('pms_product as p', 'p.id', 'r.product_id').select(sql<string>`count(*)`.as('n'))
      .where('f.status', '=', 1).where('f.end_date', '>=', platformToday).where(notForSale)
      .$if(inShops !== null, (q) => q.where('p.shop_id', 'in', inShops!)).executeTakeFirstOrThrow();
    notForSaleParts.push({ key: 'flashProducts', route: 'flash', count: toCount(row.n) });
  }
  if (notForSaleParts.length) answer.notForSale = notForSaleParts;
  return Object.keys(answer).length ? answer : undefined;
};
