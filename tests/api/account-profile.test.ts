// Protects: every signed-in account (sellers and staff without UMS or upload rights included) changes its own nickname, email, avatar and note, under the account declaration's rules, audited; bad input (unknown keys, a bad email, NUL) changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInfo, AdminProfile } from '../../src/schema/api';
import { PROFILE_API } from '../../src/schema/ums/admin';
import { DEMO } from '../helpers/accounts';
import { call, countRows, login, snapshotCounts } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const UPDATE = `/api${PROFILE_API.update}`;
const AVATAR = `/api${PROFILE_API.uploadAvatar}`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const multipartBody = (content: Buffer) => {
  const boundary = '----vitest-profile';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(testDialects())('POST /admin/updateProfile (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const rowOf = (username: string) => t.db.selectFrom('ums_admin').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  it('a seller (no UMS resources) changes its own nickname, email, mail language, avatar and note; /admin/info shows them; one audit row', async () => {
    const token = await login(t.app, DEMO.seller);
    const before = await rowOf('seller');
    const audits = await countRows(t.db, 'sys_audit_log');
    const body = { nickName: 'Shop Keeper', email: 'keeper@example.com', language: 'zh', icon: '/uploads/2026/01/me.png', note: 'Opens at nine' };
    const answer = await call<AdminProfile>(t.app, 'POST', UPDATE, { token, body });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ username: 'seller', ...body });
    const after = await rowOf('seller');
    expect(after).toMatchObject({ nick_name: body.nickName, email: body.email, language: body.language, icon: body.icon, note: body.note });
    // Nothing else about the account moved.
    expect({ ...after, nick_name: before.nick_name, email: before.email, language: before.language, icon: before.icon, note: before.note }).toEqual(before);

    const info = await call<AdminInfo>(t.app, 'GET', '/api/admin/info', { token });
    expect(info.body.data).toMatchObject({ username: 'seller', ...body });

    expect(await countRows(t.db, 'sys_audit_log')).toBe(audits + 1);
    const audit = await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ admin_id: before.id, action: 'update_profile', entity: 'ums_admin', entity_id: String(before.id) });
    expect(JSON.parse(audit.after_json ?? 'null')).toEqual({ username: 'seller', ...body });
    expect(JSON.parse(audit.before_json ?? 'null')).toMatchObject({ nickName: before.nick_name, email: before.email });
  });

  it('is selective: absent keys stay, empty text is no value; an unchanged profile writes no audit row', async () => {
    const token = await login(t.app, DEMO.seller2);
    await call(t.app, 'POST', UPDATE, { token, body: { nickName: 'Second', email: 'two@example.com' } });
    const cleared = await call<AdminProfile>(t.app, 'POST', UPDATE, { token, body: { email: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ nickName: 'Second', email: null });
    const audits = await countRows(t.db, 'sys_audit_log');
    const same = await call<AdminProfile>(t.app, 'POST', UPDATE, { token, body: { nickName: 'Second' } });
    expect(same.status).toBe(200);
    expect(await countRows(t.db, 'sys_audit_log')).toBe(audits);
  });

  it('staff without UMS or upload rights (order admin) uploads an avatar and sets it; /minio/upload stays refused to them', async () => {
    const token = await login(t.app, DEMO.orderAdmin);
    const refused = await t.app.inject({ method: 'POST', url: '/api/minio/upload', ...withAuth(multipartBody(PNG), token) });
    expect(refused.statusCode).toBe(403);
    const uploaded = await t.app.inject({ method: 'POST', url: AVATAR, ...withAuth(multipartBody(PNG), token) });
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json().data as { url: string };
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const set = await call<AdminProfile>(t.app, 'POST', UPDATE, { token, body: { icon: url } });
    expect(set.status).toBe(200);
    expect((await rowOf('orderAdmin')).icon).toBe(url);
    // Not a way to change someone else's account: the same body touches only the caller's row.
    expect((await rowOf('admin')).icon).toBeNull();
  });

  const withAuth = (body: { payload: Buffer; headers: Record<string, string> }, token: string) =>
    ({ payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });

  it.each([
    ['the username', { username: 'someoneelse' }, 'username', 'unknown_field'],
    ['the status', { status: 0 }, 'status', 'unknown_field'],
    ['roles', { roleIds: [1] }, 'roleIds', 'unknown_field'],
    ['the password', { password: 'N3w-passphrase-42' }, 'password', 'unknown_field'],
    ['an id', { id: 1, nickName: 'x' }, 'id', 'unknown_field'],
    ['a bad email', { nickName: 'fine', email: 'not-an-email' }, 'email', 'invalid_format'],
    ['a NUL in the nickname', { nickName: 'ab\u0000cd' }, 'nickName', 'invalid_format'],
    ['a nickname over the declared length', { nickName: 'x'.repeat(201) }, 'nickName', 'length_between'],
    ['a note over the declared length', { note: 'x'.repeat(501) }, 'note', 'length_between'],
    ['an avatar that is not a URL', { icon: 'javascript:alert(1)' }, 'icon', 'invalid_format'],
    ['a number for text', { nickName: 5 }, 'nickName', 'invalid_type'],
  ])('refuses %s with a field error and changes nothing', async (_what, body, field, messageKey) => {
    const token = await login(t.app, DEMO.seller);
    const before = await rowOf('seller');
    const counts = await snapshotCounts(t.db);
    const answer = await call(t.app, 'POST', UPDATE, { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, messageKey })]));
    expect(await rowOf('seller')).toEqual(before);
    expect(await snapshotCounts(t.db)).toEqual(counts);
  });

  it('needs a session: no token -> 401, nothing changes', async () => {
    const counts = await snapshotCounts(t.db);
    expect((await call(t.app, 'POST', UPDATE, { body: { nickName: 'ghost' } })).status).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: AVATAR, ...multipartBody(PNG) })).statusCode).toBe(401);
    expect(await snapshotCounts(t.db)).toEqual(counts);
  });
});
