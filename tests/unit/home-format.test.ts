// Protects: home's numbers and the two decisions the dashboard and its first draw share: a day's
// orders and sales as one line, a change from nothing shown as no percentage, and a new seller's
// checklist first.
import { describe, expect, it } from 'vitest';
import { changePercent, dayText, formatPercent, startsWithChecklist } from '../../src/resources/home/format';

describe("home's formats", () => {
  it("writes a day's orders and its sales in each currency, in the reader's locale", () => {
    const day = { date: '2026-12-06', orders: 1234, sales: { USD: 1234.5, EUR: 80 } };
    expect(dayText(day, ['USD', 'EUR'], 'en-US')).toBe('1,234 · $1,234.50 · €80.00');
    expect(dayText({ ...day, sales: {} }, ['USD'], 'en-US')).toBe('1,234 · $0.00');
    expect(dayText(day, [], 'zh-CN')).toBe('1,234');
  });

  it('gives no percentage for a change from nothing', () => {
    expect(changePercent(5, 0)).toBeNull();
    expect(formatPercent(changePercent(150, 100)!, 'en-US')).toBe('+50%');
  });

  it("starts a seller without a shop or a product with the checklist, and no one else", () => {
    expect(startsWithChecklist({ vip: true, shop: false, product: false, invite: true })).toBe(true);
    expect(startsWithChecklist({ vip: false, shop: true, product: false, invite: false })).toBe(true);
    expect(startsWithChecklist({ vip: false, shop: true, product: true, invite: false })).toBe(false);
    expect(startsWithChecklist(undefined)).toBe(false);
  });
});
