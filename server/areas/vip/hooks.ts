/**
 * Pay record rules the declaration cannot state: the amount is the plan's price (derived: a
 * posted amount is never read), an online channel is refused while no provider adapter is
 * built (PayPal, Alipay, WeChat: not built yet, so they are offered as unavailable), and a channel
 * whose payment is found by its reference (`needsReference`) needs one.
 */
import type { EntityHooks, RuleError } from '../../crud/hooks';
import { payChannelOf, vipPlanOf } from '../../../src/schema/vip';

export const payRecordHooks: EntityHooks = {
  validate: ({ record, before }) => {
    if (before) return [];
    const channel = payChannelOf(record.channel);
    const errors: RuleError[] = [];
    if (channel?.online) errors.push({ field: 'channel', messageKey: 'channel_unavailable' });
    else if (channel?.needsReference && (typeof record.reference !== 'string' || record.reference.trim() === '')) {
      errors.push({ field: 'reference', messageKey: 'required' });
    }
    return errors;
  },
  // The declared enumeration admits only plans of the table, so a plan is always found here.
  derive: { amount: ({ record }) => vipPlanOf(record.plan)?.price },
};
