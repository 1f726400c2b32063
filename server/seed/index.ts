/**
 * First-start data, in one transaction: the super administrator, the seeded roles, the menu tree
 * of src/schema/routes.ts, the resources of src/schema/resources.ts and the role grants. Run only
 * while ums_admin is empty (main.ts), and every step inserts only what is missing, so running it
 * twice changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { RESOURCE_CATEGORIES, SEED_ROLES } from '../../src/schema/resources';
import { SECTIONS } from '../../src/schema/routes';
import { declaredBuiltinGrants, STAFF_GRANTS } from '../auth/builtin-roles';
import { uniqueInviteCode } from '../auth/invite-code';
import { hashPassword } from '../auth/password';
import type { Config } from '../config';
import { audit } from '../db/audit';
import { toCount } from '../db/index';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';
import { seedDemoContent } from './demo-content';
import { DEMO_GROUP, DEMO_SELLER2, seedDemoTenancy } from './demo-tenancy';
import { menuTitle } from '../auth/menu-titles';
import type { DemoDeps } from '../areas/area';
import { AREAS, demoOrder } from '../areas/index';
import { seedRepositories } from './repositories';

export const DEMO_ADMIN_PASSWORD = 'admin123';
export const DEMO_SELLER = { username: 'seller', password: 'seller123' } as const;

/**
 * Demo staff with one area each (demo mode only, never in production), as `mall`'s demo data
 * has them: their roles' grants are the declared ones (STAFF_GRANTS, server/auth/builtin-roles.ts).
 */
export const DEMO_STAFF = [
  { username: 'productAdmin', password: 'product123', nickName: 'Product admin', ...STAFF_GRANTS.productAdmin },
  { username: 'orderAdmin', password: 'order123', nickName: 'Order admin', ...STAFF_GRANTS.orderAdmin },
  { username: 'marketingAdmin', password: 'marketing123', nickName: 'Marketing admin', ...STAFF_GRANTS.marketingAdmin },
] as const;

export type SeedOptions = {
  demo?: boolean;
  /** With `demo`, outside production: sample records for every list screen (./demo-content.ts). */
  content?: boolean;
};

type SeededAccount = {
  username: string;
  role: string;
  /** The password, when it is not a secret the operator chose (demo or generated); null otherwise. */
  password: string | null;
  passwordSource: 'env' | 'demo' | 'generated';
  /** Where a generated password was written (mode 0600). */
  passwordFile?: string;
};

export type SeedResult = { seeded: boolean; accounts: SeededAccount[]; notes: string[] };

type SeedConfig = Pick<Config, 'adminUsername' | 'adminPassword' | 'nodeEnv' | 'dataDir'> & Partial<Pick<Config, 'sellerGroup' | 'secretsKey' | 's3'>>;

/**
 * The user group self-registered sellers join (SELLER_GROUP), with an ordinary seller's quotas,
 * so nobody who signs up is without limits. Created on every first start, demo or not.
 */
const ensureSellerGroup = async (trx: Trx, name: string, now: string): Promise<void> => {
  const found = await trx.selectFrom('ums_user_group').select('id').where('name', '=', name).executeTakeFirst();
  if (!found) await trx.insertInto('ums_user_group').values({ ...DEMO_GROUP, name, member_count: 0, create_time: now }).execute();
};
type Trx = Transaction<Database>;

export const hasAdmins = async (db: Kysely<Database>): Promise<boolean> => {
  const row = await db.selectFrom('ums_admin').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return toCount(row.n) > 0;
};

/** Never a fixed password in production: ADMIN_PASSWORD, else the demo one (demo, not production), else a random one. */
const chooseAdminPassword = (config: SeedConfig, demo: boolean): { password: string; source: SeededAccount['passwordSource'] } => {
  if (config.adminPassword) return { password: config.adminPassword, source: 'env' };
  if (demo && config.nodeEnv !== 'production') return { password: DEMO_ADMIN_PASSWORD, source: 'demo' };
  return { password: randomBytes(18).toString('base64url'), source: 'generated' };
};

