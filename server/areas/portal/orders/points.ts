/**
 * A member's points (`ums_member.integration`) on the shop front's orders, by the shop's consume
 * setting (`ums_integration_consume_setting`, mall's UmsIntegrationConsumeSetting; a shop without a
 * row has mall's defaults). Every change is one conditional update of the member's balance and one
 * row of `ums_integration_change_history` in the caller's transaction, so the balance always equals
 * what the history adds up to and never goes below zero.
 *
 * - Spending (`pointsRule`, then `spendPoints` in the order's transaction): points in steps of
 *   `useUnit`, at most the member's balance, worth `100 / deductionPerAmount` cents each (rounded
 *   down to the cent), together worth at most `maxPercentPerOrder` % of the goods (after promotions
 *   and the coupon; never the freight); with a coupon only when `couponStatus` is 1. A product may
 *   cap the points its line takes (`usePointLimit` > 0; 0: no cap of its own): then the order takes
 *   at most the sum over its lines of each line's cap, a line without one capped by what it costs
 *   (`productPointsLimit`), and the points' worth is shared so that no line carries more than its
 *   cap (`splitPoints`). mall silently
 *   prices points it will not take at 0; here the order is refused, saying why. The balance is taken
 *   by `integration = integration − n where integration ≥ n`: two orders spending the same points
 *   at once cannot both pass.
 * - Closing an unpaid order (the buyer, an administrator, the time-out job: server/areas/oms/holds.ts)
 *   gives the points it spent back (`returnOrderPoints`), once: the order's `use_integration` is set
 *   to 0 in the same statement that finds it.
 * - Confirming receipt (server/areas/oms/orders.ts `confirmReceipt`) gives the member the order's
 *   `integration` (the lines' gift points) and `growth` (`giftOrderPoints`), as mall's contract says.
 */
import { sql } from 'kysely';
import type { Db } from '../../../crud/hooks';
import { toDbTime } from '../../../db/time';
import type { Cents } from '../../sms/pricing';

export type PointsSetting = { readonly deductionPerAmount: number; readonly maxPercentPerOrder: number; readonly useUnit: number; readonly couponStatus: number };

/** mall's demo row: 100 points a yuan, at most half an order, in steps of 100, with a coupon too. */
export const DEFAULT_POINTS_SETTING: PointsSetting = { deductionPerAmount: 100, maxPercentPerOrder: 50, useUnit: 100, couponStatus: 1 };

/** mall's changeType and sourceType. */
const ADDED = 0;
const TAKEN = 1;
const SHOPPING = 0;

export const pointsSettingOf = async (db: Db, shopId: number): Promise<PointsSetting> => {
  const row = await db.selectFrom('ums_integration_consume_setting').selectAll().where('shop_id', '=', shopId).executeTakeFirst();
  if (!row) return DEFAULT_POINTS_SETTING;
  return { deductionPerAmount: Number(row.deduction_per_amount), maxPercentPerOrder: Number(row.max_percent_per_order), useUnit: Number(row.use_unit), couponStatus: Number(row.coupon_status) };
};

/** What `use` points are worth, in cents (rounded down). */
export const pointsValue = (setting: PointsSetting, use: number): Cents =>
  setting.deductionPerAmount > 0 ? Math.floor((use * 100) / setting.deductionPerAmount) : 0;

/** The points `cents` of goods are worth at most (rounded down). */
const pointsWorth = (setting: PointsSetting, cents: Cents): number => Math.floor((Math.max(0, cents) * setting.deductionPerAmount) / 100);

/**
 * The most points an order of `goods` cents may take: within the share, below the goods' whole amount
 * and within the products' own caps (`productLimit`, from `productPointsLimit`; null: none), in whole steps.
 */
