/**
 * `GET /home/summary` (src/schema/home/summary.ts): every figure of the home page the caller may see, in
 * one answer. Each part is there only when the caller may call the list it summarises (the same
 * permission the list's own route checks), and is counted in the caller's shop scope:
 *
 * - pending work: each item is the total of its list with the item's filter (the engine's own
 *   list query through the entity's repository), so the figure is what the linked list shows;
 * - orders and sales per day: the kept quarter-hour stats (server/db/order-stats.ts), at most 31 × 96
 *   rows per shop and currency, never the orders themselves;
 * - products, members, VIP, capacity, referral: indexed counts and sums over small tables; the
 *   products low on stock are the product list's `lowStock` filter (a comparison of two columns),
 *   read from the partial index the engine keeps of exactly those rows (server/crud/indexes.ts).
 *
 * Each part is kept under the versions of the tables it reads (`kept`, server/crud/list-cache.ts),
 * read together in one statement: between two writes of those tables a part is not computed
 * again (with many shops the month's days alone are tens of thousands of stats rows, 10–30 ms at
 * a million orders), and the first call after a write computes it afresh, so figures stay exact.
 *
 * Money figures come only with the lists that carry them (orders; pay records for VIP revenue;
 * distribution records for referral rewards), so a product admin gets none.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { entityActionPath } from '../../../src/schema/engine/actionPaths';
import { ENTITIES } from '../../../src/schema/entities';
import type { EntityName } from '../../../src/schema/entities';
import type { Entity } from '../../../src/schema/engine/entity';
import type { HomeDay, HomeSummary, ListFilter, PendingItem } from '../../../src/schema/home/summary';
import { ADS_ENDING_DAYS, HOME_CHART_DAYS, PENDING_WORK } from '../../../src/schema/home/summary';
import { fromCents, sumCents } from '../../../src/schema/engine/money';
import { DISTRIBUTION_STATUS } from '../../../src/schema/referral/entities';
import { userGroup } from '../../../src/schema/ums/entities';
import { VIP_CURRENCY, vipLevelOf } from '../../../src/schema/vip/entities';
import type { Grants } from '../../auth/permissions';
import { countsBy } from '../../crud/counters';
import { parseListQuery } from '../../crud/list-params';
import type { Repository } from '../../crud/repository';
import { scopeWhere } from '../../crud/repository';
import type { Scope } from '../../crud/scope';
import { cachedValueAt, tableVersions } from '../../crud/list-cache';
import { toCount } from '../../db/index';
import type { Database } from '../../db/schema';
import type { QuotaMeter } from '../area';
import { capacityItems, GROUP_QUOTA_SELECTION } from '../capacity/registry';
import { unpaidCentsOf } from '../referral/distribution';
import { addDays, dayStartMs, localDate, monthStart, previousMonthStart } from './days';
import { marketingPart } from './marketing';
import { BUCKET_SECONDS, ORDER_STATS_TABLE } from '../../db/order-stats';

type SummaryDeps = {
  readonly db: Kysely<Database>;
  readonly repositoryOf: (name: EntityName) => Repository;
  readonly meters: readonly QuotaMeter[];
};

export type Caller = { readonly adminId: number; readonly scope: Scope; readonly grants: Grants };

const DAY_MS = 86_400_000;
const LOW_STOCK_FILTER: ListFilter = PENDING_WORK.find((p) => p.key === 'productsLowStock')!.filter;
/** Where no shop says otherwise (a shop's currency is optional). */
const FALLBACK_CURRENCY = 'USD';

const mayList = (grants: Grants, entity: Entity): boolean => {
  const path = entityActionPath(entity, 'list');
  return path !== null && grants.allows(path);
};

const mayAction = (grants: Grants, entity: Entity, action: string): boolean => {
  const path = entityActionPath(entity, `action:${action}`);
  return path !== null && grants.allows(path);
};

/** A seller (the seller role, without super admin): its scope names its shops and itself. */
const isSeller = (scope: Scope): scope is Extract<Scope, { kind: 'shops' }> => scope.kind === 'shops' && scope.adminId !== undefined;

/** The total of an entity's list with a filter, in the caller's scope: what the list itself shows. */
const listTotal = async (deps: SummaryDeps, name: EntityName, filter: ListFilter, scope: Scope): Promise<number> => {
  const repository = deps.repositoryOf(name);
  const query = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)]));
  return (await repository.list(parseListQuery(repository.entity, { ...query, pageNum: '1', pageSize: '1' }), scope)).total;
};

