// Protects: the price check's rules (src/schema/sms/priceCheck.ts): list and SKU price, only the chosen
// strategy (promotion window, member price and privilege, ladder, full reduction), the flash price
// replacing it (dates, session, limits), the coupon's every condition, exact cents, and a reason for each rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROMOTION } from '../../src/schema/pms/product';
import type { PriceRule } from '../../src/schema/sms/priceCheck';
import { PRICE_REASONS } from '../../src/schema/sms/priceCheck';
import type { FlashOffer, PriceCheckInput, PriceCoupon, PriceLine, PriceProduct } from '../../server/areas/sms/pricing';
import { checkPrice, COUPON_USE, priceCheckAnswer, reasonText } from '../../server/areas/sms/pricing';

const AT = { instant: Date.parse('2026-06-10T10:30:00Z'), date: '2026-06-10', time: '10:30:00' };

const product = (over: Partial<PriceProduct> = {}): PriceProduct => ({
  id: 7, name: 'Kettle', productCategoryId: 3, price: 10_000, promotionPrice: null, promotionStartTime: null, promotionEndTime: null,
  promotionType: 0, memberPrices: [], ladders: [], fullReductions: [], ...over,
});

const GOLD = { id: 3, name: 'Gold', memberPricePrivilege: true };

const offer = (over: Partial<FlashOffer> = {}): FlashOffer => ({
  title: 'June sale', online: true, startDate: '2026-06-01', endDate: '2026-06-30', session: 'Morning', sessionEnabled: true,
  sessionStart: '10:00:00', sessionEnd: '12:00:00', price: 6_000, count: 100, limit: 2, ...over,
});

const coupon = (over: Partial<PriceCoupon> = {}): PriceCoupon => ({
  name: 'Ten off', platform: 0, amount: 1_000, minPoint: 0, startTime: '2026-06-01T00:00:00Z', endTime: '2026-07-01T00:00:00Z',
  useType: COUPON_USE.all, categoryIds: [], productIds: [], remaining: 5, ...over,
});

const check = (over: Partial<PriceCheckInput> = {}) => checkPrice({ product: product(), quantity: 1, at: AT, platform: 2, ...over });

const line = (lines: readonly PriceLine[], rule: PriceRule): PriceLine => {
  const found = lines.find((l) => l.rule === rule);
  if (!found) throw new Error(`no ${rule} line`);
  return found;
};
const keys = (l: PriceLine) => l.reasons.map((r) => r.key);

describe('price check: list price', () => {
  it('is the product price times the quantity, every other rule listed with its reason', () => {
    const result = check({ quantity: 3 });
    expect(result).toMatchObject({ listPrice: 10_000, unitPrice: 10_000, subtotal: 30_000, couponAmount: 0, total: 30_000 });
    expect(result.lines.map((l) => l.rule)).toEqual(['listPrice', 'promotionPrice', 'memberPrice', 'ladder', 'fullReduction', 'flash', 'coupon']);
    expect(result.lines.filter((l) => !l.applied).every((l) => l.reasons.length > 0)).toBe(true);
    expect(keys(line(result.lines, 'listPrice'))).toEqual(['list_price']);
    expect(line(result.lines, 'memberPrice').reasons).toEqual([{ key: 'strategy_not_chosen', params: { strategy: 'none' } }]);
    expect(keys(line(result.lines, 'flash'))).toEqual(['flash_none']);
    expect(keys(line(result.lines, 'coupon'))).toEqual(['coupon_none']);
  });

  it('is the SKU price when a SKU is given', () => {
    const result = check({ sku: { id: 4, skuCode: 'K-RED', price: 8_990, promotionPrice: null }, quantity: 2 });
    expect(result).toMatchObject({ listPrice: 8_990, total: 17_980 });
    expect(line(result.lines, 'listPrice').reasons).toEqual([{ key: 'list_price_sku', params: { skuCode: 'K-RED', price: '89.90' } }]);
  });

  it('refuses a quantity that is not a whole number of at least one', () => {
    expect(() => check({ quantity: 0 })).toThrow(RangeError);
    expect(() => check({ quantity: 1.5 })).toThrow(RangeError);
  });
});

