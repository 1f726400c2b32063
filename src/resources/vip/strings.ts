/**
 * Seller VIP: the pay record's labels (`resources.payRecord`) and the `/pay/index` screen's texts
 * (`vip.*`), in English and Chinese (typed by English).
 */
import { defineStrings } from '../../engine/area';

const en = {
  resources: {
    payRecord: {
      name: 'Pay record |||| Pay records',
      fields: {
        sellerId: 'Seller', sellerName: 'Seller name', plan: 'Plan', amount: 'Amount (USD)', channel: 'Channel', status: 'Status',
        reference: 'Payment reference', createTime: 'Applied at', confirmTime: 'Confirmed at', refundTime: 'Refunded at',
        operatorId: 'Operator', operatorName: 'Operator name',
      },
      enums: {
        plan: { month_1: 'One month', month_3: 'Three months', month_6: 'Six months', year_1: 'One year', year_3: 'Three years', year_6: 'Six years' },
        channel: {
          bank: 'Offline bank transfer', paypal_offline: 'Offline PayPal', blockchain: 'Offline blockchain', cash: 'Offline cash', other: 'Others',
          paypal: 'Online PayPal', alipay: 'Online Alipay', wechat: 'Online WeChat',
        },
        status: { unpaid: 'Unpaid', paid: 'Paid', refunded: 'Refunded' },
      },
      actions: {
        confirm: { name: 'Confirm payment' },
        refund: { name: 'Refund' },
      },
    },
  },
  vip: {
    title: 'Buy VIP',
    intro: 'A VIP membership lets you open shops. Choose a period and how you pay; an administrator confirms offline payments.',
    status_active: 'Your VIP runs until %{date}.',
    status_none: 'You have no active VIP.',
    plans: 'Period',
    list_price: 'List price %{price}',
    channel: 'Payment channel',
    unavailable: 'Not available',
    how_to_pay: 'How to pay',
    how: {
      bank: 'Transfer the amount by bank, then enter the transfer number below.',
      bank_account: 'Bank account: %{account}',
      bank_ask: 'Ask the operator for the bank account, then enter the transfer number below.',
      paypal_offline: 'Send the amount with PayPal to %{account}, then enter the PayPal transaction id below.',
      blockchain: 'Send the amount on the %{network} network to the wallet address %{address}, then enter the transaction hash below.',
      cash: 'Pay the amount in cash to the operator, then enter the receipt number below.',
      other: 'Describe how you paid below; the operator will check it.',
      online: 'Online payment is not available yet.',
    },
    reference: 'Payment reference',
    submit: 'Submit application',
    submitted: 'Application submitted: an administrator will confirm your payment.',
    pending: 'Your application',
    pending_none: 'No application yet.',
    applied: '%{plan}, %{amount} by %{channel}: %{status}',
  },
};

export const strings = defineStrings(en, {
  resources: {
    payRecord: {
      name: '支付记录',
      fields: {
        sellerId: '卖家', sellerName: '卖家名称', plan: '套餐', amount: '金额（美元）', channel: '支付渠道', status: '状态',
        reference: '支付凭证号', createTime: '申请时间', confirmTime: '确认时间', refundTime: '退款时间',
        operatorId: '操作人', operatorName: '操作人名称',
      },
      enums: {
        plan: { month_1: '一个月', month_3: '三个月', month_6: '六个月', year_1: '一年', year_3: '三年', year_6: '六年' },
        channel: {
          bank: '线下银行转账', paypal_offline: '线下 PayPal', blockchain: '线下区块链', cash: '线下现金', other: '其他',
          paypal: '在线 PayPal', alipay: '在线支付宝', wechat: '在线微信',
        },
        status: { unpaid: '未支付', paid: '已支付', refunded: '已退款' },
      },
      actions: {
        confirm: { name: '确认收款' },
        refund: { name: '退款' },
      },
    },
  },
  vip: {
    title: '购买 VIP',
    intro: 'VIP 会员可以开店。请选择时长和支付方式；线下支付由管理员确认。',
    status_active: '您的 VIP 有效期至 %{date}。',
    status_none: '您当前没有有效的 VIP。',
    plans: '时长',
    list_price: '原价 %{price}',
    channel: '支付渠道',
    unavailable: '暂不可用',
    how_to_pay: '支付方式说明',
    how: {
      bank: '请通过银行转账支付，然后在下方填写转账流水号。',
      bank_account: '收款账户：%{account}',
      bank_ask: '请向运营方索取收款银行账户，然后在下方填写转账流水号。',
      paypal_offline: '请通过 PayPal 向 %{account} 付款，然后在下方填写 PayPal 交易号。',
      blockchain: '请在 %{network} 网络上向钱包地址 %{address} 转账，然后在下方填写交易哈希。',
      cash: '请向运营方支付现金，然后在下方填写收据编号。',
      other: '请在下方说明您的支付方式，运营方会核实。',
      online: '在线支付暂未开通。',
    },
    reference: '支付凭证号',
    submit: '提交申请',
    submitted: '申请已提交，管理员确认收款后生效。',
    pending: '您的申请',
    pending_none: '暂无申请。',
    applied: '%{plan}，%{amount}，%{channel}：%{status}',
  },
});
