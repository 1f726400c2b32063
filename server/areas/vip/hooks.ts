/**
 * Pay record rules the declaration cannot state: the amount comes from the plan, on the server (a
 * posted amount is never read), and an online channel is refused while no provider adapter is
 * built (PayPal, Alipay, WeChat: not built yet, so they are offered as unavailable).
 */
import type { EntityHooks } from '../../crud/hooks';
import { toCents } from '../../../src/schema/money';
import { PAY_CHANNELS, vipPlanOf } from '../../../src/schema/vip';

export const payRecordHooks: EntityHooks = {
  validate: ({ record, before }) =>
    !before && PAY_CHANNELS.some((c) => c.value === record.channel && c.online)
      ? [{ field: 'channel', messageKey: 'channel_unavailable' }]
      : [],
  beforeWrite: ({ before, input }, row) => {
    if (before) return row;
    const plan = vipPlanOf(input.plan);
    // The declared enumeration admits only plans of the table, so a plan is always found here.
    return plan ? { ...row, amount: toCents(plan.price) } : row;
  },
};