export const maxPointsFor = (setting: PointsSetting, goods: Cents, balance: number, productLimit: number | null = null): number => {
  if (setting.deductionPerAmount <= 0 || setting.useUnit <= 0) return 0;
  // At least a cent is left to pay: an order is paid through a provider, which takes no zero amount.
  const cap = Math.min(Math.floor((Math.max(0, goods) * Math.max(0, Math.min(100, setting.maxPercentPerOrder))) / 100), goods - 1);
  const byValue = pointsWorth(setting, cap);
  const most = Math.min(byValue, Math.max(0, balance), productLimit === null ? Infinity : Math.max(0, productLimit));
  return most - (most % setting.useUnit);
};

/** One line as the products' caps read it: what it costs after promotions and the coupon, and its product's `usePointLimit`. */
export type PointsLine = { readonly amount: Cents; readonly limit: number };

/** Each line's cap in points: its product's limit when it sets one (> 0), never more than the line is worth; else what the line is worth. */
const lineCaps = (setting: PointsSetting, lines: readonly PointsLine[]): number[] =>
  lines.map((line) => (line.limit > 0 ? Math.min(line.limit, pointsWorth(setting, line.amount)) : pointsWorth(setting, line.amount)));

/** The products' cap on an order's points: the sum of the lines' caps when some product sets a limit, else null (none). */
export const productPointsLimit = (setting: PointsSetting, lines: readonly PointsLine[]): number | null =>
  (lines.some((line) => line.limit > 0) ? lineCaps(setting, lines).reduce((a, b) => a + b, 0) : null);

/**
 * The points' worth (`amount` cents) shared over the lines in proportion to their amounts, in whole
 * cents that add up exactly, no line beyond its cap's worth (rounded up to the cent) nor its amount:
 * a share past its cap is cut to it and the rest shared again over the other lines. Without a
 * product's limit this is the plain proportional share (`share`).
 */
export const splitPoints = (setting: PointsSetting, amount: Cents, lines: readonly PointsLine[], share: (amount: Cents, weights: readonly Cents[]) => Cents[]): Cents[] => {
  const weights = lines.map((line) => line.amount);
  if (!lines.some((line) => line.limit > 0) || setting.deductionPerAmount <= 0) return share(amount, weights);
  const caps = lineCaps(setting, lines).map((points, i) => Math.min(weights[i]!, Math.ceil((points * 100) / setting.deductionPerAmount)));
  const shares = lines.map(() => 0);
  let open = lines.map((_, i) => i).filter((i) => caps[i]! > 0);
  let left = amount;
  while (left > 0 && open.length) {
    const parts = share(left, open.map((i) => weights[i]!));
    const over = open.filter((i, k) => shares[i]! + parts[k]! > caps[i]!);
    if (!over.length) {
      open.forEach((i, k) => { shares[i]! += parts[k]!; });
      left = 0;
      break;
    }
    for (const i of over) {
      left -= caps[i]! - shares[i]!;
      shares[i] = caps[i]!;
    }
    open = open.filter((i) => !over.includes(i));
  }
  return shares;
};

export type PointsInput = { readonly use: number; readonly balance: number; readonly setting: PointsSetting };

/** Why the points asked for cannot be spent on this order: a message key and its parameters, or null. */
export type PointsRefusal = { readonly key: 'points_over_balance' | 'points_unit' | 'points_with_coupon' | 'points_over_limit'; readonly params: Record<string, number> };

/**
 * The points rule over an order's goods (the module's comment): their worth, or why not. `productLimit`:
 * the products' cap (`productPointsLimit`), null when none sets one.
 */
