/**
 * The price check's rules: what a buyer would pay for a quantity of one product (and SKU), line
 * by line, and why. A pure function over what the server read (./price.ts), in integer cents
 * (src/schema/engine/money.ts); the route answers it in decimals (`priceCheckAnswer`). Only the server
 * runs it: the parameters, the reason keys and the answer's shape, which the screen also reads,
 * are declared in src/schema/sms/priceCheck.ts.
 *
 * The order, stated once (docs/guide/price-check.md and the screen's help say the same):
 *
 * 1. List price: the SKU's price when a SKU is given, else the product's.
 * 2. The product's price strategy, only the one its `promotionType` chooses (as mall's portal
 *    prices a cart: OmsPromotionServiceImpl): promotion price inside its time window, member
 *    price of the buyer's level (a level holding the member-price privilege), quantity ladder
 *    (the largest tier the quantity reaches, its discount on the unit price) or full reduction
 *    (the largest tier the line reaches, taken off the line). A price strategy never raises the price.
 * 3. Flash sale: a product in an online flash sale whose dates hold the day and whose enabled
 *    session holds the time of day is sold at the flash price, which REPLACES the strategy
 *    (mall's `promotionType` 5: a flash-sale product is priced by the flash sale alone); a
 *    quantity above the per-buyer limit or the flash count keeps the strategy price.
 * 4. Coupon, on the amount after 2–3 (mall compares a coupon's minimum spend with the cart after
 *    promotions): within its time, for the platform, in scope (all / the product's category /
 *    the product), some left, the minimum spend reached; it takes off its amount, never more
 *    than the amount it applies to.
 *
 * Every rule that did not apply is a line with its reasons (`PRICE_REASONS` keys, translated in
 * both languages by the screen, English in the API answer).
 */

import { fromCents, multiplyCents, sumCents } from '../../../src/schema/engine/money';
import type { PriceCheckAnswer, PriceReasonKey, PriceReasonParams, PriceRule } from '../../../src/schema/sms/priceCheck';
import { PRICE_REASONS } from '../../../src/schema/sms/priceCheck';
import { PROMOTION, promotionLabelOf } from '../../../src/schema/pms/product';
import { COUPON_PLATFORM, couponPlatformLabelOf } from '../../../src/schema/sms/coupon';

/** An amount in integer cents. */
export type Cents = number;

export type PriceProduct = {
  readonly id: number;
  readonly name: string;
  readonly productCategoryId: number | null;
  /** The parent of its category (a coupon for a top category covers its sub-categories). */
  readonly productCategoryParentId?: number | null;
  readonly price: Cents;
  readonly promotionPrice: Cents | null;
  readonly promotionStartTime: string | null;
  readonly promotionEndTime: string | null;
  /** mall's `promotionType` (src/schema/pms/product.ts PROMOTION_TYPES). */
  readonly promotionType: number;
  readonly memberPrices: readonly { readonly memberLevelId: number; readonly memberPrice: Cents }[];
  /** `discount` as the decimal the API speaks (0.85 = 15 % off). */
  readonly ladders: readonly { readonly count: number; readonly discount: number }[];
  readonly fullReductions: readonly { readonly fullPrice: Cents; readonly reducePrice: Cents }[];
};

export type PriceSku = { readonly id: number; readonly skuCode: string | null; readonly price: Cents; readonly promotionPrice: Cents | null };

export type PriceMemberLevel = { readonly id: number; readonly name: string; readonly memberPricePrivilege: boolean };

/** One flash-sale relation of the product: the sale, the session it is in, and its price, count and per-buyer limit. */
export type FlashOffer = {
  readonly title: string;
  readonly online: boolean;
  /** `YYYY-MM-DD`, both days included. */
  readonly startDate: string;
  readonly endDate: string;
  readonly session: string;
  readonly sessionEnabled: boolean;
  /** `HH:mm:ss`, both ends included. */
  readonly sessionStart: string;
  readonly sessionEnd: string;
  readonly price: Cents | null;
  /** Pieces on sale at the flash price (null: not set). */
  readonly count: number | null;
  /** Most pieces one buyer may take (null or 0: no limit). */
  readonly limit: number | null;
};

