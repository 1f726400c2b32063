/**
 * Demo data for shop tenancy (demo mode only, never in production): the demo seller's two shops
 * with molds (every status, one near the end of its rated life), a second seller with a shop of
 * its own (so the shop scope can be seen from both sides), and the "Standard sellers" user group
 * with quotas holding both sellers. Like the rest of the seed it inserts only what is missing.
 */
import type { Transaction } from 'kysely';
import { SEED_ROLES } from '../../../src/schema/resources';
import { uniqueInviteCode } from '../../auth/invite-code';
import type { Database } from '../schema';

export const DEMO_SELLER2 = { username: 'seller2', password: 'seller123' } as const;

export const DEMO_GROUP = {
  name: 'Standard sellers', description: 'Quotas of an ordinary seller account',
  quota_shops: 3, quota_products: 100, quota_molds: 50, quota_storage_mb: 200, warn_percent: 80,
} as const;

type DemoMold = { code: string; name: string; size: string; material: string; location: string; status: number; usage: number; life: number };

/** Shops by owner username; each with its molds. */
const DEMO_SHOPS: readonly { owner: string; shopName: string; molds: readonly DemoMold[] }[] = [
  { owner: 'seller', shopName: 'Sunrise Packaging', molds: [
    { code: 'SP-BOX-001', name: 'Mailer box A4', size: '310 x 220 x 60 mm', material: 'Steel rule on birch plywood', location: 'Rack A1', status: 0, usage: 1200, life: 50_000 },
    { code: 'SP-BOX-002', name: 'Pizza box 12 inch', size: '305 x 305 x 40 mm', material: 'Steel rule on birch plywood', location: 'Rack A2', status: 1, usage: 46_500, life: 50_000 },
    { code: 'SP-LBL-010', name: 'Round label 50 mm', size: '50 mm', material: 'Flexible magnetic die', location: 'Drawer 3', status: 2, usage: 8000, life: 200_000 },
  ] },
  { owner: 'seller', shopName: 'Sunrise Print Studio', molds: [
    { code: 'PS-CARD-01', name: 'Business card', size: '90 x 54 mm', material: 'Solid engraved die', location: 'Drawer 1', status: 0, usage: 300, life: 100_000 },
    { code: 'PS-FOLD-02', name: 'Presentation folder', size: '470 x 330 mm', material: 'Steel rule on birch plywood', location: 'Rack B1', status: 3, usage: 30_000, life: 30_000 },
  ] },
  { owner: DEMO_SELLER2.username, shopName: 'Harbor Boxes', molds: [
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
    const { id: shopId } = await trx.insertInto('shop').values({ shop_name: shop.shopName, owner_id: owner, status: 1, create_time: now })
      .returning('id').executeTakeFirstOrThrow();
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
