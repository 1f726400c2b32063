// Protects: self-registration: a seller with an invite code and default group, account rules and weak-password refusals, per-address throttle, signed-in /admin/register.
import { errorsZh } from '../../src/i18n/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVITE_CODE_PATTERN } from '../../src/schema/auth-rules';
import { SEED_ROLES } from '../../src/schema/resources';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, countRows, login, snapshotCounts } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('POST /api/admin/register (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  // Each call from its own address: the per-address registration limit has its own tests below.
  const register = (body: unknown) => call<Record<string, unknown>>(t.app, 'POST', '/api/admin/register', { body, ip: freshIp() });
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
    expect(sellersAfter.admin_count).toBe((sellersBefore.admin_count ?? 0) + 1);

    const audit = await t.db.selectFrom('sys_audit_log').selectAll().where('action', '=', 'register').where('entity_id', '=', String(data.id)).executeTakeFirstOrThrow();
    expect(audit.entity).toBe('ums_admin');
    expect(audit.after_json).not.toMatch(/secret-123|argon2/);

    const token = await login(t.app, { username: 'shopkeeper', password: 'secret-123' });
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

  it('refuses weak passwords: short, blank, repeated, a run, common, the username or containing it (ignoring case), in both languages', async () => {
    const before = await snapshotCounts(t.db);
    for (const [password, key] of [
      ['short12', 'too_short'], ['password1', 'password_too_common'], ['Sunshine1', 'password_too_common'], ['qwertyuiop', 'password_sequence'],
      ['        ', 'password_blank'], ['\u3000\t        ', 'password_blank'], ['aaaaaaaa', 'password_repeated'], ['aaaaaaab', 'password_repeated'],
      ['abcabcabc', 'password_repeated'], ['abcdefgh', 'password_sequence'], ['HGFEDCBA', 'password_sequence'], ['87654321', 'password_sequence'],
      ['asdfghjkl', 'password_sequence'], ['newbie42', 'password_contains_username'], ['my-NEWBIE42-shop', 'password_contains_username'],
    ] as const) {
      const answer = await register({ username: 'newbie42', password, email: 'n@example.com' });
      expect(answer.status, password).toBe(400);
      expect(answer.body.errors, password).toEqual([expect.objectContaining({ field: 'password', messageKey: key })]);
      expect(errorsZh[key], key).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
    // A run inside a longer, varied password is fine: the rule is about the whole password.
    expect((await register({ username: 'newbie43', password: 'abcdefgh-Lantern-7', email: 'n43@example.com' })).status).toBe(200);
  });

  it('usernames: NFKC, ASCII letters, digits and _ . -, 3..64, unique regardless of case, nothing invisible', async () => {
    const before = await snapshotCounts(t.db);
    const refused: [string, number, string][] = [
      ['ADMIN', 409, 'username_taken'],
      ['\uff41\uff44\uff4d\uff49\uff4e', 409, 'username_taken'], // full-width "admin" folds to "admin"
      ['\u0430dmin', 400, 'invalid_username'], // Cyrillic а
      ['admin\u200b', 400, 'invalid_username'], // zero-width space
      ['ad\u00admin', 400, 'invalid_username'], // soft hyphen
      ['ad min', 400, 'invalid_username'],
      ['seller\u202e', 400, 'invalid_username'], // right-to-left override
      ['ab', 400, 'too_short'],
      ['x'.repeat(65), 400, 'too_long'],
    ];
    for (const [username, status, key] of refused) {
      const answer = await register({ username, password: 'correct-horse-battery', email: 'u@example.com' });
      expect(answer.status, JSON.stringify(username)).toBe(status);
      expect(answer.body.errors?.[0], JSON.stringify(username)).toMatchObject({ field: 'username', messageKey: key });
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
    const ok = await register({ username: '  Shop.keeper_2-b  ', password: 'correct-horse-battery', email: 'u@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.username).toBe('Shop.keeper_2-b');
    expect((await register({ username: 'shop.KEEPER_2-B', password: 'correct-horse-battery', email: 'u@example.com' })).status).toBe(409);
  });

  it('a new seller joins the default user group, so its quotas apply at once', async () => {
    const answer = await register({ username: 'grouped-seller', password: 'correct-horse-battery', email: 'g@example.com' });
    expect(answer.status).toBe(200);
    const group = await t.db.selectFrom('ums_user_group').select(['id', 'member_count', 'quota_shops']).where('name', '=', t.config.sellerGroup).executeTakeFirstOrThrow();
    const member = await t.db.selectFrom('ums_user_group_member').select('group_id').where('admin_id', '=', Number(answer.body.data.id)).executeTakeFirstOrThrow();
    expect(member.group_id).toBe(group.id);
    const members = await countRows(t.db, 'ums_user_group_member');
    expect(group.member_count).toBeLessThanOrEqual(members);
    expect(group.quota_shops).not.toBeNull();
  });

  it('two racing registrations of one name: one wins, the other gets 409', async () => {
    const body = { username: 'racer', password: 'secret-123', email: 'r@example.com' };
    const upper = { ...body, username: 'RACER' };
    const answers = await Promise.all([register(body), register(upper), register(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.username as string;
    expect(await rolesOf(winner)).toEqual(['seller']);
  });
});

describe.each(testDialects())('POST /api/admin/register throttled per address (%s)', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2030-02-01T00:00:00.000Z');
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    t = await createTestApp(dialect, { registerMaxPerIp: 3, registerWindowSeconds: 3600 });
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });
  const register = (username: string, ip: string) => call(t.app, 'POST', '/api/admin/register', {
    body: { username, password: 'correct-horse-battery', email: `${username}@example.com` }, ip,
  });

  it('counts every attempt that reaches the database, a taken name too; then 429 with Retry-After and nothing written', async () => {
    const ip = freshIp();
    expect((await register('first-seller', ip)).status).toBe(200);
    expect((await register('admin', ip)).status).toBe(409); // probing a name costs a place
    expect((await register('second-seller', ip)).status).toBe(200);
    const before = await snapshotCounts(t.db);
    const rows = await countRows(t.db, 'ums_login_throttle');
    for (const name of ['seller', 'third-seller', 'productAdmin', 'fourth-seller']) {
      const answer = await register(name, ip);
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ messageKey: 'too_many_requests', data: { retryAfter: 3600 } });
      expect(answer.headers['retry-after']).toBe('3600');
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
    expect(await countRows(t.db, 'ums_login_throttle')).toBe(rows);
    // Bad bodies are refused before the database and cost nothing; another address is unaffected.
    const other = freshIp();
    expect((await register('x', other)).status).toBe(400);
    expect((await register('other-address', other)).status).toBe(200);
    // The window passing frees the address again.
    clock += 3601 * 1000;
    vi.setSystemTime(clock);
    expect((await register('third-seller', ip)).status).toBe(200);
  });
});

describe.each(testDialects())('the account rules in /admin/create, /admin/update and signed-in /admin/register (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
  });
  afterAll(async () => t?.close());

  it('create and update refuse what registration refuses', async () => {
    const sellerRole = await t.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
    const before = await snapshotCounts(t.db);
    for (const [body, field, key] of [
      [{ username: 'ADMIN', password: 'correct-horse-battery' }, 'username', 'username_taken'],
      [{ username: '\u0430dmin', password: 'correct-horse-battery' }, 'username', 'invalid_username'],
      [{ username: 'staff-one', password: 'password123' }, 'password', 'password_too_common'],
      [{ username: 'staff-one', password: 'staff-one-pass' }, 'password', 'password_contains_username'],
    ] as const) {
      const answer = await call(t.app, 'POST', '/api/admin/create', { token: admin, body: { ...body, roleIds: [sellerRole.id] } });
      expect(answer.body.errors?.[0], JSON.stringify(body)).toMatchObject({ field, messageKey: key });
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
    const seller2 = await t.db.selectFrom('ums_admin').select('id').where('username', '=', 'seller2').executeTakeFirstOrThrow();
    for (const [body, field, key] of [
      [{ username: 'Seller' }, 'username', 'username_taken'],
      [{ username: 'seller\u200b2' }, 'username', 'invalid_username'],
      [{ password: 'iloveyou1' }, 'password', 'password_too_common'],
      [{ password: 'Seller2-rocks' }, 'password', 'password_contains_username'],
    ] as const) {
      const answer = await call(t.app, 'POST', `/api/admin/update/${seller2.id}`, { token: admin, body });
      expect(answer.body.errors?.[0], JSON.stringify(body)).toMatchObject({ field, messageKey: key });
    }
    // The stored name posted back unchanged is fine, even one that predates the rules.
    await t.db.updateTable('ums_admin').set({ username: 'Ol' }).where('id', '=', seller2.id).execute();
    expect((await call(t.app, 'POST', `/api/admin/update/${seller2.id}`, { token: admin, body: { username: 'Ol', note: 'kept' } })).status).toBe(200);
    await t.db.updateTable('ums_admin').set({ username: 'seller2' }).where('id', '=', seller2.id).execute();
  });

  it("mall's admin form adds a user through /admin/register: status, nickName, email, note kept; without a role field it gets the seller role, no group", async () => {
    const body = { id: null, username: 'ops-clerk', password: 'correct-horse-battery', nickName: 'Ops clerk', email: 'ops@example.com', note: 'night shift', status: 0 };
    // An account is never kept without a role: an empty list is refused, changing nothing.
    const before = await snapshotCounts(t.db);
    const roleless = await call(t.app, 'POST', '/api/admin/register', { token: admin, body: { ...body, roleIds: [] } });
    expect(roleless.status).toBe(400);
    expect(roleless.body.errors?.map((e) => `${e.field}:${e.messageKey}`)).toEqual(['roleIds:role_required']);
    expect(await snapshotCounts(t.db)).toEqual(before);
    const sellerRole = await t.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
    // mall's form has no role field (it assigns roles after): the declared default, the seller role.
    const answer = await call<Record<string, unknown>>(t.app, 'POST', '/api/admin/register', { token: admin, body });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.data).toMatchObject({ username: 'ops-clerk', nickName: 'Ops clerk', email: 'ops@example.com', note: 'night shift', status: 0, inviteCode: null });
    expect(answer.raw).not.toMatch(/argon2|correct-horse/);
    const id = Number(answer.body.data.id);
    expect(await t.db.selectFrom('ums_admin_role_relation').select('role_id').where('admin_id', '=', id).execute()).toEqual([{ role_id: sellerRole.id }]);
    const audit = await t.db.selectFrom('sys_audit_log').select(['action', 'admin_id']).where('entity', '=', 'ums_admin').where('entity_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'create', admin_id: t.seeded.accounts.length ? expect.any(Number) : null });
  });

  it('a signed-in caller without the right to create accounts gets 403; a bad token 401; nothing written', async () => {
    const before = await snapshotCounts(t.db);
    const body = { username: 'sneaky-staff', password: 'correct-horse-battery' };
    const denied = await call(t.app, 'POST', '/api/admin/register', { token: seller, body });
    expect(denied.status).toBe(403);
    const bad = await call(t.app, 'POST', '/api/admin/register', { headers: { authorization: 'Bearer not.a.token' }, body });
    expect(bad.status).toBe(401);
    expect(await snapshotCounts(t.db)).toEqual(before);
  });
});
