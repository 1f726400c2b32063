/**
 * mall-portal's `/cart/*`: the buyer's cart. A line keeps only what the buyer chose (product, SKU,
 * quantity); the name, picture, price and `productAttr` a client sends are ignored and read from
 * the catalog whenever the cart is shown. Only the shop's live products go in, a SKU must be the
 * product's own, the quantity stays within the SKU's free stock (stock − locked) and the product's
 * per-buyer limit; adding a SKU already in the cart adds to its line. Another member's line reads
 * as missing. The order routes read lines with `cartLinesOf` and remove ordered ones with
 * `removeCartLines`, inside their transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { fromCents } from '../../../src/schema/engine/money';
import { UNLIMITED_STOCK } from '../../../src/schema/rules';
import { productAttribute } from '../../../src/schema/pms/entities';
import { recordOfRow } from '../../crud/row';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { ok } from '../../http/envelope';
import { httpError } from '../../http/errors';
import { parseWith } from '../../http/validation';
import { formatMessage } from '../../../src/schema/api';
import { momentOf } from '../sms/price';
import { flashOffersOf } from '../sms/price-sources';
import { checkPrice, reasonText } from '../sms/pricing';
import type { PriceMemberLevel } from '../sms/pricing';
import { liveProducts, priceProductOf, productItems } from './catalog';
import type { Buyer, PortalRoutes } from './context';
import { buyerOf, idListParam, idParam, intParam, paramsOf, shopOf } from './context';

type Db = Kysely<Database> | Transaction<Database>;

/** Most lines one cart holds, and most pieces of one line. */
export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

/** A refused cart change: code 500 with its message, as mall's clients toast it. */
const refused = (messageKey: Parameters<typeof httpError>[0]['messageKey'], params?: Record<string, string | number>) =>
  httpError({ status: 409, code: 500, messageKey, params });
const notYours = () => httpError({ status: 404, code: 500, messageKey: 'not_found' });

/** One cart line as the order routes read it: `key` is the cart item id; `skuId` null for a product without SKUs. */
export type CartLine = { readonly key: number; readonly productId: number; readonly skuId: number | null; readonly quantity: number };

/** The buyer's cart lines (those of `ids` when given; ids not theirs are left out), oldest first. */
export const cartLinesOf = async (db: Db, buyer: Buyer, ids?: readonly number[]): Promise<CartLine[]> => {
  let query = db.selectFrom('oms_cart_item').select(['id', 'product_id', 'product_sku_id', 'quantity'])
    .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId);
  if (ids) {
    if (!ids.length) return [];
    query = query.where('id', 'in', [...ids]);
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => ({ key: r.id, productId: r.product_id, skuId: r.product_sku_id === 0 ? null : r.product_sku_id, quantity: Number(r.quantity) }));
};

/** Removes the buyer's cart lines `ids` (an order placed them); answers how many went. */
export const removeCartLines = async (db: Db, buyer: Buyer, ids: readonly number[]): Promise<number> => {
  if (!ids.length) return 0;
  const removed = await db.deleteFrom('oms_cart_item').where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(removed.numDeletedRows);
};

/** The SKU a line means (the product's own; its only one when none is named), with what may still be sold of it. */
const chooseSku = async (db: Db, shopId: number, productId: number, skuId: number | null) => {
  const product = await liveProducts(db, shopId).select(['id', 'name', 'stock', 'promotion_per_limit']).where('id', '=', productId).executeTakeFirst();
  if (!product) throw refused('portal_product_unavailable');
  const skus = await db.selectFrom('pms_sku_stock').select(['id', 'stock', 'lock_stock']).where('product_id', '=', productId).execute();
  if (!skus.length) {
    if (skuId !== null && skuId !== 0) throw refused('portal_sku_required');
    return { skuId: 0, free: Number(product.stock) === UNLIMITED_STOCK ? Infinity : Number(product.stock), limit: Number(product.promotion_per_limit ?? 0) };
  }
  const sku = skuId === null ? (skus.length === 1 ? skus[0] : undefined) : skus.find((s) => s.id === skuId);
  if (!sku) throw refused('portal_sku_required');
  const free = Number(sku.stock) === UNLIMITED_STOCK ? Infinity : Number(sku.stock) - Number(sku.lock_stock ?? 0);
  return { skuId: sku.id, free, limit: Number(product.promotion_per_limit ?? 0) };
};

