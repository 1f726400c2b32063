/**
 * `npm run demo:traffic`: a steady trickle of buyers' orders through the shop front of a running
 * demo server (`npm start`), so the admin's home figures and lists move while you watch.
 *
 *   npm run demo:traffic -- [--url http://localhost:8080] [--every 3] [--password buyer123] [--count N]
 *
 * The buyers are the demo's approved members of each open shop (found through the admin API as the
 * demo's super admin, `--admin admin:admin123`), signed in with the demo buyers' password. Every
 * `--every` seconds one buyer does one thing, through the buyer API only, and the script prints one
 * line for it: browses and places an order (cart, sometimes a claimed coupon, confirm, generate) and
 * pays it through the demo's Alipay stand-in (the same pay page a person would press, posted here), or
 * cancels it unpaid; confirms receipt of a shipped order or applies for a return of one. Shipping is
 * the shop's work, so when a paid order waits, the script ships it as the shop's operator through the
 * admin API (printed as such). Prices, amounts and owners come from the server; the script only
 * chooses. Ctrl-C stops it; `--count N` stops after N actions.
 */
import { parseArgs } from 'node:util';
import type { Buyer } from '../bench/portal-buyer';
import { PortalRefusal, addressOf, placeOrder, portalCall, signInBuyer, startAlipay } from '../bench/portal-buyer';

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.DEMO_URL ?? 'http://localhost:8080' },
    every: { type: 'string', default: '3' },
    password: { type: 'string', default: 'buyer123' },
    admin: { type: 'string', default: 'admin:admin123' },
    count: { type: 'string' },
  },
});
const BASE = flags.url.replace(/\/+$/, '');
const EVERY_MS = Math.max(0.1, Number(flags.every)) * 1000;
const LIMIT = flags.count === undefined ? Infinity : Number(flags.count);

