/**
 * bench:portal's placement inside the server process (bench/serve.ts `call`), for a server whose
 * shop front does not yet take the cart's lines into `generateConfirmOrder` / `generateOrder`
 * (`orderRoutes(NO_ORDER_SOURCES)` answers "choose the products"): the same two functions those routes
 * call (server/areas/portal/orders/place.ts), on the server's database handle, so the server's CPU and
 * the transaction are the ones a request would spend, less the HTTP framing. bench:portal prints which
 * way it placed.
 */
import type { AnyKysely } from '../server/db/index';
import type { Db } from '../server/crud/hooks';
import { confirmOrder, generateOrder } from '../server/areas/portal/orders/place';

export const BENCH_RECEIVER = { name: 'Bench Buyer', phone: '13900000000', postCode: '518000', province: 'Guangdong', city: 'Shenzhen', region: 'Nanshan', detailAddress: '1 Bench Road' };

export type ServerSidePlacement = { ok: true; id: number; orderSn: string; confirmMs: number; generateMs: number } | { ok: false; messageKey: string; generateMs: number };

/** One line (`quantity` of the SKU) confirmed then placed for the member, as the two routes do; a refusal answers its message key. */
export const placeInServer = async (
  db: AnyKysely, shopId: number, memberId: number, line: { productId: number; skuId: number; quantity: number }, confirm: boolean,
): Promise<ServerSidePlacement> => {
  const buyer = { shopId, memberId };
  const lines = [{ key: 1, ...line }];
  let start = performance.now();
  if (confirm) await confirmOrder(db as unknown as Db, buyer, lines);
  const confirmMs = performance.now() - start;
  start = performance.now();
  try {
    const order = await generateOrder(db as unknown as Db, buyer, { lines, couponId: null, useIntegration: 0, receiver: BENCH_RECEIVER });
    return { ok: true, id: Number(order!.id), orderSn: String(order!.orderSn), confirmMs, generateMs: performance.now() - start };
  } catch (error) {
    const key = (error as { problem?: { messageKey?: string } }).problem?.messageKey;
    if (!key) throw error;
    return { ok: false, messageKey: key, generateMs: performance.now() - start };
  }
};