/** The instants of the days the page shows, in the zone: `HOME_CHART_DAYS` days ending today, and the day after. */
const daysOf = (zone: string, today: string): { dates: string[]; starts: number[] } => {
  const dates = Array.from({ length: HOME_CHART_DAYS }, (_, i) => addDays(today, i - HOME_CHART_DAYS + 1));
  return { dates, starts: [...dates, addDays(today, 1)].map((d) => dayStartMs(zone, d)) };
};

/**
 * The day (0 = the first shown) of a stats bucket, as SQL: days run in whole buckets, mostly 96 of
 * them; a daylight-saving day has 92 or 100. Runs of days of one length make one arithmetic case
 * each, so the database sums per day and shop and answers at most 30 rows per shop, instead of
 * sending every quarter hour of the month.
 */
const dayOfBucket = (bucketStarts: readonly number[]) => {
  const runs: { day: number; start: number; length: number }[] = [];
  for (let day = 0; day < bucketStarts.length - 1; day += 1) {
    const length = bucketStarts[day + 1]! - bucketStarts[day]!;
    const last = runs[runs.length - 1];
    if (!last || last.length !== length) runs.push({ day, start: bucketStarts[day]!, length });
  }
  const arm = (r: (typeof runs)[number]) => sql`${sql.lit(r.day)} + (s.bucket - ${sql.lit(r.start)}) / ${sql.lit(r.length)}`;
  if (runs.length === 1) return arm(runs[0]!);
  const later = runs.slice(1).reverse();
  return sql`case ${sql.join(later.map((r) => sql`when s.bucket >= ${sql.lit(r.start)} then ${arm(r)}`), sql` `)} else ${arm(runs[0]!)} end`;
};

const ordersPart = async (deps: SummaryDeps, scope: Scope, zone: string, today: string): Promise<NonNullable<HomeSummary['orders']>> => {
  const db = deps.db;
  const shops = scope.kind === 'shops' ? scope.shopIds : null;
  const { dates, starts } = daysOf(zone, today);
  const emptyDay = (date: string): HomeDay => ({ date, orders: 0, sales: {} });
  const days = dates.map(emptyDay);
  let currencies: string[] = [];
  if (!shops || shops.length) {
    let shopQuery = db.selectFrom('shop').select(['id', 'currency']);
    if (shops) shopQuery = shopQuery.where('id', 'in', [...shops]);
    const currencyOf = new Map((await shopQuery.execute()).map((r) => [Number(r.id), r.currency || FALLBACK_CURRENCY]));
    currencies = [...new Set(currencyOf.values())].sort();
    const bucketStarts = starts.map((ms) => Math.floor(ms / 1000 / BUCKET_SECONDS));
    const day = dayOfBucket(bucketStarts);
    // Summed per day and shop in the database (the currency is the shop's), read by the bucket index or each shop's key.
    let stats = db.selectFrom(`${ORDER_STATS_TABLE} as s`)
      .select([sql<number>`${day}`.as('day'), 's.shop_id', sql<string>`sum(s.orders)`.as('orders'), sql<string>`sum(s.sales)`.as('sales')])
      .where('s.bucket', '>=', bucketStarts[0]!).where('s.bucket', '<', bucketStarts[bucketStarts.length - 1]!);
    if (shops) stats = stats.where('s.shop_id', 'in', [...shops]);
    const rows = await stats.groupBy([sql`1`, 's.shop_id']).execute();
    const cents = days.map(() => new Map<string, number[]>());
    for (const row of rows) {
      const i = Number(row.day);
      const target = days[i];
      if (!target) continue;
      target.orders += toCount(row.orders);
      const currency = currencyOf.get(Number(row.shop_id)) ?? FALLBACK_CURRENCY;
      cents[i]!.set(currency, [...(cents[i]!.get(currency) ?? []), Number(row.sales)]);
    }
    days.forEach((d, i) => {
      for (const currency of currencies) d.sales[currency] = fromCents(sumCents(cents[i]!.get(currency) ?? []));
    });
  }
  const at = (offset: number): HomeDay => days[days.length - 1 + offset] ?? emptyDay(addDays(today, offset));
  return { currencies, days, today: at(0), yesterday: at(-1), lastWeek: at(-7) };
};