const say = (text: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;

/** The admin API as the demo's super admin: the shop's operator ships, and the list of buyers. */
const adminApi = async () => {
  const [username, password] = flags.admin.split(':');
  const login = await fetch(`${BASE}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const envelope = (await login.json()) as { code: number; message: string; data: { token: string; tokenHead: string } };
  if (envelope.code !== 200) throw new Error(`admin sign-in failed (${envelope.message}); --admin user:password`);
  const authorization = `${envelope.data.tokenHead}${envelope.data.token}`;
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${BASE}/api${path}`, {
      method, headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const reply = (await answer.json()) as { code: number; message: string; data: T };
    if (reply.code !== 200) throw new Error(`${path}: ${reply.message}`);
    return reply.data;
  };
};

type Shopper = Buyer & { addressId: number };

/** Every approved demo member that signs in with the demo password, with an address to send to. */
const shoppersOf = async (admin: Awaited<ReturnType<typeof adminApi>>): Promise<Shopper[]> => {
  const members = await admin<{ list: { username: string; shopId: number; applyStatus: number; mobile?: string | null }[] }>('GET', '/admin/listMember?pageNum=1&pageSize=100&applyStatus=1');
  const shoppers: Shopper[] = [];
  for (const member of members.list) {
    try {
      const buyer = await signInBuyer(BASE, Number(member.shopId), member.username, flags.password);
      shoppers.push({ ...buyer, addressId: await addressOf(buyer, { name: member.username, phone: member.mobile || '13900000000' }) });
    } catch (error) {
      if (!(error instanceof PortalRefusal)) throw error;
    }
  }
  return shoppers;
};

type Product = { id: number; name: string };
type Sku = { id: number; stock: number; lockStock?: number };

/** Browses the shop (home, a search page, a product's detail) and picks a SKU in stock. */
const browse = async (buyer: Shopper): Promise<{ product: Product; sku: Sku } | null> => {
  await portalCall(buyer, 'GET', '/home/content');
  const page = await portalCall<{ list: Product[] }>(buyer, 'GET', '/product/search', { query: { pageNum: 1 + Math.floor(Math.random() * 3), pageSize: 10, sort: 0 } });
  const products = page.data.list.length ? page.data.list : (await portalCall<{ list: Product[] }>(buyer, 'GET', '/product/search', { query: { pageNum: 1, pageSize: 10 } })).data.list;
  if (!products.length) return null;
  const product = pick(products);
  const detail = await portalCall<{ skuStockList: Sku[] } | null>(buyer, 'GET', `/product/detail/${product.id}`);
  const skus = (detail.data?.skuStockList ?? []).filter((s) => Number(s.stock) - Number(s.lockStock ?? 0) > 2);
  return skus.length ? { product, sku: pick(skus) } : null;
};

/** A coupon the buyer may claim for the product, claimed; null when none is on offer. */
const claimCoupon = async (buyer: Shopper, productId: number): Promise<{ id: number; name: string } | null> => {
  const offered = await portalCall<{ id: number; name: string }[]>(buyer, 'GET', `/member/coupon/listByProduct/${productId}`);
  for (const coupon of offered.data) {
    try {
      await portalCall(buyer, 'POST', `/member/coupon/add/${coupon.id}`);
      return coupon;
    } catch (error) {
      if (!(error instanceof PortalRefusal)) throw error;
    }
  }
  return null;
};

/** The stand-in's pay page, as a person opens it and presses Pay: the stand-in then posts the signed notify to the shop. */
const payWithStandIn = async (payUrl: string): Promise<void> => {
  const url = new URL(payUrl, BASE);
  const page = await fetch(url);
  if (!page.ok) throw new Error(`the Alipay stand-in refused the payment page (HTTP ${page.status}); is this a demo server (npm start)?`);
  await page.text();
  const tradeNo = JSON.parse(url.searchParams.get('biz_content') ?? '{}').out_trade_no as string;
  const paid = await fetch(new URL(`/demo-alipay/pay?out_trade_no=${encodeURIComponent(tradeNo)}`, url), { method: 'POST', redirect: 'manual' });
  if (paid.status >= 400) throw new Error(`the Alipay stand-in did not pay (HTTP ${paid.status}): ${(await paid.text()).slice(0, 200)}`);
};

const money = (amount: number) => Number(amount).toFixed(2);

/** Browse, cart, perhaps a coupon, confirm, generate; then pay through the stand-in or (sometimes) cancel. */
const order = async (buyer: Shopper): Promise<string> => {
  const choice = await browse(buyer);
  if (!choice) return `${buyer.username}@${buyer.shopId} browsed: nothing in stock to buy`;
  const coupon = chance(0.3) ? await claimCoupon(buyer, choice.product.id) : null;
  let placed;
  try {
    placed = await placeOrder(buyer, { productId: choice.product.id, skuId: Number(choice.sku.id), quantity: 1 + Math.floor(Math.random() * 2) }, { addressId: buyer.addressId, couponId: coupon?.id ?? null });
  } catch (error) {
    // A coupon whose minimum spend the line misses: the same order without it.
    if (!(error instanceof PortalRefusal) || !coupon) throw error;
    placed = await placeOrder(buyer, { productId: choice.product.id, skuId: Number(choice.sku.id), quantity: 1 }, { addressId: buyer.addressId });
  }
  const what = `${buyer.username}@${buyer.shopId} ordered ${choice.product.name}${coupon ? ` with coupon "${coupon.name}"` : ''}: ${placed.order.orderSn}, ${money(placed.order.payAmount)}`;
  if (chance(0.15)) {
    await portalCall(buyer, 'POST', '/order/cancelUserOrder', { query: { orderId: placed.order.id } });
    return `${what}; cancelled it unpaid`;
  }
  const payUrl = await startAlipay(buyer, placed.order.id);
  await payWithStandIn(payUrl.data);
  const detail = await portalCall<{ status: number } | null>(buyer, 'GET', `/order/detail/${placed.order.id}`);
  return `${what}; paid through the Alipay stand-in (status ${detail.data?.status ?? '?'})`;
};

type OrderRow = { id: number; orderSn: string; status: number; orderItemList?: { productId: number; productQuantity: number }[] };

/** A shipped order of the buyer: receipt confirmed, or a return applied for; else the operator ships one of the buyer's paid orders. */
const afterSale = async (buyer: Shopper, admin: Awaited<ReturnType<typeof adminApi>>): Promise<string | null> => {
  const shipped = await portalCall<{ list: OrderRow[] }>(buyer, 'GET', '/order/list', { query: { status: 2, pageNum: 1, pageSize: 5 } });
  const parcel = shipped.data.list[0];
  if (parcel) {
    const line = parcel.orderItemList?.[0];
    if (line && chance(0.4)) {
      try {
        await portalCall(buyer, 'POST', '/returnApply/create', { json: { orderId: parcel.id, productId: line.productId, productCount: 1, reason: 'Not as described', description: 'Demo traffic' } });
        return `${buyer.username}@${buyer.shopId} applied to return one of ${parcel.orderSn}`;
      } catch (error) {
        if (!(error instanceof PortalRefusal)) throw error;
      }
    }
    await portalCall(buyer, 'POST', '/order/confirmReceiveOrder', { query: { orderId: parcel.id } });
    return `${buyer.username}@${buyer.shopId} confirmed receipt of ${parcel.orderSn}`;
  }
  const paid = await portalCall<{ list: OrderRow[] }>(buyer, 'GET', '/order/list', { query: { status: 1, pageNum: 1, pageSize: 5 } });
  const waiting = paid.data.list[0];
  if (!waiting) return null;
  await admin('POST', '/order/update/delivery', [{ orderId: waiting.id, deliveryCompany: 'SF Express', deliverySn: `SF${Date.now()}` }]);
  return `operator of shop ${buyer.shopId} shipped ${waiting.orderSn} to ${buyer.username}`;
};

const main = async (): Promise<void> => {
  const admin = await adminApi();
  const shoppers = await shoppersOf(admin);
  if (!shoppers.length) throw new Error(`no demo buyer of ${BASE} signs in with the password "${flags.password}" (--password)`);
  say(`demo traffic against ${BASE}: ${shoppers.length} buyers in ${new Set(shoppers.map((s) => s.shopId)).size} shops, one action every ${EVERY_MS / 1000} s; Ctrl-C stops`);
  let stopping = false;
  process.once('SIGINT', () => {
    stopping = true;
    say('stopping');
  });
  for (let n = 0; n < LIMIT && !stopping; n += 1) {
    const started = Date.now();
    const buyer = pick(shoppers);
    try {
      const done = chance(0.3) ? (await afterSale(buyer, admin)) ?? await order(buyer) : await order(buyer);
      say(done);
    } catch (error) {
      // A refusal (out of stock, coupon gone, the wrong state) is part of a shop's day: printed, and on.
      const noLines = error instanceof PortalRefusal && error.path === '/order/generateConfirmOrder';
      say(`${buyer.username}@${buyer.shopId}: ${error instanceof Error ? error.message : String(error)}${noLines ? ' (the line is in the cart: this server\'s order routes do not take cart lines)' : ''}`);
      if (!(error instanceof PortalRefusal) && error instanceof TypeError) throw error;
    }
    const wait = EVERY_MS - (Date.now() - started);
    if (wait > 0 && !stopping && n + 1 < LIMIT) await new Promise((resolve) => setTimeout(resolve, wait));
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`demo:traffic stopped: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
