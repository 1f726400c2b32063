/**
 * mall-portal's `/member/address/*`: a buyer's receiving addresses, each owned by the member the
 * token names (a `memberId` or `id` in the body is ignored; another member's address reads as
 * missing). At most one is the default: setting one clears the others in the same transaction.
 * `receiverOf` gives the order routes an address to snapshot.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { httpError } from '../../http/errors';
import { parseWith } from '../../http/validation';
import type { Buyer, PortalRoutes } from './context';
import { buyerOf, idParam } from './context';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Selectable<Database['ums_member_receive_address']>;

/** Most addresses one member keeps. */
export const MAX_ADDRESSES = 20;

const optionalText = (max: number) => z.union([z.string().trim().max(max), z.null()]).optional().transform((v) => (v ? v : null));

/** mall's address body; unknown keys (`prefixAddress`, `memberId`, `id`) are ignored, as its clients send them. */
const addressBody = z.object({
  name: z.string().trim().min(1).max(100),
  phoneNumber: z.string().trim().min(1).max(64),
  defaultStatus: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional().transform((v) => Number(v ?? 0)),
  postCode: optionalText(100),
  province: optionalText(100),
  // Municipalities send an empty city.
  city: optionalText(100),
  region: optionalText(100),
  detailAddress: z.string().trim().min(1).max(128),
});

export const addressJson = (row: Row) => ({
  id: row.id, memberId: row.member_id, name: row.name, phoneNumber: row.phone_number, defaultStatus: Number(row.default_status),
  postCode: row.post_code, province: row.province, city: row.city, region: row.region, detailAddress: row.detail_address,
});

/** The buyer's addresses, the default first. */
export const addressesOf = async (db: Db, buyer: Buyer): Promise<Row[]> => db.selectFrom('ums_member_receive_address').selectAll()
  .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).orderBy('default_status', 'desc').orderBy('id').execute();

/** The buyer's address `id` as an order snapshots it, or null when it is not theirs (or does not exist). */
export const receiverOf = async (db: Db, buyer: Buyer, id: number) => {
  const row = await db.selectFrom('ums_member_receive_address').selectAll().where('id', '=', id)
    .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
  return row ? { name: row.name, phone: row.phone_number, postCode: row.post_code, province: row.province, city: row.city, region: row.region, detailAddress: row.detail_address } : null;
};

/** A write that found nothing of the caller's: code 500, as mall answers a failed change. */
const notYours = () => httpError({ status: 404, code: 500, messageKey: 'not_found' });

export const addressRoutes: PortalRoutes = (portal, { db }) => {
  portal.get('/member/address/list', async (request) => ok((await addressesOf(db, buyerOf(request))).map(addressJson)));

  portal.get('/member/address/:id', async (request) => {
    const buyer = buyerOf(request);
    const id = idParam((request.params as Record<string, unknown>).id, 'id');
    const row = await db.selectFrom('ums_member_receive_address').selectAll().where('id', '=', id)
      .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
    return ok(row ? addressJson(row) : null);
  });

  portal.post('/member/address/add', async (request) => {
    const buyer = buyerOf(request);
    const body = parseWith(addressBody, request.body);
    await db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom('ums_member_receive_address').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', buyer.memberId).executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_ADDRESSES) throw httpError({ status: 409, code: 500, messageKey: 'portal_too_many_addresses', params: { max: MAX_ADDRESSES } });
      // The first address is the default whatever the body says.
      const isDefault = body.defaultStatus === 1 || Number(count.n) === 0;
      if (isDefault) await trx.updateTable('ums_member_receive_address').set({ default_status: 0 }).where('member_id', '=', buyer.memberId).execute();
      await trx.insertInto('ums_member_receive_address').values({
        shop_id: buyer.shopId, member_id: buyer.memberId, name: body.name, phone_number: body.phoneNumber, default_status: isDefault ? 1 : 0,
        post_code: body.postCode, province: body.province, city: body.city, region: body.region, detail_address: body.detailAddress,
      }).execute();
    });
    return ok(1);
  });

  portal.post('/member/address/update/:id', async (request) => {
    const buyer = buyerOf(request);
    const id = idParam((request.params as Record<string, unknown>).id, 'id');
    const body = parseWith(addressBody, request.body);
    await db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('ums_member_receive_address').select('id').where('id', '=', id)
        .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
      if (!own) throw notYours();
      if (body.defaultStatus === 1) await trx.updateTable('ums_member_receive_address').set({ default_status: 0 }).where('member_id', '=', buyer.memberId).execute();
      await trx.updateTable('ums_member_receive_address').set({
        name: body.name, phone_number: body.phoneNumber, default_status: body.defaultStatus, post_code: body.postCode, province: body.province,
        city: body.city, region: body.region, detail_address: body.detailAddress,
      }).where('id', '=', id).execute();
    });
    return ok(1);
  });

  portal.post('/member/address/delete/:id', async (request) => {
    const buyer = buyerOf(request);
    const id = idParam((request.params as Record<string, unknown>).id, 'id');
    const removed = await db.deleteFrom('ums_member_receive_address').where('id', '=', id)
      .where('member_id', '=', buyer.memberId).where('shop_id', '=', buyer.shopId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notYours();
    return ok(1);
  });
};
