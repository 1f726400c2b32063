/**
 * What pricing a buyer's order reads (./pricing.ts), from the tables: the lines' products and SKUs
 * (only the shop's products on sale: published, verified, not deleted), their flash relations with
 * what is left of them, the member's level, and a coupon the member holds; the freight templates
 * the products name and the member's points. Reads only; the writes are ./place.ts's, inside its
 * transaction.
 *
 * A product without SKUs is ordered as itself: its own price (and promotion price) and its own
 * stock (`pms_product.stock`); its line names SKU 0 (`NO_SKU`), as its cart line does. A product
 * with SKUs needs one of them named, unless it has exactly one.
 *
 * Reads are few because a flash sale's buyers arrive all at once: the flash relations come first, in
 * one indexed read with their sale, session and the SKUs' list prices (`lineFlashOf`), so a sold-out
 * flash is refused before anything else is read; a price strategy's tiers are read only for the
 * products that chose that strategy (the price check looks at no other).
 */
import type { Db } from '../../../crud/hooks';
import { fieldInvalid, httpError } from '../../../http/errors';
import { PROMOTION } from '../../../../src/schema/pms/product';
import type { PriceCoupon, PriceMemberLevel, PriceMoment, PriceProduct, PriceSku } from '../../sms/pricing';
import { flashRefusal } from '../../sms/pricing';
import type { FreeFreight, FreightLine, FreightTemplate } from './freight';
import type { OrderFlashOffer, OrderLineInput } from './pricing';

/** The SKU id an order line of a product without SKUs names (the cart's too): the product's own stock. */
export const NO_SKU = 0;

/** Who orders: a member of the shop, as the buyer's token says. */
export type Buyer = { readonly shopId: number; readonly memberId: number };

/** One line asked for: a product, its SKU, a quantity; `key` is the caller's (a cart item id). */
export type LineRequest = { readonly key: number; readonly productId: number; readonly skuId: number | null; readonly quantity: number };

/** What an order line snapshots of its product (`mall`'s OmsOrderItem fields). */
export type LineProductInfo = {
  readonly productId: number; readonly name: string; readonly pic: string | null; readonly brandName: string | null; readonly productSn: string;
  readonly categoryId: number | null; readonly subTitle: string | null; readonly giftPoint: number; readonly giftGrowth: number;
  readonly skuId: number; readonly skuCode: string | null; readonly spData: string | null; readonly realStock: number;
};

export type SourcedLine = OrderLineInput & { readonly info: LineProductInfo; readonly freight: FreightLine };

/** Business refusals answer code 500 with a message, as `mall`'s clients expect (a toast). */
export const refused = (messageKey: Parameters<typeof httpError>[0]['messageKey'], params?: Record<string, string | number>) =>
  httpError({ status: 409, code: 500, messageKey, params });

const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const time = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * The flash relations of the lines' live products in the buyer's shop, each with its sale, its
 * session, its id and `count` as what is left of the units offered (count − sold: a quantity above
 * it is not sold at the flash price), and the list price of each SKU of those products: one read,
 * by the relations' product index. Products with no relation are absent.
 */
export type LineFlash = {
  readonly offers: ReadonlyMap<number, readonly OrderFlashOffer[]>;
  /** SKU id → [product id, list price in cents], for the products with relations. */
  readonly skuPrices: ReadonlyMap<number, readonly [number, number]>;
  readonly names: ReadonlyMap<number, string>;
};

