/**
 * Cashier balances: the labels of the balance and its bindings (`resources.balance`,
 * `resources.balanceOrder`) and the texts of the balance screen (`entity.cashier`), in English and
 * Chinese (typed by English, so a missing key fails type-checking).
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    balance: {
      name: 'Cashier balance |||| Cashier balances',
      fields: {
        shopId: 'Shop', shopName: 'Shop', amount: 'Amount', payChannel: 'Pay channel', note: 'Note',
        boundAmount: 'Bound', orders: 'Related orders', createTime: 'Received at',
      },
      enums: {
        payChannel: {
          bank: 'Offline bank transfer', paypal_offline: 'Offline PayPal', blockchain: 'Offline blockchain', cash: 'Offline cash', other: 'Others',
          paypal: 'Online PayPal', alipay: 'Online Alipay', wechat: 'Online WeChat',
        },
      },
      actions: {
        bind: {
          name: 'Bind orders',
          fields: { orders: 'Orders' },
          children: { orders: { fields: { orderId: 'Order', amount: 'Amount' } } },
        },
        unbind: { name: 'Unbind', fields: { orderId: 'Order' } },
        openOrders: { name: 'Orders to pay', fields: { keyword: 'Order number, receiver or buyer' } },
      },
    },
    balanceOrder: {
      name: 'Balance binding |||| Balance bindings',
      fields: {
        balanceId: 'Balance ID', shopId: 'Shop', orderId: 'Order', orderSn: 'Order number', amount: 'Amount', paidOrder: 'Paid the order',
        operatorId: 'Operator', operatorName: 'Operator', createTime: 'Bound at',
      },
    },
  },
  entity: {
    cashier: {
      bind: 'Bind orders',
      open: 'Open %{open}',
      order_open: 'Order open',
      bind_title: 'Bind orders to balance #%{id}',
      bind_summary: 'Balance %{amount} · bound %{bound} · open %{open}',
      bind_search: 'Search order number, receiver or buyer',
      bind_none: 'No orders of this shop are waiting for payment.',
      bind_pick: 'Pick',
      bind_order_open: 'Open %{open} of %{pay}',
      bind_amount: 'Amount',
      bind_total: 'Binding %{total} · left after %{left}',
      bind_submit: 'Bind',
      bind_done: 'Orders bound',
      bind_select: 'Pick at least one order and give its amount',
      cancel: 'Cancel',
      no_orders: 'No orders',
      paid_by_binding: 'paid',
      unbind: 'Unbind %{sn}',
      unbind_confirm_title: 'Unbind order %{sn}?',
      unbind_confirm: 'Its %{amount} goes back to the balance. An order this balance paid goes back to pending payment.',
      unbind_done: 'Order unbound',
    },
  },
};

export const strings = defineStrings(en, {
  resources: {
    balance: {
      name: '收银余额',
      fields: {
        shopId: '店铺', shopName: '店铺', amount: '金额', payChannel: '支付渠道', note: '备注',
        boundAmount: '已绑定', orders: '关联订单', createTime: '收款时间',
      },
      enums: {
        payChannel: {
          bank: '线下银行转账', paypal_offline: '线下 PayPal', blockchain: '线下区块链', cash: '线下现金', other: '其他',
          paypal: '在线 PayPal', alipay: '在线支付宝', wechat: '在线微信',
        },
      },
      actions: {
        bind: {
          name: '绑定订单',
          fields: { orders: '订单' },
          children: { orders: { fields: { orderId: '订单', amount: '金额' } } },
        },
        unbind: { name: '解绑', fields: { orderId: '订单' } },
        openOrders: { name: '待付款订单', fields: { keyword: '订单编号、收货人或买家' } },
      },
    },
    balanceOrder: {
      name: '余额绑定',
      fields: {
        balanceId: '余额 ID', shopId: '店铺', orderId: '订单', orderSn: '订单编号', amount: '金额', paidOrder: '已付清订单',
        operatorId: '操作人', operatorName: '操作人', createTime: '绑定时间',
      },
    },
  },
  entity: {
    cashier: {
      bind: '绑定订单',
      open: '可用 %{open}',
      order_open: '订单待付',
      bind_title: '为余额 #%{id} 绑定订单',
      bind_summary: '余额 %{amount} · 已绑定 %{bound} · 可用 %{open}',
      bind_search: '搜索订单编号、收货人或买家',
      bind_none: '该店铺没有待付款的订单。',
      bind_pick: '选择',
      bind_order_open: '待付 %{open} / 应付 %{pay}',
      bind_amount: '金额',
      bind_total: '本次绑定 %{total} · 绑定后剩余 %{left}',
      bind_submit: '绑定',
      bind_done: '订单已绑定',
      bind_select: '请至少选择一个订单并填写金额',
      cancel: '取消',
      no_orders: '无订单',
      paid_by_binding: '已付清',
      unbind: '解绑 %{sn}',
      unbind_confirm_title: '解绑订单 %{sn}？',
      unbind_confirm: '其 %{amount} 将退回余额。由该余额付清的订单将回到待付款状态。',
      unbind_done: '订单已解绑',
    },
  },
});
