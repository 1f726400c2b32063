// Protects: attacks on the permission model: bad tokens, grants beyond the granter, account takeover, disabled roles and admins, immediate revocation.
/**
 * Attacks on the permission model: tokens that must not authenticate a protected route, grants
 * beyond what the granter holds (roles, menus, resources, a widened resource URL), taking over a
 * stronger account, disabled roles and admins, and permission changes that must take effect on
 * the very next request, in this server process and in another one on the same database. If this
 * fails, an admin can do more than their roles allow, or a revoked permission keeps working.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROLES } from '../../src/schema/resources';
import { buildApp } from '../../server/app';
import { signToken } from '../../server/auth/tokens';
import { DEMO_STAFF } from '../../server/seed/index';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, jwtPayload, login } from '../helpers/api';
import {
  adminIdOf, auditCount, containsHash, permissionVersion, recordingCall, resourceIdsOf, roleIdByCode,
} from '../helpers/permissions';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('permission attacks (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof recordingCall>;
  let root: string;
  let manager: string;
  let managerRoleId: number;
  let ids: { superRole: number; productRole: number; orderRole: number; superAdmin: number; orderAdmin: number };
  const resourceId = async (url: string) => (await t.db.selectFrom('ums_resource').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id;
  const menuId = async (name: string) => (await t.db.selectFrom('ums_menu').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = recordingCall(t.app);
    root = await login(t.app, DEMO.admin);
    ids = {
      superRole: await roleIdByCode(t.db, SEED_ROLES.superAdmin.code),
      productRole: await roleIdByCode(t.db, DEMO_STAFF[0].role.code),
      orderRole: await roleIdByCode(t.db, DEMO_STAFF[1].role.code),
      superAdmin: await adminIdOf(t.db, DEMO.admin.username),
      orderAdmin: await adminIdOf(t.db, DEMO.orderAdmin.username),
    };
    // An account manager: admins, roles and resources, plus the products area; no orders.
    const role = await api.send<{ id: number }>('POST', '/api/role/create', { token: root, body: { name: 'Account manager' } });
    managerRoleId = role.body.data.id;
    const held = [await resourceId('/admin/**'), await resourceId('/role/**'), await resourceId('/resource/**'), await resourceId('/brand/**')];
    await api.send('POST', `/api/role/allocResource?roleId=${managerRoleId}&resourceIds=${held.join(',')}`, { token: root });
    await api.send('POST', `/api/role/allocMenu?roleId=${managerRoleId}&menuIds=${await menuId('ums')},${await menuId('admin')}`, { token: root });
    const created = await api.send('POST', '/api/admin/create', {
      token: root, body: { username: 'manager', password: 'Mq7-lead-pass', roleIds: [managerRoleId, ids.productRole] },
    });
    expect(created.status, created.raw).toBe(200);
    manager = await login(t.app, { username: 'manager', password: 'Mq7-lead-pass' });
  });
  afterAll(async () => t?.close());

  const as = (token: string) => ({
    get: (url: string) => api.send('GET', `/api${url}`, { token }),
    post: (url: string, body?: unknown) => api.send('POST', `/api${url}`, { token, body }),
  });

  /** The request is refused with 403 and `messageKey`, and nothing (rows, audit, version) changed. */
  const refused = async (send: () => Promise<{ status: number; body: { messageKey?: string } }>, messageKey: string) => {
    const tables = ['ums_admin', 'ums_admin_role_relation', 'ums_role', 'ums_role_menu_relation', 'ums_role_resource_relation', 'ums_resource'] as const;
    const snapshot = async () => ({
      rows: await Promise.all(tables.map((table) => t.db.selectFrom(table).selectAll().orderBy('id').execute())),
      audit: await auditCount(t.db),
      version: await permissionVersion(t.db),
    });
    const before = await snapshot();
    const answer = await send();
    expect(answer.status).toBe(403);
    expect(answer.body.messageKey).toBe(messageKey);
    expect(await snapshot()).toEqual(before);
  };

  it('forged, expired, alg:none and logged-out tokens get 401 on a protected route, never 403 or data', async () => {
    const token = await login(t.app, DEMO.productAdmin);
    const { sub, sid } = jwtPayload(token) as { sub: string; sid: string };
    const encode = (obj: object) => Buffer.from(JSON.stringify(obj)).toString('base64url');
    const forged = await signToken('another-secret-that-is-long-enough-000000', { adminId: Number(sub), sessionId: sid, expiresAt: new Date(Date.now() + 3_600_000) });
    const expired = await signToken(t.config.jwtSecret, { adminId: Number(sub), sessionId: sid, expiresAt: new Date(Date.now() - 1000) });
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub, sid, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    // The product admin's own session id under the super admin's id: the session belongs to someone else.
    const borrowed = await signToken(t.config.jwtSecret, { adminId: ids.superAdmin, sessionId: sid, expiresAt: new Date(Date.now() + 3_600_000) });
    const loggedOut = await login(t.app, DEMO.productAdmin);
    expect((await as(loggedOut).post('/admin/logout')).status).toBe(200);
    for (const bad of [forged, expired, none, borrowed, loggedOut]) {
      for (const url of ['/brand/list', '/admin/list', '/role/listAll']) {
        const answer = await as(bad).get(url);
        expect(answer.status, url).toBe(401);
        expect(answer.body.data).toBeNull();
      }
    }
    expect((await as(token).get('/brand/list')).status).toBe(200);
  });

  it('cannot grant a role it does not hold: /admin/role/update and /admin/create roleIds', async () => {
    const staff = await api.send<{ id: number }>('POST', '/api/admin/create', { token: manager, body: { username: 'junior', password: 'Jn4-desk-pass', roleIds: [ids.productRole] } });
    expect(staff.status, staff.raw).toBe(200);
    const junior = staff.body.data.id;
    await refused(() => as(manager).post(`/admin/role/update?adminId=${junior}&roleIds=${ids.orderRole}`), 'cannot_grant');
    await refused(() => as(manager).post(`/admin/role/update?adminId=${junior}&roleIds=${ids.productRole},${ids.superRole}`), 'cannot_grant');
    await refused(() => as(manager).post('/admin/create', { username: 'usurper', password: 'Us5-throne-pass', roleIds: [ids.superRole] }), 'cannot_grant');
    await refused(() => as(manager).post('/admin/create', { username: 'orderly', password: 'Or6-tidy-pass', roleIds: [ids.orderRole] }), 'cannot_grant');
    // Roles it holds may be handed on.
    expect((await as(manager).post(`/admin/role/update?adminId=${junior}&roleIds=${ids.productRole}`)).status).toBe(200);
    expect((await as(manager).post('/admin/create', { username: 'helper', password: 'Hp8-hands-pass', roleIds: [managerRoleId] })).status).toBe(200);
  });

  it('cannot grant a menu or resource it does not hold; what a role already has may stay', async () => {
    const role = await as(manager).post('/role/create', { name: 'Brand desk' });
    const roleId = (role.body.data as { id: number }).id;
    const [brand, order, orders] = [await resourceId('/brand/**'), await resourceId('/order/**'), await menuId('oms')];
    await refused(() => as(manager).post(`/role/allocResource?roleId=${roleId}&resourceIds=${brand},${order}`), 'cannot_grant');
    await refused(() => as(manager).post(`/role/allocMenu?roleId=${roleId}&menuIds=${orders}`), 'cannot_grant');
    expect((await as(manager).post(`/role/allocResource?roleId=${roleId}&resourceIds=${brand}`)).status).toBe(200);
    // The super admin adds /order/**; the manager may resend it with the rest, or drop it, but not add it again later.
    expect((await as(root).post(`/role/allocResource?roleId=${roleId}&resourceIds=${brand},${order}`)).status).toBe(200);
    expect((await as(manager).post(`/role/allocResource?roleId=${roleId}&resourceIds=${order},${brand}`)).status).toBe(200);
    expect((await as(manager).post(`/role/allocResource?roleId=${roleId}&resourceIds=${brand}`)).status).toBe(200);
    await refused(() => as(manager).post(`/role/allocResource?roleId=${roleId}&resourceIds=${brand},${order}`), 'cannot_grant');
    expect(await resourceIdsOf(t.db, roleId)).toEqual([brand]);
  });

  it('only a super admin changes the super admin role or widens a resource URL', async () => {
    await refused(() => as(manager).post(`/role/allocMenu?roleId=${ids.superRole}&menuIds=`), 'super_admin_only');
    await refused(() => as(manager).post(`/role/allocResource?roleId=${ids.superRole}&resourceIds=`), 'super_admin_only');
    await refused(() => as(manager).post(`/role/update/${ids.superRole}`, { name: 'Nobody' }), 'super_admin_only');
    await refused(() => as(manager).post(`/role/updateStatus/${ids.superRole}?status=0`), 'super_admin_only');
    // /brand/** is held by the manager: pointing it at /** would grant the manager everything.
    const brand = await resourceId('/brand/**');
    await refused(() => as(manager).post(`/resource/update/${brand}`, { url: '/**' }), 'super_admin_only');
    expect((await as(manager).post(`/resource/update/${brand}`, { description: 'Brands and logos' })).status).toBe(200);
  });

  it('cannot take over an account that holds more (password, status, roles, deletion)', async () => {
    for (const target of [ids.superAdmin, ids.orderAdmin]) {
      await refused(() => as(manager).post(`/admin/update/${target}`, { password: 'hijacked-pass' }), 'cannot_manage_admin');
      await refused(() => as(manager).post(`/admin/updateStatus/${target}?status=0`), 'cannot_manage_admin');
      await refused(() => as(manager).post(`/admin/role/update?adminId=${target}&roleIds=`), 'cannot_manage_admin');
      await refused(() => as(manager).post(`/admin/delete/${target}`), 'cannot_manage_admin');
    }
    const hijack = await call(t.app, 'POST', '/api/admin/login', { body: { username: DEMO.admin.username, password: 'hijacked-pass' }, ip: freshIp() });
    expect(hijack.status).toBe(401);
    // An account that holds no more than the manager may be managed.
    const weak = await as(manager).post('/admin/create', { username: 'weakling', password: 'Wk9-feeble-pass', roleIds: [ids.productRole] });
    expect((await as(manager).post(`/admin/update/${(weak.body.data as { id: number }).id}`, { nickName: 'Weak' })).status).toBe(200);
  });

  it('a disabled role grants nothing; a disabled admin\'s token dies at once', async () => {
    const product = await login(t.app, DEMO.productAdmin);
    expect((await as(product).get('/brand/list')).status).toBe(200);
    expect((await as(root).post(`/role/updateStatus/${ids.productRole}?status=0`)).status).toBe(200);
    const denied = await as(product).get('/brand/list');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 403, messageKey: 'forbidden', data: null });
    expect((await as(product).get('/admin/info')).status).toBe(200); // its own session still works
    expect((await as(root).post(`/role/updateStatus/${ids.productRole}?status=1`)).status).toBe(200);
    expect((await as(product).get('/brand/list')).status).toBe(200);

    const productAdminId = await adminIdOf(t.db, DEMO.productAdmin.username);
    expect((await as(root).post(`/admin/updateStatus/${productAdminId}?status=0`)).status).toBe(200);
    expect((await as(product).get('/brand/list')).status).toBe(401);
    expect((await as(product).get('/admin/info')).status).toBe(401);
    expect((await as(root).post(`/admin/updateStatus/${productAdminId}?status=1`)).status).toBe(200);
    expect((await as(product).get('/brand/list')).status).toBe(401); // enabling again does not revive old sessions
  });

  it('permissions are judged on the route that answers, not on how the URL is spelled', async () => {
    const product = await login(t.app, DEMO.productAdmin);
    const order = await login(t.app, DEMO.orderAdmin);
    for (const url of ['/brand/list/', '/brand/list?x=/order/list', '/%62rand/list']) {
      const allowed = await as(product).get(url);
      const denied = await as(order).get(url);
      if (allowed.status === 404) {
        expect(denied.status, url).toBe(404); // the router does not know this spelling at all
        continue;
      }
      expect([401, 403], url).not.toContain(allowed.status);
      expect(denied.status, url).toBe(403);
    }
    // An encoded slash stays inside its parameter: the order admin cannot reach a brand through an order path.
    expect((await as(order).get('/brand/1%2F..%2F..%2Forder%2Flist')).status).toBe(403);
  });

  describe('changes take effect on the next request', () => {
    let other: FastifyInstance;
    beforeAll(async () => {
      // A second server on the same database with its own connection and its own cache: another process.
      other = buildApp(t.config);
      await other.ready();
    });
    afterAll(async () => other?.close());

    const on = (app: FastifyInstance, token: string, url: string) => call(app, 'GET', `/api${url}`, { token });

    it('in this process and in another one: resources, role status and role assignment', async () => {
      const product = await login(t.app, DEMO.productAdmin);
      const grants = await resourceIdsOf(t.db, ids.productRole);
      const brandIds = [await resourceId('/brand/**'), await resourceId('/brand/list')];
      // Both processes have the product admin's grants cached.
      for (const app of [t.app, other]) expect((await on(app, product, '/brand/list')).status).toBe(200);

      const version = await permissionVersion(t.db);
      const without = grants.filter((id) => !brandIds.includes(id));
      expect((await as(root).post(`/role/allocResource?roleId=${ids.productRole}&resourceIds=${without.join(',')}`)).status).toBe(200);
      expect(await permissionVersion(t.db)).toBeGreaterThan(version);
      for (const app of [t.app, other]) {
        expect((await on(app, product, '/brand/list')).status).toBe(403);
        expect((await on(app, product, '/productCategory/list/0')).status).toBe(200);
      }
      // Given back through the other process: this one sees it at once too.
      expect((await call(other, 'POST', `/api/role/allocResource?roleId=${ids.productRole}&resourceIds=${grants.join(',')}`, { token: root })).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/brand/list')).status).toBe(200);

      // Role disabled in one process: refused in both; enabled again: allowed in both.
      expect((await call(other, 'POST', `/api/role/updateStatus/${ids.productRole}?status=0`, { token: root })).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/brand/list')).status).toBe(403);
      expect((await as(root).post(`/role/updateStatus/${ids.productRole}?status=1`)).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/brand/list')).status).toBe(200);

      // The admin's role taken away and given back.
      const productAdminId = await adminIdOf(t.db, DEMO.productAdmin.username);
      expect((await as(root).post(`/admin/role/update?adminId=${productAdminId}&roleIds=${ids.orderRole}`)).status).toBe(200);
      for (const app of [t.app, other]) {
        expect((await on(app, product, '/brand/list')).status).toBe(403);
        expect((await on(app, product, '/returnReason/list')).status).toBe(200);
      }
      expect((await call(other, 'POST', `/api/admin/role/update?adminId=${productAdminId}&roleIds=${ids.productRole}`, { token: root })).status).toBe(200);
      for (const app of [t.app, other]) {
        expect((await on(app, product, '/brand/list')).status).toBe(200);
        expect((await on(app, product, '/returnReason/list')).status).toBe(403);
      }
    });

    it('a resource deleted or re-pointed stops granting on the next request', async () => {
      const product = await login(t.app, DEMO.productAdmin);
      const categoryId = (await t.db.selectFrom('ums_resource_category').select('id').where('name', '=', 'Products').executeTakeFirstOrThrow()).id;
      const created = await as(root).post('/resource/create', { name: 'Return reasons for products', url: '/returnReason/**', categoryId });
      const id = (created.body.data as { id: number }).id;
      const grants = await resourceIdsOf(t.db, ids.productRole);
      expect((await as(root).post(`/role/allocResource?roleId=${ids.productRole}&resourceIds=${[...grants, id].join(',')}`)).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/returnReason/list')).status).toBe(200);
      expect((await call(other, 'POST', `/api/resource/update/${id}`, { token: root, body: { url: '/returnReason/list/x' } })).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/returnReason/list')).status).toBe(403);
      expect((await as(root).post(`/resource/update/${id}`, { url: '/returnReason/**' })).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/returnReason/list')).status).toBe(200);
      expect((await as(root).post(`/resource/delete/${id}`)).status).toBe(200);
      for (const app of [t.app, other]) expect((await on(app, product, '/returnReason/list')).status).toBe(403);
    });
  });

  it('no answer in this file carried a password hash', () => {
    expect(api.bodies.filter(containsHash)).toEqual([]);
  });
});