export const lineFlashOf = async (db: Db, buyer: Buyer, requests: readonly Pick<LineRequest, 'productId'>[]): Promise<LineFlash> => {
  const productIds = [...new Set(requests.map((r) => r.productId))];
  if (!productIds.length) return { offers: new Map(), skuPrices: new Map(), names: new Map() };
  const rows = await db.selectFrom('sms_flash_promotion_product_relation as r')
    .innerJoin('pms_product as p', 'p.id', 'r.product_id')
    .innerJoin('sms_flash_promotion as f', 'f.id', 'r.flash_promotion_id')
    .innerJoin('sms_flash_promotion_session as s', 's.id', 'r.flash_promotion_session_id')
    .leftJoin('pms_sku_stock as k', 'k.product_id', 'r.product_id')
    .select([
      'r.id', 'r.product_id', 'p.name', 'f.title', 'f.status as sale_status', 'f.start_date', 'f.end_date', 's.name as session', 's.status as session_status',
      's.start_time', 's.end_time', 'r.flash_promotion_price', 'r.flash_promotion_count', 'r.flash_promotion_sold', 'r.flash_promotion_limit', 'k.id as sku_id', 'k.price as sku_price',
    ])
    .where('r.product_id', 'in', productIds).where('p.shop_id', '=', buyer.shopId)
    .where('p.publish_status', '=', 1).where('p.verify_status', '=', 1).where('p.delete_status', '=', 0)
    .orderBy('r.id').execute();
  const offers = new Map<number, OrderFlashOffer[]>();
  const seen = new Set<number>();
  const skuPrices = new Map<number, readonly [number, number]>();
  const names = new Map<number, string>();
  for (const row of rows) {
    const productId = Number(row.product_id);
    names.set(productId, String(row.name));
    if (row.sku_id !== null && row.sku_id !== undefined) skuPrices.set(Number(row.sku_id), [productId, num(row.sku_price)]);
    if (seen.has(Number(row.id))) continue;
    seen.add(Number(row.id));
    const list = offers.get(productId) ?? [];
    list.push({
      relationId: Number(row.id), title: String(row.title), online: num(row.sale_status) === 1, startDate: String(row.start_date), endDate: String(row.end_date),
      session: String(row.session), sessionEnabled: num(row.session_status) === 1, sessionStart: String(row.start_time), sessionEnd: String(row.end_time),
      price: numOrNull(row.flash_promotion_price), limit: numOrNull(row.flash_promotion_limit),
      count: row.flash_promotion_count === null ? null : Math.max(0, num(row.flash_promotion_count) - num(row.flash_promotion_sold)),
    });
    offers.set(productId, list);
  }
  return { offers, skuPrices, names };
};

/**
 * Whether a flash relation would price the line but has fewer units left than it asks for (./pricing.ts
 * `flashSoldOut`, the same rule): such a line is refused, never sold at another price in the sale's stead.
 * `list`: the line's list price (its SKU's).
 */
export const flashSoldOut = (offers: readonly OrderFlashOffer[], quantity: number, at: PriceMoment, list: number): boolean =>
  offers.some((offer) => offer.count !== null && quantity > offer.count && flashRefusal({ ...offer, count: null }, { at, quantity }, list) === null);

/** The line asking for sold-out flash units, by its SKU's list price (a line whose SKU is not found is left to the full pricing, which refuses it). */
export const soldOutLine = (flash: LineFlash, requests: readonly LineRequest[], at: PriceMoment): LineRequest | undefined =>
  requests.find((request) => {
    const offers = flash.offers.get(request.productId);
    if (!offers?.length) return false;
    const own = [...flash.skuPrices.entries()].filter(([, [productId]]) => productId === request.productId);
    const sku = request.skuId === null ? (own.length === 1 ? own[0] : undefined) : own.find(([id]) => id === request.skuId);
    return sku !== undefined && flashSoldOut(offers, request.quantity, at, sku[1][1]);
  });

/**
 * The lines' products and SKUs in the buyer's shop, priced inputs included; a product not on sale or a SKU of another is refused.
 * `flash`: the lines' flash relations when the caller read them already (`lineFlashOf`).
 */
