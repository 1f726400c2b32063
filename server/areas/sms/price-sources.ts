/**
 * What the price check reads besides the product: the product's flash-sale relations (with their
 * sale and session, from the flash tables) and a coupon (with its scope, through its declaration's
 * repository in the caller's scope).
 */
import type { Kysely } from 'kysely';
import type { FlashOffer, PriceCoupon } from './pricing';
import type { Database } from '../../db/schema';
import type { ApiRecord } from '../../crud/row';
import { toCents } from '../../../src/schema/engine/money';

const countOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Every flash relation of the product (src/schema/sms/flash.ts), with its sale and session; dates and times of day are stored as text. */
export const flashOffersOf = async (db: Kysely<Database>, productId: number): Promise<FlashOffer[]> => {
  const rows = await db.selectFrom('sms_flash_promotion_product_relation as r')
    .innerJoin('sms_flash_promotion as f', 'f.id', 'r.flash_promotion_id')
    .innerJoin('sms_flash_promotion_session as s', 's.id', 'r.flash_promotion_session_id')
    .select([
      'f.title', 'f.status as sale_status', 'f.start_date', 'f.end_date', 's.name as session', 's.status as session_status',
      's.start_time', 's.end_time', 'r.flash_promotion_price', 'r.flash_promotion_count', 'r.flash_promotion_limit',
    ])
    .where('r.product_id', '=', productId).orderBy('r.id').execute();
  return rows.map((row) => ({
    title: String(row.title), online: Number(row.sale_status) === 1, startDate: String(row.start_date), endDate: String(row.end_date),
    session: String(row.session), sessionEnabled: Number(row.session_status) === 1, sessionStart: String(row.start_time), sessionEnd: String(row.end_time),
    price: countOrNull(row.flash_promotion_price), count: countOrNull(row.flash_promotion_count), limit: countOrNull(row.flash_promotion_limit),
  }));
};

const rows = (value: unknown): ApiRecord[] => (Array.isArray(value) ? value as ApiRecord[] : []);

/** A coupon as its declaration answers it (src/schema/sms/coupon.ts), as the price check's rule reads it. */
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
  stopped: Number(record.status ?? 0) === 1,
});
