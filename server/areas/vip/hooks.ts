/**
 * Pay record rules the declaration cannot state: the amount comes from the plan, on the server (a
 * posted amount is never read), an online channel is refused while no provider adapter is
 * built (PayPal, Alipay, WeChat: not built yet, so they are offered as unavailable), and a channel
 * whose payment is found by its reference (`needsReference`) needs one.
 */
import type { EntityHooks, RuleError } from '../../crud/hooks';
import { toCents } from '../../../src/schema/money';
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
  beforeWrite: ({ before, input }, row) => {
    if (before) return row;
    const plan = vipPlanOf(input.plan);
    // The declared enumeration admits only plans of the table, so a plan is always found here.
    return plan ? { ...row, amount: toCents(plan.price) } : row;
  },
};