export const pointsRule = (input: PointsInput, goods: Cents, withCoupon: boolean, productLimit: number | null = null): { amount: Cents; refusal: PointsRefusal | null } => {
  const { use, balance, setting } = input;
  if (use <= 0) return { amount: 0, refusal: null };
  if (use > balance) return { amount: 0, refusal: { key: 'points_over_balance', params: { balance } } };
  if (setting.useUnit <= 0 || use % setting.useUnit !== 0) return { amount: 0, refusal: { key: 'points_unit', params: { unit: setting.useUnit } } };
  if (withCoupon && setting.couponStatus !== 1) return { amount: 0, refusal: { key: 'points_with_coupon', params: {} } };
  const max = maxPointsFor(setting, goods, balance, productLimit);
  if (use > max) return { amount: 0, refusal: { key: 'points_over_limit', params: { max } } };
  return { amount: pointsValue(setting, use), refusal: null };
};

type Change = { shopId: number; memberId: number; count: number; note: string; orderId: number | null };

const history = (trx: Db, type: number, change: Change) => trx.insertInto('ums_integration_change_history').values({
  shop_id: change.shopId, member_id: change.memberId, create_time: toDbTime(), change_type: type, change_count: change.count,
  operate_man: null, operate_note: change.note, source_type: SHOPPING, order_id: change.orderId,
}).execute();

/** Takes `count` points from the member for an order, only while the balance holds them; false: it does not (nothing written). */
export const spendPoints = async (trx: Db, change: Change): Promise<boolean> => {
  if (change.count <= 0) return true;
  const taken = await trx.updateTable('ums_member').set({ integration: sql<number>`integration - ${change.count}` })
    .where('id', '=', change.memberId).where('shop_id', '=', change.shopId).where('integration', '>=', change.count).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  await history(trx, TAKEN, change);
  return true;
};

/** Gives back the points closed orders spent, once each (their `use_integration` goes to 0 with it). */
export const returnOrderPoints = async (trx: Db, orderIds: readonly number[]): Promise<void> => {
  if (!orderIds.length) return;
  const spent = await trx.selectFrom('oms_order').select(['id', 'shop_id', 'member_id', 'use_integration', 'order_sn'])
    .where('id', 'in', [...orderIds]).where('use_integration', '>', 0).orderBy('id').execute();
  for (const order of spent) {
    const count = Number(order.use_integration);
    const cleared = await trx.updateTable('oms_order').set({ use_integration: 0 }).where('id', '=', order.id).where('use_integration', '=', count).executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1 || order.member_id === null) continue;
    const member = await trx.updateTable('ums_member').set({ integration: sql<number>`integration + ${count}` }).where('id', '=', Number(order.member_id)).executeTakeFirst();
    // An order whose member is gone (merged away, or an imported order naming none that exists) has no balance to return to.
    if (Number(member.numUpdatedRows) !== 1) continue;
    await history(trx, ADDED, { shopId: Number(order.shop_id), memberId: Number(order.member_id), count, note: `Order ${String(order.order_sn)} closed`, orderId: Number(order.id) });
  }
};

/** Gives the members of received orders the points and growth the orders earn (the orders' `integration`, `growth`). */
export const giftOrderPoints = async (trx: Db, orderIds: readonly number[]): Promise<void> => {
  if (!orderIds.length) return;
  const orders = await trx.selectFrom('oms_order').select(['id', 'shop_id', 'member_id', 'integration', 'growth', 'order_sn'])
    .where('id', 'in', [...orderIds]).orderBy('id').execute();
  for (const order of orders) {
    const points = Number(order.integration ?? 0);
    const growth = Number(order.growth ?? 0);
    if (order.member_id === null || (points <= 0 && growth <= 0)) continue;
    const member = await trx.updateTable('ums_member').set({ integration: sql<number>`integration + ${Math.max(0, points)}`, growth: sql<number>`growth + ${Math.max(0, growth)}` })
      .where('id', '=', Number(order.member_id)).executeTakeFirst();
    // An order whose member is gone earns nobody anything.
    if (Number(member.numUpdatedRows) !== 1) continue;
    if (points > 0) await history(trx, ADDED, { shopId: Number(order.shop_id), memberId: Number(order.member_id), count: points, note: `Order ${String(order.order_sn)} received`, orderId: Number(order.id) });
  }
};
