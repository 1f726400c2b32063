/**
 * Members' points on the shop front (server/areas/portal/orders/points.ts), on `mall`'s tables:
 *
 * - the shop's points rule (`ums_integration_consume_setting`, mall's one row, one per shop here):
 *   points per yuan, the largest share of an order payable in points, the step points are spent in,
 *   whether points and a coupon go together. A shop without one has mall's defaults.
 * - the points history (`ums_integration_change_history`): every change of a member's points, written
 *   by the shop front with the change of the member's balance (which equals their sum). Read-only here.
 */
import { dateTime, defineEntity, enumeration, flag, int, reference, referenceName, text } from '../engine/entity';
import { defineEnum } from '../engine/enums';

export const pointsRule = defineEntity({
  name: 'pointsRule', path: '/integrationConsumeSetting', table: 'ums_integration_consume_setting', tenant: 'shop_id', display: 'shopName',
  menu: { route: 'pointsRule' },
  defaultSort: { field: 'id', order: 'ASC' },
  fields: {
    shopId: reference('shop', 'shopName', { required: true, immutable: true, list: true, filter: { param: 'shopId', op: 'eq', alwaysOn: true } }),
    shopName: referenceName('shopId'),
    // Points worth one yuan (mall's deductionPerAmount).
    deductionPerAmount: int({ required: true, min: 1, max: 100_000, list: true }),
    // The largest share of an order's goods payable in points, in percent.
    maxPercentPerOrder: int({ required: true, min: 0, max: 100, list: true }),
    // Points are spent in whole multiples of this.
    useUnit: int({ required: true, min: 1, max: 100_000, list: true }),
    // 1: points may be spent on an order that uses a coupon too.
    couponStatus: flag({ required: true, list: true }),
  },
  // One rule per shop: a second is refused by name (server/areas/member/migration-points-rule-key.ts backs it).
  unique: [{ fields: ['shopId'], messageKey: 'points_rule_repeated' }],
});

/** mall's `changeType`: 0 added, 1 taken. */
export const { values: POINTS_CHANGE, options: POINTS_CHANGES } = defineEnum({
  added: [0, 'added'], taken: [1, 'taken'],
});

/** mall's `sourceType`: 0 shopping, 1 an administrator. */
export const { values: POINTS_SOURCE, options: POINTS_SOURCES } = defineEnum({
  shopping: [0, 'shopping'], admin: [1, 'admin'],
});

export const pointsHistory = defineEntity({
  name: 'pointsHistory', path: '/integrationChangeHistory', table: 'ums_integration_change_history', tenant: 'shop_id', display: 'id',
  naming: ['memberId', 'changeType', 'changeCount'],
  menu: { route: 'pointsHistory' },
  routes: { create: false, update: false, delete: false },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: {
    shopId: reference('shop', 'shopName', { serverManaged: true, list: true, listPriority: 'medium', filter: { param: 'shopId', op: 'eq', alwaysOn: true } }),
    shopName: referenceName('shopId'),
    // A merge moves a member's points history to the member kept, whose balance takes the points too
    // (server/areas/member/actions.ts), so the kept balance still equals its history.
    memberId: reference('member', 'username', { serverManaged: true, list: true, filter: { param: 'memberId', op: 'eq', alwaysOn: true }, onMerge: { policy: 'move' } }),
    memberUsername: referenceName('memberId'),
    changeType: enumeration(POINTS_CHANGES, { serverManaged: true, list: true, filter: { param: 'changeType', op: 'eq', alwaysOn: true } }),
    changeCount: int({ serverManaged: true, list: true }),
    sourceType: enumeration(POINTS_SOURCES, { serverManaged: true, list: true, filter: { param: 'sourceType', op: 'eq', alwaysOn: true } }),
    orderId: reference('order', 'orderSn', { serverManaged: true, list: true, filter: { param: 'orderId', op: 'eq' } }),
    orderSn: referenceName('orderId'),
    operateMan: text({ serverManaged: true, list: true, listPriority: 'low' }),
    operateNote: text({ serverManaged: true, list: true, listPriority: 'medium' }),
    createTime: dateTime({ serverManaged: true, list: true, sortable: true }),
  },
});
