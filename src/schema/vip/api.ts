/**
 * The hand-written VIP routes' paths (server/areas/vip/routes.ts), in a module of its own so the
 * route table can name them without loading the declarations. Applying is the pay record's create
 * (`createPath` in ./entities.ts); online PayPal makes the order of an application, captures it when the
 * buyer returns, and takes PayPal's webhook.
 */
export const VIP_API = {
  plans: '/vip/plans',
  paypalOrder: '/vip/paypal/order/:id',
  paypalCapture: '/vip/paypal/capture',
  paypalWebhook: '/vip/paypal/webhook',
  /** Alipay and WeChat Pay (server/areas/vip/online.ts): start the payment of an application, and each provider's notify. */
  onlineStart: '/vip/online/:channel/:id',
  alipayNotify: '/vip/alipay/notify',
  wechatNotify: '/vip/wechat/notify',
} as const;

/** The path that starts the online payment of one application through Alipay or WeChat Pay. */
export const onlinePaymentPath = (channel: 'alipay' | 'wechat', id: number): string =>
  VIP_API.onlineStart.replace(':channel', channel).replace(':id', String(id));

/** The path of the PayPal order route for one application. */
export const paypalOrderPath = (id: number): string => VIP_API.paypalOrder.replace(':id', String(id));