/** The routes whose menu the caller's enabled roles grant (null: every one, for a super admin). */
const openableRoutes = async (deps: SummaryDeps, caller: Caller): Promise<Set<string> | null> => {
  if (caller.grants.superAdmin) return null;
  if (!caller.grants.roleIds.length) return new Set();
  const rows = await deps.db.selectFrom('ums_role_menu_relation as rm').innerJoin('ums_menu as m', 'm.id', 'rm.menu_id')
    .select('m.name').where('rm.role_id', 'in', [...caller.grants.roleIds]).execute();
  return new Set(rows.map((row) => String(row.name)));
};

const pendingPart = async (deps: SummaryDeps, caller: Caller, now: number, versions: Versions, screens: Set<string> | null): Promise<PendingItem[]> => {
  const items: PendingItem[] = [];
  let orderCounts: Record<string, number> | undefined;
  for (const decl of PENDING_WORK) {
    const entity = ENTITIES[decl.entity];
    // The item links to its list: only for who may call the list and open its screen (a marketing
    // admin reads products to pick them for a sale, but has no product list to open).
    if (!mayList(caller.grants, entity) || (screens && !screens.has(decl.route))) continue;
    // VIP payments are confirmed by staff: the item is for who may confirm them, not for the seller who applied.
    if (decl.key === 'vipPaymentsAwaiting' && !mayAction(caller.grants, entity, 'confirm')) continue;
    const filter: ListFilter = decl.key === 'adsEndingSoon'
      ? { ...decl.filter, endTimeFrom: new Date(now).toISOString(), endTimeTo: new Date(now + ADS_ENDING_DAYS * DAY_MS).toISOString() }
      : decl.filter;
    // The order list takes the total of one status from the kept counts (README "counters"): one read for the three items.
    // A list's total is kept under its table's version (its filters and scope are columns of that table);
    // the ads' window moves with the clock, so that one is counted every time.
    const count = decl.entity === 'order' && Object.keys(filter).join() === 'status'
      ? (orderCounts ??= await kept(deps, versions, [entity.table], `orderCounts\n${JSON.stringify(caller.scope)}`,
        () => countsBy(deps.db, entity, 'status', caller.scope)))[String(filter.status)] ?? 0
      : decl.key === 'adsEndingSoon'
        ? await listTotal(deps, decl.entity, filter, caller.scope)
        : await kept(deps, versions, [entity.table], `pending\n${decl.key}\n${JSON.stringify(caller.scope)}`,
          () => listTotal(deps, decl.entity, filter, caller.scope));
    items.push({ key: decl.key, route: decl.route, filter, count });
  }
  return items;
};

/** `lowStock`: the pending item's figure when the caller has it (the same list total), else counted here. */
const productsPart = async (deps: SummaryDeps, scope: Scope, lowStock: number | undefined): Promise<NonNullable<HomeSummary['products']>> => {
  const [total, onSale, low] = await Promise.all([
    listTotal(deps, 'product', {}, scope), listTotal(deps, 'product', { publishStatus: 1 }, scope),
    lowStock ?? listTotal(deps, 'product', LOW_STOCK_FILTER, scope),
  ]);
  return { total, onSale, offSale: total - onSale, lowStock: low };
};

