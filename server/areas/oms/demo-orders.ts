/**
 * Demo orders (demo mode only): orders of every status in every demo shop, with their product
 * lines and operation history, so the order list, its status filter and the order page show
 * realistic data and every transition can be tried. Orders are placed by members, never created
 * through the admin API (the order has no create route), so they are written here directly, in
 * the columns the declaration names (src/schema/oms/entities.ts), deterministic (a seeded sequence) and only
 * while the shop has no orders. The accounts' seed writes a few per shop; demo content writes more.
 *
 * The order-settings job acts on them once the server runs (docs/guide/jobs.md): it closes the
 * older unpaid orders at its first run and the recent ones after their time-out, and, with demo
 * content (orders going back 25 days), confirms the receipt of those shipped more than 15 days ago;
 * each such change shows in the order's history as the system's, with no operator.
 */
import type { Kysely } from 'kysely';
import { DELIVERY_STATUS, ORDER_STATUS, PAY_STATUS } from '../../../src/schema/oms/entities';
import { sumCents } from '../../../src/schema/engine/money';
import type { Database } from '../../db/schema';
import { marketOf, orderingBuyers } from '../member/demo-buyers';
import { toDbTime } from '../../db/time';

/** A line of an order, as the order keeps it (a copy of the product and SKU bought). */
type OrderLine = { productId: number | null; pic: string | null; name: string; brand: string; sn: string; skuCode: string; cents: number; attr: string };

/**
 * Without the demo catalog (`DEMO_CONTENT=false`): lines of packaging, each sold by the demo
 * shops that stock it (their trade: server/seed/demo-products.ts DEMO_TRADES), under a brand that makes it
 * (server/seed/demo-content.ts DEMO_BRANDS). With the catalog, a shop's orders are of its own products.
 */
const PACKAGING: readonly (Omit<OrderLine, 'productId' | 'pic' | 'skuCode'> & { shops: readonly string[] })[] = [
  { name: 'Sunrise Kraft mailer box', brand: 'Sunrise', sn: 'KMB-3020', cents: 129, attr: '[{"key":"Size","value":"300×200×100 mm"}]', shops: ['Sunrise Packaging', 'Harbor Boxes'] },
  { name: 'Harbor Double-wall shipping carton', brand: 'Harbor Boxes', sn: 'CSC-0450', cents: 245, attr: '[{"key":"Size","value":"400×300×200 mm"}]', shops: ['Sunrise Packaging', 'Harbor Boxes'] },
  { name: 'Sunrise Magnetic-lid gift box', brand: 'Sunrise', sn: 'GBM-0120', cents: 1850, attr: '[{"key":"Size","value":"200×150×50 mm"}]', shops: ['Sunrise Print Studio', 'Harbor Boxes'] },
  { name: 'Sunrise Printed paper bag', brand: 'Sunrise', sn: 'PPB-0033', cents: 89, attr: '[]', shops: ['Sunrise Print Studio'] },
  { name: 'Sunrise Round label roll', brand: 'Sunrise', sn: 'RLR-0500', cents: 2600, attr: '[]', shops: ['Sunrise Print Studio', 'Sunrise Packaging'] },
  { name: 'EcoWrap Honeycomb wrap roll', brand: 'EcoWrap', sn: 'EHW-0050', cents: 1499, attr: '[]', shops: ['Sunrise Packaging', 'Harbor Boxes'] },
];

