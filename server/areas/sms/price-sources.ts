/**
 * What the price check reads besides the product: the product's flash-sale relations (with their
 * sale and session) and a coupon (with its scope). Read from the flash and coupon tables of the
 * Marketing area; until those tables exist, a product is in no flash sale and no coupon is found.
 */
import type { Kysely } from 'kysely';
import type { FlashOffer, PriceCoupon } from '../../../src/schema/priceCheck';
import type { Database } from '../../db/schema';

/** Every flash relation of the product, with its sale and session. */
export const flashOffersOf = async (_db: Kysely<Database>, _productId: number): Promise<FlashOffer[]> => [];

/** A coupon with its scope, or undefined when there is none of that id. */
export const couponOf = async (_db: Kysely<Database>, _id: number): Promise<{ rule: PriceCoupon } | undefined> => undefined;
