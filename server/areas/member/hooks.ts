/**
 * A member joining a shop is approved at once or waits for the seller, as the shop says
 * (`autoApprove`, src/schema/shop.ts): the apply status is the server's, set on create from the
 * shop read in the create's transaction.
 */
import type { Kysely } from 'kysely';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member';
import type { EntityHooks } from '../../crud/hooks';
import type { Database } from '../../db/schema';

export const memberHooks: EntityHooks = {
  beforeWrite: async ({ trx, before, input }, row) => {
    if (before) return row;
    const shop = await (trx as unknown as Kysely<Database>).selectFrom('shop').select('auto_approve')
      .where('id', '=', Number(input.shopId)).executeTakeFirst();
    return { ...row, apply_status: shop?.auto_approve === 1 ? MEMBER_APPLY_STATUS.approved : MEMBER_APPLY_STATUS.pending };
  },
};