const ensureRole = async (trx: Trx, decl: { code: string; name: string; description: string }, sort: number, now: string): Promise<number> => {
  const found = await trx.selectFrom('ums_role').select('id').where('code', '=', decl.code).executeTakeFirst();
  if (found) return found.id;
  const row = await trx.insertInto('ums_role').values({
    code: decl.code, name: decl.name, description: decl.description, admin_count: 0, create_time: now, status: 1, sort,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

const ensureMenu = async (
  trx: Trx,
  menu: { parentId: number; level: number; name: string; icon: string; sort: number; hidden: boolean },
  now: string,
): Promise<number> => {
  const found = await trx.selectFrom('ums_menu').select('id').where('name', '=', menu.name).executeTakeFirst();
  if (found) return found.id;
  const row = await trx.insertInto('ums_menu').values({
    parent_id: menu.parentId, create_time: now, title: menuTitle(menu.name), level: menu.level,
    sort: menu.sort, name: menu.name, icon: menu.icon, hidden: menu.hidden ? 1 : 0,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
};

const ensureCategory = async (trx: Trx, name: string, sort: number, now: string): Promise<number> => {
  const found = await trx.selectFrom('ums_resource_category').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  return (await trx.insertInto('ums_resource_category').values({ name, sort, create_time: now })
    .returning('id').executeTakeFirstOrThrow()).id;
};

const ensureResource = async (trx: Trx, res: { name: string; url: string; categoryId: number }, now: string): Promise<number> => {
  const found = await trx.selectFrom('ums_resource').select('id').where('url', '=', res.url).where('name', '=', res.name).executeTakeFirst();
  if (found) return found.id;
  return (await trx.insertInto('ums_resource').values({
    name: res.name, url: res.url, category_id: res.categoryId, description: res.name, create_time: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
};

const grantMenus = async (trx: Trx, roleId: number, menuIds: readonly number[]): Promise<void> => {
  const have = new Set((await trx.selectFrom('ums_role_menu_relation').select('menu_id').where('role_id', '=', roleId).execute()).map((r) => r.menu_id));
  const missing = [...new Set(menuIds)].filter((id) => !have.has(id));
  if (missing.length) await trx.insertInto('ums_role_menu_relation').values(missing.map((menu_id) => ({ role_id: roleId, menu_id }))).execute();
};

const grantResources = async (trx: Trx, roleId: number, resourceIds: readonly number[]): Promise<void> => {
  const have = new Set((await trx.selectFrom('ums_role_resource_relation').select('resource_id').where('role_id', '=', roleId).execute()).map((r) => r.resource_id));
  const missing = [...new Set(resourceIds)].filter((id) => !have.has(id));
  if (missing.length) await trx.insertInto('ums_role_resource_relation').values(missing.map((resource_id) => ({ role_id: roleId, resource_id }))).execute();
};

const ensureAdmin = async (
  trx: Trx,
  admin: { username: string; passwordHash: string; nickName: string; roleId: number; inviteCode: boolean },
  now: string,
): Promise<boolean> => {
  const found = await trx.selectFrom('ums_admin').select('id').where('username', '=', admin.username).executeTakeFirst();
  if (found) return false;
  const row = await trx.insertInto('ums_admin').values({
    username: admin.username, password: admin.passwordHash, icon: null, email: null, nick_name: admin.nickName,
    note: null, create_time: now, login_time: null, status: 1,
    invite_code: admin.inviteCode ? await uniqueInviteCode(trx) : null, referrer_id: null,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('ums_admin_role_relation').values({ admin_id: row.id, role_id: admin.roleId }).execute();
  return true;
};

export const seed = async (db: Kysely<Database>, config: SeedConfig, options: SeedOptions = {}): Promise<SeedResult> => {
  const demo = options.demo ?? false;
  const notes: string[] = [];
  const adminPassword = chooseAdminPassword(config, demo);
  // Demo accounts with known passwords have no place in production.
  const withDemoSeller = demo && config.nodeEnv !== 'production';
  if (demo && !withDemoSeller) notes.push('NODE_ENV=production: the demo seller and staff accounts were not created');
  // Hash before the transaction: on SQLite a transaction holds the only connection.
  const adminHash = await hashPassword(adminPassword.password);
  const sellerHash = withDemoSeller ? await hashPassword(DEMO_SELLER.password) : null;
  const seller2Hash = withDemoSeller ? await hashPassword(DEMO_SELLER2.password) : null;
  const staffHashes = withDemoSeller ? await Promise.all(DEMO_STAFF.map((staff) => hashPassword(staff.password))) : [];

  const created = await db.transaction().execute(async (trx) => {
    const now = toDbTime();
    const superId = await ensureRole(trx, SEED_ROLES.superAdmin, 100, now);
    const sellerId = await ensureRole(trx, SEED_ROLES.seller, 50, now);

    const menuIds = new Map<string, number>();
    for (const section of SECTIONS) {
      const sectionId = await ensureMenu(trx, { parentId: 0, level: 0, name: section.name, icon: section.icon, sort: section.sort, hidden: Boolean(section.hidden) }, now);
      menuIds.set(section.name, sectionId);
      for (const child of section.children) {
        menuIds.set(child.name, await ensureMenu(trx, { parentId: sectionId, level: 1, name: child.name, icon: child.icon, sort: child.sort, hidden: Boolean(child.hidden) }, now));
      }
    }

    let resources = 0;
    const resourceIdsByUrl = new Map<string, number[]>();
    for (const category of RESOURCE_CATEGORIES) {
      const categoryId = await ensureCategory(trx, category.name, category.sort, now);
      for (const resource of category.resources) {
        const id = await ensureResource(trx, { name: resource.name, url: resource.url, categoryId }, now);
        resources += 1;
        resourceIdsByUrl.set(resource.url, [...(resourceIdsByUrl.get(resource.url) ?? []), id]);
      }
    }
    // Each built-in role gets what the declarations grant it (server/auth/builtin-roles.ts).
    const declared = declaredBuiltinGrants();
    const grantDeclared = async (roleId: number, code: string): Promise<void> => {
      const grants = declared.get(code)!;
      await grantMenus(trx, roleId, grants.menu.map((name) => menuIds.get(name)!));
      await grantResources(trx, roleId, grants.resource.flatMap((url) => resourceIdsByUrl.get(url) ?? []));
    };

    await grantDeclared(superId, SEED_ROLES.superAdmin.code);
    await grantDeclared(sellerId, SEED_ROLES.seller.code);

    const accounts: SeededAccount[] = [];
    if (await ensureAdmin(trx, { username: config.adminUsername, passwordHash: adminHash, nickName: 'Administrator', roleId: superId, inviteCode: false }, now)) {
      accounts.push({
        username: config.adminUsername, role: SEED_ROLES.superAdmin.name,
        password: adminPassword.source === 'env' ? null : adminPassword.password, passwordSource: adminPassword.source,
      });
    }
    if (sellerHash && await ensureAdmin(trx, { username: DEMO_SELLER.username, passwordHash: sellerHash, nickName: 'Demo seller', roleId: sellerId, inviteCode: true }, now)) {
      accounts.push({ username: DEMO_SELLER.username, role: SEED_ROLES.seller.name, password: DEMO_SELLER.password, passwordSource: 'demo' });
    }

    const staffRoleIds: number[] = [];
    for (const [index, staff] of DEMO_STAFF.entries()) {
      const hash = staffHashes[index];
      if (!hash) continue;
      const roleId = await ensureRole(trx, staff.role, 40 - index, now);
      staffRoleIds.push(roleId);
      await grantDeclared(roleId, staff.role.code);
      if (await ensureAdmin(trx, { username: staff.username, passwordHash: hash, nickName: staff.nickName, roleId, inviteCode: false }, now)) {
        accounts.push({ username: staff.username, role: staff.role.name, password: staff.password, passwordSource: 'demo' });
      }
    }

    await ensureSellerGroup(trx, config.sellerGroup ?? DEMO_GROUP.name, now);
    // Demo shops and molds, a second seller and a user group with quotas (./demo-tenancy.ts).
    if (seller2Hash && await seedDemoTenancy(trx, { seller2Hash, now })) {
      accounts.push({ username: DEMO_SELLER2.username, role: SEED_ROLES.seller.name, password: DEMO_SELLER2.password, passwordSource: 'demo' });
    }

    // admin_count is kept true here (mall never maintains it).
    for (const roleId of [superId, sellerId, ...staffRoleIds]) {
      const { n } = await trx.selectFrom('ums_admin_role_relation').select((eb) => eb.fn.countAll().as('n')).where('role_id', '=', roleId).executeTakeFirstOrThrow();
      await trx.updateTable('ums_role').set({ admin_count: toCount(n) }).where('id', '=', roleId).execute();
    }
    if (accounts.length > 0) {
      await audit(trx, {
        adminId: null, action: 'seed', entity: 'system',
        after: { demo, menus: menuIds.size, resources, admins: accounts.map((a) => a.username) },
      });
    }
    return accounts;
  });

  // After the accounts' transaction: each record goes through its entity's repository, which runs its own.
  // Before the orders: a shop's orders are of its own products (./demo-orders.ts).
  const repositoryOf = seedRepositories(db, config);
  if (withDemoSeller && options.content) await seedDemoContent(db, config, repositoryOf);
  // Each area's demo records (its `demo`, in its own folder), in the order their `after` asks.
  if (withDemoSeller) {
    const deps: DemoDeps = {
      db, content: Boolean(options.content), adminUsername: config.adminUsername,
      sellerUsername: DEMO_SELLER.username, seller2Username: DEMO_SELLER2.username, repositoryOf,
    };
    for (const area of demoOrder(AREAS)) await area.demo?.seed(deps);
  }

  const admin = created.find((a) => a.username === config.adminUsername);
  if (admin && adminPassword.source === 'generated') {
    const file = join(config.dataDir, 'admin-password.txt');
    try {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, `${config.adminUsername}:${adminPassword.password}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      admin.passwordFile = file;
    } catch (error) {
      notes.push(`could not write ${file}: ${(error as Error).message}`);
    }
  }
  return { seeded: created.length > 0, accounts: created, notes };
};