describe('price check: only the chosen strategy', () => {
  const all = {
    promotionPrice: 8_000, promotionStartTime: '2026-06-01T00:00:00Z', promotionEndTime: '2026-06-30T00:00:00Z',
    memberPrices: [{ memberLevelId: 3, memberPrice: 9_000 }],
    ladders: [{ count: 2, discount: 0.9 }, { count: 5, discount: 0.8 }],
    fullReductions: [{ fullPrice: 20_000, reducePrice: 2_000 }, { fullPrice: 50_000, reducePrice: 6_000 }],
  };

  it.each([
    [PROMOTION.promotionPrice, 'promotionPrice', 5 * 8_000],
    [PROMOTION.memberPrice, 'memberPrice', 5 * 9_000],
    [PROMOTION.ladder, 'ladder', 5 * 8_000],
    [PROMOTION.fullReduction, 'fullReduction', 50_000 - 6_000],
  ] as const)('promotionType %i applies %s and no other', (type, rule, total) => {
    const result = check({ product: product({ ...all, promotionType: type }), quantity: 5, memberLevel: GOLD });
    expect(result.total).toBe(total);
    const applied = result.lines.filter((l) => l.applied).map((l) => l.rule);
    expect(applied).toEqual(['listPrice', rule]);
    for (const other of ['promotionPrice', 'memberPrice', 'ladder', 'fullReduction'] as const) {
      if (other !== rule) expect(keys(line(result.lines, other))).toEqual(['strategy_not_chosen']);
    }
  });

  it('names the chosen strategy to the others, flash included', () => {
    const result = check({ product: product({ ...all, promotionType: 5 }) });
    expect(line(result.lines, 'promotionPrice').reasons[0]!.params).toEqual({ strategy: 'flash' });
    expect(result.total).toBe(10_000);
  });
});

describe('price check: promotion price', () => {
  const promo = (over: Partial<PriceProduct> = {}) => product({
    promotionType: PROMOTION.promotionPrice, promotionPrice: 8_500, promotionStartTime: '2026-06-10T10:00:00Z', promotionEndTime: '2026-06-10T11:00:00Z', ...over,
  });

  it('applies inside its window, both ends included', () => {
    expect(check({ product: promo() }).unitPrice).toBe(8_500);
    expect(check({ product: promo(), at: { ...AT, instant: Date.parse('2026-06-10T10:00:00Z') } }).unitPrice).toBe(8_500);
    expect(check({ product: promo(), at: { ...AT, instant: Date.parse('2026-06-10T11:00:00Z') } }).unitPrice).toBe(8_500);
    expect(line(check({ product: promo() }).lines, 'promotionPrice').reasons).toEqual([{ key: 'promotion_applied', params: { price: '85.00' } }]);
  });

  it('has no window when its times are empty', () => {
    expect(check({ product: promo({ promotionStartTime: null, promotionEndTime: null }) }).unitPrice).toBe(8_500);
  });

  it('says why outside its window, without a price, or when it is not lower', () => {
    const before = check({ product: promo(), at: { ...AT, instant: Date.parse('2026-06-10T09:59:59Z') } });
    expect(line(before.lines, 'promotionPrice').reasons).toEqual([{ key: 'promotion_not_started', params: { startTime: '2026-06-10T10:00:00Z' } }]);
    expect(before.total).toBe(10_000);
    const after = check({ product: promo(), at: { ...AT, instant: Date.parse('2026-06-10T11:00:01Z') } });
    expect(keys(line(after.lines, 'promotionPrice'))).toEqual(['promotion_ended']);
    expect(keys(line(check({ product: promo({ promotionPrice: null }) }).lines, 'promotionPrice'))).toEqual(['promotion_no_price']);
    expect(keys(line(check({ product: promo({ promotionPrice: 10_000 }) }).lines, 'promotionPrice'))).toEqual(['promotion_not_lower']);
  });

  it("takes the SKU's promotion price before the product's", () => {
    const result = check({ product: promo(), sku: { id: 1, skuCode: 'A', price: 9_000, promotionPrice: 7_000 } });
    expect(result.unitPrice).toBe(7_000);
    const fallback = check({ product: promo(), sku: { id: 1, skuCode: 'A', price: 9_000, promotionPrice: null } });
    expect(fallback.unitPrice).toBe(8_500);
  });
});

