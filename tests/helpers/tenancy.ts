/**
 * Test helpers for shop tenancy: extra accounts with a given role, the seeded demo shops and
 * molds by owner, and small API wrappers for molds and shops.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SEED_ROLES } from '../../src/schema/resources';
import { hashPassword } from '../../server/auth/password';
import type { Database } from '../../server/db/schema';
import { toDbTime } from '../../server/db/time';
import type { Answer } from './api';
import { call, login } from './api';

export const API = '/api';
export const PASSWORD = 'tenancy-test-password';

let passwordHash: Promise<string> | null = null;

/**
 * An admin holding the role with `roleCode` (created, enabled, when missing; holding the seeded
 * resources of `grants`), signed in. One shared password hash: argon2 is slow on purpose.
 */
export const makeAccount = async (
  app: FastifyInstance, db: Kysely<Database>, username: string, roleCode: string, grants: readonly string[] = [],
): Promise<{ id: number; token: string }> => {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  let role = await db.selectFrom('ums_role').select('id').where('code', '=', roleCode).executeTakeFirst();
  role ??= await db.insertInto('ums_role').values({
    code: roleCode, name: roleCode, description: null, admin_count: 0, create_time: toDbTime(), status: 1, sort: 0,
  }).returning('id').executeTakeFirstOrThrow();
  // A seller holds a running VIP, which opening a shop needs (tests/api/shop-shops.test.ts tests the gate itself).
  const vip = roleCode === SEED_ROLES.seller.code ? { vip_expire_time: '2099-01-01T00:00:00.000Z' } : {};
  const admin = await db.insertInto('ums_admin').values({
    username, password: hash, icon: null, email: null, nick_name: username, note: null, create_time: toDbTime(),
    login_time: null, status: 1, invite_code: null, referrer_id: null, ...vip,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('ums_admin_role_relation').values({ admin_id: admin.id, role_id: role.id }).execute();
  // Seeded resources (by URL pattern) the role holds, for staff roles made up by a test.
  const resources = grants.length ? await db.selectFrom('ums_resource').select('id').where('url', 'in', [...grants]).execute() : [];
  for (const resource of resources) {
    const held = await db.selectFrom('ums_role_resource_relation').select('id').where('role_id', '=', role.id).where('resource_id', '=', resource.id).executeTakeFirst();
    if (!held) await db.insertInto('ums_role_resource_relation').values({ role_id: role.id, resource_id: resource.id }).execute();
  }
  return { id: admin.id, token: await login(app, { username, password: PASSWORD }) };
};

export const makeSeller = (app: FastifyInstance, db: Kysely<Database>, username: string) =>
  makeAccount(app, db, username, SEED_ROLES.seller.code);

/**
 * Moves the admins into a user group without quotas, so quotas do not interfere with a test
 * (outside every group the default quotas would apply).
 */
export const withoutQuotas = async (db: Kysely<Database>, adminIds: readonly number[]): Promise<void> => {
  const name = 'Unlimited (tests)';
  let group = await db.selectFrom('ums_user_group').select('id').where('name', '=', name).executeTakeFirst();
  group ??= await db.insertInto('ums_user_group').values({
    name, description: null, quota_shops: null, quota_products: null, quota_molds: null, quota_storage_mb: null,
    warn_percent: 80, member_count: 0, create_time: toDbTime(),
  }).returning('id').executeTakeFirstOrThrow();
  await db.deleteFrom('ums_user_group_member').where('admin_id', 'in', [...adminIds]).execute();
  await db.insertInto('ums_user_group_member').values(adminIds.map((admin_id) => ({ group_id: group.id, admin_id }))).execute();
};

export const adminIdOf = async (db: Kysely<Database>, username: string): Promise<number> =>
  (await db.selectFrom('ums_admin').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** Shop ids of an owner, ascending. */
export const shopIdsOf = async (db: Kysely<Database>, ownerId: number): Promise<number[]> =>
  (await db.selectFrom('shop').select('id').where('owner_id', '=', ownerId).orderBy('id').execute()).map((r) => r.id);

/** Mold ids in the owner's shops, ascending. */
export const moldIdsOf = async (db: Kysely<Database>, ownerId: number): Promise<number[]> =>
  (await db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id').select('mold.id')
    .where('shop.owner_id', '=', ownerId).orderBy('mold.id').execute()).map((r) => r.id);

/** Every mold row, ordered: what a refused request must leave exactly as it was. */
export const moldTable = (db: Kysely<Database>) => db.selectFrom('mold').selectAll().orderBy('id').execute();
export const shopTable = (db: Kysely<Database>) => db.selectFrom('shop').selectAll().orderBy('id').execute();

export type Page<T> = { pageNum: number; pageSize: number; totalPage: number; total: number; list: T[] };
export type MoldRecord = { id: number; code: string; name: string; shopId: number; status: number; usageCount: number; ratedLife: number } & Record<string, unknown>;
export type ShopRecord = { id: number; shopName: string; ownerId: number | null; status: number } & Record<string, unknown>;

let codeSeq = 0;
/** A valid mold create body in `shopId`; codes never repeat within a test file. */
export const moldBody = (shopId: number, extra: Record<string, unknown> = {}) => {
  codeSeq += 1;
  return { code: `T-${codeSeq}`, name: `Test mold ${codeSeq}`, shopId, ratedLife: 1000, ...extra };
};

/** API calls with one token. */
export const client = (app: FastifyInstance, token: string) => ({
  get: <T = unknown>(url: string): Promise<Answer<T>> => call<T>(app, 'GET', `${API}${url}`, { token }),
  post: <T = unknown>(url: string, body?: unknown, ip?: string): Promise<Answer<T>> => call<T>(app, 'POST', `${API}${url}`, { token, body, ip }),
});
