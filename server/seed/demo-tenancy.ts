/**
 * Demo data for shop tenancy (demo mode only, never in production): the demo seller's two shops
 * with molds (every status, one near the end of its rated life), a second seller with a shop of
 * its own (so the shop scope can be seen from both sides), and the "Standard sellers" user group
 * with quotas holding both sellers. Each shop has its company, address, contact, currency,
 * customer approval and payment methods: between them every method (offline PayPal, offline
 * blockchain here; online PayPal, whose secret key the engine must encrypt, is switched on by
 * ./demo-shop-paypal.ts through the shop repository). Like the rest of the seed it inserts only
 * what is missing.
 */
import type { Transaction } from 'kysely';
import { SEED_ROLES } from '../../src/schema/resources';
import { uniqueInviteCode } from '../auth/invite-code';
import { uniqueShopCode } from '../areas/shop/invite-code';
import type { Database } from '../db/schema';

export const DEMO_SELLER2 = { username: 'seller2', password: 'seller123' } as const;

export const DEMO_GROUP = {
  name: 'Standard sellers', description: 'Quotas of an ordinary seller account',
  quota_shops: 3, quota_products: 100, quota_molds: 50, quota_storage_mb: 200, warn_percent: 80,
} as const;

/** A shop's own columns beside its name and owner (src/schema/shop/entities.ts). */
type DemoShopDetails = {
  company_name: string; legal_person_name: string; country: string; city: string; street_line1: string; address_line2: string | null;
  time_zone: string; postcode: string; first_name: string; last_name: string; phone: string; currency: string; auto_approve: number;
  paypal_offline: number; paypal_account: string | null; blockchain: number; blockchain_network: string | null; wallet_address: string | null;
};

type DemoMold = { code: string; name: string; size: string; material: string; location: string; status: number; usage: number; life: number };

/** Shops by owner username; each with its molds. */
const DEMO_SHOPS: readonly { owner: string; shopName: string; details: DemoShopDetails; molds: readonly DemoMold[] }[] = [
  { owner: 'seller', shopName: 'Sunrise Packaging', details: {
    company_name: 'Sunrise Packaging Co., Ltd.', legal_person_name: 'Li Wei', country: 'China', city: 'Shenzhen', time_zone: 'Asia/Shanghai',
    street_line1: '88 Keyuan Road', address_line2: 'Building 3, 5th floor', postcode: '518057', first_name: 'Wei', last_name: 'Li',
    phone: '+86 138 0013 8000', currency: 'CNY', auto_approve: 1,
    paypal_offline: 1, paypal_account: 'sales@sunrise-packaging.example.com',
    blockchain: 1, blockchain_network: 'TRC20', wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  }, molds: [
    { code: 'SP-BOX-001', name: 'Mailer box A4', size: '310 x 220 x 60 mm', material: 'Steel rule on birch plywood', location: 'Rack A1', status: 0, usage: 1200, life: 50_000 },
    { code: 'SP-BOX-002', name: 'Pizza box 12 inch', size: '305 x 305 x 40 mm', material: 'Steel rule on birch plywood', location: 'Rack A2', status: 1, usage: 46_500, life: 50_000 },
    { code: 'SP-LBL-010', name: 'Round label 50 mm', size: '50 mm', material: 'Flexible magnetic die', location: 'Drawer 3', status: 2, usage: 8000, life: 200_000 },
  ] },
  // Online PayPal too (server/areas/shop/demo-shop-paypal.ts): this shop takes every payment method.
  { owner: 'seller', shopName: 'Sunrise Print Studio', details: {
    company_name: 'Sunrise Print Studio LLC', legal_person_name: 'Emily Carter', country: 'United States', city: 'Portland', time_zone: 'America/New_York',
    street_line1: '1200 NW Marshall Street', address_line2: 'Suite 210', postcode: '97209', first_name: 'Emily', last_name: 'Carter',
    phone: '+1 503 555 0148', currency: 'USD', auto_approve: 0,
    paypal_offline: 1, paypal_account: 'billing@sunrise-print.example.com',
    blockchain: 1, blockchain_network: 'ERC20', wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  }, molds: [
    { code: 'PS-CARD-01', name: 'Business card', size: '90 x 54 mm', material: 'Solid engraved die', location: 'Drawer 1', status: 0, usage: 300, life: 100_000 },
    { code: 'PS-FOLD-02', name: 'Presentation folder', size: '470 x 330 mm', material: 'Steel rule on birch plywood', location: 'Rack B1', status: 3, usage: 30_000, life: 30_000 },
  ] },
  { owner: DEMO_SELLER2.username, shopName: 'Harbor Boxes', details: {
    company_name: 'Harbor Boxes B.V.', legal_person_name: 'Daan de Vries', country: 'Netherlands', city: 'Rotterdam', time_zone: 'Europe/Berlin',
    street_line1: 'Waalhaven Oostzijde 12', address_line2: null, postcode: '3087 BM', first_name: 'Daan', last_name: 'de Vries',
    phone: '+31 10 555 0192', currency: 'EUR', auto_approve: 0,
    paypal_offline: 0, paypal_account: null,
    blockchain: 1, blockchain_network: 'TRC20', wallet_address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
  }, molds: [
    { code: 'HB-SHIP-01', name: 'Shipping carton', size: '400 x 300 x 200 mm', material: 'Steel rule on birch plywood', location: 'Bay 2', status: 1, usage: 5000, life: 40_000 },
    { code: 'HB-GIFT-02', name: 'Gift box lid', size: '200 x 200 x 50 mm', material: 'Steel rule on birch plywood', location: 'Bay 3', status: 0, usage: 0, life: 40_000 },
  ] },
];