describe('price check: member price', () => {
  const member = product({ promotionType: PROMOTION.memberPrice, memberPrices: [{ memberLevelId: 3, memberPrice: 9_250 }, { memberLevelId: 4, memberPrice: 10_500 }] });

  it("applies the buyer's level's price", () => {
    const result = check({ product: member, memberLevel: GOLD, quantity: 2 });
    expect(result).toMatchObject({ unitPrice: 9_250, total: 18_500 });
    expect(line(result.lines, 'memberPrice').reasons).toEqual([{ key: 'member_applied', params: { level: 'Gold', price: '92.50' } }]);
  });

  it('says why without a level, without the privilege, without a price for it, or when it is not lower', () => {
    expect(keys(line(check({ product: member }).lines, 'memberPrice'))).toEqual(['member_no_level']);
    expect(line(check({ product: member, memberLevel: { ...GOLD, memberPricePrivilege: false } }).lines, 'memberPrice').reasons)
      .toEqual([{ key: 'member_no_privilege', params: { level: 'Gold' } }]);
    expect(keys(line(check({ product: member, memberLevel: { id: 9, name: 'Tin', memberPricePrivilege: true } }).lines, 'memberPrice'))).toEqual(['member_no_price']);
    const higher = check({ product: member, memberLevel: { id: 4, name: 'Diamond', memberPricePrivilege: true } });
    expect(keys(line(higher.lines, 'memberPrice'))).toEqual(['member_not_lower']);
    expect(higher.total).toBe(10_000);
  });
});

describe('price check: quantity ladder', () => {
  const tiered = product({ promotionType: PROMOTION.ladder, price: 3_333, ladders: [{ count: 5, discount: 0.85 }, { count: 2, discount: 0.95 }] });

  it('takes the largest tier the quantity reaches, rounded half-up per piece', () => {
    // 33.33 × 0.95 = 31.6635 → 31.66; × 0.85 = 28.3305 → 28.33.
    expect(check({ product: tiered, quantity: 2 })).toMatchObject({ unitPrice: 3_166, total: 6_332 });
    expect(check({ product: tiered, quantity: 4 })).toMatchObject({ unitPrice: 3_166, total: 12_664 });
    const five = check({ product: tiered, quantity: 5 });
    expect(five).toMatchObject({ unitPrice: 2_833, total: 14_165 });
    expect(line(five.lines, 'ladder').reasons).toEqual([{ key: 'ladder_applied', params: { count: 5, discount: 0.85, price: '28.33' } }]);
  });

  it('says why below the first tier or without tiers', () => {
    expect(line(check({ product: tiered, quantity: 1 }).lines, 'ladder').reasons).toEqual([{ key: 'ladder_short', params: { count: 2 } }]);
    expect(keys(line(check({ product: product({ promotionType: PROMOTION.ladder }) }).lines, 'ladder'))).toEqual(['ladder_none']);
  });
});

describe('price check: full reduction', () => {
  const reduced = product({ promotionType: PROMOTION.fullReduction, price: 9_999, fullReductions: [{ fullPrice: 20_000, reducePrice: 2_000 }, { fullPrice: 50_000, reducePrice: 6_000 }] });

  it('takes the largest tier the line reaches off the line', () => {
    const three = check({ product: reduced, quantity: 3 });
    expect(three).toMatchObject({ unitPrice: 9_999, subtotal: 29_997 - 2_000, total: 27_997 });
    expect(line(three.lines, 'fullReduction')).toMatchObject({ applied: true, amountOff: 2_000, subtotal: 27_997 });
    expect(check({ product: reduced, quantity: 6 }).total).toBe(59_994 - 6_000);
  });

  it('is exact at the threshold: a line short by one cent gets nothing (mall let less than 1 through)', () => {
    const short = check({ product: product({ ...reduced, price: 19_999 }) });
    expect(line(short.lines, 'fullReduction').reasons).toEqual([{ key: 'full_reduction_short', params: { fullPrice: '200.00', subtotal: '199.99' } }]);
    expect(check({ product: product({ ...reduced, price: 20_000 }) }).total).toBe(18_000);
  });

  it('says why without tiers', () => {
    expect(keys(line(check({ product: product({ promotionType: PROMOTION.fullReduction }) }).lines, 'fullReduction'))).toEqual(['full_reduction_none']);
  });
});

