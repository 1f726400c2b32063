/**
 * A member's apply status follows its shop's approval setting (spec section 3: members applying to
 * a shop are approved at once or wait for the seller). Read inside the write's transaction, so a
 * setting changed a moment earlier is the one that counts.
 */
import type { member } from '../../../src/schema/member/entities';
import type { EntityHooks } from '../../crud/hooks';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member/entities';
import { SHOP_APPROVALS } from '../../../src/schema/shop/entities';

const AUTO = SHOP_APPROVALS.find((a) => a.label === 'auto')!.value;

export const memberHooks: EntityHooks<typeof member> = {
  derive: {
    applyStatus: async ({ trx, record }) => {
      const shop = await trx.selectFrom('shop').select('auto_approve').where('id', '=', record.shopId).executeTakeFirst();
      // The reference check has found the shop already; none here means the declared default.
      if (!shop) return undefined;
      return Number(shop.auto_approve) === AUTO ? MEMBER_APPLY_STATUS.approved : MEMBER_APPLY_STATUS.pending;
    },
  },
};
