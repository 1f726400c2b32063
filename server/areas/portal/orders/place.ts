/**
 * Placing a buyer's order (`mall`'s generateConfirmOrder and generateOrder), every amount worked
 * out here (./pricing.ts) from the database, never taken from the client.
 *
 * `confirmOrder` only reads: the lines priced with their reasons, the coupons the member could use
 * on them, the amounts. `generateOrder` prices again and writes in ONE transaction:
 *
 * 1. the order (status 0, unpaid), its lines (each with its SKU, its flash relation and its share of
 *    the discounts) and its first history row;
 * 2. the member coupon used: a conditional update (unused → used), so a coupon is used once;
 * 3. SKU stock: `lock_stock += quantity` only while `stock − lock_stock ≥ quantity` or the stock is
 *    unlimited (`stock` −1; SKUs in id
 *    order, so two orders never wait on each other crosswise); a product without SKUs (line SKU 0)
 *    has no lock column: its `stock −= quantity` while `stock ≥ quantity` (or unlimited), and a
 *    close gives it back (server/areas/oms/holds.ts), so free + held + sold = offered holds for it too;
 * 3b. the points spent (./points.ts `spendPoints`): the member's balance taken only while it holds
 *    them, and a row of the points history;
 * 4. what the caller adds (the portal deletes the ordered cart lines);
 * 5. flash units, last: `flash_promotion_sold += quantity` only while it stays within the count,
 *    then the member's flash units of that relation counted under that row's lock (its update holds
 *    it until commit on PostgreSQL; SQLite has one writer) must stay within the per-member limit.
 *    Taking the contended row last keeps its lock short.
 *
 * A line a flash sale would price but for the units it has left is refused before anything is
 * written: a buyer who came for the flash price never gets the list price in its stead. That check
 * comes first, on one read of the lines' flash relations (`flashOfOrder`), so the many late buyers
 * of a sale cost one indexed read each; the order's own answer is the rows its inserts return.
 *
 * Any refusal rolls back everything: nothing is held, nothing is used.
 */
import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { fromCents } from '../../../../src/schema/engine/money';
import { ORDER_STATUS, order as orderEntity } from '../../../../src/schema/oms/entities';
import { COUPON_PLATFORM } from '../../../../src/schema/sms/coupon';
import { UNLIMITED_STOCK } from '../../../../src/schema/rules';
import type { Db } from '../../../crud/hooks';
import type { Database } from '../../../db/schema';
import { recordOfRow } from '../../../crud/row';
import { toDbTime } from '../../../db/time';
import { markCouponUsed } from '../../oms/holds';
import { momentOf } from '../../sms/price';
import { shopTimeZone } from '../../shop/time-zone';
import { reasonText } from '../../sms/pricing';
import { pointsSettingOf, spendPoints } from './points';
import type { PointsSetting } from './points';
import type { OrderPrice, PricedLine } from './pricing';
import { priceOrder } from './pricing';
import type { Buyer, HeldCoupon, LineFlash, LineRequest, OrderMember, SourcedLine } from './sources';
import { NO_SKU, freightTemplatesOf, heldCoupons, lineFlashOf, memberOf, refused, soldOutLine, sourceLines } from './sources';

/** Buyers order from the mobile clients: a coupon for PC only does not apply. */
export const BUYER_PLATFORM = COUPON_PLATFORM.mobile;
/** `mall`'s sourceType of an app order. */
const SOURCE_APP = 1;
/** `mall`'s autoConfirmDay of a new order (the order settings' job confirms receipt by its own `confirmOvertime`). */
const AUTO_CONFIRM_DAYS = 15;

export type Receiver = {
  readonly name: string; readonly phone: string; readonly postCode: string | null; readonly province: string | null;
  readonly city: string | null; readonly region: string | null; readonly detailAddress: string;
};

/** Money as `mall`'s wire writes it (a decimal number) from cents. */
const money = fromCents;

