/**
 * The price check's shared declarations: what a buyer would pay for a quantity of one product
 * (and SKU), line by line, and why. The browser needs only these: the query's parameters (the
 * screen's form), the reason keys with their English texts (the screen translates them) and the
 * answer's shape. The rules themselves run on the server only (server/areas/sms/pricing.ts).
 */
import type { Entity } from '../engine/entity';
import { dateTime, enumeration, int, reference } from '../engine/entity';

/** The buyer's platform, as a coupon's `platform` names them (0 = all is the coupon's, not the buyer's). */
export const PRICE_PLATFORMS = [{ value: 1, label: 'mobile' }, { value: 2, label: 'pc' }] as const;
export type PricePlatform = (typeof PRICE_PLATFORMS)[number]['value'];

/** Most pieces one check prices (a cart line; keeps every product of cents below 2^53). */
export const MAX_QUANTITY = 9999;

/**
 * The query of `GET /price/check`, declared like fields: the server reads and checks it with the
 * fields' own rules (server/crud/params.ts), OpenAPI states it, and the screen labels its inputs
 * by the same names (`priceCheck.params.<name>`). `time` absent is now; `platform` absent is PC.
 */
export const PRICE_CHECK_PARAMS = {
  productId: reference('product', 'name', { required: true }),
  skuId: int({ min: 1 }),
  quantity: int({ required: true, min: 1, max: MAX_QUANTITY }),
  memberLevelId: reference('memberLevel', 'name'),
  time: dateTime(),
  couponId: reference('coupon', 'name'),
  platform: enumeration(PRICE_PLATFORMS, { default: 2 }),
} as const;

/**
 * The parameters seen as a small entity of their own (as an action's are: `actionParamsEntity`),
 * so the screen's form gets the generic inputs, defaults, validation and labels
 * (`resources.priceCheck.fields.<name>`). It has no table and no routes.
 */
export const priceCheckParams: Entity = {
  name: 'priceCheck', path: '/price', table: '', tenant: null, display: 'id',
  menu: { route: 'priceCheck', screens: false }, fields: PRICE_CHECK_PARAMS,
  routes: { list: false, get: false, create: false, update: false, delete: false },
};

/**
 * Why a rule did or did not apply, in English with `{name}` placeholders: the API's `message`,
 * and the screen's English strings (src/resources/sms/strings.ts adds the Chinese). Money
 * parameters are decimals with two places; `strategy` and `platform` are labels the screen translates.
 */
export const PRICE_REASONS = {
  list_price: 'The product\'s price: {price}',
  list_price_sku: 'The price of SKU {skuCode}: {price}',
  strategy_not_chosen: 'Not the product\'s price strategy (it uses: {strategy})',
  replaced_by_flash: 'The flash price replaces the product\'s price strategy',
  promotion_applied: 'Promotion price {price}',
  promotion_no_price: 'The product has no promotion price',
  promotion_not_started: 'The promotion starts at {startTime}',
  promotion_ended: 'The promotion ended at {endTime}',
  promotion_not_lower: 'The promotion price {price} is not below the list price',
  member_applied: 'Member price of {level}: {price}',
  member_no_level: 'No member level given',
  member_no_privilege: 'The level {level} has no member-price privilege',
  member_no_price: 'The product has no member price for {level}',
  member_not_lower: 'The member price {price} is not below the list price',
  ladder_applied: '{count} or more pieces: × {discount}, {price} each',
  ladder_none: 'The product has no quantity tiers',
  ladder_short: 'The first tier starts at {count} pieces',
  full_reduction_applied: '{reducePrice} off a line of {fullPrice} or more',
  full_reduction_none: 'The product has no full-reduction tiers',
  full_reduction_short: 'The first tier starts at {fullPrice}; the line is {subtotal}',
  flash_applied: 'Flash sale "{title}", session {session}: {price} each',
  flash_none: 'The product is in no flash sale',
  flash_offline: 'The flash sale "{title}" is offline',
  flash_not_on_date: 'The flash sale "{title}" runs from {startDate} to {endDate}',
  flash_session_disabled: 'The session {session} of "{title}" is disabled',
  flash_session_not_now: 'The session {session} of "{title}" runs from {startTime} to {endTime}',
  flash_no_price: 'The product has no flash price in "{title}"',
  flash_not_lower: 'The flash price {price} is not below the list price',
  flash_over_limit: 'More than the {limit} pieces one buyer may take in "{title}"',
  flash_over_count: 'More than the {count} pieces on sale in "{title}"',
  coupon_applied: 'Coupon "{name}": {amount} off',
  coupon_applied_capped: 'Coupon "{name}" is worth {amount}: it takes off the whole {subtotal}',
  coupon_none: 'No coupon given',
  coupon_not_started: 'The coupon can be used from {startTime}',
  coupon_expired: 'The coupon expired at {endTime}',
  coupon_platform: 'The coupon is for {platform} only',
  coupon_category: 'The coupon is for other product categories',
  coupon_product: 'The coupon is for other products',
  coupon_none_left: 'No coupons are left',
  coupon_stopped: 'The coupon was stopped',
  coupon_min_spend: 'The coupon needs a spend of {minPoint}; the amount is {subtotal}',
} as const;
export type PriceReasonKey = keyof typeof PRICE_REASONS;

export type PriceReasonParams = Readonly<Record<string, string | number>>;
export type PriceRule = 'listPrice' | 'promotionPrice' | 'memberPrice' | 'ladder' | 'fullReduction' | 'flash' | 'coupon';

export type PriceReasonAnswer = { readonly key: PriceReasonKey; readonly params: PriceReasonParams; readonly message: string };
export type PriceLineAnswer = {
  readonly rule: PriceRule; readonly applied: boolean; readonly unitPrice: number | null; readonly amountOff: number;
  readonly subtotal: number; readonly reasons: readonly PriceReasonAnswer[];
};

/** `GET /price/check`'s answer: the result in decimals, with what was checked. */
export type PriceCheckAnswer = {
  readonly productId: number; readonly productName: string; readonly skuId: number | null; readonly skuCode: string | null;
  /** The product's shop's currency (ISO 4217): every amount of the answer is in it. */
  readonly currency: string | null;
  readonly quantity: number; readonly memberLevelId: number | null; readonly memberLevelName: string | null;
  readonly couponId: number | null; readonly couponName: string | null; readonly platform: number; readonly time: string;
  /** The IANA zone the flash sale's dates and session times were judged in: the product's shop's (else the platform's). */
  readonly timeZone: string;
  readonly listPrice: number; readonly unitPrice: number; readonly subtotal: number; readonly couponAmount: number; readonly total: number;
  readonly lines: readonly PriceLineAnswer[];
};
