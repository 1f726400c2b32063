/**
 * mall-portal's `/member/coupon/*`: claiming the shop-wide coupons (type "all site": the shop's
 * own and the platform's; another shop's is "not found") and the buyer's own coupons. A claim takes one from what is left by a conditional decrement (never
 * below zero, however many claim at once), respects the per-member limit (the member's row is
 * locked for the claim on PostgreSQL; SQLite runs one write at a time) and the coupon's end,
 * and writes the history row in the same transaction. Lists read the member's history only.
 */
import type { Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { sql } from 'kysely';
import { randomInt } from 'node:crypto';
import { formatMessage } from '../../../src/schema/api';
import { coupon, couponHistory, COUPON_GET_TYPE, COUPON_STATUS, COUPON_USE_STATUS, COUPON_USE_TYPE } from '../../../src/schema/sms/coupon';
import { dialectOf } from '../../db/index';
import { recordOfRow } from '../../crud/row';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { ok } from '../../http/envelope';
import { httpError } from '../../http/errors';
import { cartLinesOf } from './cart';
import { liveProducts } from './catalog';
import type { Buyer, PortalRoutes } from './context';
import { buyerOf, idParam, intParam, paramsOf, shopOf } from './context';

type Db = Kysely<Database> | Transaction<Database>;
type CouponRow = Selectable<Database['sms_coupon']>;

/** Only the shop's own coupons and the platform's (no shop) are a shop's buyers'. */
const ownOrPlatform = <Q extends SelectQueryBuilder<Database, 'sms_coupon', object>>(query: Q, shopId: number): Q =>
  query.where((eb) => eb.or([eb('sms_coupon.shop_id', 'is', null), eb('sms_coupon.shop_id', '=', shopId)])) as Q;

/** The coupon type buyers claim themselves (mall's 全场赠券); the others are given by the shop. */
const CLAIMABLE_TYPE = 0;

const refused = (messageKey: Parameters<typeof httpError>[0]['messageKey'], params?: Record<string, string | number>) =>
  httpError({ status: 409, code: 500, messageKey, params });

/** A coupon as mall's `SmsCoupon` (its fields mall has and we keep none of: empty). */
export const couponJson = (row: CouponRow) => ({ ...recordOfRow(coupon, row), enableTime: null, code: null, memberLevel: 0 });

/** The coupon's categories and products (a coupon for a top category covers its sub-categories). */
const scopesOf = async (db: Db, ids: readonly number[]) => {
  if (!ids.length) return { categories: [], products: [] };
  const [categories, products] = await Promise.all([
    db.selectFrom('sms_coupon_product_category_relation as r').leftJoin('pms_product_category as c', 'c.id', 'r.product_category_id')
      .leftJoin('pms_product_category as parent', 'parent.id', 'c.parent_id')
      .select(['r.id', 'r.coupon_id', 'r.product_category_id', 'c.name', 'parent.name as parent_name']).where('r.coupon_id', 'in', [...ids]).execute(),
    db.selectFrom('sms_coupon_product_relation as r').leftJoin('pms_product as p', 'p.id', 'r.product_id')
      .select(['r.id', 'r.coupon_id', 'r.product_id', 'p.name', 'p.product_sn']).where('r.coupon_id', 'in', [...ids]).execute(),
  ]);
  return { categories, products };
};

/** Whether a coupon of `useType` covers a product of `categoryId` (whose parent is `parentId`). */
const covers = (row: CouponRow, scopes: Awaited<ReturnType<typeof scopesOf>>, productId: number, categoryIds: readonly number[]): boolean => {
  const useType = Number(row.use_type);
  if (useType === COUPON_USE_TYPE.all) return true;
  if (useType === COUPON_USE_TYPE.categories) return scopes.categories.some((c) => c.coupon_id === row.id && categoryIds.includes(Number(c.product_category_id)));
  return scopes.products.some((p) => p.coupon_id === row.id && Number(p.product_id) === productId);
};

/** The member's history rows with their coupons; `useStatus` 2 means unused and past its end or stopped (it can no longer be used). */
const historyOf = async (db: Db, buyer: Buyer, useStatus: number | null) => {
  const now = toDbTime();
  let query = db.selectFrom('sms_coupon_history as h').innerJoin('sms_coupon as c', 'c.id', 'h.coupon_id').selectAll('h')
    .select(['c.end_time as coupon_end']).where('h.member_id', '=', buyer.memberId);
  if (useStatus === COUPON_USE_STATUS.used) query = query.where('h.use_status', '=', COUPON_USE_STATUS.used);
  if (useStatus === COUPON_USE_STATUS.unused) {
    query = query.where('h.use_status', '=', COUPON_USE_STATUS.unused).where('c.end_time', '>=', now).where('c.status', '=', COUPON_STATUS.active);
  }
  if (useStatus === COUPON_USE_STATUS.expired) {
    query = query.where((eb) => eb.or([
      eb('h.use_status', '=', COUPON_USE_STATUS.expired),
      eb.and([eb('h.use_status', '=', COUPON_USE_STATUS.unused), eb.or([eb('c.end_time', '<', now), eb('c.status', '=', COUPON_STATUS.stopped)])]),
    ]));
  }
  return query.orderBy('h.id', 'desc').limit(500).execute();
};

const useStatusParam = (value: unknown): number | null =>
  (value === undefined || value === '' ? null : intParam(value, 'useStatus', { min: 0, max: 2 }));

export const couponRoutes: PortalRoutes = (portal, { db }) => {
  portal.post('/member/coupon/add/:couponId', async (request) => {
    const buyer = buyerOf(request);
    const couponId = idParam((request.params as Record<string, unknown>).couponId, 'couponId');
    await db.transaction().execute(async (trx) => {
      // One claim of a member at a time: the per-member count below cannot be read twice at once.
      if (dialectOf(trx) === 'postgres') await sql`select id from ums_member where id = ${buyer.memberId} for update`.execute(trx);
      // The shop's own coupons and the platform's: another shop's reads as one that does not exist.
      const row = await ownOrPlatform(trx.selectFrom('sms_coupon').selectAll().where('id', '=', couponId), buyer.shopId).executeTakeFirst();
      if (!row || Number(row.type) !== CLAIMABLE_TYPE) throw refused('portal_coupon_unavailable');
      if (Number(row.status) === COUPON_STATUS.stopped) throw refused('coupon_stopped');
      if (row.end_time < toDbTime()) throw refused('portal_coupon_expired');
      const held = await trx.selectFrom('sms_coupon_history').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('coupon_id', '=', couponId).where('member_id', '=', buyer.memberId).executeTakeFirstOrThrow();
      if (Number(held.n) >= Number(row.per_limit)) throw refused('portal_coupon_limit', { limit: Number(row.per_limit) });
      const taken = await trx.updateTable('sms_coupon').set({ count: sql<number>`count - 1`, receive_count: sql<number>`receive_count + 1` })
        .where('id', '=', couponId).where('count', '>', 0).where('status', '=', COUPON_STATUS.active).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        // Stopped while this claim waited for the coupon's row, or none left.
        const now = await trx.selectFrom('sms_coupon').select('status').where('id', '=', couponId).executeTakeFirst();
        throw refused(Number(now?.status) === COUPON_STATUS.stopped ? 'coupon_stopped' : 'portal_coupon_gone');
      }
      const member = await trx.selectFrom('ums_member').select(['nickname', 'username']).where('id', '=', buyer.memberId).executeTakeFirstOrThrow();
      await trx.insertInto('sms_coupon_history').values({
        coupon_id: couponId, member_id: buyer.memberId, coupon_code: String(randomInt(10 ** 9, 10 ** 10)) + String(randomInt(10 ** 5, 10 ** 6)),
        member_nickname: member.nickname ?? member.username, get_type: COUPON_GET_TYPE.claimed, create_time: toDbTime(),
        use_status: COUPON_USE_STATUS.unused, use_time: null, order_id: null, order_sn: null,
      }).execute();
    });
    return { ...ok(null), message: formatMessage('portal_coupon_claimed'), messageKey: 'portal_coupon_claimed' };
  });

  /** mall's "my coupons": the coupons (not the history rows) the member holds, by use status. */
  portal.get('/member/coupon/list', async (request) => {
    const buyer = buyerOf(request);
    const rows = await historyOf(db, buyer, useStatusParam(paramsOf(request).useStatus));
    if (!rows.length) return ok([]);
    const coupons = await db.selectFrom('sms_coupon').selectAll().where('id', 'in', [...new Set(rows.map((r) => r.coupon_id))]).execute();
    return ok(rows.map((r) => coupons.find((c) => c.id === r.coupon_id)).filter((c): c is CouponRow => c !== undefined).map(couponJson));
  });

  portal.get('/member/coupon/listHistory', async (request) => {
    const buyer = buyerOf(request);
    const rows = await historyOf(db, buyer, useStatusParam(paramsOf(request).useStatus));
    return ok(rows.map(({ coupon_end: _end, ...row }) => recordOfRow(couponHistory, row)));
  });

  /** The coupons a buyer may claim now that cover the product (of the shop, live). */
  portal.get('/member/coupon/listByProduct/:productId', async (request) => {
    const shop = shopOf(request);
    const productId = idParam((request.params as Record<string, unknown>).productId, 'productId');
    const product = await liveProducts(db, shop.id).select(['id', 'product_category_id']).where('id', '=', productId).executeTakeFirst();
    if (!product) return ok([]);
    const category = await db.selectFrom('pms_product_category').select('parent_id').where('id', '=', product.product_category_id).executeTakeFirst();
    const categoryIds = [product.product_category_id, Number(category?.parent_id ?? 0)].filter((id) => id > 0);
    const rows = await ownOrPlatform(db.selectFrom('sms_coupon').selectAll(), shop.id).where('type', '=', CLAIMABLE_TYPE).where('status', '=', COUPON_STATUS.active).where('end_time', '>=', toDbTime())
      .where('count', '>', 0).orderBy('id', 'desc').limit(200).execute();
    const scopes = await scopesOf(db, rows.map((r) => r.id));
    return ok(rows.filter((row) => covers(row, scopes, productId, categoryIds)).map(couponJson));
  });

  /**
   * The member's unused coupons usable (`type` 1) or not (0) for the whole cart: in their time,
   * covering some line, the covered lines' list amount reaching the minimum spend. The order's
   * confirmation prices them exactly, with promotions (server/areas/portal/orders).
   */
  portal.get('/member/coupon/list/cart/:type', async (request) => {
    const buyer = buyerOf(request);
    const type = intParam((request.params as Record<string, unknown>).type, 'type', { min: 0, max: 1 });
    const held = await historyOf(db, buyer, COUPON_USE_STATUS.unused);
    if (!held.length) return ok([]);
    const couponIds = [...new Set(held.map((h) => h.coupon_id).filter((id): id is number => id !== null))];
    const coupons = await db.selectFrom('sms_coupon').selectAll().where('id', 'in', couponIds).execute();
    const scopes = await scopesOf(db, couponIds);
    const lines = await cartLinesOf(db, buyer);
    const products = lines.length ? await liveProducts(db, buyer.shopId).select(['id', 'price', 'product_category_id']).where('id', 'in', lines.map((l) => l.productId)).execute() : [];
    const skuIds = lines.map((l) => l.skuId).filter((id): id is number => id !== null);
    const skus = skuIds.length ? await db.selectFrom('pms_sku_stock').select(['id', 'price']).where('id', 'in', skuIds).execute() : [];
    const parents = new Map((await db.selectFrom('pms_product_category').select(['id', 'parent_id']).execute()).map((c) => [c.id, Number(c.parent_id ?? 0)]));
    const usable = (row: CouponRow): boolean => {
      if (row.start_time > toDbTime()) return false;
      let amount = 0;
      let any = false;
      for (const line of lines) {
        const p = products.find((x) => x.id === line.productId);
        if (!p) continue;
        const category = Number(p.product_category_id ?? 0);
        if (!covers(row, scopes, p.id, [category, parents.get(category) ?? 0])) continue;
        any = true;
        amount += Number(skus.find((s) => s.id === line.skuId)?.price ?? p.price) * line.quantity;
      }
      return any && amount >= Number(row.min_point);
    };
    const answer = held.map(({ coupon_end: _end, ...h }) => {
      const row = coupons.find((c) => c.id === h.coupon_id)!;
      return {
        ...recordOfRow(couponHistory, h), coupon: couponJson(row), usable: usable(row),
        productRelationList: scopes.products.filter((p) => p.coupon_id === row.id).map((p) => ({ id: p.id, couponId: p.coupon_id, productId: p.product_id, productName: p.name, productSn: p.product_sn })),
        categoryRelationList: scopes.categories.filter((c) => c.coupon_id === row.id).map((c) => ({ id: c.id, couponId: c.coupon_id, productCategoryId: c.product_category_id, productCategoryName: c.name, parentCategoryName: c.parent_name })),
      };
    });
    return ok(answer.filter((h) => h.usable === (type === 1)).map(({ usable: _u, ...h }) => h));
  });
};
