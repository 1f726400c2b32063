/**
 * `GET /vip/plans`: the periods on sale with price and struck list price (src/schema/vip.ts, spec
 * section 9), and each payment channel with whether it can be used and what the buyer must do,
 * from the settings (VIP_* in server/config.ts). Online channels need a provider adapter that is
 * not built yet, so they are listed as unavailable rather than failing when chosen.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ok } from '../../http/envelope';
import type { VipChannelInfo, VipPlansAnswer } from '../../../src/schema/vip';
import { PAY_CHANNELS, VIP_API, VIP_CURRENCY, VIP_PLANS } from '../../../src/schema/vip';

const channelInfo = (config: Config): VipChannelInfo[] => {
  const pay = config.vipPayment;
  return PAY_CHANNELS.map((channel): VipChannelInfo => {
    const base = { value: channel.value, online: channel.online };
    switch (channel.value) {
      case 'paypal_offline': return { ...base, available: !!pay.paypalAccount, ...(pay.paypalAccount ? { paypalAccount: pay.paypalAccount } : {}) };
      case 'blockchain': {
        const ready = !!pay.walletAddress && !!pay.blockchainNetwork;
        return { ...base, available: ready, ...(ready ? { blockchainNetwork: pay.blockchainNetwork!, walletAddress: pay.walletAddress! } : {}) };
      }
      case 'bank': return { ...base, available: true, ...(pay.bankAccount ? { bankAccount: pay.bankAccount } : {}) };
      default: return { ...base, available: !channel.online };
    }
  });
};

export const registerVipRoutes = (api: FastifyInstance, config: Config): void => {
  api.get(VIP_API.plans, { config: { openapi: { summary: 'VIP periods with price and list price, and the payment channels with what the buyer must do', tags: ['vip'], query: null, body: null } } }, async () =>
    ok<VipPlansAnswer>({
      currency: VIP_CURRENCY,
      plans: VIP_PLANS.map((p) => ({ value: p.value, label: p.label, months: p.months, price: p.price, listPrice: p.listPrice })),
      channels: channelInfo(config),
    }));
};