/** One priced line as `mall`'s CartPromotionItem, with our `priceLines`: each rule, applied or not, and why. */
const promotionItem = (line: SourcedLine, priced: PricedLine) => ({
  id: line.key, productId: line.info.productId, productSkuId: line.info.skuId, productName: line.info.name, productPic: line.info.pic,
  productSn: line.info.productSn, productSubTitle: line.info.subTitle, productBrand: line.info.brandName, productCategoryId: line.info.categoryId,
  productSkuCode: line.info.skuCode, productAttr: line.info.spData ?? '[]', quantity: priced.quantity, price: money(priced.listPrice),
  promotionMessage: priced.promotionName,
  // Per unit, as mall's reduceAmount (a line-level reduction spread over the units).
  reduceAmount: money(Math.round(priced.promotionAmount / priced.quantity)),
  realStock: line.info.realStock, integration: line.info.giftPoint * priced.quantity, growth: line.info.giftGrowth * priced.quantity,
  priceLines: priced.lines.map((l) => ({
    rule: l.rule, applied: l.applied, unitPrice: l.unitPrice === null ? null : money(l.unitPrice), amountOff: money(l.amountOff), subtotal: money(l.subtotal),
    reasons: l.reasons.map((r) => ({ key: r.key, params: r.params ?? {}, message: reasonText(r) })),
  })),
});

const calcAmount = (price: OrderPrice) => ({
  totalAmount: money(price.totalAmount), freightAmount: money(price.freightAmount), promotionAmount: money(price.promotionAmount),
  couponAmount: money(price.couponAmount), integrationAmount: money(price.integrationAmount), payAmount: money(price.payAmount),
});

/** A coupon as `mall`'s SmsCoupon (the definition). */
export const couponAnswer = (row: Readonly<Record<string, unknown>>) => ({
  id: Number(row.id), type: Number(row.type), name: String(row.name), platform: Number(row.platform), count: Number(row.count),
  amount: money(Number(row.amount)), perLimit: Number(row.per_limit), minPoint: money(Number(row.min_point)),
  startTime: row.start_time ?? null, endTime: row.end_time ?? null, useType: Number(row.use_type), note: row.note ?? null,
  publishCount: Number(row.publish_count), useCount: Number(row.use_count), receiveCount: Number(row.receive_count), enableTime: null, code: null, memberLevel: 0,
});

type Priced = { lines: SourcedLine[]; price: OrderPrice; member: OrderMember; setting: PointsSetting; freight: NonNullable<Parameters<typeof priceOrder>[0]['freight']> };

/** `zone`: the buyer's shop's time zone (flash sessions run on its clock). */
const priceFor = async (db: Db, buyer: Buyer, requests: readonly LineRequest[], coupon: HeldCoupon | null, useIntegration: number, now: number, zone: string, flash?: LineFlash): Promise<Priced> => {
  const member = await memberOf(db, buyer);
  const lines = await sourceLines(db, buyer, requests, flash);
  const [templates, setting] = await Promise.all([freightTemplatesOf(db, buyer, lines), pointsSettingOf(db, buyer.shopId)]);
  const freight = { input: { templates, freeFreight: member.freeFreight }, lines: lines.map((l) => l.freight) };
  const price = priceOrder({
    lines, memberLevel: member.level, at: momentOf(now, zone), platform: BUYER_PLATFORM, coupon: coupon?.rule ?? null, freight,
    points: { use: useIntegration, balance: member.points, setting },
  });
  return { lines, price, member, setting, freight };
};

/** The member's coupons that take something off these lines, each with the amount it would take. */
const usableCoupons = async (db: Db, buyer: Buyer, priced: Priced, now: number, zone: string) => {
  const usable = [];
  const at = momentOf(now, zone);
  for (const held of await heldCoupons(db, buyer)) {
    const price = priceOrder({ lines: priced.lines, memberLevel: priced.member.level, at, platform: BUYER_PLATFORM, coupon: held.rule, freight: priced.freight });
    if (price.couponAmount > 0 && price.payAmount > 0) usable.push({ held, amount: price.couponAmount });
  }
  return usable;
};

/** `generateConfirmOrder`: the lines priced with their reasons, the coupons usable on them, the amounts. Writes nothing. */
export const confirmOrder = async (db: Db, buyer: Buyer, requests: readonly LineRequest[], options: { now?: number; timeZone?: string } = {}) => {
  const now = options.now ?? Date.now();
  const zone = options.timeZone ?? await shopTimeZone(db, buyer.shopId);
  const priced = await priceFor(db, buyer, requests, null, 0, now, zone);
  const coupons = await usableCoupons(db, buyer, priced, now, zone);
  return {
    cartPromotionItemList: priced.lines.map((line, i) => promotionItem(line, priced.price.lines[i]!)),
    couponHistoryDetailList: coupons.map(({ held }) => ({
      id: held.historyId, couponId: held.couponId, memberId: buyer.memberId, useStatus: 0, coupon: couponAnswer(held.row),
      productRelationList: held.rule.productIds.map((productId) => ({ couponId: held.couponId, productId })),
      categoryRelationList: held.rule.categoryIds.map((productCategoryId) => ({ couponId: held.couponId, productCategoryId })),
    })),
    // The shop's rule for points and the member's balance (the client caps its points input with it).
    integrationConsumeSetting: { id: buyer.shopId, ...priced.setting },
    memberIntegration: priced.member.points,
    // Our own: the most points this order may take (the shop's share, the balance, the products' own caps).
    integrationMax: priced.price.pointsMax,
    calcAmount: calcAmount(priced.price),
    // Our own: how the freight came about (each template's units and fee; waived by the member's level).
    freightDetail: {
      waived: priced.price.freight.waived,
      parts: priced.price.freight.parts.map((p) => ({ templateId: p.templateId, name: p.name, chargeType: p.chargeType, units: p.units, fee: money(p.fee) })),
    },
  };
};