const membersPart = async (deps: SummaryDeps, scope: Scope, zone: string, today: string): Promise<NonNullable<HomeSummary['members']>> => {
  const entity = ENTITIES.member;
  const iso = (date: string) => new Date(dayStartMs(zone, date)).toISOString();
  const todayStart = iso(today);
  const yesterdayStart = iso(addDays(today, -1));
  const month = iso(monthStart(today));
  const row = await deps.db.selectFrom('ums_member')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(case when create_time >= ${todayStart} then 1 end)`.as('today'),
      sql<string>`count(case when create_time >= ${yesterdayStart} and create_time < ${todayStart} then 1 end)`.as('yesterday'),
      sql<string>`count(case when create_time >= ${month} then 1 end)`.as('month'),
    ])
    .where((eb) => scopeWhere(entity, eb, scope)).executeTakeFirstOrThrow();
  return { total: toCount(row.total), newToday: toCount(row.today), newYesterday: toCount(row.yesterday), newThisMonth: toCount(row.month) };
};

const vipRevenuePart = async (db: Kysely<Database>, zone: string, today: string): Promise<NonNullable<HomeSummary['vipRevenue']>> => {
  const iso = (date: string) => new Date(dayStartMs(zone, date)).toISOString();
  const [todayStart, month, lastMonth, year] = [iso(today), iso(monthStart(today)), iso(previousMonthStart(today)), iso(`${today.slice(0, 4)}-01-01`)];
  const row = await db.selectFrom('pay_record')
    .select([
      sql<string>`coalesce(sum(amount), 0)`.as('total'),
      sql<string>`coalesce(sum(case when confirm_time >= ${todayStart} then amount end), 0)`.as('today'),
      sql<string>`coalesce(sum(case when confirm_time >= ${month} then amount end), 0)`.as('month'),
      sql<string>`coalesce(sum(case when confirm_time >= ${lastMonth} and confirm_time < ${month} then amount end), 0)`.as('lastMonth'),
      sql<string>`coalesce(sum(case when confirm_time >= ${year} then amount end), 0)`.as('year'),
    ])
    .where('status', '=', 1).executeTakeFirstOrThrow();
  const money = (v: string) => fromCents(Number(v));
  return { currency: VIP_CURRENCY, total: money(row.total), today: money(row.today), thisMonth: money(row.month), lastMonth: money(row.lastMonth), thisYear: money(row.year) };
};

/** Group members past a warning threshold: what `GET /capacity/list?overOnly=1` totals (groups stay small). */
const capacityPart = async (deps: SummaryDeps): Promise<NonNullable<HomeSummary['capacity']>> => {
  const rows = await deps.db.selectFrom('ums_user_group_member as m').innerJoin('ums_user_group as g', 'g.id', 'm.group_id')
    .select(['m.admin_id', 'g.id as group_id', ...GROUP_QUOTA_SELECTION])
    .execute();
  let overWarning = 0;
  for (const row of rows) {
    const items = await capacityItems(deps.db, deps.meters, row.admin_id, row);
    if (items.some((i) => i.warn || i.over)) overWarning += 1;
  }
  return { overWarning };
};

/** Granted rewards not yet paid out: the seller's own, or every referrer's (those owed something) for staff. */
const referralPart = async (db: Kysely<Database>, scope: Scope, adminId: number): Promise<NonNullable<HomeSummary['referral']>> => {
  if (scope.kind === 'shops') return { unpaid: fromCents(Math.max(0, await unpaidCentsOf(db, adminId))), currency: VIP_CURRENCY };
  const earned = await db.selectFrom('rms_distribution').select(['referrer_id', sql<string>`sum(reward)`.as('n')])
    .where('status', '=', DISTRIBUTION_STATUS.granted).groupBy('referrer_id').execute();
  const paid = await db.selectFrom('rms_reward').select(['referrer_id', sql<string>`sum(payer_amount)`.as('n')]).groupBy('referrer_id').execute();
  const owed = new Map<number, number>();
  for (const r of earned) owed.set(Number(r.referrer_id), Number(r.n));
  for (const r of paid) owed.set(Number(r.referrer_id), (owed.get(Number(r.referrer_id)) ?? 0) - Number(r.n));
  return { unpaid: fromCents(sumCents([...owed.values()].map((n) => Math.max(0, n)))), currency: VIP_CURRENCY };
};

/** The tables each part reads (beyond the request's scope and clock, which its key holds). */
const PART_TABLES = {
  // The quarter-hour stats and the status counts change only with the orders (their triggers).
  orders: [ENTITIES.order.table, ENTITIES.shop.table],
  products: [ENTITIES.product.table],
  members: [ENTITIES.member.table],
  vipRevenue: [ENTITIES.payRecord.table],
  referral: [ENTITIES.distributionRecord.table, ENTITIES.referralReward.table],
  seller: [ENTITIES.admin.table, ENTITIES.product.table, ENTITIES.referralClick.table],
} as const;
const capacityTables = (meters: readonly QuotaMeter[]): string[] =>
  [userGroup.table, ...userGroup.owns!.map((o) => o.table), ...meters.flatMap((m) => m.tables)];

type Versions = ReadonlyMap<string, string | null>;

/**
 * A part kept under the versions of the tables it reads (server/crud/list-cache.ts): computed
 * again only after one of them changed, so between writes the summary costs one read of the
 * versions instead of twenty-odd statements (the orders' days alone sum tens of thousands of stats
 * rows with many shops). `key` holds what else the part depends on: the caller's scope, the days.
 */
const kept = <T>(deps: SummaryDeps, versions: Versions, tables: readonly string[], key: string, compute: () => Promise<T>): Promise<T> => {
  const parts = tables.map((table) => versions.get(table) ?? null);
  if (parts.includes(null)) return compute();
  return cachedValueAt(deps.db, `home:${tables.join(',')}`, key, parts.join(':'), compute);
};

export const homeSummary = async (deps: SummaryDeps, caller: Caller, zone: string, now = Date.now()): Promise<HomeSummary> => {
  const { grants, scope, adminId } = caller;
  const today = localDate(zone, now);
  const answer: HomeSummary = { timeZone: zone, today, pending: [] };
  // Read BEFORE anything kept under them, in one statement.
  const versions = await tableVersions(deps.db, [
    ...Object.values(PART_TABLES).flat(), ...capacityTables(deps.meters),
    ...PENDING_WORK.map((p) => (ENTITIES[p.entity]).table),
  ]);
  const scopeKey = JSON.stringify(scope);
  if (mayList(grants, ENTITIES.order)) {
    answer.orders = await kept(deps, versions, PART_TABLES.orders, `orders\n${zone}\n${today}\n${scopeKey}`, () => ordersPart(deps, scope, zone, today));
  }
  const screens = await openableRoutes(deps, caller);
  answer.pending = await pendingPart(deps, caller, now, versions, screens);
  // Marketing: each part for who may call its list and open its screen (the link it carries).
  const opens = (entity: Entity, route: string) => mayList(grants, entity) && (!screens || screens.has(route));
  const marketing = await marketingPart(deps.db, {
    flash: opens(ENTITIES.flashPromotion, 'flash'), coupons: opens(ENTITIES.coupon, 'coupon'), ads: opens(ENTITIES.homeAdvertise, 'homeAdvertise'),
    newProducts: opens(ENTITIES.homeNewProduct, 'homeNew'), popularProducts: opens(ENTITIES.homeRecommendProduct, 'homeHot'),
  }, zone, today, now, isSeller(caller.scope) ? caller.scope.shopIds : null);
  if (marketing) answer.marketing = marketing;
  if (mayList(grants, ENTITIES.product)) {
    const lowStock = answer.pending.find((p) => p.key === 'productsLowStock')?.count;
    answer.products = await kept(deps, versions, PART_TABLES.products, `products\n${lowStock}\n${scopeKey}`, () => productsPart(deps, scope, lowStock));
  }
  if (mayList(grants, ENTITIES.member)) {
    answer.members = await kept(deps, versions, PART_TABLES.members, `members\n${zone}\n${today}\n${scopeKey}`, () => membersPart(deps, scope, zone, today));
  }
  if (mayAction(grants, ENTITIES.payRecord, 'confirm')) {
    answer.vipRevenue = await kept(deps, versions, PART_TABLES.vipRevenue, `vipRevenue\n${zone}\n${today}`, () => vipRevenuePart(deps.db, zone, today));
  }
  if (mayAction(grants, userGroup, 'capacity')) {
    answer.capacity = await kept(deps, versions, capacityTables(deps.meters), 'capacity', () => capacityPart(deps));
  }
  if (mayList(grants, ENTITIES.distributionRecord)) {
    answer.referral = await kept(deps, versions, PART_TABLES.referral, `referral\n${adminId}\n${scopeKey}`, () => referralPart(deps.db, scope, adminId));
  }
  if (isSeller(scope)) {
    const productTotal = answer.products?.total;
    const seller = await kept(deps, versions, PART_TABLES.seller, `seller\n${adminId}\n${productTotal}\n${scopeKey}`, async () => {
      const account = await deps.db.selectFrom('ums_admin').select('vip_expire_time').where('id', '=', adminId).executeTakeFirst();
      const products = productTotal ?? (scope.shopIds.length
        ? toCount((await deps.db.selectFrom('pms_product').select(sql<string>`count(*)`.as('n')).where('shop_id', 'in', [...scope.shopIds]).where('delete_status', '=', 0).executeTakeFirstOrThrow()).n)
        : 0);
      const clicked = await deps.db.selectFrom('rms_click').select('id').where('seller_id', '=', adminId).limit(1).executeTakeFirst();
      return { expireTime: account?.vip_expire_time ?? null, products, clicked: clicked !== undefined };
    });
    const { expireTime } = seller;
    const left = expireTime ? Math.ceil((Date.parse(expireTime) - now) / DAY_MS) : 0;
    answer.vip = { level: vipLevelOf(expireTime, new Date(now)), expireTime, daysLeft: Math.max(0, left) };
    answer.gettingStarted = { vip: expireTime !== null, shop: scope.shopIds.length > 0, product: seller.products > 0, invite: seller.clicked };
  }
  return answer;
};
