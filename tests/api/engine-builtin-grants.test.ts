// Protects: built-in roles' grants on databases seeded before a declaration changed: after migration 310 and the start-up reconciliation (server/auth/builtin-grants.ts) a database holding the old grants (sellers' whole /rms/**, no look-ups of special topics and preference areas, no distribution and reward resources or menus) ends with the declared grants; a custom role and an administrator's own grant on a built-in role are untouched; a declared grant an administrator took away after it was applied stays away; a fresh seed already matches the declarations; a second start changes nothing. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { reconcileBuiltinGrants } from '../../server/auth/builtin-grants';
import { declaredBuiltinGrants } from '../../server/auth/builtin-roles';
import { readPermissionVersion } from '../../server/auth/permissions';
import { migrateToLatest } from '../../server/migrate';
import * as m310 from '../../server/db/migrations/310_builtin_grants';

/** Resources and menus a database seeded before the distribution and catalog look-ups lacks. */
const NEW_URLS = ['/rms/distribute/*', '/rms/reward/list', '/subject/listAll', '/prefrenceArea/listAll'];
const NEW_MENUS = ['distributeList', 'rewardList'];

describe.each(testDialects())('built-in role grants on an existing database (%s)', (dialect) => {
  let t: TestApp;

  const roleId = async (code: string) => (await t.db.selectFrom('ums_role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const resourceUrls = async (code: string) => (await t.db.selectFrom('ums_role_resource_relation as rr').innerJoin('ums_resource as s', 's.id', 'rr.resource_id')
    .where('rr.role_id', '=', await roleId(code)).select('s.url').execute()).map((r) => r.url).sort();
  const menuNames = async (code: string) => (await t.db.selectFrom('ums_role_menu_relation as rm').innerJoin('ums_menu as m', 'm.id', 'rm.menu_id')
    .where('rm.role_id', '=', await roleId(code)).select('m.name').execute()).map((r) => r.name).sort();
  const grantUrl = async (code: string, url: string) => {
    const resource = await t.db.selectFrom('ums_resource').select('id').where('url', '=', url).executeTakeFirstOrThrow();
    await t.db.insertInto('ums_role_resource_relation').values({ role_id: await roleId(code), resource_id: resource.id }).execute();
  };
  const declared = (code: string) => declaredBuiltinGrants().get(code)!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a fresh seed already holds the declared grants: the first start only records them', async () => {
    const result = await reconcileBuiltinGrants(t.db);
    expect(result).toEqual({ granted: [], revoked: [] });
    expect(await resourceUrls('seller')).toEqual([...declared('seller').resource].sort());
    expect(await menuNames('seller')).toEqual([...declared('seller').menu].sort());
  });

  it('old grants end up declared after migrate and start; custom roles and an admin grant are untouched', async () => {
    // Back to before migration 310, with the grants an older seed wrote.
    // (Later migrations stay: on an upgraded database 310 runs after them, unordered.)
    await m310.down(t.db);
    await sql`delete from kysely_migration where name = '310_builtin_grants'`.execute(t.db);
    const newResources = t.db.selectFrom('ums_resource').select('id').where('url', 'in', NEW_URLS);
    await t.db.deleteFrom('ums_role_resource_relation').where('resource_id', 'in', newResources).execute();
    await t.db.deleteFrom('ums_resource').where('url', 'in', NEW_URLS).execute();
    const newMenus = t.db.selectFrom('ums_menu').select('id').where('name', 'in', NEW_MENUS);
    await t.db.deleteFrom('ums_role_menu_relation').where('menu_id', 'in', newMenus).execute();
    await t.db.deleteFrom('ums_menu').where('name', 'in', NEW_MENUS).execute();
    const sellerOwn = t.db.selectFrom('ums_resource').select('id').where('url', 'in', ['/rms/link', '/rms/click/*', '/rms/relation/*']);
    await t.db.deleteFrom('ums_role_resource_relation').where('role_id', '=', await roleId('seller')).where('resource_id', 'in', sellerOwn).execute();
    await grantUrl('seller', '/rms/**');
    // An administrator's own grant on the seller role, and a custom role with wide and narrow grants.
    await grantUrl('seller', '/returnReason/**');
    await t.db.insertInto('ums_role').values({ code: 'auditor', name: 'Auditor', description: 'custom', admin_count: 0, create_time: new Date().toISOString(), status: 1, sort: 1 }).execute();
    for (const url of ['/rms/**', '/order/**', '/rms/link']) await grantUrl('auditor', url);
    const orderMenu = await t.db.selectFrom('ums_menu').select('id').where('name', '=', 'order').executeTakeFirstOrThrow();
    await t.db.insertInto('ums_role_menu_relation').values({ role_id: await roleId('auditor'), menu_id: orderMenu.id }).execute();
    const custom = { resources: await resourceUrls('auditor'), menus: await menuNames('auditor') };

    const seller = await login(t.app, DEMO.seller);
    expect((await call(t.app, 'GET', '/api/subject/listAll', { token: seller })).status).toBe(403);

    // Upgrade: the migrations, then the start.
    await migrateToLatest(t.db);
    const version = await readPermissionVersion(t.db);
    const result = await reconcileBuiltinGrants(t.db);
    expect(result.revoked).toEqual([{ role: 'seller', kind: 'resource', name: '/rms/**' }]);
    expect(result.granted).toEqual(expect.arrayContaining([
      ...['/rms/link', '/rms/click/*', '/rms/relation/*', ...NEW_URLS].map((name) => ({ role: 'seller', kind: 'resource', name })),
      ...NEW_MENUS.map((name) => ({ role: 'seller', kind: 'menu', name })),
      ...NEW_URLS.map((name) => ({ role: 'super_admin', kind: 'resource', name })),
      ...NEW_MENUS.map((name) => ({ role: 'super_admin', kind: 'menu', name })),
    ]));
    expect(result.granted.filter((g) => g.role === 'auditor')).toEqual([]);
    expect(await readPermissionVersion(t.db)).toBeGreaterThan(version);

    expect(await resourceUrls('seller')).toEqual([...declared('seller').resource, '/returnReason/**'].sort());
    expect(await menuNames('seller')).toEqual([...declared('seller').menu].sort());
    expect(await resourceUrls('super_admin')).toEqual([...declared('super_admin').resource].sort());
    expect(await menuNames('super_admin')).toEqual([...declared('super_admin').menu].sort());
    expect(await resourceUrls('product_admin')).toEqual([...declared('product_admin').resource].sort());
    expect({ resources: await resourceUrls('auditor'), menus: await menuNames('auditor') }).toEqual(custom);
    // The re-created resources and menus carry their declared names and titles.
    expect(await t.db.selectFrom('ums_resource').select(['name', 'url']).where('url', '=', '/subject/listAll').execute()).toEqual([{ name: 'Special topic look-up', url: '/subject/listAll' }]);
    expect(await t.db.selectFrom('ums_menu').select('title').where('name', '=', 'distributeList').executeTakeFirstOrThrow()).toEqual({ title: 'Distribution' });

    // The same session sees the change at once (the permission version moved).
    expect((await call(t.app, 'GET', '/api/rms/ratio', { token: seller })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/subject/listAll', { token: seller })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/rms/reward/list', { token: seller })).status).toBe(200);

    // A second start changes nothing.
    expect(await reconcileBuiltinGrants(t.db)).toEqual({ granted: [], revoked: [] });
  });

  it("a declared grant an administrator took from a built-in role after it was applied stays taken", async () => {
    const link = t.db.selectFrom('ums_resource').select('id').where('url', '=', '/rms/link');
    await t.db.deleteFrom('ums_role_resource_relation').where('role_id', '=', await roleId('seller')).where('resource_id', 'in', link).execute();
    expect(await reconcileBuiltinGrants(t.db)).toEqual({ granted: [], revoked: [] });
    expect(await resourceUrls('seller')).not.toContain('/rms/link');
  });
});