/** An order number: the day, the shop, then random digits (letters and digits only, as payment providers take). */
const orderSnOf = (shopId: number, now: number): string => {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  return `${day}${String(shopId).padStart(4, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;
};

/**
 * The lines' flash relations (one read), refusing a line that asks for sold-out flash units: what
 * `generateOrder` does first; a route may call it before its own reads and hand the result on.
 */
export const flashOfOrder = async (db: Db, buyer: Buyer, lines: readonly LineRequest[], now: number, zone: string): Promise<LineFlash> => {
  const flash = await lineFlashOf(db, buyer, lines);
  const soldOut = soldOutLine(flash, lines, momentOf(now, zone));
  if (soldOut) throw refused('flash_sold_out', { name: flash.names.get(soldOut.productId) ?? '' });
  return flash;
};

export type PlaceOrder = {
  readonly lines: readonly LineRequest[];
  /** The lines' flash relations, when the caller read them with `flashOfOrder`. */
  readonly flash?: LineFlash;
  /** `mall`'s SmsCoupon id of a coupon the member holds; null: none. */
  readonly couponId: number | null;
  readonly useIntegration: number;
  readonly receiver: Receiver | null;
  /** Runs inside the order's transaction once it is written (the portal deletes the ordered cart lines). */
  readonly afterWrite?: (trx: Db, order: { id: number; orderSn: string }) => Promise<void>;
  readonly now?: number;
  /** The buyer's shop's time zone when the caller knows it (else it is read). */
  readonly timeZone?: string;
};

/** Sums of quantities by key, keys ascending (locks taken in one order). */
const byKey = (entries: readonly (readonly [number, number])[]): [number, number][] => {
  const sums = new Map<number, number>();
  for (const [key, quantity] of entries) sums.set(key, (sums.get(key) ?? 0) + quantity);
  return [...sums.entries()].sort((a, b) => a[0] - b[0]);
};

/** `generateOrder`: prices again, then writes the order and takes what it holds, in one transaction (the module's comment). */
export const generateOrder = async (db: Db, buyer: Buyer, place: PlaceOrder) => {
  const now = place.now ?? Date.now();
  const zone = place.timeZone ?? await shopTimeZone(db, buyer.shopId);
  const flashRead = place.flash ?? await flashOfOrder(db, buyer, place.lines, now, zone);
  if (!place.receiver) throw refused('order_address_required');
  let coupon: HeldCoupon | null = null;
  if (place.couponId !== null) {
    coupon = (await heldCoupons(db, buyer, place.couponId))[0] ?? null;
    if (!coupon) throw refused('coupon_not_usable');
    if (coupon.rule.stopped) throw refused('coupon_stopped');
  }
  const { lines, price, member } = await priceFor(db, buyer, place.lines, coupon, place.useIntegration, now, zone, flashRead);
  if (coupon && (price.couponAmount === 0 || price.payAmount <= 0)) throw refused('coupon_not_usable');
  if (price.pointsRefusal) throw refused(price.pointsRefusal.key, price.pointsRefusal.params);
  const soldOut = lines.find((_, i) => price.lines[i]!.flashSoldOut);
  if (soldOut) throw refused('flash_sold_out', { name: soldOut.info.name });
  const receiver = place.receiver;
  const flash = lines.some((_, i) => price.lines[i]!.flashRelationId !== null);
  const created = toDbTime(new Date(now));
  const orderSn = orderSnOf(buyer.shopId, now);

  const written = await db.transaction().execute(async (trx) => {
    const orderRow = await trx.insertInto('oms_order').values({
      shop_id: buyer.shopId, order_sn: orderSn, create_time: created, modify_time: created, member_id: buyer.memberId, member_username: member.username,
      total_amount: price.totalAmount, pay_amount: price.payAmount, freight_amount: price.freightAmount, promotion_amount: price.promotionAmount,
      integration_amount: price.integrationAmount, coupon_amount: price.couponAmount, discount_amount: 0, refund_amount: 0,
      pay_type: 0, source_type: SOURCE_APP, auto_confirm_day: AUTO_CONFIRM_DAYS, status: ORDER_STATUS.pendingPayment, order_type: flash ? 1 : 0, pay_status: 0, delivery_status: 0,
      integration: lines.reduce((a, l) => a + l.info.giftPoint * l.quantity, 0), growth: lines.reduce((a, l) => a + l.info.giftGrowth * l.quantity, 0),
      promotion_info: [...new Set(price.lines.map((l) => l.promotionName))].join('; ').slice(0, 200),
      receiver_name: receiver.name, receiver_phone: receiver.phone, receiver_post_code: receiver.postCode, receiver_province: receiver.province,
      receiver_city: receiver.city, receiver_region: receiver.region, receiver_detail_address: receiver.detailAddress,
      confirm_status: 0, delete_status: 0, buyer_hidden: 0, coupon_id: coupon?.couponId ?? null, use_integration: place.useIntegration,
    }).returningAll().executeTakeFirstOrThrow();
    const orderId = Number(orderRow.id);
    const itemRows = await trx.insertInto('oms_order_item').values(lines.map((line, i) => {
      const priced = price.lines[i]!;
      return {
        order_id: orderId, shop_id: buyer.shopId, product_id: line.info.productId, product_pic: line.info.pic, product_name: line.info.name,
        product_brand: line.info.brandName, product_sn: line.info.productSn, product_price: priced.listPrice, product_quantity: priced.quantity,
        product_sku_code: line.info.skuCode, product_attr: line.info.spData, product_sku_id: line.info.skuId, flash_relation_id: priced.flashRelationId,
        promotion_name: priced.promotionName.slice(0, 200), promotion_amount: priced.promotionAmount, coupon_amount: priced.couponAmount,
        integration_amount: priced.integrationAmount, real_amount: priced.realAmount,
      };
    })).returningAll().execute();
    await trx.insertInto('oms_order_operate_history').values({
      order_id: orderId, shop_id: buyer.shopId, operator_id: null, create_time: created, from_status: null, order_status: ORDER_STATUS.pendingPayment,
      note: null, note_key: 'placed_by_buyer', note_params: JSON.stringify({ member: member.username }),
    }).execute();
    if (coupon && !await markCouponUsed(trx, coupon.historyId, { id: orderId, orderSn })) throw refused('coupon_not_usable');
    if (!await spendPoints(trx, { shopId: buyer.shopId, memberId: buyer.memberId, count: place.useIntegration, note: `Order ${orderSn}`, orderId })) {
      const left = await trx.selectFrom('ums_member').select('integration').where('id', '=', buyer.memberId).executeTakeFirst();
      throw refused('points_over_balance', { balance: Number(left?.integration ?? 0) });
    }
    for (const [productId, quantity] of byKey(lines.filter((l) => l.info.skuId === NO_SKU).map((l) => [l.info.productId, l.quantity] as const))) {
      const taken = await trx.updateTable('pms_product').set({ stock: sql<number>`stock - ${quantity}` })
        .where('id', '=', productId).where('stock', '!=', UNLIMITED_STOCK).where('stock', '>=', quantity).executeTakeFirst();
      const unlimited = Number(taken.numUpdatedRows) === 1 ? null
        : await trx.selectFrom('pms_product').select('id').where('id', '=', productId).where('stock', '=', UNLIMITED_STOCK).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1 && !unlimited) throw refused('order_out_of_stock', { name: lines.find((l) => l.info.productId === productId)!.info.name });
    }
    for (const [skuId, quantity] of byKey(lines.filter((l) => l.info.skuId !== NO_SKU).map((l) => [l.info.skuId, l.quantity] as const))) {
      const held = await trx.updateTable('pms_sku_stock').set((eb) => ({ lock_stock: eb('lock_stock', '+', quantity) }))
        .where('id', '=', skuId).where(sql<boolean>`(stock = ${UNLIMITED_STOCK} or stock - lock_stock >= ${quantity})`).executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) throw refused('order_out_of_stock', { name: lines.find((l) => l.info.skuId === skuId)!.info.name });
    }
    await place.afterWrite?.(trx, { id: orderId, orderSn });
    const flashTakes = byKey(lines.flatMap((l, i) => (price.lines[i]!.flashRelationId === null ? [] : [[price.lines[i]!.flashRelationId!, l.quantity] as const])));
    for (const [relationId, quantity] of flashTakes) await takeFlash(trx, buyer, relationId, quantity, lines);
    return { orderRow, itemRows };
  });
  // The rows as written: what orderDetail would read back right after the commit.
  return detailOf(written.orderRow, [...written.itemRows].sort((a, b) => Number(a.id) - Number(b.id)));
};

/** The flash units of one relation for this order (the module's step 5). */
const takeFlash = async (trx: Db, buyer: Buyer, relationId: number, quantity: number, lines: readonly SourcedLine[]): Promise<void> => {
  const name = lines.find((l) => l.flash.some((f) => f.relationId === relationId))?.info.name ?? '';
  // The update answers the relation's per-member limit: no second statement while its lock is held.
  const taken = await trx.updateTable('sms_flash_promotion_product_relation').set((eb) => ({ flash_promotion_sold: eb('flash_promotion_sold', '+', quantity) }))
    .where('id', '=', relationId).where(sql<boolean>`flash_promotion_sold + ${quantity} <= coalesce(flash_promotion_count, 0)`)
    .returning('flash_promotion_limit').executeTakeFirst();
  if (!taken) throw refused('flash_sold_out', { name });
  const limit = Number(taken.flash_promotion_limit ?? 0);
  if (limit <= 0) return;
  // This member's live orders' units of the relation, this one's included (the row lock above serialises the count).
  const mine = await trx.selectFrom('oms_order as o').innerJoin('oms_order_item as i', 'i.order_id', 'o.id')
    .select((eb) => eb.fn.sum<number>('i.product_quantity').as('units'))
    .where('o.member_id', '=', buyer.memberId).where('o.shop_id', '=', buyer.shopId).where('o.status', '!=', ORDER_STATUS.closed)
    .where('i.flash_relation_id', '=', relationId).executeTakeFirst();
  if (Number(mine?.units ?? 0) > limit) throw refused('flash_limit_reached', { name, limit });
};

/** `mall`'s OmsOrderDetail of the buyer's own order (not hidden by them), or null. */
export const orderDetail = async (db: Db, buyer: Buyer, orderId: number) => {
  const row = await db.selectFrom('oms_order').selectAll().where('id', '=', orderId).where('shop_id', '=', buyer.shopId)
    .where('member_id', '=', buyer.memberId).where('buyer_hidden', '=', 0).where('delete_status', '=', 0).executeTakeFirst();
  if (!row) return null;
  const [withItems] = await withOrderItems(db, [row]);
  return withItems!;
};

/** Orders with their lines, as `mall`'s OmsOrderDetail (one query for every order's lines). */
export const withOrderItems = async (db: Db, rows: readonly OrderRow[]) => {
  const ids = rows.map((r) => Number(r.id));
  const items = ids.length ? await db.selectFrom('oms_order_item').selectAll().where('order_id', 'in', ids).orderBy('id').execute() : [];
  return rows.map((row) => detailOf(row, items.filter((i) => Number(i.order_id) === Number(row.id))));
};

type OrderRow = Parameters<typeof recordOfRow<typeof orderEntity>>[1];
type ItemRow = Selectable<Database['oms_order_item']>;

/** One order as `mall`'s OmsOrderDetail, from its row and its lines' rows (in id order). */
const detailOf = (row: OrderRow, items: readonly ItemRow[]) => {
  const record = recordOfRow(orderEntity, row);
  const orderItemList = items.map((i) => ({
    id: Number(i.id), orderId: record.id, orderSn: record.orderSn, productId: i.product_id, productName: i.product_name, productPic: i.product_pic,
    productPrice: money(Number(i.product_price)), productQuantity: Number(i.product_quantity), productSkuId: i.product_sku_id, productSkuCode: i.product_sku_code,
    productSn: i.product_sn, productBrand: i.product_brand, productCategoryId: null, productAttr: i.product_attr ?? '[]', promotionName: i.promotion_name,
    promotionAmount: money(Number(i.promotion_amount)), couponAmount: money(Number(i.coupon_amount)), integrationAmount: money(Number(i.integration_amount)),
    realAmount: money(Number(i.real_amount)), giftIntegration: 0, giftGrowth: 0,
  }));
  const { buyerHidden: _hidden, ...shown } = record;
  return { ...shown, deleteStatus: 0, orderItemList };
};