describe('price check: flash sale', () => {
  const member = product({ promotionType: PROMOTION.memberPrice, memberPrices: [{ memberLevelId: 3, memberPrice: 9_000 }] });

  it('replaces the strategy price inside its dates and an enabled session', () => {
    const result = check({ product: member, memberLevel: GOLD, flash: [offer()], quantity: 2 });
    expect(result).toMatchObject({ unitPrice: 6_000, subtotal: 12_000, total: 12_000 });
    expect(line(result.lines, 'memberPrice').reasons).toEqual([{ key: 'replaced_by_flash' }]);
    expect(line(result.lines, 'flash').reasons).toEqual([{ key: 'flash_applied', params: { title: 'June sale', session: 'Morning', price: '60.00' } }]);
  });

  it('includes the first and last day and both ends of the session', () => {
    for (const at of [{ ...AT, date: '2026-06-01' }, { ...AT, date: '2026-06-30' }, { ...AT, time: '10:00:00' }, { ...AT, time: '12:00:00' }]) {
      expect(check({ flash: [offer()], at }).unitPrice).toBe(6_000);
    }
  });

  it.each([
    [{ online: false }, {}, 'flash_offline'],
    [{}, { date: '2026-05-31' }, 'flash_not_on_date'],
    [{}, { date: '2026-07-01' }, 'flash_not_on_date'],
    [{ sessionEnabled: false }, {}, 'flash_session_disabled'],
    [{}, { time: '09:59:59' }, 'flash_session_not_now'],
    [{}, { time: '12:00:01' }, 'flash_session_not_now'],
    [{ price: null }, {}, 'flash_no_price'],
    [{ price: 10_000 }, {}, 'flash_not_lower'],
  ] as const)('refuses %o at %o: %s, and keeps the strategy price', (over, at, key) => {
    const result = check({ product: member, memberLevel: GOLD, flash: [offer(over)], at: { ...AT, ...at } });
    expect(keys(line(result.lines, 'flash'))).toEqual([key]);
    expect(result.unitPrice).toBe(9_000);
    expect(line(result.lines, 'memberPrice').applied).toBe(true);
  });

  it('refuses more than the per-buyer limit or the flash count, naming them', () => {
    expect(line(check({ flash: [offer()], quantity: 3 }).lines, 'flash').reasons).toEqual([{ key: 'flash_over_limit', params: { title: 'June sale', limit: 2 } }]);
    expect(check({ flash: [offer()], quantity: 2 }).unitPrice).toBe(6_000);
    expect(line(check({ flash: [offer({ limit: null, count: 1 })], quantity: 2 }).lines, 'flash').reasons).toEqual([{ key: 'flash_over_count', params: { title: 'June sale', count: 1 } }]);
    expect(check({ flash: [offer({ limit: 0, count: null })], quantity: 50 }).unitPrice).toBe(6_000);
  });

  it('takes the lowest open price of several relations and lists each refusal once', () => {
    expect(check({ flash: [offer({ price: 7_000 }), offer({ price: 5_000, session: 'Noon' }), offer({ online: false, price: 100 })] }).unitPrice).toBe(5_000);
    const refusals = check({ flash: [offer({ online: false }), offer({ online: false }), offer({ sessionEnabled: false })] });
    expect(keys(line(refusals.lines, 'flash'))).toEqual(['flash_offline', 'flash_session_disabled']);
  });

  it('compares with the SKU price when a SKU is given', () => {
    const result = check({ sku: { id: 1, skuCode: 'S', price: 5_500, promotionPrice: null }, flash: [offer()] });
    expect(keys(line(result.lines, 'flash'))).toEqual(['flash_not_lower']);
  });
});

