/**
 * Pay record rules the declaration cannot state: the amount is the plan's price (derived: a
 * posted amount is never read); a channel the settings do not make usable is refused (an offline
 * PayPal account, a blockchain network and wallet, PayPal REST credentials, Alipay's app id and keys,
 * WeChat Pay's merchant and keys), so the server decides what the purchase page shows; and a channel whose payment is
 * found by its reference (`needsReference`) needs one. Only a seller (an account scoped to its own
 * shops) applies: staff see every shop and need no VIP to open or manage one, so an application of
 * theirs would be money for nothing (the purchase page offers them none either).
 */
import type { payRecord } from '../../../src/schema/vip/entities';
import type { EntityHooks, RuleError } from '../../crud/hooks';
import type { Config } from '../../config';
import { payChannelOf, vipPlanOf } from '../../../src/schema/vip/entities';
import { channelAvailable } from './channels';

export const payRecordHooks = (config: Pick<Config, 'vipPayment' | 'paypal'> & Partial<Pick<Config, 'alipay' | 'wechatPay'>>): EntityHooks<typeof payRecord> => ({
  validate: ({ record, before, actor }) => {
    if (before) return [];
    if (actor.scope.kind === 'all') return [{ field: 'plan', messageKey: 'vip_for_sellers' }];
    const channel = payChannelOf(record.channel);
    const errors: RuleError[] = [];
    // An unknown channel is the declaration's own refusal (invalid_value).
    if (channel && !channelAvailable(config, channel.value)) errors.push({ field: 'channel', messageKey: 'channel_unavailable' });
    else if (channel?.needsReference && (typeof record.reference !== 'string' || record.reference.trim() === '')) {
      errors.push({ field: 'reference', messageKey: 'required' });
    }
    return errors;
  },
  // The declared enumeration admits only plans of the table, so a plan is always found here.
  derive: { amount: ({ record }) => vipPlanOf(record.plan)?.price },
});
