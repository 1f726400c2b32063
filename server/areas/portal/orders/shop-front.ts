/**
 * The shop front's cart and addresses (../cart.ts, ../address.ts) as the order routes read them
 * (./routes.ts `OrderSources`): the lines of the buyer's own cart ids (an id not theirs refuses the
 * order), their removal inside the order's transaction, and the buyer's own address as receiver.
 */
import { addressJson, addressesOf, receiverOf } from '../address';
import { cartLinesOf, removeCartLines } from '../cart';
import type { OrderSources } from './routes';
import { refused } from './sources';

export const SHOP_FRONT_SOURCES: OrderSources = {
  cartLines: async (db, buyer, cartIds) => {
    const lines = await cartLinesOf(db, buyer, cartIds);
    if (!lines.length || lines.length !== new Set(cartIds).size) throw refused('order_no_lines');
    return lines;
  },
  removeCartLines: async (trx, buyer, cartIds) => {
    await removeCartLines(trx, buyer, cartIds);
  },
  receiverOf: (db, buyer, addressId) => receiverOf(db, buyer, addressId),
  addresses: async (db, buyer) => (await addressesOf(db, buyer)).map(addressJson),
};