describe('price check: coupon', () => {
  it('takes its amount off the amount after the strategy or flash price', () => {
    const result = check({ product: product({ promotionType: PROMOTION.memberPrice, memberPrices: [{ memberLevelId: 3, memberPrice: 9_000 }] }), memberLevel: GOLD, quantity: 2, coupon: coupon() });
    expect(result).toMatchObject({ subtotal: 18_000, couponAmount: 1_000, total: 17_000 });
    expect(line(result.lines, 'coupon')).toMatchObject({ applied: true, amountOff: 1_000, subtotal: 17_000, reasons: [{ key: 'coupon_applied', params: { name: 'Ten off', amount: '10.00' } }] });
  });

  it('never takes off more than the amount', () => {
    const result = check({ coupon: coupon({ amount: 25_000 }) });
    expect(result).toMatchObject({ couponAmount: 10_000, total: 0 });
    expect(keys(line(result.lines, 'coupon'))).toEqual(['coupon_applied_capped']);
  });

  it('compares the minimum spend with the amount after promotions, threshold included', () => {
    const flashed = { flash: [offer()], quantity: 2 };
    const refused = check({ ...flashed, coupon: coupon({ minPoint: 15_000 }) });
    expect(line(refused.lines, 'coupon').reasons).toEqual([{ key: 'coupon_min_spend', params: { minPoint: '150.00', subtotal: '120.00' } }]);
    expect(refused.total).toBe(12_000);
    expect(check({ ...flashed, coupon: coupon({ minPoint: 12_000 }) }).total).toBe(11_000);
    expect(check({ coupon: coupon({ minPoint: 0 }) }).total).toBe(9_000);
  });

  it('checks its time, platform, scope and what is left, and says every reason at once', () => {
    const all = coupon({
      startTime: '2026-06-11T00:00:00Z', platform: 1, useType: COUPON_USE.categories, categoryIds: [4], remaining: 0, minPoint: 20_000,
    });
    expect(keys(line(check({ coupon: all }).lines, 'coupon'))).toEqual(['coupon_not_started', 'coupon_platform', 'coupon_category', 'coupon_none_left', 'coupon_min_spend']);
    expect(keys(line(check({ coupon: coupon({ endTime: '2026-06-10T10:29:59Z' }) }).lines, 'coupon'))).toEqual(['coupon_expired']);
    expect(line(check({ coupon: coupon({ platform: 2 }) }).lines, 'coupon').applied).toBe(true);
    expect(line(check({ coupon: coupon({ platform: 2 }), platform: 1 }).lines, 'coupon').reasons).toEqual([{ key: 'coupon_platform', params: { platform: 'pc' } }]);
    expect(line(check({ coupon: coupon({ useType: COUPON_USE.categories, categoryIds: [3] }) }).lines, 'coupon').applied).toBe(true);
    expect(line(check({ coupon: coupon({ useType: COUPON_USE.products, productIds: [7] }) }).lines, 'coupon').applied).toBe(true);
    expect(keys(line(check({ coupon: coupon({ useType: COUPON_USE.products, productIds: [8] }) }).lines, 'coupon'))).toEqual(['coupon_product']);
    expect(keys(line(check({ product: product({ productCategoryId: null }), coupon: coupon({ useType: COUPON_USE.categories, categoryIds: [3] }) }).lines, 'coupon'))).toEqual(['coupon_category']);
    // A top category picked covers its sub-categories.
    expect(line(check({ product: product({ productCategoryParentId: 1 }), coupon: coupon({ useType: COUPON_USE.categories, categoryIds: [1] }) }).lines, 'coupon').applied).toBe(true);
    expect(keys(line(check({ product: product({ productCategoryParentId: 1 }), coupon: coupon({ useType: COUPON_USE.categories, categoryIds: [2] }) }).lines, 'coupon'))).toEqual(['coupon_category']);
  });
});

