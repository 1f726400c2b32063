// Protects: the first-start seed (admin, roles, menus, resources, grants, demo staff) runs once and changes nothing twice,
// and production or a non-demo start never gets a fixed admin password.
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCE_CATEGORIES, SEED_ROLES } from '../../src/schema/resources';
import { SECTIONS } from '../../src/schema/routes';
import { verifyPassword } from '../../server/auth/password';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/migrate';
import type { Database } from '../../server/db/schema';
import { TABLE_COLUMNS } from '../../server/db/schema';
import { sellerMenuNames } from '../../server/auth/builtin-roles';
import { DEMO_STAFF, hasAdmins, seed } from '../../server/seed/index';
import { MENU_TITLES } from '../../server/auth/menu-titles';
import { PAY_STATUS, vipLevelOf } from '../../src/schema/vip/entities';
import { DEMO } from '../helpers/accounts';
import { migratedDatabase } from '../helpers/api-suite';
import { createTestDatabase, testConfig, testDialects } from '../helpers/test-db';

const routeNames = () => SECTIONS.flatMap((s) => [s.name, ...s.children.map((c) => c.name)]);

it('every route of the menu tree has an English title', () => {
  expect(routeNames().filter((name) => !MENU_TITLES[name])).toEqual([]);
});

describe.each(testDialects())('seed (%s)', (dialect) => {
  const store = migratedDatabase(dialect);
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const table of Object.keys(TABLE_COLUMNS) as (keyof Database)[]) {
      if (table === 'sys_audit_log') continue;
      out[table] = await store.db.selectFrom(table).selectAll().execute();
    }
    return out;
  };

  // Hashes six demo passwords (argon2id): many seconds on a loaded 2-core machine, hence the timeout.
  it('seeds admin, roles, menus, resources and grants; a second run changes nothing', async () => {
    const config = testConfig(store.database.dir, store.database.target);
    expect(await hasAdmins(store.db)).toBe(false);
    const first = await seed(store.db, config, { demo: true });
    expect(first.seeded).toBe(true);
    expect(first.accounts.map((a) => [a.username, a.password, a.passwordSource])).toEqual(
      [DEMO.admin, DEMO.seller, DEMO.productAdmin, DEMO.orderAdmin, DEMO.marketingAdmin, DEMO.seller2].map((a) => [a.username, a.password, 'demo']),
    );
    expect(await hasAdmins(store.db)).toBe(true);
    const before = await snapshot();
    const second = await seed(store.db, config, { demo: true });
    expect(second.seeded).toBe(false);
    expect(await snapshot()).toEqual(before);

    const menus = await store.db.selectFrom('ums_menu').selectAll().execute();
    expect(menus.map((m) => m.name).sort()).toEqual(routeNames().sort());
    for (const section of SECTIONS) {
      const row = menus.find((m) => m.name === section.name)!;
      expect(row).toMatchObject({ parent_id: 0, level: 0, sort: section.sort, icon: section.icon, title: MENU_TITLES[section.name] });
      for (const child of section.children) {
        expect(menus.find((m) => m.name === child.name)).toMatchObject({ parent_id: row.id, level: 1, sort: child.sort, hidden: child.hidden ? 1 : 0 });
      }
    }

    const resources = await store.db.selectFrom('ums_resource').selectAll().execute();
    expect(resources.map((r) => r.url).sort()).toEqual(RESOURCE_CATEGORIES.flatMap((c) => c.resources.map((r) => r.url)).sort());

    const grants = async (code: string) => {
      const role = await store.db.selectFrom('ums_role').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
      const menuNames = (await store.db.selectFrom('ums_role_menu_relation as rm').innerJoin('ums_menu as m', 'm.id', 'rm.menu_id')
        .select('m.name').where('rm.role_id', '=', role.id).execute()).map((r) => r.name).sort();
      const urls = (await store.db.selectFrom('ums_role_resource_relation as rr').innerJoin('ums_resource as r', 'r.id', 'rr.resource_id')
        .select('r.url').where('rr.role_id', '=', role.id).execute()).map((r) => r.url).sort();
      return { role, menuNames, urls };
    };
    const superAdmin = await grants(SEED_ROLES.superAdmin.code);
    expect(superAdmin.role).toMatchObject({ name: SEED_ROLES.superAdmin.name, status: 1, admin_count: 1 });
    expect(superAdmin.menuNames).toEqual(routeNames().sort());
    expect(superAdmin.urls).toHaveLength(resources.length);
    const seller = await grants(SEED_ROLES.seller.code);
    // seller and seller2 (server/seed/demo-tenancy.ts)
    expect(seller.role).toMatchObject({ name: SEED_ROLES.seller.name, admin_count: 2 });
    expect(seller.menuNames).toEqual(sellerMenuNames().sort());
    expect(seller.urls).toEqual(RESOURCE_CATEGORIES.flatMap((c) => c.resources.filter((r) => r.seller).map((r) => r.url)).sort());
    expect(seller.menuNames).toEqual(expect.arrayContaining(['shop', 'shopList', 'addShop', 'updateShop', 'pms', 'product']));
    expect(seller.menuNames).not.toContain('brand');
    // Demo staff: one menu section (with its children), one resource category each, plus their extra URLs.
    for (const staff of DEMO_STAFF) {
      const granted = await grants(staff.role.code);
      const section = SECTIONS.find((s) => s.name === staff.menuSection)!;
      expect(granted.role).toMatchObject({ name: staff.role.name, status: 1, admin_count: 1 });
      expect(granted.menuNames).toEqual([section.name, ...section.children.map((c) => c.name)].sort());
      expect(granted.urls).toEqual([...RESOURCE_CATEGORIES.find((c) => c.name === staff.category)!.resources.map((r) => r.url), ...staff.extraUrls].sort());
    }

    const admin = await store.db.selectFrom('ums_admin').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.password.startsWith('$argon2id$')).toBe(true);
    expect((await verifyPassword(admin.password, DEMO.admin.password)).ok).toBe(true);
    const demoSeller = await store.db.selectFrom('ums_admin').selectAll().where('username', '=', 'seller').executeTakeFirstOrThrow();
    expect(demoSeller.invite_code).toMatch(/^[A-Z0-9]{8}$/);

    // VIP payments in each state (server/areas/vip/demo-pay-records.ts): the seller's year runs, seller2's month ended and
    // was renewed (both demo sellers may open shops: the VIP gate), and its cash application waits for an admin.
    const payments = await store.db.selectFrom('pay_record').select(['seller_id', 'status', 'amount']).execute();
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(Object.values(PAY_STATUS)));
    expect(vipLevelOf(demoSeller.vip_expire_time)).toBe(1);
    const seller2 = await store.db.selectFrom('ums_admin').selectAll().where('username', '=', DEMO.seller2.username).executeTakeFirstOrThrow();
    expect(vipLevelOf(seller2.vip_expire_time)).toBe(1);
    expect(payments.filter((p) => p.seller_id === seller2.id && p.status === PAY_STATUS.paid)).toHaveLength(2);
    expect(payments.filter((p) => p.seller_id === seller2.id && p.status === PAY_STATUS.unpaid)).toHaveLength(1);
  }, 60_000);
});

