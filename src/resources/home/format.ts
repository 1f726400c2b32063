/** Numbers of the home page in the chosen language; a change from nothing is no percentage (never "NaN%" or "Infinity%"). */

export const formatCount = (n: number, locale: string): string => new Intl.NumberFormat(locale).format(n);

export const formatMoney = (amount: number, currency: string, locale: string): string => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // A code Intl does not know is still shown, after the amount.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
};

/** The change from `before` to `now` in percent, or null when there was nothing before to compare with. */
export const changePercent = (now: number, before: number): number | null =>
  (before === 0 || !Number.isFinite(before) || !Number.isFinite(now) ? null : ((now - before) / before) * 100);

export const formatPercent = (percent: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(percent / 100);
