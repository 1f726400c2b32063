// Protects: the shared money helper (src/schema/engine/money.ts): exact cents from the API's decimals,
// half-up rounding (half away from zero, also for negatives), exact sums and ratios, and Intl
// formatting, by examples and by properties (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, isCentAmount, multiplyCents, roundMoney, sumCents, toCents } from '../../src/schema/engine/money';

/** Cents of every amount a field can hold, and then some. */
const cents = fc.integer({ min: -1e13, max: 1e13 });

describe('money: conversions', () => {
  it('turns decimals into cents and back', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(99_999_999.99)).toBe(9_999_999_999);
    expect(toCents('19.9')).toBe(1990);
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(-5)).toBe(-0.05);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
  });

  it('rounds half-up, away from zero, on the decimal that was written', () => {
    expect(toCents(0.005)).toBe(1);
    expect(toCents(0.0049999)).toBe(0);
    expect(toCents(1.005)).toBe(101); // 1.005 * 100 is 100.49999999999999 in binary
    expect(toCents(2.675)).toBe(268);
    expect(toCents(-0.005)).toBe(-1);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0.004)).toBe(0);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(5e-3)).toBe(1);
    expect(toCents(1.5e6)).toBe(150_000_000);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents('12,5')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => toCents(1e20)).toThrow('out of range');
  });

  it('knows a cent amount', () => {
    expect(isCentAmount(12.3)).toBe(true);
    expect(isCentAmount(12)).toBe(true);
    expect(isCentAmount(-0.01)).toBe(true);
    expect(isCentAmount(12.345)).toBe(false);
    expect(isCentAmount(0.1 + 0.2)).toBe(false);
    expect(isCentAmount(Number.NaN)).toBe(false);
  });

  it('round trips every whole number of cents (property)', () => {
    fc.assert(fc.property(cents, (c) => toCents(fromCents(c)) === c && isCentAmount(fromCents(c))));
  });

  it('reads back the decimal text of every cent amount (property)', () => {
    fc.assert(fc.property(cents, (c) => {
      const sign = c < 0 ? '-' : '';
      const abs = Math.abs(c);
      const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
      return toCents(text) === c && fromCents(c) === Number(text);
    }));
  });

  it('rounds a third decimal of five up and below five down, symmetrically for negatives (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 9 }), (c, third) => {
      const text = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}${third}`;
      const expected = third >= 5 ? c + 1 : c;
      return toCents(text) === expected && toCents(`-${text}`) === -expected;
    }));
  });
});

describe('money: arithmetic in cents', () => {
  it('sums exactly where decimals do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromCents(sumCents([toCents(0.1), toCents(0.2)]))).toBe(0.3);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow('out of range');
  });

  it('sums associatively and commutatively (property)', () => {
    fc.assert(fc.property(cents, cents, cents, (a, b, c) =>
      sumCents([sumCents([a, b]), c]) === sumCents([a, sumCents([b, c])]) && sumCents([a, b, c]) === sumCents([c, b, a])));
  });

  it('applies a ratio with half-up rounding', () => {
    expect(multiplyCents(12_345, 0.1)).toBe(1235); // 123.45 × 10 % = 12.345 → 12.35
    expect(multiplyCents(5, 0.1)).toBe(1); // 0.005 → 0.01
    expect(multiplyCents(4, 0.1)).toBe(0);
    expect(multiplyCents(-5, 0.1)).toBe(-1);
    expect(multiplyCents(5, -0.1)).toBe(-1);
    expect(multiplyCents(1000, '0.333')).toBe(333);
    expect(multiplyCents(1000, 0)).toBe(0);
    expect(multiplyCents(0, -0.5)).toBe(0);
  });

  it('keeps a ratio within half a cent of the exact product, symmetric in sign (property)', () => {
    const ratio = fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 10_000); // four decimals
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), ratio, (c, r) => {
      const result = multiplyCents(c, r);
      return Math.abs(result - c * r) <= 0.5 + 1e-6
        && multiplyCents(-c, r) === -result + 0
        && multiplyCents(c, 1) === c;
    }));
  });
});

describe('money: formatting', () => {
  it('formats per locale, with a currency when one is known', () => {
    expect(formatMoney(123_456, 'en-US')).toBe('1,234.56');
    expect(formatMoney(123_456, 'en-US', 'USD')).toBe('$1,234.56');
    expect(formatMoney(-5, 'en-US', 'USD')).toBe('-$0.05');
    expect(formatMoney(123_456, 'zh-CN', 'CNY')).toBe('¥1,234.56');
    expect(formatMoney(123_456, 'de-DE', 'EUR')).toBe('1.234,56\u00a0€');
  });
});
