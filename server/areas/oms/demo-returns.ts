/**
 * Demo returns (demo mode only): two return addresses per demo shop and return requests in every
 * status on the demo orders the buyers paid for, so the returns list, its filters and the return
 * page show realistic data and every step can be tried (confirm, reject, confirm receipt).
 * Requests are made by members, never through the admin API (the entity has no create route), so
 * they are written here directly, in the columns the declaration names (src/schema/oms/entities.ts),
 * deterministic and only while the shop has none. A granted refund never exceeds what was paid
 * for the returned line (the rule the confirm step enforces); an order with a completed return
 * reads as partially refunded, or refunded where its refunds reach what was paid.
 */
import type { Kysely } from 'kysely';
import { multiplyCents } from '../../../src/schema/engine/money';
import { ORDER_STATUS, RETURN_STATUS } from '../../../src/schema/oms/entities';
import type { Database } from '../../db/schema';
import { buyerNamed } from '../member/demo-buyers';
import { toDbTime } from '../../db/time';
import { settleRefunds } from './returns';

/**
 * Each shop's two return addresses, at the shop's own address (server/seed/demo-tenancy.ts): its warehouse,
 * which also ships, and a returns desk that only receives.
 */
const addressesOf = (shop: ShopRow) => {
  const street = [shop.street_line1, shop.address_line2, shop.postcode].filter(Boolean).join(', ') || 'Warehouse 1';
  const person = [shop.first_name, shop.last_name].filter(Boolean).join(' ') || 'Returns team';
  const base = { name: person, phone: shop.phone ?? '+1 555 0100', province: shop.country ?? null, city: shop.city ?? null, region: null };
  return [
    { ...base, address_name: `${shop.shop_name} warehouse`, detail_address: street, receive_status: 1, send_status: 1 },
    { ...base, address_name: `${shop.shop_name} returns desk`, detail_address: `Returns entrance, ${street}`, receive_status: 0, send_status: 0 },
  ].map((a) => ({ ...a, address_name: a.address_name.slice(0, 200) }));
};
type ShopRow = {
  id: number; shop_name: string; street_line1: string | null; address_line2: string | null; city: string | null; country: string | null;
  postcode: string | null; phone: string | null; first_name: string | null; last_name: string | null;
};

/**
 * Why buyers send things back: each reason (the seeded return reasons) with what the buyer wrote
 * and the photos they sent as proof (shipped with the demo content in server/seed/images, copied
 * to the upload storage by scripts/demo-images.sh's files). An unopened parcel needs no photo.
 */
const WHY = [
  { reason: 'Quality problem', description: 'The carton arrived crushed on one corner and the boxes inside are bent.', proofs: ['proof-crushed-box.jpg'] },
  { reason: 'Wrong size', description: 'We ordered 400×300×200 mm and received 300×200×100 mm.', proofs: ['proof-size-label.jpg'] },
  { reason: 'Not as described', description: 'The print colour is much lighter than the approved proof.', proofs: ['proof-print-colour.jpg', 'proof-crushed-box.jpg'] },
  { reason: 'Missing parts', description: 'The pack arrived short: a third of the pieces were missing.', proofs: ['proof-missing-pieces.jpg'] },
  { reason: 'Changed my mind', description: 'We ordered twice by mistake; the second parcel is unopened.', proofs: [] },
] as const;
/** The proof images' URLs (server/seed/demo-content.ts stores them under this prefix). */
export const DEMO_PROOFS = [...new Set(WHY.flatMap((w) => w.proofs))].map((file) => `/uploads/demo/${file}`);

/**
 * Many requests wait for someone; the others show each outcome. The very first one is rejected,
 * the one kind that may be deleted: the generic suites delete the first stored row of an entity
 * they cannot create (tests/api/engine-entity-audit.test.ts).
 */
const STATUSES = [
  RETURN_STATUS.rejected, RETURN_STATUS.pending, RETURN_STATUS.returning, RETURN_STATUS.completed,
  RETURN_STATUS.pending, RETURN_STATUS.pending, RETURN_STATUS.returning, RETURN_STATUS.completed,
] as const;

const HOUR = 60 * 60 * 1000;

/**
 * Writes the addresses and up to `perShop` requests into each shop that has none yet; `handler`
 * is the account named as having handled them, `proofs` whether the demo images are there.
 */
