// Protects: the points an order may take: within the shop's share of the goods, the balance and whole steps, and a product's own cap (`usePointLimit` > 0) on its line: the order takes at most the sum of the lines' caps (a line without one capped by its own worth), 0 sets no cap, and the points' worth is shared over the lines so no line carries more than its cap.
import { describe, expect, it } from 'vitest';
import type { OrderLineInput } from '../../server/areas/portal/orders/pricing';
import { priceOrder, splitCents } from '../../server/areas/portal/orders/pricing';
import type { PointsSetting } from '../../server/areas/portal/orders/points';
import { maxPointsFor, pointsRule, productPointsLimit, splitPoints } from '../../server/areas/portal/orders/points';

/** 100 points a yuan (a point is a cent), at most half an order, in steps of 100. */
const SETTING: PointsSetting = { deductionPerAmount: 100, maxPercentPerOrder: 50, useUnit: 100, couponStatus: 1 };

describe('a product\'s cap on points', () => {
  it('without a product cap, the share, the balance and the step decide (as before)', () => {
    expect(productPointsLimit(SETTING, [{ amount: 10_000, limit: 0 }, { amount: 5_000, limit: 0 }])).toBeNull();
    expect(maxPointsFor(SETTING, 15_000, 100_000)).toBe(7_500);
    expect(maxPointsFor(SETTING, 15_000, 100_000, null)).toBe(7_500);
    expect(maxPointsFor(SETTING, 15_000, 2_050)).toBe(2_000);
  });

  it('caps the order at the sum of the lines\' caps, a line without one by its own worth; 0 is no cap', () => {
    // 300 on the first line; the second (50.00, no cap of its own) up to its worth, 5,000.
    expect(productPointsLimit(SETTING, [{ amount: 10_000, limit: 300 }, { amount: 5_000, limit: 0 }])).toBe(5_300);
    // Both capped: 300 + 200.
    expect(productPointsLimit(SETTING, [{ amount: 10_000, limit: 300 }, { amount: 5_000, limit: 200 }])).toBe(500);
    // A cap above what the line is worth is the line's worth.
    expect(productPointsLimit(SETTING, [{ amount: 1_000, limit: 9_999 }])).toBe(1_000);
    expect(maxPointsFor(SETTING, 15_000, 100_000, 500)).toBe(500);
    expect(maxPointsFor(SETTING, 15_000, 100_000, 5_300)).toBe(5_300);
    // The step still holds: 550 → 500.
    expect(maxPointsFor(SETTING, 15_000, 100_000, 550)).toBe(500);
  });

  it('refuses points past the products\' cap, naming the most the order takes', () => {
    const input = { use: 600, balance: 10_000, setting: SETTING };
    expect(pointsRule(input, 15_000, false, 500)).toEqual({ amount: 0, refusal: { key: 'points_over_limit', params: { max: 500 } } });
    expect(pointsRule({ ...input, use: 500 }, 15_000, false, 500)).toEqual({ amount: 500, refusal: null });
    expect(pointsRule(input, 15_000, false, null)).toEqual({ amount: 600, refusal: null });
  });

  it('shares the points\' worth so no line carries more than its cap, the rest on the others, adding up exactly', () => {
    const lines = [{ amount: 10_000, limit: 100 }, { amount: 5_000, limit: 0 }, { amount: 5_000, limit: 0 }];
    // Proportionally the first would carry 1,500 cents; its cap is 100 points = 100 cents.
    const shares = splitPoints(SETTING, 3_000, lines, splitCents);
    expect(shares).toEqual([100, 1_450, 1_450]);
    // Without caps: the plain proportional share.
    expect(splitPoints(SETTING, 3_000, lines.map((l) => ({ ...l, limit: 0 })), splitCents)).toEqual(splitCents(3_000, [10_000, 5_000, 5_000]));
    // Every line capped, caps just enough; a point worth a fraction of a cent (3 points a cent) rounds each cap up.
    const third: PointsSetting = { ...SETTING, deductionPerAmount: 300, useUnit: 1 };
    const capped = splitPoints(third, 100, [{ amount: 5_000, limit: 100 }, { amount: 5_000, limit: 200 }], splitCents);
    expect(capped.reduce((a, b) => a + b, 0)).toBe(100);
    expect(capped[0]).toBeLessThanOrEqual(Math.ceil((100 * 100) / 300));
  });

  it('prices an order with a capped product: the refusal names the cap, the allowed points sit within each line\'s cap', () => {
    const line = (key: number, price: number, pointLimit: number): OrderLineInput => ({
      key, quantity: 1, flash: [], sku: null, pointLimit,
      product: { id: key, name: `P${key}`, productCategoryId: null, productCategoryParentId: null, price, promotionPrice: null, promotionStartTime: null, promotionEndTime: null, promotionType: 0, memberPrices: [], ladders: [], fullReductions: [] },
    });
    const base = { memberLevel: null, at: { instant: Date.parse('2026-12-07T12:00:00Z'), date: '2026-12-07', time: '12:00:00' }, platform: 1, coupon: null } as const;
    const lines = [line(1, 10_000, 300), line(2, 5_000, 200)];
    const over = priceOrder({ ...base, lines, points: { use: 600, balance: 10_000, setting: SETTING } });
    expect(over.pointsRefusal).toEqual({ key: 'points_over_limit', params: { max: 500 } });
    expect(over.pointsMax).toBe(500);
    const within = priceOrder({ ...base, lines: [line(1, 10_000, 100), line(2, 5_000, 0)], points: { use: 2_000, balance: 10_000, setting: SETTING } });
    expect(within.pointsRefusal).toBeNull();
    expect(within.integrationAmount).toBe(2_000);
    expect(within.lines.map((l) => l.integrationAmount)).toEqual([100, 1_900]);
    expect(within.payAmount).toBe(15_000 - 2_000);
  });
});