/** A quantity the SKU can give and the product's per-buyer limit allows, else the refusal that says why. */
const checkQuantity = (quantity: number, sku: { free: number; limit: number }): void => {
  if (sku.limit > 0 && quantity > sku.limit) throw refused('portal_over_limit', { limit: sku.limit });
  if (quantity > sku.free) throw refused('portal_out_of_stock', { stock: Math.max(0, sku.free) });
};

const addBody = z.object({
  productId: z.union([z.number(), z.string()]),
  productSkuId: z.union([z.number(), z.string(), z.null()]).optional(),
  quantity: z.union([z.number(), z.string()]).optional(),
});

/** The buyer's cart as mall's `OmsCartItem`s, every shown value read from the catalog now. */
const cartItems = async (db: Db, request: FastifyRequest, ids?: readonly number[]) => {
  const buyer = buyerOf(request);
  const lines = await cartLinesOf(db, buyer, ids);
  if (!lines.length) return [];
  const member = await db.selectFrom('ums_member').select(['nickname', 'username']).where('id', '=', buyer.memberId).executeTakeFirst();
  const products = await db.selectFrom('pms_product as p').leftJoin('pms_brand as b', 'b.id', 'p.brand_id')
    .select(['p.id', 'p.name', 'p.pic', 'p.sub_title', 'p.product_sn', 'p.product_category_id', 'p.price', 'b.name as brand_name'])
    .where('p.id', 'in', [...new Set(lines.map((l) => l.productId))]).execute();
  const skuIds = lines.map((l) => l.skuId).filter((id): id is number => id !== null);
  const skus = skuIds.length ? await db.selectFrom('pms_sku_stock').select(['id', 'sku_code', 'price', 'sp_data', 'pic']).where('id', 'in', skuIds).execute() : [];
  const dates = new Map((await db.selectFrom('oms_cart_item').select(['id', 'create_date', 'modify_date']).where('id', 'in', lines.map((l) => l.key)).execute()).map((r) => [r.id, r]));
  return lines.map((line) => {
    const p = products.find((row) => row.id === line.productId);
    const sku = skus.find((row) => row.id === line.skuId);
    return {
      id: line.key, memberId: buyer.memberId, memberNickname: member?.nickname ?? member?.username ?? null,
      productId: line.productId, productSkuId: line.skuId, productName: p?.name ?? null, productPic: sku?.pic || p?.pic || null,
      productSubTitle: p?.sub_title ?? null, productBrand: p?.brand_name ?? null, productSn: p?.product_sn ?? null, productCategoryId: p?.product_category_id ?? null,
      productSkuCode: sku?.sku_code ?? null, productAttr: sku?.sp_data || '[]',
      price: fromCents(Number(sku?.price ?? p?.price ?? 0)), quantity: line.quantity, deleteStatus: 0,
      createDate: dates.get(line.key)?.create_date ?? null, modifyDate: dates.get(line.key)?.modify_date ?? null,
    };
  });
};