describe('seed passwords (sqlite)', () => {
  const fresh = async () => {
    const database = await createTestDatabase('sqlite');
    const db = createDb({ database: database.target });
    await migrateToLatest(db);
    return { database, db, close: async () => { await db.destroy(); await database.drop(); } };
  };

  it('production never gets a fixed password: generated, printed once, written 0600; no demo seller', async () => {
    const { database, db, close } = await fresh();
    try {
      const config = testConfig(database.dir, database.target, { nodeEnv: 'production' });
      const result = await seed(db, config, { demo: true });
      const [admin] = result.accounts;
      expect(result.accounts).toHaveLength(1);
      expect(admin).toMatchObject({ username: 'admin', passwordSource: 'generated' });
      expect(admin!.password).not.toBe(DEMO.admin.password);
      expect(admin!.password!.length).toBeGreaterThanOrEqual(20);
      const file = join(config.dataDir, 'admin-password.txt');
      expect(admin!.passwordFile).toBe(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toContain(admin!.password!);
      const row = await db.selectFrom('ums_admin').select('password').where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect((await verifyPassword(row.password, admin!.password!)).ok).toBe(true);
      expect(result.notes.join()).toContain('demo seller');
    } finally {
      await close();
    }
  });

  it('without --demo (even outside production) the password is generated too', async () => {
    const { database, db, close } = await fresh();
    try {
      const result = await seed(db, testConfig(database.dir, database.target), { demo: false });
      expect(result.accounts.map((a) => [a.username, a.passwordSource])).toEqual([['admin', 'generated']]);
    } finally {
      await close();
    }
  });

  it('ADMIN_PASSWORD and ADMIN_USERNAME are used as given and not echoed', async () => {
    const { database, db, close } = await fresh();
    try {
      const config = testConfig(database.dir, database.target, { adminUsername: 'boss', adminPassword: 'chosen-secret' });
      const result = await seed(db, config, { demo: true });
      expect(result.accounts[0]).toMatchObject({ username: 'boss', password: null, passwordSource: 'env' });
      const row = await db.selectFrom('ums_admin').select('password').where('username', '=', 'boss').executeTakeFirstOrThrow();
      expect((await verifyPassword(row.password, 'chosen-secret')).ok).toBe(true);
    } finally {
      await close();
    }
  });
});
