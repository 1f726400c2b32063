/**
 * What a coupon's declaration (src/schema/sms/coupon.ts) cannot say: what is left of it (`count`,
 * `mall`'s remaining count) is the total less what members have received, never the body's
 * (`mall`'s update writes whatever count it is sent); the total cannot drop below what was
 * received.
 */
import type { coupon } from '../../../src/schema/sms/coupon';
import type { EntityHooks } from '../../crud/hooks';

export const couponHooks: EntityHooks<typeof coupon> = {
  validate: ({ record, before }) => {
    const received = before?.receiveCount ?? 0;
    return record.publishCount < received ? [{ field: 'publishCount', messageKey: 'too_small', params: { min: received } }] : [];
  },
  derive: {
    count: ({ record, before }) => record.publishCount - (before?.receiveCount ?? 0),
  },
};