/** The lines a shop's orders are made of: a SKU of each of its live products, else the packaging it stocks. */
const linesOf = async (db: Kysely<Database>, shop: { id: number; shop_name: string }): Promise<OrderLine[]> => {
  const rows: { id: number; name: string; pic: string | null; product_sn: string; brand: string | null; sku_code: string | null; sku_price: number | null; sp_data: string | null; price: number }[] =
    await db.selectFrom('pms_product as p').leftJoin('pms_brand as b', 'b.id', 'p.brand_id')
      .leftJoin('pms_sku_stock as s', (join) => join.onRef('s.product_id', '=', 'p.id'))
      .select(['p.id', 'p.name', 'p.pic', 'p.product_sn', 'p.price', 'b.name as brand', 's.sku_code', 's.price as sku_price', 's.sp_data'])
      .where('p.shop_id', '=', shop.id).where('p.delete_status', '=', 0).orderBy('p.id').orderBy('s.id').execute();
  const seen = new Set<number>();
  const lines: OrderLine[] = [];
  for (const row of rows) {
    if (seen.has(Number(row.id))) continue;
    seen.add(Number(row.id));
    lines.push({
      productId: Number(row.id), pic: row.pic, name: row.name, brand: row.brand ?? '', sn: row.product_sn,
      skuCode: row.sku_code ?? `${row.product_sn}-01`, cents: Number(row.sku_price ?? row.price), attr: row.sp_data ?? '[]',
    });
  }
  if (lines.length) return lines;
  return PACKAGING.filter((p) => p.shops.includes(shop.shop_name))
    .map(({ shops: _shops, ...line }) => ({ ...line, productId: null, pic: null, skuCode: `${line.sn}-01` }));
};

