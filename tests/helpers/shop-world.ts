/**
 * A small world for the shop front's order tests and benchmarks: buyers signed up and in through
 * the shop front, products on sale with SKU stock, a running flash sale and coupons members hold,
 * written straight into the tables (the admin's own routes are tested elsewhere).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { toDbTime } from '../../server/db/time';
import { freshIp } from './accounts';
import type { Answer } from './api';
import { call } from './api';

export type BuyerToken = { shopId: number; memberId: number; username: string; authorization: string };

export const BUYER_PASSWORD = 'Buyer-pass-2026';

/** Signs a buyer up (the shop approving at once) and in through the shop front. */
export const signUpBuyer = async (app: FastifyInstance, db: Kysely<Database>, shopId: number, username: string, phone: string): Promise<BuyerToken> => {
  await db.updateTable('shop').set({ auto_approve: 1, sign_up_code: 0 }).where('id', '=', shopId).execute();
  const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), ip: freshIp() });
  const up = await call(app, 'POST', `/portal/${shopId}/sso/register`, form({ username, password: BUYER_PASSWORD, telephone: phone }));
  if (up.body.code !== 200) throw new Error(`sign-up ${username}: ${up.raw}`);
  const signIn = await call<{ token: string; tokenHead: string }>(app, 'POST', `/portal/${shopId}/sso/login`, form({ username, password: BUYER_PASSWORD }));
  if (signIn.body.code !== 200) throw new Error(`sign-in ${username}: ${signIn.raw}`);
  const member = await db.selectFrom('ums_member').select('id').where('shop_id', '=', shopId).where('username', '=', username).executeTakeFirstOrThrow();
  return { shopId, memberId: member.id, username, authorization: signIn.body.data.tokenHead + signIn.body.data.token };
};

/** A call to the buyer's shop front as that buyer. */
export const asBuyer = (app: FastifyInstance, buyer: BuyerToken, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> =>
  call(app, method, `/portal/${buyer.shopId}${path}`, { headers: { authorization: buyer.authorization, 'source-client': 'miniapp' }, ...(body === undefined ? {} : { body }) });

/** A product on sale in the shop (published, verified) with one SKU; prices in cents. */
export const productOnSale = async (db: Kysely<Database>, shopId: number, options: { name: string; price: number; stock: number; promotionType?: number; promotionPrice?: number | null }) => {
  const category = await db.selectFrom('pms_product_category').select('id').orderBy('id').executeTakeFirst()
    ?? await db.insertInto('pms_product_category').values({ name: 'Test category', parent_id: 0, level: 0, product_count: 0, nav_status: 0, show_status: 1, sort: 0 }).returning('id').executeTakeFirstOrThrow();
  const { id } = await db.insertInto('pms_product').values({
    shop_id: shopId, product_category_id: category.id, name: options.name, product_sn: `SN-${options.name}`, sub_title: options.name, description: '',
    price: options.price, promotion_price: options.promotionPrice ?? null, promotion_type: options.promotionType ?? 0, publish_status: 1, verify_status: 1, delete_status: 0,
    stock: options.stock, sort: 0, weight: 0, low_stock: 0, new_status: 0, recommand_status: 0, preview_status: 0, gift_growth: 0, gift_point: 0, sale: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const sku = await db.insertInto('pms_sku_stock').values({
    product_id: id, shop_id: shopId, sku_code: `${options.name}-1`, price: options.price, stock: options.stock, sp_data: '[{"key":"Colour","value":"Red"}]', sale: 0, low_stock: 0, lock_stock: 0,
  }).returning('id').executeTakeFirstOrThrow();
  return { productId: Number(id), skuId: Number(sku.id) };
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A flash sale online today, in an all-day enabled session, selling `count` units of the product at `price` cents, `limit` per buyer. */
export const flashSale = async (db: Kysely<Database>, productId: number, options: { price: number; count: number; limit: number }) => {
  const sale = await db.insertInto('sms_flash_promotion').values({ title: `Flash ${productId}`, start_date: day(-1), end_date: day(1), status: 1, create_time: toDbTime() })
    .returning('id').executeTakeFirstOrThrow();
  const session = await db.insertInto('sms_flash_promotion_session').values({ name: `All day ${productId}`, start_time: '00:00:00', end_time: '23:59:59', status: 1, create_time: toDbTime() })
    .returning('id').executeTakeFirstOrThrow();
  const relation = await db.insertInto('sms_flash_promotion_product_relation').values({
    flash_promotion_id: sale.id, flash_promotion_session_id: session.id, product_id: productId,
    flash_promotion_price: options.price, flash_promotion_count: options.count, flash_promotion_limit: options.limit, flash_promotion_sold: 0, sort: 0,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(relation.id);
};

/** A coupon for everything (`amount` cents off, from `minPoint`), `publish` issued; `holders` each claimed one. */
export const couponHeldBy = async (db: Kysely<Database>, options: { name: string; amount: number; minPoint?: number; publish?: number }, holders: readonly BuyerToken[]) => {
  const publish = options.publish ?? 100;
  const { id } = await db.insertInto('sms_coupon').values({ status: 0,
    type: 0, name: options.name, platform: 0, count: publish - holders.length, amount: options.amount, per_limit: 1, min_point: options.minPoint ?? 0,
    start_time: new Date(Date.now() - 86_400_000).toISOString(), end_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    use_type: 0, publish_count: publish, use_count: 0, receive_count: holders.length,
  }).returning('id').executeTakeFirstOrThrow();
  for (const holder of holders) {
    await db.insertInto('sms_coupon_history').values({
      coupon_id: id, member_id: holder.memberId, member_nickname: holder.username, get_type: 1, create_time: toDbTime(), use_status: 0,
    }).execute();
  }
  return Number(id);
};

/** The receiver the tests order to. */
export const RECEIVER = { name: 'Ann Buyer', phone: '13900000000', postCode: '518000', province: 'Guangdong', city: 'Shenzhen', region: 'Nanshan', detailAddress: '1 Test Road' };

/** One SKU's stock figures. */
export const skuFigures = async (db: Kysely<Database>, skuId: number) => {
  const row = await db.selectFrom('pms_sku_stock').select(['stock', 'lock_stock', 'sale']).where('id', '=', skuId).executeTakeFirstOrThrow();
  return { stock: Number(row.stock), locked: Number(row.lock_stock), sold: Number(row.sale) };
};
