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
 *   and the coupon; never the freight); with a coupon only when `couponStatus` is 1. mall silently
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

/** The most points an order of `goods` cents may take: within the share and below the goods' whole amount, in whole steps. */
export const maxPointsFor = (setting: PointsSetting, goods: Cents, balance: number): number => {
  if (setting.deductionPerAmount <= 0 || setting.useUnit <= 0) return 0;
  // At least a cent is left to pay: an order is paid through a provider, which takes no zero amount.
  const cap = Math.min(Math.floor((Math.max(0, goods) * Math.max(0, Math.min(100, setting.maxPercentPerOrder))) / 100), goods - 1);
  const byValue = Math.floor((cap * setting.deductionPerAmount) / 100);
  const most = Math.min(byValue, Math.max(0, balance));
  return most - (most % setting.useUnit);
};

export type PointsInput = { readonly use: number; readonly balance: number; readonly setting: PointsSetting };

/** Why the points asked for cannot be spent on this order: a message key and its parameters, or null. */
export type PointsRefusal = { readonly key: 'points_over_balance' | 'points_unit' | 'points_with_coupon' | 'points_over_limit'; readonly params: Record<string, number> };

/** The points rule over an order's goods (the module's comment): their worth, or why not. */
export const pointsRule = (input: PointsInput, goods: Cents, withCoupon: boolean): { amount: Cents; refusal: PointsRefusal | null } => {
  const { use, balance, setting } = input;
  if (use <= 0) return { amount: 0, refusal: null };
  if (use > balance) return { amount: 0, refusal: { key: 'points_over_balance', params: { balance } } };
  if (setting.useUnit <= 0 || use % setting.useUnit !== 0) return { amount: 0, refusal: { key: 'points_unit', params: { unit: setting.useUnit } } };
  if (withCoupon && setting.couponStatus !== 1) return { amount: 0, refusal: { key: 'points_with_coupon', params: {} } };
  if (use > maxPointsFor(setting, goods, balance)) return { amount: 0, refusal: { key: 'points_over_limit', params: { max: maxPointsFor(setting, goods, balance) } } };
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