/** A deterministic sequence, so every fresh demo start shows the same orders. */
const sequence = (seed: number) => {
  let state = seed;
  return (n: number): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Writes `perShop` orders into each demo shop that has none yet; answers how many it wrote. */
export const seedDemoOrders = async (db: Kysely<Database>, perShop: number): Promise<number> => {
  // The sellers' shops: the platform's outlet takes no orders in the demo.
  const shops: { id: number; shop_name: string; country: string | null }[] = await db.selectFrom('shop').select(['id', 'shop_name', 'country'])
    .where('owner_id', 'is not', null).orderBy('id').execute();
  const now = Date.now();
  let written = 0;
  for (const shop of shops) {
    const shopId = Number(shop.id);
    const has = await db.selectFrom('oms_order').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst();
    if (has) continue;
    const next = sequence(shopId * 7919);
    // The shop's own buyers (members of the shop), each receiving at their own address, shipped by the carriers of its country.
    const market = marketOf(shop.country);
    const buyers = orderingBuyers(market);
    const products = await linesOf(db, shop);
    if (!products.length) continue;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < perShop; i++) {
        // Every status appears; half the orders are waiting on someone (pending payment or shipment).
        // The newest order of every shop waits for payment (placed minutes ago), so closing one
        // and binding one to a cashier balance can always be tried.
        const newest = i === perShop - 1;
        const status = newest ? ORDER_STATUS.pendingPayment : [0, 1, 1, 2, 2, 3, 3, 3, 4, 5][(i + next(10)) % 10]!;
        const placed = now - (perShop - i) * 5 * HOUR - next(HOUR);
        // Two in three unpaid orders were placed in the last hour or so: the order-settings job
        // (server/areas/oms/jobs.ts) closes them only after their time-out (60 / 120 minutes by
        // default), so they can be tried by hand meanwhile; the older ones it closes at its first run.
        const created = newest ? now - 10 * MINUTE
          : status === ORDER_STATUS.pendingPayment && i % 3 !== 0 ? now - (10 + 7 * (i % 10)) * MINUTE : placed;
        const at = (hours: number) => toDbTime(new Date(created + hours * HOUR));
        const lines = Array.from({ length: 1 + next(3) }, () => {
          const product = products[next(products.length)]!;
          return { product, quantity: 1 + next(20) };
        });
        const total = sumCents(lines.map((l) => l.product.cents * l.quantity));
        const freight = next(3) * 500;
        const coupon = next(4) === 0 ? Math.min(500, total) : 0;
        const buyer = buyers[next(buyers.length)]!;
        const paid = status >= ORDER_STATUS.pendingShipment && status <= ORDER_STATUS.completed;
        const shipped = status === ORDER_STATUS.shipped || status === ORDER_STATUS.completed;
        const { id } = await trx.insertInto('oms_order').values({
          shop_id: shopId, order_sn: `${new Date(created).toISOString().slice(0, 10).replace(/-/g, '')}${String(shopId).padStart(3, '0')}${String(i + 1).padStart(5, '0')}`,
          create_time: at(0), member_id: 1 + next(500), member_username: buyer.username,
          total_amount: total, pay_amount: total + freight - coupon, freight_amount: freight, coupon_amount: coupon,
          promotion_amount: 0, integration_amount: 0, discount_amount: 0, refund_amount: 0,
          // The stored payment and delivery status, as the status means them (demo returns mark some refunded).
          pay_status: paid ? PAY_STATUS.paid : PAY_STATUS.unpaid, delivery_status: shipped ? DELIVERY_STATUS.shipped : DELIVERY_STATUS.notShipped,
          pay_type: paid ? 1 + next(2) : 0, source_type: next(2), status, order_type: next(5) === 0 ? 1 : 0,
          delivery_company: shipped ? market.carriers[next(market.carriers.length)] : null,
          delivery_sn: shipped ? `SF${String(1_000_000_000 + next(999_999_999))}` : null,
          auto_confirm_day: 15, integration: Math.floor(total / 100), growth: Math.floor(total / 100), promotion_info: null,
          receiver_name: buyer.realName, receiver_phone: buyer.mobile, receiver_post_code: buyer.address.post, receiver_country: buyer.country,
          receiver_province: buyer.address.province, receiver_city: buyer.address.city, receiver_region: buyer.address.region,
          receiver_detail_address: buyer.address.detail, note: null, confirm_status: status === ORDER_STATUS.completed ? 1 : 0, delete_status: 0,
          payment_time: paid ? at(1) : null, delivery_time: shipped ? at(20) : null,
          receive_time: status === ORDER_STATUS.completed ? at(70) : null, modify_time: status === ORDER_STATUS.pendingPayment ? at(0) : at(1),
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('oms_order_item').values(lines.map(({ product, quantity }) => ({
          order_id: id, shop_id: shopId, product_id: product.productId, product_pic: product.pic, product_name: product.name, product_brand: product.brand,
          product_sn: product.sn, product_price: product.cents, product_quantity: quantity, product_sku_code: product.skuCode,
          product_attr: product.attr,
        }))).execute();
        const history: { from: number; status: number; note: string; hours: number }[] = [];
        if (paid || shipped) history.push({ from: ORDER_STATUS.pendingPayment, status: ORDER_STATUS.pendingShipment, note: 'Paid by the buyer', hours: 1 });
        if (shipped) history.push({ from: ORDER_STATUS.pendingShipment, status: ORDER_STATUS.shipped, note: 'Shipped', hours: 20 });
        if (status === ORDER_STATUS.completed) history.push({ from: ORDER_STATUS.shipped, status: ORDER_STATUS.completed, note: 'Receipt confirmed', hours: 70 });
        if (status === ORDER_STATUS.closed) history.push({ from: ORDER_STATUS.pendingPayment, status: ORDER_STATUS.closed, note: 'Closed: the buyer asked to cancel', hours: 3 });
        if (status === ORDER_STATUS.invalid) history.push({ from: ORDER_STATUS.pendingPayment, status: ORDER_STATUS.invalid, note: 'Invalid: payment check failed', hours: 2 });
        if (history.length) {
          await trx.insertInto('oms_order_operate_history').values(history.map((h) => ({
            order_id: id, shop_id: shopId, operator_id: null, create_time: at(h.hours), from_status: h.from, order_status: h.status, note: h.note,
          }))).execute();
        }
        // What the shop told the buyer (the order page's messages): a word on each paid order.
        if (paid) {
          await trx.insertInto('oms_order_message').values({
            order_id: id, shop_id: shopId, operator_id: null, create_time: at(shipped ? 21 : 2), kind: 'message',
            content: shipped ? 'Your parcel is on its way; the tracking number is on the order.' : 'Thank you for your payment: we are packing your order.',
          }).execute();
        }
        written++;
      }
    });
  }
  return written;
};
