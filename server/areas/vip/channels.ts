/**
 * Which payment channels can be used, from the settings: what `GET /vip/plans` shows the buyer and
 * what an application is checked against (server/areas/vip/hooks.ts), from one place. Offline
 * PayPal needs the operator's account, blockchain its network and wallet; online PayPal the REST
 * app's credentials, Alipay its app id and keys, WeChat Pay its merchant, keys and APIv3 key. A channel the demo's
 * stand-in plays says so (`demo`).
 */
import type { VipChannelInfo } from '../../../src/schema/vip/entities';
import { PAY_CHANNELS, payChannelOf } from '../../../src/schema/vip/entities';
import type { Config } from '../../config';
import { alipayReady } from './alipay';
import { paypalReady } from './paypal';
import { wechatPayReady } from './wechatpay';

/** Alipay's and WeChat's settings are optional here: without them those channels are unavailable. */
type ChannelSettings = Pick<Config, 'vipPayment' | 'paypal'> & Partial<Pick<Config, 'alipay' | 'wechatPay'>>;

export const channelAvailable = (config: ChannelSettings, value: unknown): boolean => {
  const pay = config.vipPayment;
  switch (payChannelOf(value)?.value) {
    case 'paypal_offline': return !!pay.paypalAccount;
    case 'blockchain': return !!pay.blockchainNetwork && !!pay.walletAddress;
    case 'paypal': return paypalReady(config.paypal);
    case 'alipay': return alipayReady(config.alipay);
    case 'wechat': return wechatPayReady(config.wechatPay);
    case undefined: return false;
    default: return true;
  }
};

/** Every channel with whether it can be used and what the buyer pays to. */
export const channelInfo = (config: ChannelSettings): VipChannelInfo[] => {
  const pay = config.vipPayment;
  return PAY_CHANNELS.map((channel): VipChannelInfo => {
    const available = channelAvailable(config, channel.value);
    const base = { value: channel.value, online: channel.online, available };
    switch (channel.value) {
      case 'paypal_offline': return available ? { ...base, paypalAccount: pay.paypalAccount! } : base;
      case 'blockchain': return available ? { ...base, blockchainNetwork: pay.blockchainNetwork!, walletAddress: pay.walletAddress! } : base;
      case 'bank': return pay.bankAccount ? { ...base, bankAccount: pay.bankAccount } : base;
      case 'paypal': return config.paypal.demoSandbox ? { ...base, demo: true } : base;
      case 'alipay': return config.alipay?.demo ? { ...base, demo: true } : base;
      case 'wechat': return config.wechatPay?.demo ? { ...base, demo: true } : base;
      default: return base;
    }
  });
};

/**
 * What the demo (`npm start`, never in production) tells a seller to pay VIP to when the VIP_*
 * settings are unset: clearly fake values, so every offline channel can be tried (apply, then an
 * administrator confirms) and nobody sends money to them. A setting that is set wins.
 */
export const DEMO_VIP_PAYMENT = {
  bankAccount: 'DEMO ONLY, not a real account: Demo Bank, Marketplace Demo Ltd, IBAN XX00 DEMO 0000 0000 00',
  paypalAccount: 'vip-payments@demo.example.com',
  blockchainNetwork: 'TRC20',
  walletAddress: 'T-DEMO-WALLET-NOT-REAL-DO-NOT-SEND',
} as const satisfies Config['vipPayment'];

/** The settings with the demo's VIP payment values where the operator set none. */
export const withDemoVipPayment = <C extends Pick<Config, 'vipPayment'>>(config: C): C => ({
  ...config,
  vipPayment: {
    bankAccount: config.vipPayment.bankAccount ?? DEMO_VIP_PAYMENT.bankAccount,
    paypalAccount: config.vipPayment.paypalAccount ?? DEMO_VIP_PAYMENT.paypalAccount,
    // Network and wallet go together: the demo's pair only when neither is set.
    ...(config.vipPayment.blockchainNetwork || config.vipPayment.walletAddress
      ? { blockchainNetwork: config.vipPayment.blockchainNetwork, walletAddress: config.vipPayment.walletAddress }
      : { blockchainNetwork: DEMO_VIP_PAYMENT.blockchainNetwork, walletAddress: DEMO_VIP_PAYMENT.walletAddress }),
  },
});
