/**
 * Money, shared by both halves. The database holds integer cents (minor units); the API speaks
 * decimal numbers with at most two places, as `mall`'s DECIMAL(10,2) columns do. Arithmetic is
 * done in cents (integers add exactly); conversions and ratios go through the decimal text of a
 * number (`String(1.005)` is `"1.005"`), never through `x * 100`, whose binary error turns
 * 1.005 into 100.49999… and rounds it the wrong way.
 *
 * Rounding is half-up in the commercial sense, half away from zero (Java's RoundingMode.HALF_UP,
 * which `mall`'s BigDecimal code uses): 0.005 → 0.01 and -0.005 → -0.01, so rounding a negative
 * amount gives the negative of rounding the positive one.
 *
 * Exact for amounts below 10^13 (cents below 10^15), far beyond the 99,999,999.99 a field allows.
 */

/** A decimal as sign, digits and scale: value = ±digits / 10^scale. */
type Decimal = { negative: boolean; digits: bigint; scale: number };

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

const parseDecimal = (value: number | string): Decimal => {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  // String(number) is the shortest text that reads back as the same number: what was typed.
  const text = String(value).trim();
  const match = DECIMAL_TEXT.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole + fraction === '') throw new RangeError(`Not an amount: ${text}`);
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - Number(match[4] ?? 0);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: match[1] === '-' && digits !== 0n, digits, scale };
};

/** ±digits / 10^scale, rounded half away from zero to a whole number of 10^-places. */
const roundTo = (d: Decimal, places: number): bigint => {
  let units: bigint;
  if (d.scale <= places) {
    units = d.digits * 10n ** BigInt(places - d.scale);
  } else {
    const divisor = 10n ** BigInt(d.scale - places);
    units = d.digits / divisor;
    if ((d.digits % divisor) * 2n >= divisor) units += 1n;
  }
  return d.negative ? -units : units;
};

const toSafeNumber = (value: bigint): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Amount out of range: ${value} cents`);
  return n;
};

const checkCents = (cents: number): number => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents;
};

/** An API amount (`12.34`, or text `"12.345"`) as integer cents, rounded half-up. */
export const toCents = (amount: number | string): number => toSafeNumber(roundTo(parseDecimal(amount), 2));

/** Integer cents as the API's decimal number (`1234` → `12.34`). */
export const fromCents = (cents: number): number => checkCents(cents) / 100 + 0;

/** True when the amount has at most two decimal places (`12.3`, `12.30`; not `12.345`). */
export const isCentAmount = (amount: number): boolean => {
  if (!Number.isFinite(amount)) return false;
  const d = parseDecimal(amount);
  return d.scale <= 2 || d.digits % 10n ** BigInt(d.scale - 2) === 0n;
};

/** An amount rounded half-up to cents, still as a decimal number (`1.005` → `1.01`). */
export const roundMoney = (amount: number | string): number => fromCents(toCents(amount));

/** The exact sum of amounts in cents (payable = total + freight - coupon: `sumCents([t, f, -c])`). */
export const sumCents = (cents: readonly number[]): number => {
  let total = 0n;
  for (const c of cents) total += BigInt(checkCents(c));
  return toSafeNumber(total);
};

/**
 * cents × ratio, rounded half-up to whole cents: a reward of 10 % is `multiplyCents(amount, 0.1)`.
 * The ratio is taken at its decimal value (`0.1` is one tenth, not the binary 0.1000000000000000055).
 */
export const multiplyCents = (cents: number, ratio: number | string): number => {
  const r = parseDecimal(ratio);
  const c = checkCents(cents);
  return toSafeNumber(roundTo({ negative: (c < 0) !== r.negative && c !== 0 && r.digits !== 0n, digits: BigInt(Math.abs(c)) * r.digits, scale: r.scale }, 0));
};

/**
 * Ratios (a referral's distribution ratio, 0..1) are spoken as decimals with at most four places
 * (`0.125` is 12.5 %) and stored as whole ten-thousandths (`1250`), through the same decimal text
 * as amounts, so `0.1` is exactly 1000 and never 999.
 */
export const RATIO_PLACES = 4;

/** A ratio (`0.125`) as whole ten-thousandths (`1250`), rounded half-up. */
export const toRatioUnits = (ratio: number | string): number => toSafeNumber(roundTo(parseDecimal(ratio), RATIO_PLACES));

/** Whole ten-thousandths as the API's ratio (`1250` → `0.125`). */
export const fromRatioUnits = (units: number): number => checkCents(units) / 10 ** RATIO_PLACES + 0;

/** True when the ratio has at most four decimal places (`0.125`; not `0.12345`). */
export const isRatioValue = (ratio: number): boolean => {
  if (!Number.isFinite(ratio)) return false;
  const d = parseDecimal(ratio);
  return d.scale <= RATIO_PLACES || d.digits % 10n ** BigInt(d.scale - RATIO_PLACES) === 0n;
};

/** Intl options for a ratio shown as a percentage (`0.125` → 12.5 %). */
export const RATIO_FORMAT = { style: 'percent', maximumFractionDigits: 2 } as const;

/** Intl options for a plain amount with two decimals (lists, forms without a known currency). */
export const MONEY_FORMAT = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/**
 * Cents as text for a locale, with a currency symbol when the currency (ISO 4217, e.g. a shop's
 * `USD`) is known. Symbols, separators and the currency's own decimals are Intl's business.
 */
export const formatMoney = (cents: number, locale: string, currency?: string): string =>
  new Intl.NumberFormat(locale, currency ? { style: 'currency', currency } : MONEY_FORMAT).format(fromCents(cents));
