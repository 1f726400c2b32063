/**
 * What a buyer's order costs, line by line and why: the price check's engine (server/areas/sms/pricing.ts
 * `checkPrice`) on each line, so the admin's price check and the order agree to the cent, then the
 * order's own steps over the lines. A pure function over integer cents; ./sources.ts reads what it needs.
 *
 * 1. Each line: list price, the product's price strategy or the flash price (`checkPrice`, without a
 *    coupon), with every rule's reasons. The flash relation that priced it is found by the same rule
 *    (`flashRefusal`, the lowest price of the open ones) so the order can take its units.
 * 2. The coupon (`mall` takes it off the lines it covers, after promotions): its rules per line
 *    (time, platform, scope, some left: `couponRefusals`), the minimum spend on the sum of the lines
 *    it covers; it takes off its amount (never more than those lines), split over them in proportion
 *    to their amounts, the last line taking the cents the rounding left.
 * 3. Freight (./freight.ts): the shop's templates the products name, charged per template over its
 *    lines' pieces or grams; free for a free-shipping product, and for a member whose level waives it
 *    from the goods' amount (after promotions and the coupon) on.
 * 4. Points (./points.ts): the points the buyer spends, worth what the shop's setting says, within
 *    its share of the goods (never the freight) and the products' own caps (`usePointLimit`), split
 *    over the lines as the coupon is, no line beyond its product's cap.
 *
 * payAmount = total − promotion − coupon + freight − points.
 */
import type { Cents, FlashOffer, PriceCoupon, PriceCheckInput, PriceLine, PriceMemberLevel, PriceMoment, PriceProduct, PriceReason, PriceSku } from '../../sms/pricing';
import { checkPrice, couponRefusals, flashRefusal, reasonText } from '../../sms/pricing';
import type { Freight, FreightInput, FreightLine } from './freight';
import { freightOf } from './freight';
import type { PointsInput, PointsRefusal } from './points';
import { maxPointsFor, pointsRule, productPointsLimit, splitPoints } from './points';

/** A flash relation as the order takes it: the price check's offer and the relation's id. */
export type OrderFlashOffer = FlashOffer & { readonly relationId: number };

export type OrderLineInput = {
  /** The caller's key of the line (a cart item id). */
  readonly key: number;
  readonly product: PriceProduct;
  /** Null: a product without SKUs, priced as itself. */
  readonly sku: PriceSku | null;
  readonly quantity: number;
  readonly flash: readonly OrderFlashOffer[];
  /** The product's cap on the points its line takes (`usePointLimit`); 0 or none: no cap of its own. */
  readonly pointLimit?: number;
};

export type PricedLine = {
  readonly key: number;
  readonly quantity: number;
  readonly listPrice: Cents;
  readonly unitPrice: Cents;
  /** List price × quantity. */
  readonly gross: Cents;
  /** After the strategy or the flash price (what the coupon sees). */
  readonly subtotal: Cents;
  readonly promotionAmount: Cents;
  readonly couponAmount: Cents;
  /** The line's share of what the points paid. */
  readonly integrationAmount: Cents;
  readonly realAmount: Cents;
  /** The flash relation whose price applied (its units are taken), or null. */
  readonly flashRelationId: number | null;
  /** A flash sale would price the line but has fewer units left than it asks for: placing it is refused, never sold at another price in the sale's stead. */
  readonly flashSoldOut: boolean;
  /** The rule that set the price, as text (`mall`'s promotionMessage / promotionName). */
  readonly promotionName: string;
  /** The price check's lines, then the coupon's share. */
  readonly lines: readonly PriceLine[];
};

export type OrderPrice = {
  readonly lines: readonly PricedLine[];
  readonly totalAmount: Cents;
  readonly promotionAmount: Cents;
  readonly couponAmount: Cents;
  readonly freightAmount: Cents;
  readonly integrationAmount: Cents;
  readonly payAmount: Cents;
  /** Why the coupon asked for does not apply (empty when it does or none was asked for). */
  readonly couponRefusals: readonly PriceReason[];
  /** How the freight came about (per template, and whether the member's level waived it). */
  readonly freight: Freight;
  /** Why the points asked for cannot be spent (null when they can or none were asked for). */
  readonly pointsRefusal: PointsRefusal | null;
  /** The most points the order may take (the shop's share, the balance, the products' caps); 0 without points input. */
  readonly pointsMax: number;
};

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** The open flash relation that prices the line, as checkPrice picks it (the lowest price of those that may). */
const flashOf = (input: PriceCheckInput, offers: readonly OrderFlashOffer[], list: Cents): number | null => {
  const open = offers.filter((offer) => flashRefusal(offer, input, list) === null).sort((a, b) => a.price! - b.price!);
  return open[0]?.relationId ?? null;
};

/** Some flash relation would price the line but for the units it has left. */
const soldOutOf = (input: PriceCheckInput, offers: readonly OrderFlashOffer[], list: Cents): boolean =>
  offers.some((offer) => offer.count !== null && input.quantity > offer.count && flashRefusal({ ...offer, count: null }, input, list) === null);