/**
 * Runs inside the seed's transaction. `seller2Hash` is hashed by the caller beforehand (on
 * SQLite the transaction holds the only connection). Answers whether seller2 was created.
 */
export const seedDemoTenancy = async (trx: Transaction<Database>, options: { seller2Hash: string; now: string }): Promise<boolean> => {
  const { now } = options;
  const sellerRole = await trx.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();

  let createdSeller2 = false;
  const existing = await trx.selectFrom('ums_admin').select('id').where('username', '=', DEMO_SELLER2.username).executeTakeFirst();
  if (!existing) {
    const row = await trx.insertInto('ums_admin').values({
      username: DEMO_SELLER2.username, password: options.seller2Hash, icon: null, email: null, nick_name: 'Second demo seller',
      note: null, create_time: now, login_time: null, status: 1, invite_code: await uniqueInviteCode(trx), referrer_id: null,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('ums_admin_role_relation').values({ admin_id: row.id, role_id: sellerRole.id }).execute();
    createdSeller2 = true;
  }

  const owners = await trx.selectFrom('ums_admin').select(['id', 'username']).where('username', 'in', ['seller', DEMO_SELLER2.username]).execute();
  const ownerId = new Map(owners.map((o) => [o.username, o.id]));
  for (const shop of DEMO_SHOPS) {
    const owner = ownerId.get(shop.owner);
    if (owner === undefined) continue;
    const found = await trx.selectFrom('shop').select('id').where('owner_id', '=', owner).where('shop_name', '=', shop.shopName).executeTakeFirst();
    if (found) continue;
    const { id: shopId } = await trx.insertInto('shop').values({
      shop_name: shop.shopName, owner_id: owner, status: 1, create_time: now, invite_code: await uniqueShopCode(trx), paypal_online: 0, sign_up_code: 0, ...shop.details,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('mold').values(shop.molds.map((m) => ({
      code: m.code, name: m.name, shop_id: shopId, size: m.size, material: m.material, location: m.location,
      status: m.status, usage_count: m.usage, rated_life: m.life, image: null, note: null, create_time: now,
    }))).execute();
  }

  let group = await trx.selectFrom('ums_user_group').select('id').where('name', '=', DEMO_GROUP.name).executeTakeFirst();
  if (!group) {
    group = await trx.insertInto('ums_user_group').values({ ...DEMO_GROUP, member_count: 0, create_time: now })
      .returning('id').executeTakeFirstOrThrow();
  }
  const members = await trx.selectFrom('ums_user_group_member').select('admin_id').where('admin_id', 'in', [...ownerId.values()]).execute();
  const missing = [...ownerId.values()].filter((id) => !members.some((m) => m.admin_id === id));
  if (missing.length) {
    await trx.insertInto('ums_user_group_member').values(missing.map((admin_id) => ({ group_id: group.id, admin_id }))).execute();
    const { n } = await trx.selectFrom('ums_user_group_member').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', group.id).executeTakeFirstOrThrow();
    await trx.updateTable('ums_user_group').set({ member_count: Number(n) }).where('id', '=', group.id).execute();
  }
  return createdSeller2;
};
