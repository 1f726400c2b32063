// Protects: the UMS API (accounts, role assignment, role menus and resources, menu tree) behaves as mall's and never returns a password hash.
/**
 * The UMS API with mall's paths (reference 3.7): admin accounts, role assignment, a role's menus
 * and resources, the menu tree and the rules the engine hooks add (menu levels, resource URL
 * patterns, permission version bumps). Each endpoint also gets bad input that must change nothing,
 * and no answer may ever carry a password hash. If this fails, administrators cannot manage
 * accounts and permissions as the admin screens expect, or an account's secrets leak.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInfo, Page } from '../../src/schema/api';
import { RESOURCE_CATEGORIES, SEED_ROLES } from '../../src/schema/resources';
import type { Database } from '../../server/db/schema';
import { DEMO_STAFF } from '../../server/seed/index';
import { DEMO, freshIp } from '../helpers/accounts';
import { login, snapshotCounts } from '../helpers/api';
import {
  adminIdOf, auditCount, containsHash, lastAudit, permissionVersion, recordingCall, resourceIdsOf, roleIdByCode,
} from '../helpers/permissions';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type AdminRecord = { id: number; username: string; nickName: string | null; email: string | null; status: number; password?: unknown; roles?: unknown };
type RoleRecord = { id: number; name: string; code: string | null; adminCount: number; status: number };
type MenuNode = { id: number; parentId: number; name: string; level: number; sort: number; children: MenuNode[] };

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Rows a refused request must leave alone (beyond snapshotCounts): relations, menus, resources and the version. */
const snapshotUms = async (db: Kysely<Database>) => ({
  counts: await snapshotCounts(db),
  admins: await db.selectFrom('ums_admin').selectAll().orderBy('id').execute(),
  adminRoles: await db.selectFrom('ums_admin_role_relation').select(['admin_id', 'role_id']).orderBy('id').execute(),
  roleMenus: await db.selectFrom('ums_role_menu_relation').select(['role_id', 'menu_id']).orderBy('id').execute(),
  roleResources: await db.selectFrom('ums_role_resource_relation').select(['role_id', 'resource_id']).orderBy('id').execute(),
  roles: await db.selectFrom('ums_role').selectAll().orderBy('id').execute(),
  menus: await db.selectFrom('ums_menu').selectAll().orderBy('id').execute(),
  resources: await db.selectFrom('ums_resource').selectAll().orderBy('id').execute(),
  version: await permissionVersion(db),
  audit: await auditCount(db),
});