export const COUPON_USE = { all: 0, categories: 1, products: 2 } as const;

export type PriceCoupon = {
  readonly name: string;
  /** 0 all, 1 mobile, 2 PC. */
  readonly platform: number;
  readonly amount: Cents;
  /** Minimum spend; 0: no threshold. */
  readonly minPoint: Cents;
  readonly startTime: string | null;
  readonly endTime: string | null;
  /** COUPON_USE. */
  readonly useType: number;
  /** The categories picked: a product in one of them or in a sub-category of one is in scope. */
  readonly categoryIds: readonly number[];
  readonly productIds: readonly number[];
  /** How many are left to give out. */
  readonly remaining: number;
  /** Stopped by an operator before its end: used nowhere (src/schema/sms/coupon.ts COUPON_STATUS). */
  readonly stopped?: boolean;
};

/** When the buyer buys: the instant, and its day and time of day where the shop is (flash sales are wall-clock). */
export type PriceMoment = { readonly instant: number; readonly date: string; readonly time: string };

export type PriceCheckInput = {
  readonly product: PriceProduct;
  readonly sku?: PriceSku | null;
  readonly quantity: number;
  readonly memberLevel?: PriceMemberLevel | null;
  readonly at: PriceMoment;
  readonly platform: number;
  readonly flash?: readonly FlashOffer[];
  readonly coupon?: PriceCoupon | null;
};

export type PriceReason = { readonly key: PriceReasonKey; readonly params?: PriceReasonParams };

/** The strategy lines, in the order they are shown, with the `promotionType` each is. */
const STRATEGY_RULES = [
  ['promotionPrice', PROMOTION.promotionPrice], ['memberPrice', PROMOTION.memberPrice],
  ['ladder', PROMOTION.ladder], ['fullReduction', PROMOTION.fullReduction],
] as const satisfies readonly (readonly [PriceRule, number])[];

export type PriceLine = {
  readonly rule: PriceRule;
  readonly applied: boolean;
  /** The unit price this line sets (list, promotion, member, ladder, flash), else null. */
  readonly unitPrice: Cents | null;
  /** Taken off the line by this line (full reduction, coupon); 0 when it sets a unit price or does not apply. */
  readonly amountOff: Cents;
  /** The amount after this line. */
  readonly subtotal: Cents;
  readonly reasons: readonly PriceReason[];
};

type PriceCheckResult = {
  readonly quantity: number;
  readonly listPrice: Cents;
  /** The unit price after the strategy or the flash sale. */
  readonly unitPrice: Cents;
  /** unitPrice × quantity less a full reduction: what the coupon applies to. */
  readonly subtotal: Cents;
  readonly couponAmount: Cents;
  /** What the buyer pays. */
  readonly total: Cents;
  readonly lines: readonly PriceLine[];
};

/** Cents as the decimal text a reason shows (`1234` → `12.34`). */
const money = (cents: Cents): string => fromCents(cents).toFixed(2);

const strategyLabel = (type: number): string => promotionLabelOf(type) ?? 'none';

const times = (unit: Cents, quantity: number): Cents => sumCents([unit * quantity]);

type Outcome = { applied: true; unitPrice?: Cents; amountOff?: Cents; reason: PriceReason } | { applied: false; reasons: PriceReason[] };

const refused = (...reasons: PriceReason[]): Outcome => ({ applied: false, reasons });

