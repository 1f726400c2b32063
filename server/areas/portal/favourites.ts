/**
 * mall-portal's favourites (`/member/productCollection/*`), followed brands (`/member/attention/*`)
 * and reading history (`/member/readHistory/*`). Rows of the token's member naming a product or
 * brand; what a client sends besides the id (names, pictures, prices) is ignored and read from the
 * catalog when shown, in mall's shapes (string `id`, string `productPrice`). Only the shop's live
 * products and shown brands are added; each is kept once per member (viewing a product again
 * moves it to the top of the history); the history keeps the newest MAX_HISTORY, favourites at most
 * MAX_MARKS. Delete and clear touch only the caller's rows.
 */
import type { Kysely } from 'kysely';
import { fromCents } from '../../../src/schema/engine/money';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { ok, toPage } from '../../http/envelope';
import { httpError } from '../../http/errors';
import { liveProducts } from './catalog';
import type { Buyer, PortalRoutes } from './context';
import { buyerOf, idListParam, idParam, pageParams, paramsOf } from './context';

type Db = Kysely<Database>;
type ProductTable = 'ums_member_product_collection' | 'ums_member_read_history';

export const MAX_HISTORY = 100;
export const MAX_MARKS = 500;

const refused = (messageKey: Parameters<typeof httpError>[0]['messageKey'], params?: Record<string, string | number>) =>
  httpError({ status: 409, code: 500, messageKey, params });

const memberOf = (db: Db, buyer: Buyer) => db.selectFrom('ums_member').select(['nickname', 'username', 'icon']).where('id', '=', buyer.memberId).executeTakeFirstOrThrow();

/** Rows of a product table as mall's MemberProductCollection / MemberReadHistory. */
const productMarks = async (db: Db, buyer: Buyer, rows: readonly { id: number; product_id: number; create_time: string }[]) => {
  if (!rows.length) return [];
  const member = await memberOf(db, buyer);
  const products = await db.selectFrom('pms_product').select(['id', 'name', 'pic', 'price', 'sub_title']).where('id', 'in', rows.map((r) => r.product_id)).execute();
  return rows.map((row) => {
    const p = products.find((x) => x.id === row.product_id);
    return {
      id: String(row.id), memberId: buyer.memberId, memberNickname: member.nickname ?? member.username, memberIcon: member.icon,
      productId: row.product_id, productName: p?.name ?? null, productPic: p?.pic ?? null, productSubTitle: p?.sub_title ?? null,
      productPrice: p ? fromCents(Number(p.price)).toFixed(2) : null, createTime: row.create_time,
    };
  });
};

/** The product id of a body (`productId`) or the query; the product must be the shop's and live. */
const liveProductId = async (db: Db, buyer: Buyer, value: unknown): Promise<number> => {
  const productId = idParam(value, 'productId');
  const live = await liveProducts(db, buyer.shopId).select('id').where('id', '=', productId).executeTakeFirst();
  if (!live) throw refused('portal_product_unavailable');
  return productId;
};

const bodyOf = (request: { body?: unknown }, params: Record<string, unknown>): Record<string, unknown> =>
  (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? { ...params, ...(request.body as Record<string, unknown>) } : params);

