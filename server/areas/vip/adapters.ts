/**
 * The online channels on the adapter contract (./online.ts), made from the settings: what pays a
 * VIP application (./routes.ts) and a buyer's order (server/areas/portal/orders/pay.ts) alike.
 */
import type { Config } from '../../config';
import { createAlipayAdapter } from './alipay';
import type { OnlineAdapter, OnlineChannel } from './online';
import { createWechatPayAdapter } from './wechatpay';

export const onlineAdapters = (config: Pick<Config, 'alipay' | 'wechatPay'>): Partial<Record<OnlineChannel, OnlineAdapter>> => ({
  alipay: createAlipayAdapter(config.alipay),
  wechat: createWechatPayAdapter(config.wechatPay),
});