const promotionPrice = (input: PriceCheckInput, list: Cents): Outcome => {
  const { product, sku, at } = input;
  const price = sku?.promotionPrice ?? product.promotionPrice;
  if (price === null) return refused({ key: 'promotion_no_price' });
  const { promotionStartTime: startTime, promotionEndTime: endTime } = product;
  if (startTime && at.instant < Date.parse(startTime)) return refused({ key: 'promotion_not_started', params: { startTime } });
  if (endTime && at.instant > Date.parse(endTime)) return refused({ key: 'promotion_ended', params: { endTime } });
  if (price >= list) return refused({ key: 'promotion_not_lower', params: { price: money(price) } });
  return { applied: true, unitPrice: price, reason: { key: 'promotion_applied', params: { price: money(price) } } };
};

const memberPrice = (input: PriceCheckInput, list: Cents): Outcome => {
  const level = input.memberLevel;
  if (!level) return refused({ key: 'member_no_level' });
  if (!level.memberPricePrivilege) return refused({ key: 'member_no_privilege', params: { level: level.name } });
  const row = input.product.memberPrices.find((p) => p.memberLevelId === level.id);
  if (!row) return refused({ key: 'member_no_price', params: { level: level.name } });
  if (row.memberPrice >= list) return refused({ key: 'member_not_lower', params: { price: money(row.memberPrice) } });
  return { applied: true, unitPrice: row.memberPrice, reason: { key: 'member_applied', params: { level: level.name, price: money(row.memberPrice) } } };
};

/** mall's getProductLadder: the tier with the largest count the quantity reaches. */
const ladder = (input: PriceCheckInput, list: Cents): Outcome => {
  const tiers = [...input.product.ladders].sort((a, b) => b.count - a.count);
  if (!tiers.length) return refused({ key: 'ladder_none' });
  const tier = tiers.find((t) => input.quantity >= t.count);
  if (!tier) return refused({ key: 'ladder_short', params: { count: tiers[tiers.length - 1]!.count } });
  const unit = Math.min(list, multiplyCents(list, tier.discount));
  return { applied: true, unitPrice: unit, reason: { key: 'ladder_applied', params: { count: tier.count, discount: tier.discount, price: money(unit) } } };
};

/**
 * mall's getProductFullReduction: the tier with the largest threshold the line reaches, exactly
 * (mall compares `intValue()` of the difference, so a line short by less than 1 passed there).
 */
const fullReduction = (input: PriceCheckInput, list: Cents): Outcome => {
  const tiers = [...input.product.fullReductions].sort((a, b) => b.fullPrice - a.fullPrice);
  if (!tiers.length) return refused({ key: 'full_reduction_none' });
  const line = times(list, input.quantity);
  const tier = tiers.find((t) => line >= t.fullPrice);
  if (!tier) return refused({ key: 'full_reduction_short', params: { fullPrice: money(tiers[tiers.length - 1]!.fullPrice), subtotal: money(line) } });
  const off = Math.min(tier.reducePrice, line);
  return { applied: true, amountOff: off, reason: { key: 'full_reduction_applied', params: { fullPrice: money(tier.fullPrice), reducePrice: money(off) } } };
};

const STRATEGIES: Readonly<Record<number, (input: PriceCheckInput, list: Cents) => Outcome>> = {
  [PROMOTION.promotionPrice]: promotionPrice,
  [PROMOTION.memberPrice]: memberPrice,
  [PROMOTION.ladder]: ladder,
  [PROMOTION.fullReduction]: fullReduction,
};

/** Why one flash relation does not price this purchase, or null when it does. */
export const flashRefusal = (offer: FlashOffer, input: Pick<PriceCheckInput, 'at' | 'quantity'>, list: Cents): PriceReason | null => {
  const { title, session } = offer;
  const { date, time } = input.at;
  if (!offer.online) return { key: 'flash_offline', params: { title } };
  if (date < offer.startDate || date > offer.endDate) return { key: 'flash_not_on_date', params: { title, startDate: offer.startDate, endDate: offer.endDate } };
  if (!offer.sessionEnabled) return { key: 'flash_session_disabled', params: { title, session } };
  if (time < offer.sessionStart || time > offer.sessionEnd) {
    return { key: 'flash_session_not_now', params: { title, session, startTime: offer.sessionStart, endTime: offer.sessionEnd } };
  }
  if (offer.price === null) return { key: 'flash_no_price', params: { title } };
  if (offer.price >= list) return { key: 'flash_not_lower', params: { price: money(offer.price) } };
  if (offer.limit && input.quantity > offer.limit) return { key: 'flash_over_limit', params: { title, limit: offer.limit } };
  if (offer.count !== null && input.quantity > offer.count) return { key: 'flash_over_count', params: { title, count: offer.count } };
  return null;
};

