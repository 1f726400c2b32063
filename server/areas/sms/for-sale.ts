/**
 * Promotions sell only what is for sale: a product off sale (`publishStatus` 0), not verified
 * (`verifyStatus` 0) or in the recycle bin (`deleteStatus` 1) is refused in a flash session and on
 * the product recommendation lists, with the reason. The buyer API (server/areas/portal) may call
 * `notForSale` on the same columns to leave such a product out of a running promotion.
 */
import type { homeNewProduct, homeRecommendProduct } from '../../../src/schema/sms/recommend';
import type { Db, EntityHooks, RuleError } from '../../crud/hooks';
import { saleStateOf } from '../../../src/schema/sms/saleState';

type SaleColumns = { publish_status: unknown; verify_status: unknown; delete_status: unknown };

/** The refusal of each state but "for sale". */
const REFUSALS = { recycled: 'product_recycled', offSale: 'product_off_sale', unverified: 'product_unverified', forSale: null } as const;

/** Why a product (its row's status columns) may not be promoted, or null when it is for sale: the rows' own rule (`saleStateOf`). */
export const notForSale = (row: SaleColumns): Exclude<(typeof REFUSALS)[keyof typeof REFUSALS], null> | null => REFUSALS[saleStateOf({
  deleteStatus: Number(row.delete_status), publishStatus: Number(row.publish_status), verifyStatus: Number(row.verify_status),
})];

/** The refusal of `field` for a product that is not for sale (none for one that does not exist: the reference check says so). */
export const saleErrors = async (trx: Db, productId: number, field: string): Promise<RuleError[]> => {
  const row = await trx.selectFrom('pms_product').select(['publish_status', 'verify_status', 'delete_status']).where('id', '=', productId).executeTakeFirst();
  const reason = row ? notForSale(row) : null;
  return reason ? [{ field, messageKey: reason }] : [];
};

/** The product recommendation lists (new, popular): only products for sale are added. */
const recommendationHooks = <E extends typeof homeNewProduct | typeof homeRecommendProduct>(): EntityHooks<E> => ({
  validate: ({ trx, record }) => saleErrors(trx, record.productId, 'productId'),
});
export const newProductHooks = recommendationHooks<typeof homeNewProduct>();
export const recommendProductHooks = recommendationHooks<typeof homeRecommendProduct>();