export const seedDemoReturns = async (db: Kysely<Database>, options: { perShop: number; handler: string; proofs: boolean }): Promise<number> => {
  // The sellers' shops, which have the demo orders (./demo-orders.ts).
  const shops: ShopRow[] = await db.selectFrom('shop')
    .select(['id', 'shop_name', 'street_line1', 'address_line2', 'city', 'country', 'postcode', 'phone', 'first_name', 'last_name'])
    .where('owner_id', 'is not', null).orderBy('id').execute();
  const now = Date.now();
  let written = 0;
  for (const [shopIndex, shop] of shops.entries()) {
    const shopId = Number(shop.id);
    if (await db.selectFrom('oms_order_return_apply').select('id').where('shop_id', '=', shopId).limit(1).executeTakeFirst()) continue;
    await db.transaction().execute(async (trx) => {
      let addresses = await trx.selectFrom('oms_company_address').select('id').where('shop_id', '=', shopId).orderBy('id').execute();
      if (!addresses.length) {
        // Named after the shop: staff pick among every shop's addresses.
        addresses = await trx.insertInto('oms_company_address')
          .values(addressesOf(shop).map((a) => ({ ...a, shop_id: shopId })))
          .returning('id').execute();
      }
      // Paid orders, delivered ones first: a buyer returns what was shipped (or asks for the money back before it ships).
      const orders = await trx.selectFrom('oms_order').select(['id', 'order_sn', 'member_username', 'create_time'])
        .where('shop_id', '=', shopId).where('delete_status', '=', 0)
        .where('status', 'in', [ORDER_STATUS.pendingShipment, ORDER_STATUS.shipped, ORDER_STATUS.completed])
        .orderBy('status', 'desc').orderBy('id').limit(options.perShop).execute();
      for (const [i, order] of orders.entries()) {
        const item = await trx.selectFrom('oms_order_item').selectAll().where('order_id', '=', order.id).orderBy('id').executeTakeFirst();
        if (!item) continue;
        // Shifted per shop, so a few orders per shop still show every status across the shops.
        const status = STATUSES[(i + shopIndex) % STATUSES.length]!;
        const count = 1 + (i % Math.min(3, Number(item.product_quantity)));
        const line = multiplyCents(Number(item.product_price), count);
        const applied = Math.min(now - HOUR, Date.parse(String(order.create_time)) + (80 + i) * HOUR);
        const at = (hours: number) => toDbTime(new Date(Math.min(now, applied + hours * HOUR)));
        const handled = status !== RETURN_STATUS.pending;
        const granted = status === RETURN_STATUS.returning || status === RETURN_STATUS.completed;
        // The buyer who ordered asks (server/areas/member/demo-buyers.ts); an order of someone else's name, the shop's contact.
        const buyer = buyerNamed(order.member_username);
        const contact = buyer ? { name: buyer.realName, phone: buyer.mobile } : { name: `${shop.first_name ?? ''} ${shop.last_name ?? ''}`.trim(), phone: shop.phone ?? '' };
        const why = WHY[i % WHY.length]!;
        // A full refund, or part of it where the goods came back used.
        const refund = granted ? (i % 3 === 0 ? Math.floor(line / 2) : line) : null;
        await trx.insertInto('oms_order_return_apply').values({
          shop_id: shopId, order_id: order.id, order_sn: order.order_sn, status, create_time: toDbTime(new Date(applied)),
          member_username: order.member_username, return_name: contact.name, return_phone: contact.phone,
          reason: why.reason, description: why.description,
          proof_pics: options.proofs ? why.proofs.map((file) => `/uploads/demo/${file}`).join(',') || null : null,
          product_id: item.product_id, product_pic: item.product_pic, product_name: item.product_name, product_brand: item.product_brand,
          product_attr: item.product_attr, product_count: count, product_price: item.product_price, product_real_price: item.product_price,
          return_amount: refund,
          company_address_id: granted ? addresses[i % addresses.length]!.id : null,
          handle_time: handled ? at(6) : null, handle_man: handled ? options.handler : null,
          handle_note: status === RETURN_STATUS.rejected ? 'Opened and used: not returnable' : handled ? 'Accepted, please send the goods back' : null,
          receive_time: status === RETURN_STATUS.completed ? at(60) : null, receive_man: status === RETURN_STATUS.completed ? options.handler : null,
          receive_note: status === RETURN_STATUS.completed ? 'Goods received in good condition' : null,
        }).execute();
        // A completed return with a refund leaves its order partially refunded or refunded (as the receive step does).
        if (status === RETURN_STATUS.completed && refund !== null && refund > 0) await settleRefunds(trx, Number(order.id));
        written++;
      }
    });
  }
  return written;
};
