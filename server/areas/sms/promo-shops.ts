/**
 * Whose a promotion is (src/schema/sms: a shop's, or with no shop the platform's): the checks the
 * coupon, flash and advertisement rules share. A shop's promotion holds only its own shop's
 * products; the platform's may hold any shop's. A seller's scope never holds the platform's
 * records (`platformRows`), but sees its own products' places in them (a flash product is its
 * product's shop's) and may not change those.
 */
import type { Db } from '../../crud/hooks';
import type { HookActor } from '../../crud/hooks';

/** Whether any of `productIds` belongs to a shop other than `shopId` (none for the platform's promotions, which may hold any). */
export const otherShopProducts = async (trx: Db, shopId: number | null, productIds: readonly number[]): Promise<boolean> => {
  if (shopId === null || !productIds.length) return false;
  const other = await trx.selectFrom('pms_product').select('id').where('id', 'in', [...new Set(productIds)]).where('shop_id', '<>', shopId)
    .limit(1).executeTakeFirst();
  return other !== undefined;
};

/** A seller (a scope of its shops), as opposed to staff who see every shop. */
export const isSeller = (actor: HookActor): boolean => actor.scope.kind === 'shops';

/** The shop of a flash sale (null: the platform's), or undefined when there is no such sale. */
export const saleShopOf = async (trx: Db, saleId: number): Promise<number | null | undefined> => {
  const row = await trx.selectFrom('sms_flash_promotion').select('shop_id').where('id', '=', saleId).executeTakeFirst();
  return row ? (row.shop_id === null ? null : Number(row.shop_id)) : undefined;
};
