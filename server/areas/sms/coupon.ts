/**
 * What a coupon's declaration (src/schema/smsCoupon.ts) cannot say: what is left of it (`count`,
 * `mall`'s remaining count) is the total less what members have received, never the body's
 * (`mall`'s update writes whatever count it is sent); the total cannot drop below what was
 * received.
 */
import type { EntityHooks } from '../../crud/hooks';

const receivedOf = (before: Readonly<Record<string, unknown>> | null): number => Number(before?.receiveCount ?? 0);

export const couponHooks: EntityHooks = {
  validate: ({ record, before }) => {
    const received = receivedOf(before);
    return Number(record.publishCount) < received ? [{ field: 'publishCount', messageKey: 'too_small', params: { min: received } }] : [];
  },
  derive: {
    count: ({ record, before }) => Number(record.publishCount) - receivedOf(before),
  },
};