/** The flash relation that prices the purchase (the lowest price of those that may), or every refusal. */
const flashSale = (input: PriceCheckInput, list: Cents): Outcome => {
  const offers = input.flash ?? [];
  if (!offers.length) return refused({ key: 'flash_none' });
  const judged = offers.map((offer) => ({ offer, refusal: flashRefusal(offer, input, list) }));
  const open = judged.filter((j) => j.refusal === null).map((j) => j.offer).sort((a, b) => a.price! - b.price!);
  const best = open[0];
  if (best) return { applied: true, unitPrice: best.price!, reason: { key: 'flash_applied', params: { title: best.title, session: best.session, price: money(best.price!) } } };
  const reasons: PriceReason[] = [];
  for (const { refusal } of judged) {
    if (refusal && !reasons.some((r) => JSON.stringify(r) === JSON.stringify(refusal))) reasons.push(refusal);
  }
  return refused(...reasons);
};

/** Every coupon rule the purchase fails (all of them, so the screen says everything at once). */
export const couponRefusals = (coupon: PriceCoupon, input: PriceCheckInput, subtotal: Cents): PriceReason[] => {
  const reasons: PriceReason[] = [];
  const { instant } = input.at;
  if (coupon.stopped) reasons.push({ key: 'coupon_stopped' });
  if (coupon.startTime && instant < Date.parse(coupon.startTime)) reasons.push({ key: 'coupon_not_started', params: { startTime: coupon.startTime } });
  if (coupon.endTime && instant > Date.parse(coupon.endTime)) reasons.push({ key: 'coupon_expired', params: { endTime: coupon.endTime } });
  if (coupon.platform !== COUPON_PLATFORM.all && coupon.platform !== input.platform) reasons.push({ key: 'coupon_platform', params: { platform: couponPlatformLabelOf(coupon.platform) ?? String(coupon.platform) } });
  const categories = [input.product.productCategoryId, input.product.productCategoryParentId].filter((id): id is number => typeof id === 'number');
  if (coupon.useType === COUPON_USE.categories && !categories.some((id) => coupon.categoryIds.includes(id))) reasons.push({ key: 'coupon_category' });
  if (coupon.useType === COUPON_USE.products && !coupon.productIds.includes(input.product.id)) reasons.push({ key: 'coupon_product' });
  if (coupon.remaining <= 0) reasons.push({ key: 'coupon_none_left' });
  if (coupon.minPoint > 0 && subtotal < coupon.minPoint) reasons.push({ key: 'coupon_min_spend', params: { minPoint: money(coupon.minPoint), subtotal: money(subtotal) } });
  return reasons;
};