describe('price check: properties', () => {
  const tiers = fc.array(fc.record({ count: fc.integer({ min: 1, max: 20 }), discount: fc.integer({ min: 1, max: 100 }).map((n) => n / 100) }), { maxLength: 3 });
  const reductions = fc.array(fc.integer({ min: 1, max: 1_000_000 }).chain((full) => fc.record({ fullPrice: fc.constant(full), reducePrice: fc.integer({ min: 1, max: full }) })), { maxLength: 3 });
  const inputs = fc.record({
    price: fc.integer({ min: 0, max: 9_999_999_999 }),
    type: fc.integer({ min: 0, max: 5 }),
    quantity: fc.integer({ min: 1, max: 9999 }),
    promotionPrice: fc.option(fc.integer({ min: 0, max: 9_999_999_999 })),
    memberPrice: fc.integer({ min: 0, max: 9_999_999_999 }),
    ladders: tiers, fullReductions: reductions,
    flashPrice: fc.option(fc.integer({ min: 0, max: 9_999_999_999 })),
    couponAmount: fc.integer({ min: 1, max: 9_999_999_999 }),
    minPoint: fc.integer({ min: 0, max: 9_999_999_999 }),
  });

  it('pays whole cents, never less than zero or more than the list price, and each line follows from the one before', () => {
    fc.assert(fc.property(inputs, (i) => {
      const result = checkPrice({
        product: product({
          price: i.price, promotionType: i.type, promotionPrice: i.promotionPrice,
          memberPrices: [{ memberLevelId: 3, memberPrice: i.memberPrice }], ladders: i.ladders, fullReductions: i.fullReductions,
        }),
        quantity: i.quantity, memberLevel: GOLD, at: AT, platform: 2,
        flash: i.flashPrice === null ? [] : [offer({ price: i.flashPrice, limit: null, count: null })],
        coupon: coupon({ amount: i.couponAmount, minPoint: i.minPoint }),
      });
      expect(Number.isSafeInteger(result.total)).toBe(true);
      expect(result.total).toBeGreaterThanOrEqual(0);
      expect(result.total).toBeLessThanOrEqual(i.price * i.quantity);
      expect(result.total).toBe(result.subtotal - result.couponAmount);
      expect(result.lines.at(-1)!.subtotal).toBe(result.total);
      // At most one strategy, and none beside a flash price.
      const applied = result.lines.filter((l) => l.applied).map((l) => l.rule);
      expect(applied.filter((r) => r !== 'listPrice' && r !== 'coupon').length).toBeLessThanOrEqual(1);
      for (const l of result.lines) expect(l.reasons.length).toBeGreaterThan(0);
    }), { numRuns: 500 });
  });
});

describe('price check: answer and texts', () => {
  it('answers decimals, with each reason in English', () => {
    const result = check({ quantity: 3, coupon: coupon({ minPoint: 50_000 }) });
    const answer = priceCheckAnswer({
      productId: 7, productName: 'Kettle', skuId: null, skuCode: null, currency: 'USD', memberLevelId: null, memberLevelName: null,
      couponId: 2, couponName: 'Ten off', platform: 2, time: '2026-06-10T10:30:00.000Z', timeZone: 'Asia/Shanghai',
    }, result);
    expect(answer).toMatchObject({ listPrice: 100, unitPrice: 100, subtotal: 300, couponAmount: 0, total: 300 });
    expect(answer.lines.at(-1)!.reasons).toEqual([{ key: 'coupon_min_spend', params: { minPoint: '500.00', subtotal: '300.00' }, message: 'The coupon needs a spend of 500.00; the amount is 300.00' }]);
  });

  it('fills every placeholder a reason is given', () => {
    expect(reasonText({ key: 'flash_over_limit', params: { title: 'June', limit: 2 } })).toBe('More than the 2 pieces one buyer may take in "June"');
    for (const text of Object.values(PRICE_REASONS)) expect(text.length).toBeGreaterThan(5);
  });
});