export const favouriteRoutes: PortalRoutes = (portal, { db }) => {
  const pageOf = async (table: ProductTable, buyer: Buyer, params: Record<string, unknown>) => {
    const { pageNum, pageSize, offset } = pageParams(params, 6);
    const base = db.selectFrom(table).where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base.select(['id', 'product_id', 'create_time']).orderBy('create_time', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
    return toPage(await productMarks(db, buyer, rows), total, pageNum, pageSize);
  };

  portal.post('/member/productCollection/add', async (request) => {
    const buyer = buyerOf(request);
    const productId = await liveProductId(db, buyer, bodyOf(request, paramsOf(request)).productId);
    const count = await db.selectFrom('ums_member_product_collection').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', buyer.memberId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_MARKS) throw refused('portal_too_many_marks', { max: MAX_MARKS });
    const added = await db.insertInto('ums_member_product_collection').values({ shop_id: buyer.shopId, member_id: buyer.memberId, product_id: productId, create_time: toDbTime() })
      .onConflict((oc) => oc.columns(['member_id', 'product_id']).doNothing()).executeTakeFirst();
    // mall answers how many were added: 0 when it was a favourite already.
    return ok(Number(added.numInsertedOrUpdatedRows ?? 0));
  });
  portal.post('/member/productCollection/delete', async (request) => {
    const buyer = buyerOf(request);
    const productId = idParam(paramsOf(request).productId, 'productId');
    const removed = await db.deleteFrom('ums_member_product_collection').where('member_id', '=', buyer.memberId).where('product_id', '=', productId).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });
  portal.get('/member/productCollection/detail', async (request) => {
    const buyer = buyerOf(request);
    const productId = idParam(paramsOf(request).productId, 'productId');
    const rows = await db.selectFrom('ums_member_product_collection').select(['id', 'product_id', 'create_time'])
      .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).where('product_id', '=', productId).execute();
    // null means "not a favourite" to mall's clients.
    return ok((await productMarks(db, buyer, rows))[0] ?? null);
  });
  portal.get('/member/productCollection/list', async (request) => ok(await pageOf('ums_member_product_collection', buyerOf(request), paramsOf(request))));
  portal.post('/member/productCollection/clear', async (request) => {
    const buyer = buyerOf(request);
    const removed = await db.deleteFrom('ums_member_product_collection').where('member_id', '=', buyer.memberId).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });

  portal.post('/member/readHistory/create', async (request) => {
    const buyer = buyerOf(request);
    const productId = await liveProductId(db, buyer, bodyOf(request, paramsOf(request)).productId);
    const now = toDbTime();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('ums_member_read_history').values({ shop_id: buyer.shopId, member_id: buyer.memberId, product_id: productId, create_time: now })
        .onConflict((oc) => oc.columns(['member_id', 'product_id']).doUpdateSet({ create_time: now })).execute();
      // The newest MAX_HISTORY stay.
      const old = await trx.selectFrom('ums_member_read_history').select('id').where('member_id', '=', buyer.memberId)
        .orderBy('create_time', 'desc').orderBy('id', 'desc').offset(MAX_HISTORY).limit(1000).execute();
      if (old.length) await trx.deleteFrom('ums_member_read_history').where('id', 'in', old.map((r) => r.id)).execute();
    });
    return ok(1);
  });
  portal.get('/member/readHistory/list', async (request) => ok(await pageOf('ums_member_read_history', buyerOf(request), paramsOf(request))));
  portal.post('/member/readHistory/delete', async (request) => {
    const buyer = buyerOf(request);
    const ids = idListParam(paramsOf(request).ids, 'ids', MAX_HISTORY);
    const removed = await db.deleteFrom('ums_member_read_history').where('member_id', '=', buyer.memberId).where('id', 'in', ids).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });
  portal.post('/member/readHistory/clear', async (request) => {
    const buyer = buyerOf(request);
    const removed = await db.deleteFrom('ums_member_read_history').where('member_id', '=', buyer.memberId).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });

  /** Followed brands as mall's MemberBrandAttention. */
  const attentions = async (buyer: Buyer, rows: readonly { id: number; brand_id: number; brand_city: string | null; create_time: string }[]) => {
    if (!rows.length) return [];
    const member = await memberOf(db, buyer);
    const brands = await db.selectFrom('pms_brand').select(['id', 'name', 'logo']).where('id', 'in', rows.map((r) => r.brand_id)).execute();
    return rows.map((row) => {
      const b = brands.find((x) => x.id === row.brand_id);
      return {
        id: String(row.id), memberId: buyer.memberId, memberNickname: member.nickname ?? member.username, memberIcon: member.icon,
        brandId: row.brand_id, brandName: b?.name ?? null, brandLogo: b?.logo ?? null, brandCity: row.brand_city ?? '', createTime: row.create_time,
      };
    });
  };
  const ATTENTION_COLUMNS = ['id', 'brand_id', 'brand_city', 'create_time'] as const;

  portal.post('/member/attention/add', async (request) => {
    const buyer = buyerOf(request);
    const body = bodyOf(request, paramsOf(request));
    const brandId = idParam(body.brandId, 'brandId');
    const shown = await db.selectFrom('pms_brand').select('id').where('id', '=', brandId).where('show_status', '=', 1).executeTakeFirst();
    if (!shown) throw refused('not_found');
    const count = await db.selectFrom('ums_member_brand_attention').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', buyer.memberId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_MARKS) throw refused('portal_too_many_marks', { max: MAX_MARKS });
    const city = typeof body.brandCity === 'string' ? body.brandCity.trim().slice(0, 100) : '';
    const added = await db.insertInto('ums_member_brand_attention').values({ shop_id: buyer.shopId, member_id: buyer.memberId, brand_id: brandId, brand_city: city || null, create_time: toDbTime() })
      .onConflict((oc) => oc.columns(['member_id', 'brand_id']).doNothing()).executeTakeFirst();
    return ok(Number(added.numInsertedOrUpdatedRows ?? 0));
  });
  portal.post('/member/attention/delete', async (request) => {
    const buyer = buyerOf(request);
    const brandId = idParam(paramsOf(request).brandId, 'brandId');
    const removed = await db.deleteFrom('ums_member_brand_attention').where('member_id', '=', buyer.memberId).where('brand_id', '=', brandId).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });
  portal.get('/member/attention/detail', async (request) => {
    const buyer = buyerOf(request);
    const brandId = idParam(paramsOf(request).brandId, 'brandId');
    const rows = await db.selectFrom('ums_member_brand_attention').select([...ATTENTION_COLUMNS]).where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).where('brand_id', '=', brandId).execute();
    return ok((await attentions(buyer, rows))[0] ?? null);
  });
  portal.get('/member/attention/list', async (request) => {
    const buyer = buyerOf(request);
    const { pageNum, pageSize, offset } = pageParams(paramsOf(request), 6);
    const base = db.selectFrom('ums_member_brand_attention').where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base.select([...ATTENTION_COLUMNS]).orderBy('create_time', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
    return ok(toPage(await attentions(buyer, rows), total, pageNum, pageSize));
  });
  portal.post('/member/attention/clear', async (request) => {
    const buyer = buyerOf(request);
    const removed = await db.deleteFrom('ums_member_brand_attention').where('member_id', '=', buyer.memberId).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });
};