/** What the buyer would pay, line by line, and why (the order is the module's comment). */
export const checkPrice = (input: PriceCheckInput): PriceCheckResult => {
  const { product, sku, quantity } = input;
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`Not a quantity: ${quantity}`);
  const list = sku ? sku.price : product.price;
  const gross = times(list, quantity);
  const lines: PriceLine[] = [{
    rule: 'listPrice', applied: true, unitPrice: list, amountOff: 0, subtotal: gross,
    reasons: [sku ? { key: 'list_price_sku', params: { skuCode: sku.skuCode ?? String(sku.id), price: money(list) } } : { key: 'list_price', params: { price: money(list) } }],
  }];

  const flash = flashSale(input, list);
  let unit = list;
  let subtotal = gross;
  for (const [rule, type] of STRATEGY_RULES) {
    const notApplied = (reasons: PriceReason[]) => lines.push({ rule, applied: false, unitPrice: null, amountOff: 0, subtotal, reasons });
    if (product.promotionType !== type) { notApplied([{ key: 'strategy_not_chosen', params: { strategy: strategyLabel(product.promotionType) } }]); continue; }
    if (flash.applied) { notApplied([{ key: 'replaced_by_flash' }]); continue; }
    const outcome = STRATEGIES[type]!(input, list);
    if (!outcome.applied) { notApplied(outcome.reasons); continue; }
    if (outcome.unitPrice !== undefined) unit = outcome.unitPrice;
    const off = outcome.amountOff ?? 0;
    subtotal = sumCents([times(unit, quantity), -off]);
    lines.push({ rule, applied: true, unitPrice: outcome.unitPrice ?? null, amountOff: off, subtotal, reasons: [outcome.reason] });
  }

  if (flash.applied) {
    unit = flash.unitPrice!;
    subtotal = times(unit, quantity);
    lines.push({ rule: 'flash', applied: true, unitPrice: unit, amountOff: 0, subtotal, reasons: [flash.reason] });
  } else {
    lines.push({ rule: 'flash', applied: false, unitPrice: null, amountOff: 0, subtotal, reasons: flash.reasons });
  }

  let couponAmount = 0;
  const coupon = input.coupon;
  if (!coupon) {
    lines.push({ rule: 'coupon', applied: false, unitPrice: null, amountOff: 0, subtotal, reasons: [{ key: 'coupon_none' }] });
  } else {
    const reasons = couponRefusals(coupon, input, subtotal);
    if (reasons.length) {
      lines.push({ rule: 'coupon', applied: false, unitPrice: null, amountOff: 0, subtotal, reasons });
    } else {
      couponAmount = Math.min(coupon.amount, subtotal);
      const reason: PriceReason = coupon.amount > subtotal
        ? { key: 'coupon_applied_capped', params: { name: coupon.name, amount: money(coupon.amount), subtotal: money(subtotal) } }
        : { key: 'coupon_applied', params: { name: coupon.name, amount: money(coupon.amount) } };
      lines.push({ rule: 'coupon', applied: true, unitPrice: null, amountOff: couponAmount, subtotal: sumCents([subtotal, -couponAmount]), reasons: [reason] });
    }
  }
  return { quantity, listPrice: list, unitPrice: unit, subtotal, couponAmount, total: sumCents([subtotal, -couponAmount]), lines };
};

/** A reason's English text with its parameters filled in. */
export const reasonText = (reason: PriceReason): string =>
  PRICE_REASONS[reason.key].replace(/\{(\w+)\}/g, (match, name: string) => (reason.params && name in reason.params ? String(reason.params[name]) : match));

type PriceCheckContext = Pick<PriceCheckAnswer, 'productId' | 'productName' | 'skuId' | 'skuCode' | 'currency' | 'memberLevelId' | 'memberLevelName' | 'couponId' | 'couponName' | 'platform' | 'time' | 'timeZone'>;

export const priceCheckAnswer = (context: PriceCheckContext, result: PriceCheckResult): PriceCheckAnswer => ({
  ...context,
  quantity: result.quantity,
  listPrice: fromCents(result.listPrice), unitPrice: fromCents(result.unitPrice), subtotal: fromCents(result.subtotal),
  couponAmount: fromCents(result.couponAmount), total: fromCents(result.total),
  lines: result.lines.map((line) => ({
    rule: line.rule, applied: line.applied, unitPrice: line.unitPrice === null ? null : fromCents(line.unitPrice),
    amountOff: fromCents(line.amountOff), subtotal: fromCents(line.subtotal),
    reasons: line.reasons.map((r) => ({ key: r.key, params: r.params ?? {}, message: reasonText(r) })),
  })),
});
