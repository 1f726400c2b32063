import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN } from '../../src/schema/auth-rules';
import { SEED_ROLES } from '../../src/schema/resources';
import { call, countRows, login, snapshotCounts } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('POST /api/admin/register (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const register = (body: unknown) => call<Record<string, unknown>>(t.app, 'POST', '/api/admin/register', { body });
  const rolesOf = async (username: string) =>
    (await t.db.selectFrom('ums_admin as a').innerJoin('ums_admin_role_relation as ar', 'ar.admin_id', 'a.id')
      .innerJoin('ums_role as r', 'r.id', 'ar.role_id').select('r.code').where('a.username', '=', username).execute()).map((r) => r.code);

  it('creates an enabled seller with an invite code, answers without any password', async () => {
    const sellersBefore = await t.db.selectFrom('ums_role').select('admin_count').where('code', '=', 'seller').executeTakeFirstOrThrow();
    const answer = await register({ username: 'shopkeeper', password: 'secret-123', email: 'keeper@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ username: 'shopkeeper', email: 'keeper@example.com', status: 1, referrerId: null, loginTime: null });
    expect(String(data.inviteCode)).toMatch(INVITE_CODE_PATTERN);
    expect(String(data.createTime)).toMatch(/Z$/);
    expect(data).not.toHaveProperty('password');
    expect(answer.raw).not.toMatch(/argon2|secret-123/);
    expect(await rolesOf('shopkeeper')).toEqual([SEED_ROLES.seller.code]);
    const sellersAfter = await t.db.selectFrom('ums_role').select('admin_count').where('code', '=', 'seller').executeTakeFirstOrThrow();
    expect(sellersAfter.admin_count).toBe(sellersBefore.admin_count + 1);

    const audit = await t.db.selectFrom('sys_audit_log').selectAll().where('action', '=', 'register').where('entity_id', '=', String(data.id)).executeTakeFirstOrThrow();
    expect(audit.entity).toBe('ums_admin');
    expect(audit.after_json).not.toMatch(/secret-123|argon2/);

    const token = await login(t.app, 'shopkeeper', 'secret-123');
    const info = await call<{ roles: string[] }>(t.app, 'GET', '/api/admin/info', { token });
    expect(info.body.data.roles).toEqual([SEED_ROLES.seller.name]);
  });

  it('refuses smuggled fields (status, roles, ids...) and writes nothing', async () => {
    const before = await snapshotCounts(t.db);
    const base = { username: 'sneaky', password: 'secret-123', email: 'sneaky@example.com' };
    for (const extra of [{ status: 0 }, { roles: ['super_admin'] }, { roleIds: '1' }, { id: 1 }, { password_hash: 'x' }, { adminCount: 9 }, { inviteCode: 'AAAA1111' }]) {
      const answer = await register({ ...base, ...extra });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 404, messageKey: 'validation_failed' });
      expect(answer.body.errors).toEqual([{ field: Object.keys(extra)[0], messageKey: 'unknown_field', message: 'Unknown field' }]);
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
    expect(await rolesOf('sneaky')).toEqual([]);
  });

  it('answers a taken username with 409 username_taken', async () => {
    const before = await countRows(t.db, 'ums_admin');
    const answer = await register({ username: 'admin', password: 'secret-123', email: 'x@example.com' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 500, messageKey: 'username_taken', message: 'This username is already taken', errors: [{ field: 'username' }] });
    expect(await countRows(t.db, 'ums_admin')).toBe(before);
  });

  it('refuses an invite code that matches nobody with "Please validate your code"', async () => {
    const before = await snapshotCounts(t.db);
    for (const code of ['ZZZZ9999', 'bad code!']) {
      const answer = await register({ username: 'invited-1', password: 'secret-123', email: 'i1@example.com', code });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 404, messageKey: 'invalid_invite_code', message: 'Please validate your code',
        errors: [{ field: 'code', messageKey: 'invalid_invite_code', message: 'Please validate your code' }],
      });
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
  });

  it('records the referrer when the code is an existing invite code (empty code = none)', async () => {
    const seller = await t.db.selectFrom('ums_admin').select(['id', 'invite_code']).where('username', '=', 'seller').executeTakeFirstOrThrow();
    expect(seller.invite_code).toMatch(INVITE_CODE_PATTERN);
    const answer = await register({ username: 'invited-2', password: 'secret-123', email: 'i2@example.com', code: seller.invite_code });
    expect(answer.status).toBe(200);
    expect(answer.body.data.referrerId).toBe(seller.id);
    const row = await t.db.selectFrom('ums_admin').select('referrer_id').where('username', '=', 'invited-2').executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(seller.id);
    const lower = await register({ username: 'invited-3', password: 'secret-123', email: 'i3@example.com', code: seller.invite_code!.toLowerCase() });
    expect(lower.body.data.referrerId).toBe(seller.id);
    const none = await register({ username: 'invited-4', password: 'secret-123', email: 'i4@example.com', code: '' });
    expect(none.status).toBe(200);
    expect(none.body.data.referrerId).toBeNull();
  });

  it('validates fields with the shared limits', async () => {
    const answer = await register({ username: 'a', password: '123', email: 'not-an-email' });
    expect(answer.status).toBe(400);
    const byField = Object.fromEntries((answer.body.errors ?? []).map((e) => [e.field, e.messageKey]));
    expect(byField).toEqual({ username: 'too_short', password: 'too_short', email: 'invalid_email' });
    const missing = await register({});
    expect(Object.fromEntries((missing.body.errors ?? []).map((e) => [e.field, e.messageKey]))).toEqual({ username: 'required', password: 'required', email: 'required' });
  });

  it('two racing registrations of one name: one wins, the other gets 409', async () => {
    const body = { username: 'racer', password: 'secret-123', email: 'r@example.com' };
    const answers = await Promise.all([register(body), register(body), register(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await rolesOf('racer')).toEqual(['seller']);
  });
});
