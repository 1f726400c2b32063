/**
 * Numbers of the home page in the chosen language; a change from nothing is no percentage (never
 * "NaN%" or "Infinity%"). Also what the dashboard and home's first draw (src/admin/homeFirstDraw.ts)
 * both decide from the summary, so the two always agree.
 */
import type { HomeDay, HomeSummary } from '../../schema/home/summary';

/**
 * One formatter per locale and style, made once: building an Intl formatter costs far more than
 * formatting with it, and home formats a few dozen figures in one render (and in its first draw).
 */
const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
};

export const formatCount = (n: number, locale: string): string => formatter(locale).format(n);

export const formatMoney = (amount: number, currency: string, locale: string): string => {
  try {
    return formatter(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // A code Intl does not know is still shown, after the amount.
    return `${formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
};

/** The change from `before` to `now` in percent, or null when there was nothing before to compare with. */
export const changePercent = (now: number, before: number): number | null =>
  (before === 0 || !Number.isFinite(before) || !Number.isFinite(now) ? null : ((now - before) / before) * 100);

export const formatPercent = (percent: number, locale: string): string =>
  formatter(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(percent / 100);

/** A day's orders and its sales in each currency: "12 · $1,234.50 · €80.00". */
export const dayText = (day: HomeDay, currencies: readonly string[], locale: string): string =>
  [formatCount(day.orders, locale), ...currencies.map((c) => formatMoney(day.sales[c] ?? 0, c, locale))].join(' · ');

/** A seller without a shop or a product is shown the next steps first, not a wall of zeros. */
export const startsWithChecklist = (steps: HomeSummary['gettingStarted']): boolean => steps !== undefined && (!steps.shop || !steps.product);
