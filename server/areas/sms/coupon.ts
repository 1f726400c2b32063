/**
 * What a coupon's declaration (src/schema/sms/coupon.ts) cannot say:
 * - what is left of it (`count`, `mall`'s remaining count) is the total less what members have
 *   received, never the body's (`mall`'s update writes whatever count it is sent); the total
 *   cannot drop below what was received;
 * - a shop's coupon names only its own shop's products (a seller cannot even name another's: the
 *   reference check refuses it first, with the same message), and is in its shop's currency; the
 *   platform's coupons (no shop) in the platform's;
 * - giving it to members (`give`):
 *   - to the members chosen and/or every member of a level, in the caller's shop scope;
 *   - one each, to members below the per-member limit (those at it are skipped and counted);
 *   - all or nothing: when fewer are left than members to give to, nothing is given and the
 *     refusal says how many are left. What is left is taken by one conditional decrement (never
 *     below zero, whatever claims run at once) and the history rows ("gifted") are written in the
 *     same transaction; the members' rows are locked on PostgreSQL as a claim locks its member's,
 *     so a claim and a give cannot both pass the per-member limit.
 *
 * A stopped coupon is refused by the engine (`inStates`); an ended one here.
 *
 * A seller reads (never writes) the platform's coupons (no shop) that cover one of its products
 * (docs/design.md, "Platform coupons a seller sees"): every all-products one (it applies to every
 * shop's products), a products one naming one of its products, a categories one whose categories
 * (a top category with its sub-categories) hold one of its products not in the recycle bin.
 *
 * A member's coupon's state (the history list's `state`) is worked out from its use status and its
 * coupon: used; stopped (the coupon was); expired (marked so, or the coupon's end time passed);
 * else unused.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { randomInt } from 'node:crypto';
import { member as memberEntity } from '../../../src/schema/member/entities';
import type { RecordOf } from '../../../src/schema/engine/entity';
import type { couponHistory } from '../../../src/schema/sms/coupon';
import { coupon, COUPON_GET_TYPE, COUPON_HISTORY_STATE, COUPON_STATUS, COUPON_USE_STATUS, COUPON_USE_TYPE, PLATFORM_CURRENCY } from '../../../src/schema/sms/coupon';
import type { EntityActions } from '../../crud/actions';
import { entityActions } from '../../crud/actions';
import type { Db, EntityHooks, RuleError } from '../../crud/hooks';
import { scopeWhere } from '../../crud/repository';
import type { Scope } from '../../crud/scope';
import { dialectOf } from '../../db/index';
import type { AnyEb } from '../../db/index';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { fieldInvalid, httpError } from '../../http/errors';
import { otherShopProducts } from './promo-shops';

/** The product ids of a coupon's picks as sent (ids) or as read back (rows with `productId`). */
const pickedProducts = (value: unknown): number[] => (Array.isArray(value)
  ? value.map((v: unknown) => (typeof v === 'number' ? v : Number((v as { productId?: unknown } | null)?.productId))).filter((id) => Number.isInteger(id))
  : []);

/**
 * The platform coupons a seller of `shopIds` reads: those covering one of its products (an
 * all-products one covers every shop's). Columns of the coupon's table are named by the table.
 */
const platformCouponsOf = (eb: AnyEb, shopIds: readonly number[]) => {
  const ids = [...shopIds];
  const named = eb.exists(eb.selectFrom('sms_coupon_product_relation as r').innerJoin('pms_product as p', 'p.id', 'r.product_id').select('r.id')
    .whereRef('r.coupon_id', '=', 'sms_coupon.id').where('p.shop_id', 'in', ids));
  // A picked category covers its sub-categories: a product's own category or its parent is picked.
  const inCategory = eb.exists(eb.selectFrom('pms_product as p').leftJoin('pms_product_category as pc', 'pc.id', 'p.product_category_id').select('p.id')
    .where('p.shop_id', 'in', ids).where('p.delete_status', '=', 0)
    .where((inner) => inner.exists(inner.selectFrom('sms_coupon_product_category_relation as cr').select('cr.id')
      .whereRef('cr.coupon_id', '=', 'sms_coupon.id')
      .where((cr) => cr.or([cr('cr.product_category_id', '=', cr.ref('p.product_category_id')), cr('cr.product_category_id', '=', cr.ref('pc.parent_id'))])))));
  return eb.and([
    eb('sms_coupon.shop_id', 'is', null),
    eb.or([
      eb('sms_coupon.use_type', '=', COUPON_USE_TYPE.all),
      eb.and([eb('sms_coupon.use_type', '=', COUPON_USE_TYPE.products), named]),
      eb.and([eb('sms_coupon.use_type', '=', COUPON_USE_TYPE.categories), inCategory]),
    ]),
  ]);
};

