/**
 * The VIP area's server messages, English and Chinese together (../engine/texts.ts).
 */
import { defineMessages } from '../engine/texts';

export const VIP_MESSAGES = defineMessages({
  repeated_application: { en: 'Have repeated submit application', zh: '已有待处理的申请，请勿重复提交' },
  channel_unavailable: { en: 'This payment channel is not available', zh: '该支付渠道暂不可用' },
  vip_for_sellers: { en: 'VIP is bought by sellers: staff accounts open and manage shops without it', zh: 'VIP 由卖家购买：员工账号无需 VIP 即可开设和管理店铺' },
  paypal_failed: { en: 'PayPal could not take the payment just now; please try again', zh: 'PayPal 暂时无法完成付款，请稍后重试' },
  paypal_not_approved: { en: 'The PayPal payment has not been approved yet', zh: '该 PayPal 付款尚未确认' },
  paypal_wrong_channel: { en: 'This application is not paid by PayPal', zh: '该申请不是通过 PayPal 支付的' },
  paypal_order_unknown: { en: 'No PayPal order with this id belongs to your applications', zh: '您的申请中没有此 PayPal 订单' },
  paypal_order_stale: { en: 'This PayPal order no longer pays its application (paid, refunded or replaced): nothing was charged', zh: '该 PayPal 订单已不再用于支付其申请（已支付、已退款或已被替换），未扣款' },
  paypal_payment_returned: { en: 'This PayPal payment was given back: its application is paid another way, refunded or replaced', zh: '该 PayPal 付款已退回：其申请已通过其他方式支付、已退款或已被替换' },
  paypal_amount_mismatch: { en: "The PayPal payment does not match the application's amount; it was given back", zh: 'PayPal 付款与申请金额不符，已退回' },
  webhook_refused: { en: 'The event could not be verified', zh: '无法验证该事件' },
  payment_unknown: { en: 'No application is paid with this trade number', zh: '没有与此交易号对应的申请' },
  payment_wrong_channel: { en: 'This application is not paid through this channel', zh: '该申请不是通过此渠道支付的' },
  payment_amount_mismatch: { en: "The payment does not match the application's amount or currency; the application stays unpaid", zh: '付款与申请的金额或币种不符，申请仍为未支付' },
  notify_refused: { en: 'The payment notice could not be verified', zh: '无法验证该付款通知' },
  payment_provider_failed: { en: 'The payment provider could not be reached just now; please try again', zh: '暂时无法连接支付服务商，请稍后重试' },
});
