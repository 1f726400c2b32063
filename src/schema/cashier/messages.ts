/**
 * The Cashier area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const CASHIER_MESSAGES = defineMessages({
  exceed_order_amount: { en: 'exceed order amount', zh: '超出订单金额' },
  exceed_balance_limit: { en: 'exceed balance limit', zh: '超出余额限额' },
  order_not_payable: { en: 'Only orders pending payment can be bound', zh: '只能绑定待付款的订单' },
  order_shipped_unbind: { en: 'The order has shipped: the payment that paid it cannot be unbound', zh: '订单已发货，不能解绑为其付款的余额' },
  balance_has_orders: { en: 'Unbind its orders before deleting the balance', zh: '请先解绑其订单，再删除该余额' },
  below_bound: { en: 'Cannot be less than what is already bound ({min})', zh: '不能少于已绑定的金额（{min}）' },
});