export const couponHooks: EntityHooks<typeof coupon> = {
  readableBeyondScope: (eb, shopIds) => platformCouponsOf(eb, shopIds),
  validate: async ({ trx, record, before }) => {
    const errors: RuleError[] = [];
    const received = before?.receiveCount ?? 0;
    if (record.publishCount < received) errors.push({ field: 'publishCount', messageKey: 'too_small', params: { min: received } });
    if (await otherShopProducts(trx, record.shopId ?? null, pickedProducts(record.productRelationList))) {
      errors.push({ field: 'productRelationList', messageKey: 'promotion_product_not_shop' });
    }
    return errors;
  },
  derive: {
    count: ({ record, before }) => record.publishCount - (before?.receiveCount ?? 0),
    currency: async ({ trx, record }) => {
      if (record.shopId === null || record.shopId === undefined) return PLATFORM_CURRENCY;
      const shop = await trx.selectFrom('shop').select('currency').where('id', '=', record.shopId).executeTakeFirst();
      return shop?.currency || PLATFORM_CURRENCY;
    },
  },
};

/** Most members a level give reaches in one call (the coupon's count bounds it first in practice). */
const MAX_LEVEL_MEMBERS = 100_000;
/** Rows per statement (SQLite binds at most 32,766 parameters; a history row binds 9). */
const CHUNK = 500;

type MemberRow = Pick<Selectable<Database['ums_member']>, 'id' | 'username' | 'nickname'>;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** A member coupon's code: 16 digits, as the shop front's claim writes them. */
export const couponCode = (): string => String(randomInt(10 ** 9, 10 ** 10)) + String(randomInt(10 ** 5, 10 ** 6));

/** The members to give to: the chosen ones and the level's, in the caller's scope, by id (locks in one order). */
const membersOf = async (trx: Db, scope: Scope, memberIds: readonly number[], levelId: number | null): Promise<MemberRow[]> => {
  const found = new Map<number, MemberRow>();
  for (const ids of chunks(memberIds)) {
    const rows = await trx.selectFrom('ums_member').select(['id', 'username', 'nickname'])
      .where((eb) => eb.and([eb('id', 'in', ids), scopeWhere(memberEntity, eb as never, scope) as never])).execute();
    for (const row of rows) found.set(Number(row.id), row);
  }
  if (levelId !== null) {
    const rows = await trx.selectFrom('ums_member').select(['id', 'username', 'nickname'])
      .where((eb) => eb.and([eb('member_level_id', '=', levelId), scopeWhere(memberEntity, eb as never, scope) as never]))
      .orderBy('id').limit(MAX_LEVEL_MEMBERS).execute();
    for (const row of rows) found.set(Number(row.id), row);
  }
  return [...found.values()].sort((a, b) => Number(a.id) - Number(b.id));
};