export const sourceLines = async (db: Db, buyer: Buyer, requests: readonly LineRequest[], flash?: LineFlash): Promise<SourcedLine[]> => {
  if (!requests.length) throw refused('order_no_lines');
  const productIds = [...new Set(requests.map((r) => r.productId))];
  const [products, skus, lineFlash] = await Promise.all([
    db.selectFrom('pms_product as p').leftJoin('pms_product_category as c', 'c.id', 'p.product_category_id')
      .leftJoin('pms_brand as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.name', 'p.pic', 'b.name as brand_name', 'p.product_sn', 'p.product_category_id', 'c.parent_id', 'p.sub_title', 'p.gift_point', 'p.gift_growth',
        'p.price', 'p.promotion_price', 'p.promotion_start_time', 'p.promotion_end_time', 'p.promotion_type', 'p.publish_status', 'p.verify_status', 'p.delete_status',
        'p.stock', 'p.feight_template_id', 'p.weight', 'p.service_ids', 'p.use_point_limit'])
      .where('p.id', 'in', productIds).where('p.shop_id', '=', buyer.shopId).execute(),
    db.selectFrom('pms_sku_stock').select(['id', 'product_id', 'sku_code', 'price', 'promotion_price', 'stock', 'lock_stock', 'sp_data']).where('product_id', 'in', productIds).execute(),
    flash ?? lineFlashOf(db, buyer, requests),
  ]);
  // A strategy's tiers matter only to the products that chose it (the price check reads no other's).
  const choosing = (type: number) => products.filter((p) => num(p.promotion_type) === type).map((p) => Number(p.id));
  const [memberPrices, ladders, reductions] = await Promise.all([
    readIfAny(choosing(PROMOTION.memberPrice), (ids) => db.selectFrom('pms_member_price').select(['product_id', 'member_level_id', 'member_price']).where('product_id', 'in', ids).execute()),
    readIfAny(choosing(PROMOTION.ladder), (ids) => db.selectFrom('pms_product_ladder').select(['product_id', 'count', 'discount']).where('product_id', 'in', ids).execute()),
    readIfAny(choosing(PROMOTION.fullReduction), (ids) => db.selectFrom('pms_product_full_reduction').select(['product_id', 'full_price', 'reduce_price']).where('product_id', 'in', ids).execute()),
  ]);
  const flashByProduct = lineFlash.offers;
  return requests.map((request): SourcedLine => {
    const p = products.find((row) => Number(row.id) === request.productId);
    if (!p || num(p.publish_status) !== 1 || num(p.verify_status) !== 1 || num(p.delete_status) !== 0) {
      throw refused('order_product_unavailable', { name: p ? String(p.name) : `#${request.productId}` });
    }
    const own = skus.filter((s) => Number(s.product_id) === request.productId);
    const sku = request.skuId === null ? (own.length === 1 ? own[0] : undefined) : own.find((s) => Number(s.id) === request.skuId);
    const itself = !own.length && (request.skuId === null || request.skuId === NO_SKU);
    if (!sku && !itself) throw refused('order_sku_required', { name: String(p.name) });
    const product: PriceProduct = {
      id: Number(p.id), name: String(p.name), productCategoryId: numOrNull(p.product_category_id), productCategoryParentId: numOrNull(p.parent_id) || null,
      price: num(p.price), promotionPrice: numOrNull(p.promotion_price), promotionStartTime: time(p.promotion_start_time), promotionEndTime: time(p.promotion_end_time),
      promotionType: num(p.promotion_type),
      memberPrices: memberPrices.filter((r) => Number(r.product_id) === request.productId).map((r) => ({ memberLevelId: num(r.member_level_id), memberPrice: num(r.member_price) })),
      // Ladder discounts are stored as money (0.85 → 85).
      ladders: ladders.filter((r) => Number(r.product_id) === request.productId).map((r) => ({ count: num(r.count), discount: num(r.discount) / 100 })),
      fullReductions: reductions.filter((r) => Number(r.product_id) === request.productId).map((r) => ({ fullPrice: num(r.full_price), reducePrice: num(r.reduce_price) })),
    };
    const priceSku: PriceSku | null = sku ? { id: Number(sku.id), skuCode: sku.sku_code ?? null, price: num(sku.price), promotionPrice: numOrNull(sku.promotion_price) } : null;
    const template = num(p.feight_template_id);
    return {
      key: request.key, product, sku: priceSku, quantity: request.quantity, flash: flashByProduct.get(request.productId) ?? [], pointLimit: num(p.use_point_limit),
      info: {
        productId: Number(p.id), name: String(p.name), pic: p.pic ?? null, brandName: p.brand_name ?? null, productSn: String(p.product_sn),
        categoryId: numOrNull(p.product_category_id), subTitle: p.sub_title ?? null, giftPoint: num(p.gift_point), giftGrowth: num(p.gift_growth),
        ...(sku
          ? { skuId: Number(sku.id), skuCode: sku.sku_code ?? null, spData: sku.sp_data ?? null, realStock: num(sku.stock) - num(sku.lock_stock) }
          : { skuId: NO_SKU, skuCode: null, spData: null, realStock: num(p.stock) }),
      },
      freight: { templateId: template > 0 ? template : null, quantity: request.quantity, weight: num(p.weight), serviceIds: p.service_ids ?? null },
    };
  });
};

