// Protects: sessions: /admin/info per role, logout, disabling, forged or expired tokens refused, token refresh, and a password change ending every session.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInfo } from '../../src/schema/api';
import { SEED_ROLES } from '../../src/schema/resources';
import { SECTIONS } from '../../src/schema/routes';
import { signToken } from '../../server/auth/tokens';
import { sellerMenuNames } from '../../server/auth/builtin-roles';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { jwtPayload } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(testDialects())('sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const info = (token: string) => call<AdminInfo>(t.app, 'GET', '/api/admin/info', { token });

  it('GET /admin/info: the super admin gets its role names and every menu, in mall\'s shape', async () => {
    const answer = await info(await login(t.app, DEMO.admin));
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.username).toBe('admin');
    expect(data.icon).toBeNull();
    expect(data.roles).toEqual([SEED_ROLES.superAdmin.name]);
    const allNames = SECTIONS.flatMap((s) => [s.name, ...s.children.map((c) => c.name)]);
    expect(data.menus.map((m) => m.name).sort()).toEqual([...allNames].sort());
    expect(new Set(data.menus.map((m) => m.id)).size).toBe(data.menus.length);
    const product = data.menus.find((m) => m.name === 'product')!;
    const pms = data.menus.find((m) => m.name === 'pms')!;
    expect(Object.keys(product).sort()).toEqual(['createTime', 'hidden', 'icon', 'id', 'level', 'name', 'parentId', 'sort', 'title'].sort());
    expect(product).toMatchObject({ parentId: pms.id, level: 1, title: 'Products', hidden: 0, icon: 'list' });
    expect(pms).toMatchObject({ parentId: 0, level: 0 });
    expect(data.menus.find((m) => m.name === 'updateProduct')!.hidden).toBe(1);
    expect(product.createTime).toMatch(ISO);
  });

  it('GET /admin/info: the seller gets the seller role and only the seller menus', async () => {
    const data = (await info(await login(t.app, DEMO.seller))).body.data;
    expect(data.roles).toEqual([SEED_ROLES.seller.name]);
    expect(data.menus.map((m) => m.name).sort()).toEqual(sellerMenuNames().sort());
    expect(data.menus.some((m) => m.name === 'ums')).toBe(false);
    expect(data.menus.some((m) => m.name === 'brand')).toBe(false);
  });

  it('a disabled role grants neither its name nor its menus (roles: [])', async () => {
    const token = await login(t.app, DEMO.seller);
    expect((await info(token)).body.data.roles).toEqual([SEED_ROLES.seller.name]);
    // Through the API, as every permission change goes (it bumps the permission version the answer is kept under).
    const admin = await login(t.app, DEMO.admin);
    const role = await t.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
    const setStatus = async (status: number) =>
      expect((await call(t.app, 'POST', `/api/role/updateStatus/${role.id}?status=${status}`, { token: admin })).status).toBe(200);
    await setStatus(0);
    try {
      const data = (await info(token)).body.data;
      expect(data.roles).toEqual([]);
      expect(data.menus).toEqual([]);
    } finally {
      await setStatus(1);
    }
  });

  it('requires a session: no token -> 401 envelope', async () => {
    const answer = await call(t.app, 'GET', '/api/admin/info');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 401, message: 'Not logged in or the session has expired', data: null, messageKey: 'unauthorized' });
  });

  it('logout ends the session: the same token is refused afterwards', async () => {
    const token = await login(t.app, DEMO.admin);
    expect((await info(token)).status).toBe(200);
    const out = await call(t.app, 'POST', '/api/admin/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 200, message: 'Operation succeeded', data: null });
    expect((await info(token)).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/admin/logout', { token })).status).toBe(401);
    // The next sign-in clears the admin's dead sessions; the old token stays refused.
    await login(t.app, DEMO.admin);
    const dead = await t.db.selectFrom('ums_admin_session').select('id').where('id', '=', String(jwtPayload(token).sid)).execute();
    expect(dead).toEqual([]);
    expect((await info(token)).status).toBe(401);
  });

  it('disabling an admin stops its tokens at once, saying why (401, code 401, account_disabled)', async () => {
    const token = await login(t.app, DEMO.seller);
    await t.db.updateTable('ums_admin').set({ status: 0 }).where('username', '=', 'seller').execute();
    try {
      const refused = await info(token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ code: 401, message: 'This account is disabled', data: null, messageKey: 'account_disabled' });
      // Only a genuine token learns it: one signed with another key reads as any bad token.
      const { sub, sid } = jwtPayload(token);
      const forged = await signToken('another-secret-that-is-long-enough-000000', { adminId: Number(sub), sessionId: String(sid), expiresAt: new Date(Date.now() + 3_600_000) });
      expect((await info(forged)).body).toMatchObject({ code: 401, messageKey: 'unauthorized' });
    } finally {
      await t.db.updateTable('ums_admin').set({ status: 1 }).where('username', '=', 'seller').execute();
    }
    // The session itself was not revoked; it works again once the admin is enabled.
    expect((await info(token)).status).toBe(200);
  });

  it('refuses forged, expired, alg:none, HS512 and deleted-session tokens', async () => {
    const token = await login(t.app, DEMO.admin);
    const claims = jwtPayload(token);
    const sessionId = String(claims.sid);
    const adminId = Number(claims.sub);
    const encode = (obj: object) => Buffer.from(JSON.stringify(obj)).toString('base64url');
    const key = new TextEncoder().encode(t.config.jwtSecret);

    const forged = await signToken('another-secret-that-is-long-enough-000000', { adminId, sessionId, expiresAt: new Date(Date.now() + 3_600_000) });
    const expired = await signToken(t.config.jwtSecret, { adminId, sessionId, expiresAt: new Date(Date.now() - 1000) });
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: String(adminId), sid: sessionId, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const hs512 = await new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS512' }).setSubject(String(adminId))
      .setExpirationTime('1h').sign(new Uint8Array([...key, ...key]));
    const otherAdmin = await signToken(t.config.jwtSecret, { adminId: adminId + 1, sessionId, expiresAt: new Date(Date.now() + 3_600_000) });
    const tampered = `${token.split('.')[0]}.${encode({ ...claims, sub: String(adminId + 1) })}.${token.split('.')[2]}`;

    for (const bad of [forged, expired, none, hs512, otherAdmin, tampered, 'not-a-jwt', '']) {
      const answer = await info(bad);
      expect(answer.status, bad).toBe(401);
      expect(answer.body.code).toBe(401);
    }
    expect((await call(t.app, 'GET', '/api/admin/info', { headers: { authorization: token } })).status).toBe(401); // no "Bearer "
    expect((await info(token)).status).toBe(200);

    // An expired session row ends the session even though the token's exp is in the future.
    await t.db.updateTable('ums_admin_session').set({ expire_time: '2000-01-01T00:00:00.000Z' }).where('id', '=', sessionId).execute();
    expect((await info(token)).status).toBe(401);
    const second = await login(t.app, DEMO.admin);
    await t.db.deleteFrom('ums_admin_session').where('id', '=', String(jwtPayload(second).sid)).execute();
    expect((await info(second)).status).toBe(401);
  });

  it('GET /admin/refreshToken: a new token for the same session with a fresh expiry', async () => {
    const token = await login(t.app, DEMO.admin);
    const sid = String(jwtPayload(token).sid);
    await t.db.updateTable('ums_admin_session').set({ expire_time: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', sid).execute();
    const answer = await call<{ token: string; tokenHead: string }>(t.app, 'GET', '/api/admin/refreshToken', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.tokenHead).toBe('Bearer ');
    const fresh = answer.body.data.token;
    expect(jwtPayload(fresh).sid).toBe(sid);
    expect(Number(jwtPayload(fresh).exp)).toBeGreaterThan(Math.floor(Date.now() / 1000) + t.config.tokenTtlSeconds - 60);
    const row = await t.db.selectFrom('ums_admin_session').select('expire_time').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(new Date(row.expire_time).getTime()).toBeGreaterThan(Date.now() + (t.config.tokenTtlSeconds - 60) * 1000);
    expect((await info(fresh)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/refreshToken')).status).toBe(401);
  });

  it('POST /admin/updatePassword ends every session and returns a new token', async () => {
    const a = await login(t.app, DEMO.seller);
    const b = await login(t.app, DEMO.seller);
    const audits = (await t.db.selectFrom('sys_audit_log').selectAll().where('action', '=', 'update_password').execute()).length;

    const wrongOld = await call(t.app, 'POST', '/api/admin/updatePassword', { token: a, body: { oldPassword: 'nope', newPassword: 'fresh-pass-1' } });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ code: 404, messageKey: 'old_password_wrong', errors: [{ field: 'oldPassword', messageKey: 'old_password_wrong' }] });
    const { username, password } = DEMO.seller;
    const otherUser = await call(t.app, 'POST', '/api/admin/updatePassword', { token: a, body: { username: DEMO.admin.username, oldPassword: password, newPassword: 'fresh-pass-1' } });
    expect(otherUser.status).toBe(403);
    const tooShort = await call(t.app, 'POST', '/api/admin/updatePassword', { token: a, body: { oldPassword: password, newPassword: '123' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors?.[0]).toMatchObject({ field: 'newPassword', messageKey: 'too_short', params: { min: 8 } });
    const weak = await call(t.app, 'POST', '/api/admin/updatePassword', { token: a, body: { oldPassword: password, newPassword: 'Seller-2024' } });
    expect(weak.body.errors?.[0]).toMatchObject({ field: 'newPassword', messageKey: 'password_contains_username' });

    const changed = await call<{ token: string }>(t.app, 'POST', '/api/admin/updatePassword', {
      token: a, body: { username, oldPassword: password, newPassword: 'fresh-pass-1' },
    });
    expect(changed.status).toBe(200);
    const c = changed.body.data.token;
    expect((await info(a)).status).toBe(401);
    expect((await info(b)).status).toBe(401);
    expect((await info(c)).status).toBe(200);
    const oldLogin = await call(t.app, 'POST', '/api/admin/login', { body: DEMO.seller, ip: freshIp() });
    expect(oldLogin.body.messageKey).toBe('bad_credentials');
    await login(t.app, { username, password: 'fresh-pass-1' });

    const rows = await t.db.selectFrom('sys_audit_log').selectAll().where('action', '=', 'update_password').execute();
    expect(rows).toHaveLength(audits + 1);
    const written = JSON.stringify(rows.at(-1));
    for (const secret of ['fresh-pass-1', password, 'argon2']) expect(written).not.toContain(secret);
    // Put the seeded one back for any later test (it predates the password rules, so straight into the row).
    const seeded = await t.db.selectFrom('ums_admin').select('password').where('username', '=', DEMO.seller2.username).executeTakeFirstOrThrow();
    await t.db.updateTable('ums_admin').set({ password: seeded.password }).where('username', '=', username).execute();
  });
});