export const cartRoutes: PortalRoutes = (portal, { db, repositoryOf }) => {
  portal.post('/cart/add', async (request) => {
    const buyer = buyerOf(request);
    const body = parseWith(addBody, request.body ?? paramsOf(request));
    const productId = idParam(body.productId, 'productId');
    const skuId = body.productSkuId === undefined || body.productSkuId === null || body.productSkuId === '' || body.productSkuId === 0 ? null : idParam(body.productSkuId, 'productSkuId');
    const quantity = intParam(body.quantity, 'quantity', { min: 1, max: MAX_LINE_QUANTITY, fallback: 1 });
    await db.transaction().execute(async (trx) => {
      const sku = await chooseSku(trx, buyer.shopId, productId, skuId);
      const line = await trx.selectFrom('oms_cart_item').select(['id', 'quantity']).where('member_id', '=', buyer.memberId)
        .where('product_id', '=', productId).where('product_sku_id', '=', sku.skuId).executeTakeFirst();
      const total = (line ? Number(line.quantity) : 0) + quantity;
      if (total > MAX_LINE_QUANTITY) throw refused('portal_out_of_stock', { stock: MAX_LINE_QUANTITY });
      checkQuantity(total, sku);
      const now = toDbTime();
      if (line) {
        await trx.updateTable('oms_cart_item').set({ quantity: total, modify_date: now }).where('id', '=', line.id).execute();
        return;
      }
      const count = await trx.selectFrom('oms_cart_item').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', buyer.memberId).executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_CART_LINES) throw refused('portal_cart_too_many', { max: MAX_CART_LINES });
      await trx.insertInto('oms_cart_item').values({
        shop_id: buyer.shopId, member_id: buyer.memberId, product_id: productId, product_sku_id: sku.skuId, quantity, create_date: now, modify_date: now,
      }).execute();
    });
    // The one success message mall's clients show (a toast).
    return { ...ok(1), message: formatMessage('portal_cart_added'), messageKey: 'portal_cart_added' };
  });

  portal.get('/cart/list', async (request) => ok(await cartItems(db, request)));

  // A GET that writes, as mall's clients call it; POST too. Answers are never cached (the shop front's rule).
  const updateQuantity = async (request: FastifyRequest) => {
    const buyer = buyerOf(request);
    const params = paramsOf(request);
    const id = idParam(params.id, 'id');
    const quantity = intParam(params.quantity, 'quantity', { min: 1, max: MAX_LINE_QUANTITY });
    await db.transaction().execute(async (trx) => {
      const line = await trx.selectFrom('oms_cart_item').select(['id', 'product_id', 'product_sku_id']).where('id', '=', id)
        .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
      if (!line) throw notYours();
      checkQuantity(quantity, await chooseSku(trx, buyer.shopId, line.product_id, line.product_sku_id === 0 ? null : line.product_sku_id));
      await trx.updateTable('oms_cart_item').set({ quantity, modify_date: toDbTime() }).where('id', '=', id).execute();
    });
    return ok(1);
  };
  portal.get('/cart/update/quantity', updateQuantity);
  portal.post('/cart/update/quantity', updateQuantity);

  portal.post('/cart/delete', async (request) => {
    const buyer = buyerOf(request);
    const ids = idListParam(paramsOf(request).ids, 'ids', MAX_CART_LINES);
    const removed = await removeCartLines(db, buyer, ids);
    if (!removed) throw notYours();
    return ok(removed);
  });

  portal.post('/cart/clear', async (request) => {
    const buyer = buyerOf(request);
    const removed = await db.deleteFrom('oms_cart_item').where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
    return ok(Number(removed.numDeletedRows));
  });

  /**
   * Switches a line to another SKU of its product (mall's `/cart/update/attr`): only `id` and
   * `productSkuId` of the body count. A line for that SKU already in the cart takes this one's quantity.
   */
  portal.post('/cart/update/attr', async (request) => {
    const buyer = buyerOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = idParam(body.id ?? paramsOf(request).id, 'id');
    const skuId = idParam(body.productSkuId, 'productSkuId');
    await db.transaction().execute(async (trx) => {
      const line = await trx.selectFrom('oms_cart_item').select(['id', 'product_id', 'product_sku_id', 'quantity']).where('id', '=', id)
        .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
      if (!line) throw notYours();
      const sku = await chooseSku(trx, buyer.shopId, line.product_id, skuId);
      if (sku.skuId === line.product_sku_id) return;
      const other = await trx.selectFrom('oms_cart_item').select(['id', 'quantity']).where('member_id', '=', buyer.memberId)
        .where('product_id', '=', line.product_id).where('product_sku_id', '=', sku.skuId).executeTakeFirst();
      const total = Number(line.quantity) + (other ? Number(other.quantity) : 0);
      checkQuantity(total, sku);
      if (other) {
        await trx.updateTable('oms_cart_item').set({ quantity: total, modify_date: toDbTime() }).where('id', '=', other.id).execute();
        await trx.deleteFrom('oms_cart_item').where('id', '=', line.id).execute();
      } else {
        await trx.updateTable('oms_cart_item').set({ product_sku_id: sku.skuId, modify_date: toDbTime() }).where('id', '=', line.id).execute();
      }
    });
    return ok(1);
  });

  /** The product with its attributes and SKUs, for choosing another SKU (mall's `CartProduct`). */
  portal.get('/cart/getProduct/:productId', async (request) => {
    const shop = shopOf(request);
    const id = idParam((request.params as Record<string, unknown>).productId, 'productId');
    const row = await liveProducts(db, shop.id).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return ok(null);
    const [item] = await productItems(db, [row]);
    const attributes = row.product_attribute_category_id
      ? await db.selectFrom('pms_product_attribute').selectAll().where('product_attribute_category_id', '=', row.product_attribute_category_id).orderBy('sort', 'desc').orderBy('id').execute()
      : [];
    const record = await repositoryOf('product').get(id, { kind: 'shops', shopIds: [shop.id] });
    return ok({ ...item, productAttributeList: attributes.map((a) => recordOfRow(productAttribute, a)), skuStockList: record.skuStockList ?? [] });
  });

  /**
   * The cart lines (all, or `cartIds`) with the promotion the price engine gives each now
   * (mall's `CartPromotionItem`): `promotionMessage` names it, `reduceAmount` is the reduction per
   * piece, `realStock` the SKU's free stock, `integration`/`growth` what the line earns.
   */
  portal.get('/cart/list/promotion', async (request) => {
    const buyer = buyerOf(request);
    const params = paramsOf(request);
    const ids = params.cartIds === undefined || params.cartIds === '' ? undefined : idListParam(params.cartIds, 'cartIds', MAX_CART_LINES);
    const items = await cartItems(db, request, ids);
    if (!items.length) return ok([]);
    const member = await db.selectFrom('ums_member as m').leftJoin('ums_member_level as l', 'l.id', 'm.member_level_id')
      .select(['l.id as level_id', 'l.name as level_name', 'l.priviledge_member_price']).where('m.id', '=', buyer.memberId).executeTakeFirst();
    const level: PriceMemberLevel | null = member?.level_id ? { id: Number(member.level_id), name: String(member.level_name), memberPricePrivilege: Number(member.priviledge_member_price) === 1 } : null;
    const at = momentOf(Date.now(), shopOf(request).timeZone);
    const scope = { kind: 'shops', shopIds: [buyer.shopId] } as const;
    const answer = [];
    for (const item of items) {
      const product = await liveProducts(db, buyer.shopId).select(['id', 'gift_point', 'gift_growth']).where('id', '=', item.productId).executeTakeFirst();
      // A line whose product left the shop front is listed without a promotion and with no stock.
      if (!product) {
        answer.push({ ...item, promotionMessage: '', reduceAmount: 0, realStock: 0, integration: 0, growth: 0 });
        continue;
      }
      const record = await repositoryOf('product').get(item.productId, scope);
      const skuRecord = (Array.isArray(record.skuStockList) ? record.skuStockList as Record<string, unknown>[] : []).find((s) => Number(s.id) === item.productSkuId);
      const category = record.productCategoryId ? await db.selectFrom('pms_product_category').select('parent_id').where('id', '=', Number(record.productCategoryId)).executeTakeFirst() : undefined;
      const sku = skuRecord ? { id: Number(skuRecord.id), skuCode: (skuRecord.skuCode as string | null) ?? null, price: Math.round(Number(skuRecord.price) * 100), promotionPrice: skuRecord.promotionPrice === null || skuRecord.promotionPrice === undefined ? null : Math.round(Number(skuRecord.promotionPrice) * 100) } : null;
      const priced = checkPrice({ product: priceProductOf(record, category?.parent_id || null), sku, quantity: item.quantity, memberLevel: level, at, platform: 1, flash: await flashOffersOf(db, item.productId) });
      const applied = priced.lines.filter((l) => l.applied && l.rule !== 'listPrice' && l.rule !== 'coupon');
      const reducePerPiece = Math.floor((priced.listPrice * item.quantity - priced.subtotal) / item.quantity);
      const stock = skuRecord ? Number(skuRecord.stock) - Number(skuRecord.lockStock ?? 0) : Number(record.stock);
      answer.push({
        ...item, price: fromCents(priced.listPrice), promotionMessage: applied.flatMap((l) => l.reasons.map(reasonText)).join('; '), reduceAmount: fromCents(Math.max(0, reducePerPiece)),
        realStock: stock, integration: Number(product.gift_point ?? 0) * item.quantity, growth: Number(product.gift_growth ?? 0) * item.quantity,
      });
    }
    return ok(answer);
  });
};
