/**
 * The VIP gate (spec section 6: "Sellers need a paid VIP membership to open a shop"): a seller
 * may open a shop only while a paid VIP runs (`ums_admin.vip_expire_time` after now, moved by
 * confirmed and refunded payments, server/areas/vip). Administrators and other staff are not
 * gated. A seller is any caller whose shop scope is its own shops (server/auth/scope.ts).
 */
import { ResultCode } from '../../../src/schema/api';
import type { ShopOpenCheck } from '../../../src/schema/shop/entities';
import { vipLevelOf } from '../../../src/schema/vip/entities';
import type { Db } from '../../crud/hooks';
import type { Scope } from '../../crud/scope';
import { httpError } from '../../http/errors';

/** The seller a scope belongs to, or null for staff (who see every shop). */
export const sellerOf = (scope: Scope): number | null => (scope.kind === 'shops' && scope.adminId !== undefined ? scope.adminId : null);

/** Whether the caller may open a shop now, and why not. */
export const openCheck = async (db: Db, scope: Scope, now = new Date()): Promise<ShopOpenCheck> => {
  const sellerId = sellerOf(scope);
  if (sellerId === null) return { allowed: scope.kind === 'all', vipRequired: false, vipExpireTime: null };
  const row = await db.selectFrom('ums_admin').select('vip_expire_time')
    .where('id', '=', sellerId).executeTakeFirst();
  const expire = row?.vip_expire_time ?? null;
  return { allowed: vipLevelOf(expire, now) === 1, vipRequired: true, vipExpireTime: expire };
};

/** 409, envelope code 500 as a refused write of `mall`: the seller's account state refuses it, not the body. */
export const vipRequired = () => httpError({ status: 409, code: ResultCode.failed, messageKey: 'vip_required' });
