/**
 * Cashier balances (issue 11 item 6, spec section 3 "Balance: amount, pay channel, note, related
 * orders"): money a shop received (a bank transfer, cash, a PayPal payment…) and the orders it
 * pays for. Staff bind orders of the balance's own shop to it, each with an amount: all bindings
 * of a balance together never exceed it ("exceed balance limit"), and the bindings of an order
 * never exceed what it has to pay ("exceed order amount"). An order pending payment whose payable
 * amount is fully covered becomes paid (pending shipment) by the order's own transition, with its
 * history row; unbinding takes that back while the order has not shipped, and is refused after.
 * The bound amount and the related orders are derived on the server from the bindings.
 */
import { z } from 'zod';
import { childRows, dateTime, defineEntity, enumeration, flag, int, json, money, reference, referenceName, text } from '../engine/entity';
import type { TransitionDecl } from '../engine/entity';
import { ORDER_STATUS, PAY_STATUS } from '../oms/entities';
import { PAY_CHANNELS } from '../vip/entities';

/** Largest balance and binding, as every order amount (money in major units). */
export const BALANCE_MAX = 99_999_999.99;
/** Most orders one bind call may name. */
export const BIND_MAX_ORDERS = 100;
/** Most orders `GET /balance/openOrders/{id}` answers (the dialog searches for the others). */
export const OPEN_ORDERS_MAX = 50;

/**
 * The order transitions a binding makes (not endpoints of their own: only a binding pays an
 * order here): fully covered, pending payment → pending shipment; a binding withdrawn before the
 * order shipped, back to pending payment.
 */
export const ORDER_PAID_BY_BALANCE: TransitionDecl = { from: [ORDER_STATUS.pendingPayment], to: ORDER_STATUS.pendingShipment, sets: { payStatus: PAY_STATUS.paid } };
export const ORDER_PAYMENT_WITHDRAWN: TransitionDecl = { from: [ORDER_STATUS.pendingShipment], to: ORDER_STATUS.pendingPayment, sets: { payStatus: PAY_STATUS.unpaid } };
/** An order paid by bindings that reached these states keeps its bindings (unbinding is refused). */
export const ORDER_SHIPPED_STATUSES: readonly number[] = [ORDER_STATUS.shipped, ORDER_STATUS.completed];

/** One related order of a balance, as the balance answers it. */
export const boundOrderSchema = z.object({
  orderId: z.number().int(), orderSn: z.string().nullable(), amount: z.number(), status: z.number().int().nullable(), paidOrder: z.number().int(),
});
export type BoundOrder = z.infer<typeof boundOrderSchema>;

/** One order a balance may pay for, as `GET /balance/openOrders/{id}` answers it (amounts in major units). */
export type OpenOrder = {
  id: number; orderSn: string; createTime: string | null; memberUsername: string | null; receiverName: string | null;
  payAmount: number; boundAmount: number; openAmount: number;
};

/** One binding of an order to a balance; written only by the balance's bind and unbind. */
export const balanceOrder = defineEntity({
  // Under /balance, so whoever may use balances (the `/balance/**` resource) reads their bindings too.
  name: 'balanceOrder', path: '/balance/order', table: 'oms_cashier_balance_order', tenant: 'shop_id', display: 'id',
  // No screen of its own: the balance list shows them (ENTITIES puts the balance after it, so /oms/balanceList stays the balances).
  menu: { route: 'balanceList' },
  routes: { create: false, update: false, delete: false },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: {
    balanceId: int({ serverManaged: true, list: true, filter: { param: 'balanceId', op: 'eq' } }),
    shopId: int({ serverManaged: true }),
    // No list column: the bindings have no list screen of their own (the balance's related orders show them).
    orderId: reference('order', 'orderSn', { serverManaged: true, filter: { param: 'orderId', op: 'eq' } }),
    orderSn: referenceName('orderId'),
    amount: money({ serverManaged: true, list: true }),
    // This binding completed the order's payment (the order became paid by it).
    paidOrder: flag({ serverManaged: true, list: true }),
    operatorId: reference('admin', 'username', { serverManaged: true }),
    operatorName: referenceName('operatorId'),
    createTime: dateTime({ auto: 'create', list: true }),
  },
  // One binding per balance and order (binding it again adds to it); the unique index backs it.
  unique: [{ fields: ['balanceId', 'orderId'] }],
});

/** Money a shop received, and the orders it pays for. */
export const balance = defineEntity({
  name: 'balance', path: '/balance', table: 'oms_cashier_balance', tenant: 'shop_id', display: 'id',
  naming: ['shopName', 'payChannel', 'amount'],
  owns: [{ table: 'oms_cashier_balance_order', column: 'balance_id', policy: 'restrict', messageKey: 'balance_has_orders' }],
  menu: { route: 'balanceList' },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: {
    shopId: reference('shop', 'shopName', { required: true, immutable: true, list: true, filter: { param: 'shopId', op: 'eq' } }),
    shopName: referenceName('shopId'),
    amount: money({ required: true, min: 0.01, max: BALANCE_MAX, list: true, sortable: true }),
    payChannel: enumeration(PAY_CHANNELS, { required: true, list: true, filter: { param: 'payChannel', op: 'eq', alwaysOn: true } }),
    note: text({ length: [0, 500], list: true }),
    // Derived from the bindings on every read (never stored): what is bound (what is left is the amount less it).
    boundAmount: money({ serverManaged: true, virtual: true, list: true }),
    orders: json(z.array(boundOrderSchema), { serverManaged: true, virtual: true, list: true }),
    createTime: dateTime({ auto: 'create', list: true, listPriority: 'medium', sortable: true }),
  },
  actions: {
    // The JSON body: [{orderId, amount}, …]; one bad row refuses the whole call, its error named by the row (`orders.2.amount`).
    bind: {
      on: 'row', path: '/bind/{id}', writes: true, button: false, bodyParam: 'orders',
      summary: 'Bind orders of the balance\'s shop to it, each with an amount (a JSON array of {orderId, amount}); an order fully covered becomes paid',
      params: {
        orders: childRows({
          table: 'oms_cashier_balance_order', link: 'balance_id', tenant: 'shop_id', min: 1, max: BIND_MAX_ORDERS,
          fields: {
            orderId: reference('order', 'orderSn', { required: true, unique: true }),
            amount: money({ required: true, min: 0.01, max: BALANCE_MAX }),
          },
        }),
      },
    },
    unbind: {
      on: 'row', path: '/unbind/{id}', writes: true, button: false,
      summary: 'Take an order\'s binding off the balance; an order it had paid goes back to pending payment unless it has shipped',
      params: { orderId: int({ required: true, min: 1 }) },
    },
    openOrders: {
      on: 'row', path: '/openOrders/{id}', writes: false,
      summary: 'Orders of the balance\'s shop pending payment with an open amount, whose number, receiver or buyer holds the keyword',
      params: { keyword: text({ length: [0, 64] }) },
    },
  },
});
