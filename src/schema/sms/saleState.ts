/**
 * Whether a product is for sale, as promotions see it: one in the recycle bin (`deleteStatus` 1),
 * off sale (`publishStatus` not 1) or not verified (`verifyStatus` not 1) is not, in that order of
 * precedence (a recycled product reads "in the recycle bin" whatever else holds). The server
 * refuses such a product in a flash session and on the product recommendation lists
 * (server/areas/sms/for-sale.ts), and the rows that already hold one show its state
 * (`productSaleState`), so an operator notices a promoted product that left sale.
 */
import type { FieldDecl } from '../engine/entity';
import { enumeration, int, money, referenceValue } from '../engine/entity';

/** The states, each its own label key (`resources.<entity>.enums.productSaleState.<state>`). */
const STATES = ['forSale', 'offSale', 'unverified', 'recycled'] as const;
export type SaleState = (typeof STATES)[number];
export const SALE_STATES = STATES.map((value) => ({ value, label: value }));

/** A product's sale state from its status flags as the API answers them (0 or 1). */
export const saleStateOf = (p: Readonly<Record<string, unknown>>): SaleState =>
  (p.deleteStatus === 1 ? 'recycled' : p.publishStatus !== 1 ? 'offSale' : p.verifyStatus !== 1 ? 'unverified' : 'forSale');

/**
 * The promoted product's price, stock and sale state on a row referencing it through `productId`:
 * read from the product in the list's statement, so they follow it. `list`: the generic list's
 * columns (a screen drawing its own table, the flash products', leaves them out of the generic one).
 */
export const promotedProductFields = (list: boolean) => ({
  productPrice: referenceValue('productId', 'price', money({ list })),
  productStock: referenceValue('productId', 'stock', int({ list })),
  productSaleState: referenceValue('productId', {
    fields: ['publishStatus', 'verifyStatus', 'deleteStatus'],
    derive: saleStateOf,
  }, enumeration(SALE_STATES, { list })),
}) satisfies Record<string, FieldDecl>;
