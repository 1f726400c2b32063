/**
 * The Orders area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const OMS_MESSAGES = defineMessages({
  choose_return_address: { en: 'Choose the address the returned goods go back to', zh: '请选择退货收货地址' },
  no_shippable_orders: { en: 'No shippable orders in the selected orders', zh: '选中订单中没有可以发货的订单' },
  select_orders: { en: 'Please select the orders to operate', zh: '请选择要操作的订单' },
  company_required: { en: 'Logistics company is required', zh: '请选择物流公司' },
  delivery_sn_required: { en: 'Logistics number is required', zh: '请输入物流单号' },
  note_required: { en: 'Operation note cannot be empty', zh: '操作备注不能为空' },
  payable_negative: { en: 'The payable amount cannot be negative', zh: '应付金额不能为负数' },
  payable_zero_unpaid: { en: 'An unpaid order must have a payable amount above zero', zh: '未付款订单的应付金额必须大于零' },
  order_paid_amount_fixed: { en: 'The order is paid (or refunded): its fees and lines can no longer change its amount', zh: '订单已付款（或已退款）：费用和商品行不能再改变其金额' },
  payable_not_above_bound: { en: 'Cashier money of {bound} is bound to the order: the payable amount must stay above it (unbind first)', zh: '该订单已绑定收银款项 {bound}：应付金额必须高于此金额（请先解绑）' },
  order_close_bound: { en: 'Cashier money of {amount} is bound to order {orderSn}: unbind it before closing the order', zh: '订单 {orderSn} 已绑定收银款项 {amount}：请先解绑再关闭订单' },
  order_has_bindings: { en: 'Cashier money is bound to the order: unbind it first', zh: '该订单已绑定收银款项：请先解绑' },
  order_has_returns: { en: 'The order has return requests and cannot be deleted for good', zh: '该订单有退货申请，不能彻底删除' },
});