describe.each(testDialects())('UMS API (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof recordingCall>;
  let root: string;
  let superRoleId: number;
  let productRoleId: number;
  let sellerRoleId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = recordingCall(t.app);
    root = await login(t.app, DEMO.admin);
    superRoleId = await roleIdByCode(t.db, SEED_ROLES.superAdmin.code);
    productRoleId = await roleIdByCode(t.db, DEMO_STAFF[0].role.code);
    sellerRoleId = await roleIdByCode(t.db, SEED_ROLES.seller.code);
  });
  afterAll(async () => t?.close());

  const get = <T = unknown>(url: string, token = root) => api.send<T>('GET', `/api${url}`, { token });
  const post = <T = unknown>(url: string, body?: unknown, token = root, headers?: Record<string, string>) =>
    api.send<T>('POST', `/api${url}`, { token, body, headers });

  /** Runs refused requests and proves nothing at all changed (rows, relations, version, audit). */
  const unchanged = async (requests: () => Promise<void>) => {
    const before = await snapshotUms(t.db);
    await requests();
    expect(await snapshotUms(t.db)).toEqual(before);
  };

  let seq = 0;
  const createAdmin = async (overrides: Record<string, unknown> = {}) => {
    seq += 1;
    // Every account holds a role (the product admin's unless a test picks others).
    const body = { username: `staff${seq}`, password: `staff-pass-${seq}`, email: `staff${seq}@example.com`, nickName: `Staff ${seq}`, roleIds: [productRoleId], ...overrides };
    const answer = await post<AdminRecord>('/admin/create', body);
    expect(answer.status, answer.raw).toBe(200);
    return { ...answer.body.data, password: body.password as string };
  };

  describe('admin accounts', () => {
    it('GET /admin/list pages accounts, searches username or nickname, and never shows a password', async () => {
      const zebra = await createAdmin({ nickName: 'Zebra Keeper' });
      const all = await get<Page<AdminRecord>>('/admin/list?pageNum=1&pageSize=100');
      expect(all.status).toBe(200);
      expect(all.body.data.list.map((a) => a.username)).toEqual(expect.arrayContaining(['admin', 'seller', 'productAdmin', 'orderAdmin']));
      for (const admin of all.body.data.list) {
        expect(admin).not.toHaveProperty('password');
        // mall's fields, plus the account's roles (the list shows them).
        expect(Object.keys(admin).sort()).toEqual(
          ['createTime', 'email', 'icon', 'id', 'inviteCode', 'language', 'loginTime', 'nickName', 'note', 'referrerId', 'roles', 'status', 'username'],
        );
      }
      const byUsername = new Map(all.body.data.list.map((a) => [a.username, a.roles]));
      expect(byUsername.get('seller')).toEqual([{ id: sellerRoleId, name: SEED_ROLES.seller.name, code: SEED_ROLES.seller.code }]);
      expect(byUsername.get(zebra.username)).toEqual([{ id: productRoleId, name: DEMO_STAFF[0].role.name, code: DEMO_STAFF[0].role.code }]);
      const superAdmin = byUsername.get('admin') as { code: string | null }[];
      expect(superAdmin.map((r) => r.code)).toContain(SEED_ROLES.superAdmin.code);
      const byName = await get<Page<AdminRecord>>('/admin/list?keyword=PRODUCT&pageNum=1&pageSize=10');
      expect(byName.body.data.list.map((a) => a.username)).toEqual(['productAdmin']);
      const byNick = await get<Page<AdminRecord>>(`/admin/list?keyword=${encodeURIComponent('zebra k')}`);
      expect(byNick.body.data.list.map((a) => a.username)).toEqual([zebra.username]);
      const paged = await get<Page<AdminRecord>>('/admin/list?pageNum=2&pageSize=2');
      expect(paged.body.data).toMatchObject({ pageNum: 2, pageSize: 2, total: all.body.data.total });
      expect(paged.body.data.list).toHaveLength(2);
      const wildcard = await get<Page<AdminRecord>>('/admin/list?keyword=%25');
      expect(wildcard.body.data.total).toBe(0);
      for (const bad of ['pageSize=0', 'pageSize=201', 'pageNum=-1', 'pageSize=x', `keyword=${'x'.repeat(101)}`]) {
        const answer = await get(`/admin/list?${bad}`);
        expect(answer.status, bad).toBe(400);
      }
    });

    it('GET /admin/{id}: the account without its password; 404 for none, 400 for a bad id', async () => {
      const id = await adminIdOf(t.db, 'seller');
      const answer = await get<AdminRecord>(`/admin/${id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id, username: 'seller', status: 1, roles: [{ id: sellerRoleId, name: SEED_ROLES.seller.name, code: SEED_ROLES.seller.code }] });
      expect(answer.body.data).not.toHaveProperty('password');
      expect((await get('/admin/2000000000')).status).toBe(404);
      expect((await get('/admin/0')).status).toBe(400);
      expect((await get('/admin/99999999999')).status).toBe(400);
    });

    it('POST /admin/create: an administrator creates an account with roles; it can sign in; audited', async () => {
      const before = await permissionVersion(t.db);
      const created = await createAdmin({ roleIds: [productRoleId], note: 'made by a test', status: 1 });
      expect(created).toMatchObject({ username: `staff${seq}`, nickName: `Staff ${seq}`, status: 1, note: 'made by a test' });
      expect(Object.keys(created)).not.toContain('passwordHash');
      const roles = await get<RoleRecord[]>(`/admin/role/${created.id}`);
      expect(roles.body.data.map((r) => r.id)).toEqual([productRoleId]);
      const role = await t.db.selectFrom('ums_role').select('admin_count').where('id', '=', productRoleId).executeTakeFirstOrThrow();
      const holders = await t.db.selectFrom('ums_admin_role_relation').select('admin_id').where('role_id', '=', productRoleId).execute();
      expect(role.admin_count).toBe(holders.length);
      expect(await permissionVersion(t.db)).toBeGreaterThan(before);
      const audit = await lastAudit(t.db);
      expect(audit).toMatchObject({ action: 'create', entity: 'ums_admin', entity_id: String(created.id) });
      expect(audit!.after_json).not.toMatch(/staff-pass|argon2/);
      const token = await login(t.app, created);
      expect((await get('/brand/list', token)).status).toBe(200);
    });

    it('an account is never saved without a role: create, mall\'s register form, role update and role delete refuse, changing nothing', async () => {
      const staff = await createAdmin({ roleIds: [productRoleId] });
      const doomed = (await post<RoleRecord>('/role/create', { name: 'Only role', status: 1 })).body.data;
      const loner = await createAdmin({ roleIds: [doomed.id] });
      const fields = (answer: { body: { errors?: { field: string; messageKey: string }[] } }) => answer.body.errors?.map((e) => `${e.field}:${e.messageKey}`);
      await unchanged(async () => {
        const valid = { username: 'roleless', password: 'Rl4-alone-pass' };
        for (const body of [valid, { ...valid, roleIds: [] }, { ...valid, roleIds: null }]) {
          const answer = await post('/admin/create', body);
          expect(answer.status, JSON.stringify(body)).toBe(400);
          expect(fields(answer), JSON.stringify(body)).toEqual(['roleIds:role_required']);
        }
        // mall's admin form without a role field gets the declared default role; an empty list is still no role.
        const registered = await post('/admin/register', { id: null, ...valid, roleIds: [] });
        expect(registered.status).toBe(400);
        expect(fields(registered)).toEqual(['roleIds:role_required']);
        // An empty list no longer takes every role away (query and form body alike).
        for (const empty of [post(`/admin/role/update?adminId=${staff.id}&roleIds=`), post('/admin/role/update', `adminId=${staff.id}&roleIds=`, root, FORM)]) {
          const answer = await empty;
          expect(answer.status).toBe(400);
          expect(fields(answer)).toEqual(['roleIds:role_required']);
        }
        // Nor does deleting the only role of an account: the refusal names it.
        const deleted = await post(`/role/delete?ids=${doomed.id}`);
        expect(deleted.status).toBe(409);
        expect(deleted.body).toMatchObject({ messageKey: 'only_role_of_accounts', params: { names: loner.username } });
        expect(deleted.body.message).toBe(`This is the only role of ${loner.username}: give them another role first`);
      });
      // mall's register form with the roles in the same request adds the account with them.
      const viaRegister = await post<AdminRecord>('/admin/register', { id: null, username: 'registered-clerk', password: 'Rc5-desk-pass', roleIds: [productRoleId] });
      expect(viaRegister.status, viaRegister.raw).toBe(200);
      expect((await get<RoleRecord[]>(`/admin/role/${viaRegister.body.data.id}`)).body.data.map((r) => r.id)).toEqual([productRoleId]);
      // Given another role first, the account lets the role go.
      expect((await post(`/admin/role/update?adminId=${loner.id}&roleIds=${doomed.id},${productRoleId}`)).status).toBe(200);
      expect((await post(`/role/delete?ids=${doomed.id}`)).body).toMatchObject({ code: 200, data: 1 });
      expect((await get<RoleRecord[]>(`/admin/role/${loner.id}`)).body.data.map((r) => r.id)).toEqual([productRoleId]);
      // An account without a role from before (imported from mall) is not saved as it is: it gets a role first.
      await t.db.deleteFrom('ums_admin_role_relation').where('admin_id', '=', staff.id).execute();
      await unchanged(async () => {
        const edit = await post(`/admin/update/${staff.id}`, { nickName: 'Still nobody' });
        expect(edit.status).toBe(400);
        expect(fields(edit)).toEqual(['roles:role_required']);
      });
      expect((await post(`/admin/role/update?adminId=${staff.id}&roleIds=${productRoleId}`)).status).toBe(200);
      expect((await post(`/admin/update/${staff.id}`, { nickName: 'Somebody' })).status).toBe(200);
    });

    it('POST /admin/create refuses bad input, a taken username and unknown roles, changing nothing', async () => {
      const valid = { username: 'newcomer', password: 'Nc3-fresh-pass', email: 'n@example.com', roleIds: [productRoleId] };
      await unchanged(async () => {
        for (const body of [
          {}, { ...valid, username: 'x' }, { ...valid, password: '123' }, { ...valid, email: 'not-an-email' },
          { ...valid, status: 2 }, { ...valid, roleIds: 'abc' }, { ...valid, roleIds: [0] }, { ...valid, id: 5 },
          { ...valid, createTime: '2024-01-01T00:00:00.000Z' }, { ...valid, password: 'x'.repeat(129) }, { ...valid, inviteCode: 'ABCD' },
        ]) {
          const answer = await post('/admin/create', body);
          expect(answer.status, JSON.stringify(body)).toBe(400);
          expect(answer.body.code).toBe(404);
        }
        const taken = await post('/admin/create', { ...valid, username: 'seller' });
        expect(taken.status).toBe(409);
        expect(taken.body.messageKey).toBe('username_taken');
        const ghostRole = await post('/admin/create', { ...valid, roleIds: [2_000_000_000] });
        expect(ghostRole.status).toBe(400);
        expect(ghostRole.body.errors?.[0]).toMatchObject({ field: 'roleIds', messageKey: 'invalid_reference' });
      });
    });

    it('POST /admin/update/{id}: selective; an empty password keeps it, a new one ends the sessions', async () => {
      const staff = await createAdmin({ roleIds: [productRoleId] });
      const token = await login(t.app, staff);
      // Empty and missing passwords change nothing about it, nor end any session.
      expect((await post(`/admin/update/${staff.id}`, { nickName: 'Renamed', password: '' })).body).toMatchObject({ code: 200, data: 1 });
      expect((await post(`/admin/update/${staff.id}`, { note: 'n', password: null })).status).toBe(200);
      expect((await get('/brand/list', token)).status).toBe(200);
      expect((await get<AdminRecord>(`/admin/${staff.id}`)).body.data).toMatchObject({ nickName: 'Renamed', note: 'n', username: staff.username });
      await login(t.app, staff);
      // A new password: stored hashed, old sessions end, the new one signs in.
      expect((await post(`/admin/update/${staff.id}`, { password: 'brand-new-pass' })).status).toBe(200);
      expect((await get('/brand/list', token)).status).toBe(401);
      const row = await t.db.selectFrom('ums_admin').select('password').where('id', '=', staff.id).executeTakeFirstOrThrow();
      expect(row.password.startsWith('$argon2id$')).toBe(true);
      await login(t.app, { username: staff.username, password: 'brand-new-pass' });
      const audit = await lastAudit(t.db);
      expect(audit).toMatchObject({ action: 'update', entity: 'ums_admin', entity_id: String(staff.id) });
      expect(JSON.parse(audit!.after_json!)).toMatchObject({ signInChanged: true });
      expect(audit!.after_json).not.toMatch(/brand-new-pass|argon2/);
      // The username can change, but not to one in use.
      expect((await post(`/admin/update/${staff.id}`, { username: `${staff.username}x` })).status).toBe(200);
      const clash = await post(`/admin/update/${staff.id}`, { username: 'seller' });
      expect(clash.status).toBe(409);
      expect(clash.body.messageKey).toBe('username_taken');
    });

    it('POST /admin/update/{id} refuses bad input and unknown ids, changing nothing', async () => {
      const staff = await createAdmin();
      await unchanged(async () => {
        for (const body of [{ password: '123' }, { username: 'x' }, { email: 'bad' }, { status: 5 }, { id: 1 }, { roleIds: [1] }, { loginTime: null }, []]) {
          expect((await post(`/admin/update/${staff.id}`, body)).status, JSON.stringify(body)).toBe(400);
        }
        expect((await post('/admin/update/2000000000', { nickName: 'x' })).status).toBe(404);
        expect((await post('/admin/update/abc', { nickName: 'x' })).status).toBe(400);
      });
    });

    it('POST /admin/updateStatus/{id}?status=: disabling ends the sessions at once; refused for yourself', async () => {
      const staff = await createAdmin({ roleIds: [productRoleId] });
      const token = await login(t.app, staff);
      const version = await permissionVersion(t.db);
      expect((await post(`/admin/updateStatus/${staff.id}?status=0`)).body).toMatchObject({ code: 200, data: 1 });
      expect(await permissionVersion(t.db)).toBeGreaterThan(version);
      const out = await get('/brand/list', token);
      expect(out.status).toBe(401);
      expect(out.body).toMatchObject({ code: 401, messageKey: 'account_disabled' });
      const refused = await api.send('POST', '/api/admin/login', { body: { username: staff.username, password: staff.password }, ip: freshIp() });
      expect(refused.body.messageKey).toBe('account_disabled');
      // Form bodies work too (mall's clients); enabling again does not revive the old token.
      expect((await post(`/admin/updateStatus/${staff.id}`, 'status=1', root, FORM)).status).toBe(200);
      // Enabled again, the old (ended) session is just signed out.
      expect((await get('/brand/list', token)).body).toMatchObject({ code: 401, messageKey: 'unauthorized' });
      await login(t.app, staff);
      expect(await lastAudit(t.db)).toMatchObject({ action: 'set_status', entity_id: String(staff.id) });

      const self = await adminIdOf(t.db, 'admin');
      await unchanged(async () => {
        const own = await post(`/admin/updateStatus/${self}?status=0`);
        expect(own.status).toBe(403);
        expect(own.body.messageKey).toBe('cannot_disable_self');
        for (const query of ['', '?status=', '?status=2', '?status=abc', '?status=-1']) {
          expect((await post(`/admin/updateStatus/${staff.id}${query}`)).status, query).toBe(400);
        }
        expect((await post('/admin/updateStatus/2000000000?status=0')).status).toBe(404);
      });
    });

    it('POST /admin/delete/{id}: removes the account, its roles (counts kept) and sessions; never yourself', async () => {
      const staff = await createAdmin({ roleIds: [productRoleId] });
      const token = await login(t.app, staff);
      const countBefore = (await t.db.selectFrom('ums_role').select('admin_count').where('id', '=', productRoleId).executeTakeFirstOrThrow()).admin_count ?? 0;
      expect((await post(`/admin/delete/${staff.id}`)).body).toMatchObject({ code: 200, data: 1 });
      expect((await get('/admin/info', token)).status).toBe(401);
      expect((await get(`/admin/${staff.id}`)).status).toBe(404);
      expect(await t.db.selectFrom('ums_admin_role_relation').selectAll().where('admin_id', '=', staff.id).execute()).toEqual([]);
      expect((await t.db.selectFrom('ums_role').select('admin_count').where('id', '=', productRoleId).executeTakeFirstOrThrow()).admin_count)
        .toBe(countBefore - 1);
      expect(await lastAudit(t.db)).toMatchObject({ action: 'delete', entity: 'ums_admin', entity_id: String(staff.id) });

      const self = await adminIdOf(t.db, 'admin');
      await unchanged(async () => {
        const own = await post(`/admin/delete/${self}`);
        expect(own.status).toBe(403);
        expect(own.body.messageKey).toBe('cannot_delete_self');
        expect((await post(`/admin/delete/${staff.id}`)).status).toBe(404);
        expect((await post('/admin/delete/x')).status).toBe(400);
      });
    });

    it('the last enabled super admin cannot lose the role; with a second one it can', async () => {
      const self = await adminIdOf(t.db, 'admin');
      await unchanged(async () => {
        const alone = await post(`/admin/role/update?adminId=${self}&roleIds=${productRoleId}`);
        expect(alone.status).toBe(403);
        expect(alone.body.messageKey).toBe('last_super_admin');
      });
      const second = await createAdmin({ roleIds: [superRoleId] });
      const secondToken = await login(t.app, second);
      // The second super admin may be disabled or deleted by the first; the first may step down while the second remains.
      expect((await post(`/admin/role/update?adminId=${self}&roleIds=${superRoleId},${productRoleId}`)).status).toBe(200);
      expect((await post(`/admin/updateStatus/${second.id}?status=0`)).status).toBe(200);
      await unchanged(async () => {
        expect((await post(`/admin/role/update?adminId=${self}&roleIds=${productRoleId}`)).body.messageKey).toBe('last_super_admin');
      });
      expect((await post(`/admin/updateStatus/${second.id}?status=1`)).status).toBe(200);
      expect((await get('/admin/info', secondToken)).status).toBe(401); // disabling ended its session
      expect((await post(`/admin/delete/${second.id}`)).status).toBe(200);
      expect((await post(`/admin/role/update?adminId=${self}&roleIds=${superRoleId}`)).status).toBe(200);
    });

    it('GET /admin/role/{adminId} and POST /admin/role/update replace the roles and keep adminCount true', async () => {
      const staff = await createAdmin({ roleIds: [productRoleId] });
      const orderRoleId = await roleIdByCode(t.db, DEMO_STAFF[1].role.code);
      const count = async (roleId: number) => (await t.db.selectFrom('ums_role').select('admin_count').where('id', '=', roleId).executeTakeFirstOrThrow()).admin_count ?? 0;
      const [productBefore, orderBefore] = [await count(productRoleId), await count(orderRoleId)];
      const version = await permissionVersion(t.db);
      const answer = await post(`/admin/role/update?adminId=${staff.id}&roleIds=${orderRoleId},${sellerRoleId}`);
      expect(answer.body).toMatchObject({ code: 200, data: 2 });
      expect(await permissionVersion(t.db)).toBeGreaterThan(version);
      const roles = await get<RoleRecord[]>(`/admin/role/${staff.id}`);
      expect(roles.body.data.map((r) => r.id).sort()).toEqual([orderRoleId, sellerRoleId].sort());
      expect(roles.body.data[0]).toMatchObject({ name: expect.any(String), status: 1 });
      expect([await count(productRoleId), await count(orderRoleId)]).toEqual([productBefore - 1, orderBefore + 1]);
      expect(await lastAudit(t.db)).toMatchObject({ action: 'update_roles', entity_id: String(staff.id) });
      // Form bodies work too (mall's clients).
      expect((await post('/admin/role/update', `adminId=${staff.id}&roleIds=${productRoleId}`, root, FORM)).body).toMatchObject({ code: 200, data: 1 });
      expect((await get<RoleRecord[]>(`/admin/role/${staff.id}`)).body.data.map((r) => r.id)).toEqual([productRoleId]);
      expect((await get('/admin/role/2000000000')).status).toBe(404);

      await unchanged(async () => {
        for (const query of ['', `adminId=${staff.id}`, `roleIds=${productRoleId}`, `adminId=x&roleIds=1`, `adminId=${staff.id}&roleIds=a,b`,
          `adminId=${staff.id}&roleIds=0`]) {
          expect((await post(`/admin/role/update?${query}`)).status, query).toBe(400);
        }
        const ghost = await post(`/admin/role/update?adminId=${staff.id}&roleIds=${productRoleId},2000000000`);
        expect(ghost.status).toBe(400);
        expect(ghost.body.errors?.[0]).toMatchObject({ field: 'roleIds', messageKey: 'invalid_reference' });
        expect((await post(`/admin/role/update?adminId=2000000000&roleIds=${productRoleId}`)).status).toBe(404);
      });
    });
  });

  describe('roles, menus and resources', () => {
    const roleMenus = async (roleId: number) => (await get<{ id: number }[]>(`/role/listMenu/${roleId}`)).body.data.map((m) => m.id).sort((a, b) => a - b);
    const roleResources = async (roleId: number) => (await get<{ id: number }[]>(`/role/listResource/${roleId}`)).body.data.map((r) => r.id).sort((a, b) => a - b);
    const newRole = async (name: string) => {
      const answer = await post<RoleRecord>('/role/create', { name, description: 'test role', status: 1 });
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data;
    };

    it('role CRUD through the engine: listAll, keyword list, code null, adminCount server-managed', async () => {
      const role = await newRole('Catalogue editor');
      expect(role).toMatchObject({ name: 'Catalogue editor', code: null, adminCount: 0, status: 1 });
      const all = await get<RoleRecord[]>('/role/listAll');
      expect(all.body.data.map((r) => r.code)).toEqual(expect.arrayContaining(['super_admin', 'seller', 'product_admin', 'order_admin']));
      const page = await get<Page<RoleRecord>>('/role/list?keyword=catalogue&pageNum=1&pageSize=10');
      expect(page.body.data.list.map((r) => r.id)).toEqual([role.id]);
      // Server-managed values a mall client posts back are ignored, never honoured (8fe4731).
      expect((await post<RoleRecord>('/role/create', { name: 'Counted', adminCount: 5 })).body.data).toMatchObject({ adminCount: 0 });
      const sneaky = await post<RoleRecord>('/role/create', { name: 'Sneaky', code: 'super_admin' });
      expect(sneaky.body.data).toMatchObject({ name: 'Sneaky', code: null });
      expect((await get<RoleRecord[]>('/role/listAll')).body.data.filter((r) => r.code === 'super_admin')).toHaveLength(1);
    });

    it('listMenu/listResource show the grants; allocMenu/allocResource replace them ("" clears), audited, version bumped', async () => {
      const role = await newRole('Menu tester');
      const menus = (await t.db.selectFrom('ums_menu').select('id').orderBy('id').limit(3).execute()).map((m) => m.id);
      const resources = (await t.db.selectFrom('ums_resource').select('id').orderBy('id').limit(4).execute()).map((r) => r.id);
      let version = await permissionVersion(t.db);
      expect((await post(`/role/allocMenu?roleId=${role.id}&menuIds=${menus.join(',')}`)).body).toMatchObject({ code: 200, data: 3 });
      expect(await roleMenus(role.id)).toEqual(menus);
      expect(await permissionVersion(t.db)).toBeGreaterThan(version);
      expect(await lastAudit(t.db)).toMatchObject({ action: 'alloc_menu', entity: 'ums_role', entity_id: String(role.id) });
      expect((await post(`/role/allocMenu?roleId=${role.id}&menuIds=${menus[2]}`)).body.data).toBe(1);
      expect(await roleMenus(role.id)).toEqual([menus[2]]);
      expect((await post('/role/allocMenu', `roleId=${role.id}&menuIds=`, root, FORM)).body.data).toBe(0);
      expect(await roleMenus(role.id)).toEqual([]);

      version = await permissionVersion(t.db);
      expect((await post(`/role/allocResource?roleId=${role.id}&resourceIds=${resources.join(',')}`)).body.data).toBe(4);
      expect(await roleResources(role.id)).toEqual(resources);
      expect(await permissionVersion(t.db)).toBeGreaterThan(version);
      const listed = (await get<Record<string, unknown>[]>(`/role/listResource/${role.id}`)).body.data[0]!;
      expect(Object.keys(listed).sort()).toEqual(['categoryId', 'createTime', 'description', 'id', 'name', 'url']);
      expect((await post(`/role/allocResource?roleId=${role.id}&resourceIds=`)).body.data).toBe(0);
      expect(await roleResources(role.id)).toEqual([]);

      await unchanged(async () => {
        for (const [url, field] of [
          [`/role/allocMenu?menuIds=${menus[0]}`, 'roleId'], [`/role/allocMenu?roleId=${role.id}`, 'menuIds'],
          [`/role/allocMenu?roleId=${role.id}&menuIds=1,x`, 'menuIds'], [`/role/allocResource?roleId=abc&resourceIds=1`, 'roleId'],
          [`/role/allocResource?roleId=${role.id}&resourceIds=2000000000`, 'resourceIds'], [`/role/allocMenu?roleId=${role.id}&menuIds=2000000000`, 'menuIds'],
        ] as const) {
          const answer = await post(url);
          expect(answer.status, url).toBe(400);
          expect(answer.body.errors?.[0]?.field, url).toBe(field);
        }
        expect((await post(`/role/allocMenu?roleId=2000000000&menuIds=${menus[0]}`)).status).toBe(404);
        expect((await get('/role/listMenu/2000000000')).status).toBe(404);
        expect((await get('/role/listResource/abc')).status).toBe(400);
      });
    });

    it('deleting a role removes its relations, bumps the version, and built-in roles are protected', async () => {
      const role = await newRole('Short lived');
      // The account keeps another role: deleting its only one is refused (the test above).
      const staff = await createAdmin({ roleIds: [role.id, productRoleId] });
      const menuId = (await t.db.selectFrom('ums_menu').select('id').executeTakeFirstOrThrow()).id;
      const resourceId = (await t.db.selectFrom('ums_resource').select('id').executeTakeFirstOrThrow()).id;
      await post(`/role/allocMenu?roleId=${role.id}&menuIds=${menuId}`);
      await post(`/role/allocResource?roleId=${role.id}&resourceIds=${resourceId}`);
      const version = await permissionVersion(t.db);
      expect((await post(`/role/delete?ids=${role.id}`)).body).toMatchObject({ code: 200, data: 1 });
      expect(await permissionVersion(t.db)).toBeGreaterThan(version);
      for (const table of ['ums_admin_role_relation', 'ums_role_menu_relation', 'ums_role_resource_relation'] as const) {
        expect(await t.db.selectFrom(table).selectAll().where('role_id', '=', role.id).execute(), table).toEqual([]);
      }
      expect((await get<RoleRecord[]>(`/admin/role/${staff.id}`)).body.data.map((r) => r.id)).toEqual([productRoleId]);

      await unchanged(async () => {
        for (const id of [superRoleId, sellerRoleId]) {
          const answer = await post(`/role/delete?ids=${id}`);
          expect(answer.status).toBe(403);
          expect(answer.body.messageKey).toBe('protected_role');
        }
        const disable = await post(`/role/updateStatus/${superRoleId}?status=0`);
        expect(disable.status).toBe(403);
        expect(disable.body.messageKey).toBe('protected_role');
        expect((await post(`/role/update/${superRoleId}`, { status: 0 })).body.messageKey).toBe('protected_role');
      });
      // Renaming it is fine for a super admin.
      expect((await post(`/role/update/${superRoleId}`, { description: 'All of it' })).status).toBe(200);
    });

    it('role status through /role/updateStatus/{id} bumps the version', async () => {
      const role = await newRole('Switchable');
      const version = await permissionVersion(t.db);
      expect((await post(`/role/updateStatus/${role.id}?status=0`)).body).toMatchObject({ code: 200, data: 1 });
      expect(await permissionVersion(t.db)).toBe(version + 1);
      expect((await post(`/role/update/${role.id}`, { status: 1 })).status).toBe(200);
      expect(await permissionVersion(t.db)).toBe(version + 2);
    });

    it('menus: level follows the parent, moves re-level the subtree, cycles and missing parents refused', async () => {
      const rootMenu = (await post<MenuNode>('/menu/create', { parentId: 0, title: 'Test root', name: 'testRoot', icon: 'x', hidden: 0, sort: 5 })).body.data;
      expect(rootMenu).toMatchObject({ parentId: 0, level: 0 });
      const child = (await post<MenuNode>('/menu/create', { parentId: rootMenu.id, title: 'Test child', name: 'testChild', sort: 1 })).body.data;
      expect(child.level).toBe(1);
      const grandchild = (await post<MenuNode>('/menu/create', { parentId: child.id, title: 'Grandchild', name: 'testGrandchild' })).body.data;
      expect(grandchild.level).toBe(2);
      // Moving the child to the top re-levels it and its subtree.
      expect((await post(`/menu/update/${child.id}`, { parentId: 0 })).status).toBe(200);
      expect((await get<MenuNode>(`/menu/${child.id}`)).body.data.level).toBe(0);
      expect((await get<MenuNode>(`/menu/${grandchild.id}`)).body.data.level).toBe(1);
      expect((await post(`/menu/update/${child.id}`, { parentId: rootMenu.id })).status).toBe(200);
      expect((await get<MenuNode>(`/menu/${grandchild.id}`)).body.data.level).toBe(2);
      // A level is the server's to decide.
      expect((await post<MenuNode>('/menu/create', { parentId: 0, title: 'x', name: 'lvl', level: 3 })).body.data.level).toBe(0);

      await unchanged(async () => {
        for (const [id, parentId] of [[rootMenu.id, rootMenu.id], [rootMenu.id, grandchild.id], [child.id, 2_000_000_000]] as const) {
          const answer = await post(`/menu/update/${id}`, { parentId });
          expect(answer.status, `${id} -> ${parentId}`).toBe(400);
          expect(answer.body.errors?.[0]).toMatchObject({ field: 'parentId', messageKey: 'invalid_reference' });
        }
        expect((await post('/menu/create', { parentId: 2_000_000_000, title: 'Orphan', name: 'orphan' })).status).toBe(400);
        expect((await post('/menu/create', { parentId: 0, title: 'Bad name', name: '1-bad name' })).status).toBe(400);
        const parentDelete = await post(`/menu/delete/${child.id}`);
        expect(parentDelete.status).toBe(409);
        expect(parentDelete.body).toMatchObject({ messageKey: 'menu_has_children', message: 'Delete or move its child menus first' });
      });
      expect((await post(`/menu/delete/${grandchild.id}`)).status).toBe(200);
      const version = await permissionVersion(t.db);
      expect((await post(`/menu/updateHidden/${child.id}?hidden=1`)).status).toBe(200);
      expect(await permissionVersion(t.db)).toBe(version + 1);
      expect((await get<Page<MenuNode>>(`/menu/list/${rootMenu.id}?pageNum=1&pageSize=10`)).body.data.list.map((m) => m.id)).toEqual([child.id]);
    });

    it('GET /menu/treeList: roots with recursive children, siblings by sort desc', async () => {
      const tree = (await get<MenuNode[]>('/menu/treeList')).body.data;
      const rows = await t.db.selectFrom('ums_menu').selectAll().execute();
      const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
      expect(flatten(tree).map((n) => n.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
      const check = (nodes: MenuNode[], parentId: number) => {
        for (let i = 0; i < nodes.length; i += 1) {
          expect(nodes[i]!.parentId).toBe(parentId);
          if (i > 0) expect(nodes[i - 1]!.sort).toBeGreaterThanOrEqual(nodes[i]!.sort);
          expect(Array.isArray(nodes[i]!.children)).toBe(true);
          check(nodes[i]!.children, nodes[i]!.id);
        }
      };
      check(tree, 0);
      const pms = tree.find((n) => n.name === 'pms')!;
      expect(pms.children.map((c) => c.name)).toContain('brand');
    });

    it('resources: URL must be an Ant pattern; listAll and category listAll; deleting one removes its grants', async () => {
      const categories = await get<{ id: number; name: string; sort: number }[]>('/resourceCategory/listAll');
      expect(categories.body.data.map((c) => c.name)).toEqual(RESOURCE_CATEGORIES.map((c) => c.name)); // sort desc
      const all = await get<{ url: string }[]>('/resource/listAll');
      expect(all.body.data.map((r) => r.url)).toEqual(expect.arrayContaining(['/brand/**', '/order/**']));
      const categoryId = categories.body.data[0]!.id;
      await unchanged(async () => {
        for (const url of ['brand/**', '/a b', '', '/x?y=<script>', 'http://evil/**']) {
          const answer = await post('/resource/create', { name: 'Bad pattern', url, categoryId });
          expect(answer.status, url).toBe(400);
          expect(answer.body.errors?.[0]?.field).toBe('url');
        }
        expect((await post('/resource/create', { name: 'No category', url: '/x/**', categoryId: 2_000_000_000 })).status).toBe(400);
      });
      const created = (await post<{ id: number }>('/resource/create', { name: 'Reports', url: '/report/**', categoryId, description: 'r' })).body.data;
      const role = await newRole('Reporter');
      await post(`/role/allocResource?roleId=${role.id}&resourceIds=${created.id}`);
      const version = await permissionVersion(t.db);
      expect((await post(`/resource/update/${created.id}`, { url: '/report/list' })).status).toBe(200);
      expect((await post(`/resource/delete/${created.id}`)).status).toBe(200);
      expect(await permissionVersion(t.db)).toBe(version + 2);
      expect(await resourceIdsOf(t.db, role.id)).toEqual([]);
    });
  });

  describe('GET /admin/info resources', () => {
    it('lists the held URL patterns (/** for the super admin) so the admin can hide buttons', async () => {
      const superInfo = (await get<AdminInfo>('/admin/info')).body.data;
      expect(superInfo.resources).toEqual(['/**']);
      const product = await login(t.app, DEMO.productAdmin);
      const productInfo = (await get<AdminInfo>('/admin/info', product)).body.data;
      expect(productInfo.resources).toEqual([...RESOURCE_CATEGORIES.find((c) => c.name === 'Products')!.resources.map((r) => r.url), ...DEMO_STAFF[0].extraUrls].sort());
      expect(productInfo.menus.map((m) => m.name)).toEqual(expect.arrayContaining(['pms', 'brand']));
      expect(productInfo.menus.map((m) => m.name)).not.toContain('oms');
      expect(productInfo.roles).toEqual([DEMO_STAFF[0].role.name]);
    });
  });

  it('no answer in this file carried a password hash', () => {
    expect(api.bodies.length).toBeGreaterThan(100);
    expect(api.bodies.filter(containsHash)).toEqual([]);
  });
});