/** How many of this coupon each of the members holds (any use status), by member id. */
const heldBy = async (trx: Db, couponId: number, memberIds: readonly number[]): Promise<Map<number, number>> => {
  const held = new Map<number, number>();
  for (const ids of chunks(memberIds)) {
    const rows = await trx.selectFrom('sms_coupon_history').select(['member_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('coupon_id', '=', couponId).where('member_id', 'in', ids).groupBy('member_id').execute();
    for (const row of rows) held.set(Number(row.member_id), Number(row.n));
  }
  return held;
};

const refused = (messageKey: 'coupon_give_over_count' | 'coupon_ended', params?: Record<string, string | number>) =>
  httpError({ status: 409, code: 500, messageKey, params });

export const couponActions = (): readonly EntityActions[] => [
  entityActions(coupon, {
    give: async ({ trx, record, params, actor }) => {
      const memberIds = params.memberIds ?? [];
      const levelId = params.memberLevelId ?? null;
      if (!memberIds.length && levelId === null) throw fieldInvalid('memberIds', 'coupon_give_whom');
      if (Date.parse(record.endTime) <= Date.now()) throw refused('coupon_ended');
      const members = await membersOf(trx, actor.scope, memberIds, levelId);
      if (!members.length) throw fieldInvalid('memberLevelId', 'coupon_give_level_empty');
      // One claim or give per member at a time: the per-member counts below cannot be read twice at once.
      if (dialectOf(trx) === 'postgres') {
        for (const ids of chunks(members.map((m) => Number(m.id)))) {
          await sql`select id from ums_member where id in (${sql.join(ids)}) order by id for update`.execute(trx);
        }
      }
      const held = await heldBy(trx, record.id, members.map((m) => Number(m.id)));
      const receivers = members.filter((m) => (held.get(Number(m.id)) ?? 0) < record.perLimit);
      const skipped = members.length - receivers.length;
      if (!receivers.length) throw fieldInvalid(memberIds.length ? 'memberIds' : 'memberLevelId', 'coupon_give_all_held', { limit: record.perLimit });
      const n = receivers.length;
      const taken = await trx.updateTable('sms_coupon').set({ count: sql<number>`count - ${n}`, receive_count: sql<number>`receive_count + ${n}` })
        .where('id', '=', record.id).where('status', '=', COUPON_STATUS.active).where('count', '>=', n).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        const now = await trx.selectFrom('sms_coupon').select('count').where('id', '=', record.id).executeTakeFirst();
        throw refused('coupon_give_over_count', { left: Math.max(0, Number(now?.count ?? 0)), members: n });
      }
      const created = toDbTime();
      for (const part of chunks(receivers)) {
        await trx.insertInto('sms_coupon_history').values(part.map((m) => ({
          coupon_id: record.id, member_id: Number(m.id), coupon_code: couponCode(), member_nickname: m.nickname ?? m.username,
          get_type: COUPON_GET_TYPE.gifted, create_time: created, use_status: COUPON_USE_STATUS.unused, use_time: null, order_id: null, order_sn: null,
        }))).execute();
      }
      return {
        data: { given: n, skipped },
        changes: [{ id: record.id, before: { count: record.count, receiveCount: record.receiveCount }, after: { count: record.count - n, receiveCount: record.receiveCount + n, given: n, skipped, memberIds, memberLevelId: levelId } }],
      };
    },
  }),
];

type HistoryRecord = RecordOf<typeof couponHistory>;
type CouponState = { status: number; end_time: string };

/** A member's coupon's state from its use status and its coupon (the first that holds: used, stopped, expired, unused). */
const stateOf = (useStatus: number | null | undefined, held: CouponState | undefined, now: string): HistoryRecord['state'] => {
  if (useStatus === COUPON_USE_STATUS.used) return COUPON_HISTORY_STATE.used;
  if (held && Number(held.status) === COUPON_STATUS.stopped) return COUPON_HISTORY_STATE.stopped;
  if (useStatus === COUPON_USE_STATUS.expired || (held && held.end_time < now)) return COUPON_HISTORY_STATE.expired;
  return COUPON_HISTORY_STATE.unused;
};

/** The state filter's condition: the same order as `stateOf`, on the history row and its coupon. */
const stateWhere = (eb: AnyEb, value: string | number) => {
  const now = toDbTime();
  const useStatus = 'sms_coupon_history.use_status';
  const itsCoupon = () => eb.selectFrom('sms_coupon as c').select('c.id').whereRef('c.id', '=', 'sms_coupon_history.coupon_id');
  switch (Number(value)) {
    case COUPON_HISTORY_STATE.used: return eb(useStatus, '=', COUPON_USE_STATUS.used);
    case COUPON_HISTORY_STATE.stopped:
      return eb.and([eb(useStatus, '<>', COUPON_USE_STATUS.used), eb.exists(itsCoupon().where('c.status', '=', COUPON_STATUS.stopped))]);
    case COUPON_HISTORY_STATE.expired:
      return eb.and([eb(useStatus, '<>', COUPON_USE_STATUS.used), eb.exists(itsCoupon().where('c.status', '<>', COUPON_STATUS.stopped)
        .where((c) => c.or([c(useStatus, '=', COUPON_USE_STATUS.expired), c('c.end_time', '<', now)])))]);
    default:
      return eb.and([eb(useStatus, '=', COUPON_USE_STATUS.unused), eb.exists(itsCoupon().where('c.status', '<>', COUPON_STATUS.stopped).where('c.end_time', '>=', now))]);
  }
};

/** Each member's coupon with its state, its coupons read in one query. */
const withStates = async (db: Db, records: HistoryRecord[]): Promise<HistoryRecord[]> => {
  const ids = [...new Set(records.map((r) => r.couponId).filter((id): id is number => typeof id === 'number'))];
  const rows = ids.length ? await db.selectFrom('sms_coupon').select(['id', 'status', 'end_time']).where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [Number(row.id), { status: Number(row.status), end_time: String(row.end_time) }]));
  const now = toDbTime();
  return records.map((r) => ({ ...r, state: stateOf(r.useStatus, byId.get(Number(r.couponId)), now) }));
};

export const couponHistoryHooks: EntityHooks<typeof couponHistory> = {
  filterWhere: { state: stateWhere },
  afterList: (db, records) => withStates(db, records),
  afterGet: async (db, record) => (await withStates(db, [record]))[0]!,
};
