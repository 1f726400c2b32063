/**
 * A buyer on the shop front over HTTP, as a mall-portal client calls it (`/portal/<shop id>/...`,
 * mall's envelope, parameters in the query, the token in `Authorization`): what `npm run
 * demo:traffic` and `npm run bench:portal` both drive. Each call answers the envelope's data and
 * its wall time; a `code` other than 200 throws a `PortalRefusal` with the server's message.
 */

type Envelope<T> = { code: number; message: string; data: T };

/** A refused step: the server's `code` and message (a refusal is an answer, not a failure of the client). */
export class PortalRefusal extends Error {
  constructor(readonly path: string, readonly code: number, message: string) {
    super(`${path}: ${code} ${message}`);
  }
}

export type Buyer = { base: string; shopId: number; memberId?: number; username: string; authorization: string };

export type Timed<T> = { ms: number; data: T };

const queryOf = (query: Record<string, string | number> | undefined): string =>
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '');

/** One call to the buyer's shop front: `query` in the query string (as mall's clients send even POSTs), `json` as a JSON body. */
export const portalCall = async <T>(
  buyer: Pick<Buyer, 'base' | 'shopId'> & { authorization?: string }, method: 'GET' | 'POST', path: string,
  options: { query?: Record<string, string | number>; json?: unknown; form?: Record<string, string> } = {},
): Promise<Timed<T>> => {
  const headers: Record<string, string> = { 'source-client': 'h5' };
  if (buyer.authorization) headers.authorization = buyer.authorization;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const start = performance.now();
  const answer = await fetch(`${buyer.base}/portal/${buyer.shopId}${path}${queryOf(options.query)}`, { method, headers, body });
  const text = await answer.text();
  const ms = performance.now() - start;
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new PortalRefusal(path, answer.status, text.slice(0, 200));
  }
  if (envelope.code !== 200) throw new PortalRefusal(path, envelope.code, envelope.message);
  return { ms, data: envelope.data };
};

/** Signs a buyer in through `/sso/login` (a form body, as mall's clients send it). */
export const signInBuyer = async (base: string, shopId: number, username: string, password: string): Promise<Buyer> => {
  const answer = await portalCall<{ token: string; tokenHead: string }>({ base, shopId }, 'POST', '/sso/login', { form: { username, password } });
  return { base, shopId, username, authorization: `${answer.data.tokenHead}${answer.data.token}` };
};

export type PlacedOrder = { id: number; orderSn: string; payAmount: number };

/** mall's `generateOrder` answer, the fields used here. */
type Generated = { order: { id: number; orderSn: string; payAmount: number } | null };

/**
 * Puts one SKU in the cart and places the order of that cart line: `generateConfirmOrder` (the
 * server prices it), then `generateOrder` (one transaction on the server). Answers the order and
 * the time of each step.
 */
export const placeOrder = async (
  buyer: Buyer, line: { productId: number; skuId: number; quantity: number }, options: { addressId: number; couponId?: number | null },
): Promise<{ order: PlacedOrder; steps: Record<'cart' | 'confirm' | 'generate', number> }> => {
  const cart = await portalCall<number>(buyer, 'POST', '/cart/add', { json: { productId: line.productId, productSkuId: line.skuId, quantity: line.quantity } });
  const lines = await portalCall<{ id: number; productSkuId: number }[]>(buyer, 'GET', '/cart/list');
  const cartId = lines.data.find((l) => Number(l.productSkuId) === line.skuId)?.id;
  if (cartId === undefined) throw new PortalRefusal('/cart/list', 500, 'the line just added is not in the cart');
  const confirm = await portalCall<unknown>(buyer, 'POST', '/order/generateConfirmOrder', { query: { cartIds: cartId } });
  const generated = await portalCall<Generated>(buyer, 'POST', '/order/generateOrder', {
    json: { cartIds: [cartId], memberReceiveAddressId: options.addressId, couponId: options.couponId ?? null, useIntegration: 0 },
  });
  if (!generated.data.order) throw new PortalRefusal('/order/generateOrder', 500, 'no order in the answer');
  const { id, orderSn, payAmount } = generated.data.order;
  return { order: { id: Number(id), orderSn, payAmount: Number(payAmount) }, steps: { cart: cart.ms + lines.ms, confirm: confirm.ms, generate: generated.ms } };
};

/** Starts paying the buyer's order through Alipay (our `/order/pay`): the provider's page URL. */
export const startAlipay = async (buyer: Buyer, orderId: number): Promise<Timed<string>> => {
  const answer = await portalCall<{ payUrl?: string }>(buyer, 'POST', '/order/pay', { query: { orderId, channel: 'alipay' } });
  if (!answer.data.payUrl) throw new PortalRefusal('/order/pay', 500, 'no payUrl in the answer');
  return { ms: answer.ms, data: answer.data.payUrl };
};

/** The buyer's first address (one is added when there is none): orders need a receiver. */
export const addressOf = async (buyer: Buyer, receiver: { name: string; phone: string }): Promise<number> => {
  const list = async () => (await portalCall<{ id: number }[]>(buyer, 'GET', '/member/address/list')).data;
  const first = (await list())[0];
  if (first) return Number(first.id);
  await portalCall(buyer, 'POST', '/member/address/add', {
    json: { name: receiver.name, phoneNumber: receiver.phone, postCode: '518000', province: 'Guangdong', city: 'Shenzhen', region: 'Nanshan', detailAddress: '1 Demo Road', defaultStatus: 1 },
  });
  return Number((await list())[0]!.id);
};

/** p-th quantile of `values` (nearest rank). */
export const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};