/** `amount` shared over `weights` in proportion, in whole cents that add up exactly (the last takes the rest). */
export const splitCents = (amount: Cents, weights: readonly Cents[]): Cents[] => {
  const total = sum(weights);
  if (total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  shares[shares.length - 1]! += amount - sum(shares);
  return shares;
};

/** Applied rules' reasons as one text, for `mall`'s promotionMessage. */
const promotionText = (lines: readonly PriceLine[]): string =>
  lines.filter((l) => l.applied && l.rule !== 'listPrice' && l.rule !== 'coupon').flatMap((l) => l.reasons.map(reasonText)).join('; ') || 'No promotion';

export const priceOrder = (input: {
  readonly lines: readonly OrderLineInput[];
  readonly memberLevel: PriceMemberLevel | null;
  readonly at: PriceMoment;
  readonly platform: number;
  readonly coupon: PriceCoupon | null;
  /** The lines' freight inputs (by index) and the shop's templates; none: no freight. */
  readonly freight?: { readonly input: FreightInput; readonly lines: readonly FreightLine[] };
  /** The points the buyer spends; none: no points. */
  readonly points?: PointsInput;
}): OrderPrice => {
  const checked = input.lines.map((line) => {
    const check: PriceCheckInput & { flash: readonly OrderFlashOffer[] } = {
      product: line.product, sku: line.sku, quantity: line.quantity, memberLevel: input.memberLevel, at: input.at, platform: input.platform, flash: line.flash, coupon: null,
    };
    const result = checkPrice(check);
    const flashApplied = result.lines.some((l) => l.rule === 'flash' && l.applied);
    const flashRelationId = flashApplied ? flashOf(check, line.flash, result.listPrice) : null;
    return { line, check, result, flashRelationId, flashSoldOut: flashRelationId === null && soldOutOf(check, line.flash, result.listPrice) };
  });

  // The coupon: per-line rules but the minimum spend, which counts the covered lines together.
  let couponShares = checked.map(() => 0);
  let refusals: PriceReason[] = [];
  let lineRefusals: PriceReason[][] = checked.map(() => []);
  const coupon = input.coupon;
  if (coupon) {
    const perLine = checked.map((c) => couponRefusals({ ...coupon, minPoint: 0 }, c.check, c.result.subtotal));
    lineRefusals = perLine;
    const covered = checked.map((_, i) => perLine[i]!.length === 0);
    const base = sum(checked.filter((_, i) => covered[i]).map((c) => c.result.subtotal));
    if (!covered.some(Boolean)) {
      refusals = perLine.flat().filter((r, i, all) => all.findIndex((o) => JSON.stringify(o) === JSON.stringify(r)) === i);
    } else if (coupon.minPoint > 0 && base < coupon.minPoint) {
      const first = checked.findIndex((_, i) => covered[i]);
      refusals = couponRefusals(coupon, checked[first]!.check, base).filter((r) => r.key === 'coupon_min_spend');
    } else {
      const amount = Math.min(coupon.amount, base);
      const idx = checked.map((_, i) => i).filter((i) => covered[i]);
      const shares = splitCents(amount, idx.map((i) => checked[i]!.result.subtotal));
      couponShares = checked.map((_, i) => (covered[i] ? shares[idx.indexOf(i)]! : 0));
    }
  }

  const afterCoupon = checked.map((c, i) => c.result.subtotal - couponShares[i]!);
  const goods = sum(afterCoupon);
  const freight = input.freight ? freightOf(input.freight.lines, input.freight.input, goods) : { amount: 0, parts: [], waived: false };
  // The products' own caps on points (`usePointLimit`) read each line after promotions and the coupon.
  const pointsLines = checked.map((c, i) => ({ amount: afterCoupon[i]!, limit: Math.max(0, c.line.pointLimit ?? 0) }));
  const productLimit = input.points ? productPointsLimit(input.points.setting, pointsLines) : null;
  const points = input.points ? pointsRule(input.points, goods, couponShares.some((share) => share > 0), productLimit) : { amount: 0, refusal: null };
  const pointsMax = input.points ? maxPointsFor(input.points.setting, goods, input.points.balance, productLimit) : 0;
  const pointShares = input.points ? splitPoints(input.points.setting, points.amount, pointsLines, splitCents) : splitCents(points.amount, afterCoupon);

  const lines = checked.map((c, i): PricedLine => {
    const { result } = c;
    const gross = result.listPrice * result.quantity;
    const share = couponShares[i]!;
    const couponLine: PriceLine = coupon
      ? (share > 0
        ? { rule: 'coupon', applied: true, unitPrice: null, amountOff: share, subtotal: result.subtotal - share, reasons: [{ key: 'coupon_applied', params: { name: coupon.name, amount: (share / 100).toFixed(2) } }] }
        : { rule: 'coupon', applied: false, unitPrice: null, amountOff: 0, subtotal: result.subtotal, reasons: lineRefusals[i]!.length ? lineRefusals[i]! : refusals })
      : result.lines.find((l) => l.rule === 'coupon')!;
    return {
      key: c.line.key, quantity: result.quantity, listPrice: result.listPrice, unitPrice: result.unitPrice, gross, subtotal: result.subtotal,
      promotionAmount: gross - result.subtotal, couponAmount: share, integrationAmount: pointShares[i]!, realAmount: result.subtotal - share - pointShares[i]!, flashRelationId: c.flashRelationId, flashSoldOut: c.flashSoldOut,
      promotionName: promotionText(result.lines),
      lines: [...result.lines.filter((l) => l.rule !== 'coupon'), couponLine],
    };
  });
  const totalAmount = sum(lines.map((l) => l.gross));
  const promotionAmount = sum(lines.map((l) => l.promotionAmount));
  const couponAmount = sum(lines.map((l) => l.couponAmount));
  return {
    lines, totalAmount, promotionAmount, couponAmount, freightAmount: freight.amount, integrationAmount: points.amount,
    payAmount: totalAmount - promotionAmount - couponAmount + freight.amount - points.amount, couponRefusals: refusals,
    freight, pointsRefusal: points.refusal, pointsMax,
  };
};
