/**
 * Shop rules the declaration cannot state:
 * - a shop belongs to whoever opens it (owner_id is server-managed, so a seller cannot open a
 *   shop in someone else's name), and a seller opens one only with a paid, unexpired VIP
 *   (./vip-gate.ts; administrators are not gated);
 * - every shop has an invite code: its owner's choice, or generated when none is given (unique:
 *   the engine checks it and the index backs it);
 * - only administrators change a shop's status (`/shop/updateStatus/{id}`): sellers hold no
 *   resource for it, and a seller's call is refused here too, whatever its role was granted;
 * - what a shop's delete does with what hangs on it is declared (`owns` in src/schema/shop/entities.ts):
 *   refused while it has orders, money, products or members; its molds and return addresses go
 *   by their own delete, an audit row each.
 */
import type { shop } from '../../../src/schema/shop/entities';
import type { EntityHooks } from '../../crud/hooks';
import { forbidden } from '../../http/errors';
import { uniqueShopCode } from './invite-code';
import { openCheck, sellerOf, vipRequired } from './vip-gate';

export const shopHooks: EntityHooks<typeof shop> = {
  validate: async ({ trx, before, actor }) => {
    if (before) return [];
    // A create: a seller needs its VIP (read in the create's transaction).
    if (sellerOf(actor.scope) !== null && !(await openCheck(trx, actor.scope)).allowed) throw vipRequired();
    return [];
  },
  beforeWrite: async ({ trx, before, actor }, row) => {
    const out = before ? row : { ...row, owner_id: actor.adminId };
    // No code chosen on create, or one cleared on update: a generated one.
    const cleared = 'invite_code' in out && (out.invite_code === '' || out.invite_code === null);
    return (!before && !out.invite_code) || cleared ? { ...out, invite_code: await uniqueShopCode(trx) } : out;
  },
  beforeSetField: async ({ field, actor }) => {
    if (field === 'status' && sellerOf(actor.scope) !== null) throw forbidden('shop_status_admin_only');
  },
};