/** The rows of `read(ids)`, or none without a read when `ids` is empty. */
const readIfAny = async <T>(ids: number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> => (ids.length ? read(ids) : []);

export type OrderMember = {
  readonly username: string; readonly nickname: string | null; readonly level: PriceMemberLevel | null;
  /** The level's free-freight privilege, or null. */
  readonly freeFreight: FreeFreight;
  /** The member's points balance. */
  readonly points: number;
};

/** The member's level as the price check reads it, its free freight and the member's points; a member of another shop is no member. */
export const memberOf = async (db: Db, buyer: Buyer): Promise<OrderMember> => {
  const row = await db.selectFrom('ums_member as m').leftJoin('ums_member_level as l', 'l.id', 'm.member_level_id')
    .select(['m.username', 'm.nickname', 'm.integration', 'l.id as level_id', 'l.name as level_name', 'l.priviledge_member_price', 'l.priviledge_free_freight', 'l.free_freight_point'])
    .where('m.id', '=', buyer.memberId).where('m.shop_id', '=', buyer.shopId).executeTakeFirst();
  if (!row) throw httpError({ status: 401, messageKey: 'unauthorized' });
  const hasLevel = row.level_id !== null && row.level_id !== undefined;
  return {
    username: String(row.username), nickname: row.nickname ?? null,
    level: hasLevel ? { id: Number(row.level_id), name: String(row.level_name), memberPricePrivilege: num(row.priviledge_member_price) === 1 } : null,
    freeFreight: hasLevel && num(row.priviledge_free_freight) === 1 ? { from: num(row.free_freight_point) } : null,
    points: num(row.integration),
  };
};

/** The shop's freight templates the lines name, by id (another shop's id names none). */
export const freightTemplatesOf = async (db: Db, buyer: Buyer, lines: readonly SourcedLine[]): Promise<Map<number, FreightTemplate>> => {
  const ids = [...new Set(lines.map((l) => l.freight.templateId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('pms_feight_template').selectAll().where('shop_id', '=', buyer.shopId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id), name: String(r.name), chargeType: num(r.charge_type), firstWeight: num(r.first_weight), firstFee: num(r.first_fee),
    continueWeight: num(r.continue_weight), continueFee: num(r.continme_fee),
  }]));
};

/** A coupon the member holds unused (`mall`'s SmsCoupon id), with its rule; none: null. */
export type HeldCoupon = { readonly historyId: number; readonly couponId: number; readonly rule: PriceCoupon; readonly row: Readonly<Record<string, unknown>> };

/** Every coupon the member holds unused, oldest claim first (one row per coupon: the first). */
export const heldCoupons = async (db: Db, buyer: Buyer, couponId?: number): Promise<HeldCoupon[]> => {
  let query = db.selectFrom('sms_coupon_history as h').innerJoin('sms_coupon as c', 'c.id', 'h.coupon_id')
    .select(['h.id as history_id', 'c.id', 'c.type', 'c.name', 'c.platform', 'c.count', 'c.amount', 'c.per_limit', 'c.min_point', 'c.start_time', 'c.end_time',
      'c.use_type', 'c.note', 'c.publish_count', 'c.use_count', 'c.receive_count', 'c.status'])
    .where('h.member_id', '=', buyer.memberId).where('h.use_status', '=', 0);
  if (couponId !== undefined) query = query.where('c.id', '=', couponId);
  const rows = await query.orderBy('h.id').execute();
  const seen = new Set<number>();
  const mine = rows.filter((r) => (seen.has(Number(r.id)) ? false : (seen.add(Number(r.id)), true)));
  if (!mine.length) return [];
  const ids = mine.map((r) => Number(r.id));
  const [categories, products] = await Promise.all([
    db.selectFrom('sms_coupon_product_category_relation').select(['coupon_id', 'product_category_id']).where('coupon_id', 'in', ids).execute(),
    db.selectFrom('sms_coupon_product_relation').select(['coupon_id', 'product_id']).where('coupon_id', 'in', ids).execute(),
  ]);
  return mine.map((r) => ({
    historyId: Number(r.history_id), couponId: Number(r.id), row: { ...r },
    rule: {
      name: String(r.name), platform: num(r.platform), amount: num(r.amount), minPoint: num(r.min_point),
      startTime: time(r.start_time), endTime: time(r.end_time), useType: num(r.use_type),
      categoryIds: categories.filter((c) => Number(c.coupon_id) === Number(r.id)).map((c) => num(c.product_category_id)),
      productIds: products.filter((c) => Number(c.coupon_id) === Number(r.id)).map((c) => num(c.product_id)),
      // The member holds one already: what is left to give out does not matter to using it.
      remaining: 1,
      // Stopped by an operator: held, but used on no order (src/schema/sms/coupon.ts COUPON_STATUS).
      stopped: num(r.status) === 1,
    },
  }));
};

/** A positive whole quantity, else the parameter's error. */
export const checkQuantity = (quantity: number, field = 'quantity'): void => {
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 100_000) throw fieldInvalid(field, 'invalid_value');
};
