// Protects: the shop front's base and its buyers (`/portal/<shop id>/sso/*`): an unknown or closed shop is "not found"; sign-up approved or pending by the shop's approval setting, a code to the phone only when the shop asks for one (sent through the message channel, never in an answer, single use); sign-in with form or query parameters, info, refresh, password change with the current password ending older tokens; a buyer token never opens an admin route, an admin token never a buyer route, a buyer of one shop never another's; every refusal an HTTP 200 envelope (401 as code 401), bad input changes nothing, messages in English or Chinese; CORS with `source-client`. SQLite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUYER_PASSWORD } from '../../server/areas/portal/demo-buyers';
import { MESSAGES } from '../../src/schema/api';
import { PORTAL_BASE_ZH } from '../../src/schema/portal/messages';
import { DEMO, freshIp } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, countRows, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Token = { token: string; tokenHead: string };

describe.each(testDialects())('shop front: buyers (%s)', (dialect) => {
  let t: TestApp;
  let shopA: number;
  let shopB: number;
  const PASSWORD = 'Buyer-pass-2026';

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const portal = (method: 'GET' | 'POST', shop: number, path: string, options: { token?: Token; form?: Record<string, string>; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { 'source-client': 'miniapp', ...options.headers };
    if (options.token) headers.authorization = options.token.tokenHead + options.token.token;
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8';
    // Each from its own address: sign-ups are throttled per address.
    return call(t.app, method, `/portal/${shop}${path}`, { headers, body: options.form ? form(options.form) : options.body, ip: freshIp() });
  };
  const register = (shop: number, username: string, telephone: string, extra: Record<string, string> = {}) =>
    portal('POST', shop, '/sso/register', { form: { username, password: PASSWORD, telephone, ...extra } });
  const signIn = async (shop: number, username: string, password = PASSWORD): Promise<Token> => {
    const answer = await portal('POST', shop, '/sso/login', { form: { username, password } });
    expect(answer.body.code, answer.raw).toBe(200);
    return answer.body.data as Token;
  };
  const setShop = (id: number, values: { auto_approve?: number; sign_up_code?: number; status?: number }) =>
    t.db.updateTable('shop').set(values).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shopA = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    shopB = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)))[0]!;
    await setShop(shopA, { auto_approve: 1, sign_up_code: 0 });
    await setShop(shopB, { auto_approve: 1, sign_up_code: 0 });
  });
  afterAll(async () => t?.close());

  it('answers an unknown or closed shop and an unknown path as "not found" in an HTTP 200 envelope', async () => {
    for (const path of ['/portal/999999/home/content', '/portal/abc/sso/login', '/portal/0/sso/info']) {
      const answer = await call(t.app, 'GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.code, path).toBe(404);
    }
    await setShop(shopB, { status: 2 });
    const closed = await portal('POST', shopB, '/sso/login', { form: { username: 'x', password: 'y' } });
    expect([closed.status, closed.body.code, (closed.body as { messageKey?: string }).messageKey]).toEqual([200, 404, 'portal_shop_not_found']);
    await setShop(shopB, { status: 1 });
    const unknown = await portal('GET', shopA, '/no/such/path');
    expect([unknown.status, unknown.body.code]).toEqual([200, 404]);
  });

  it('signs a buyer up (approved at once), in with a form body, and answers mall\'s member info', async () => {
    const up = await register(shopA, 'alice_a', '13900000001');
    expect(up.body.code, up.raw).toBe(200);
    const token = await signIn(shopA, 'alice_a');
    expect(token.tokenHead).toBe('Bearer ');
    const info = await portal('GET', shopA, '/sso/info', { token });
    expect(info.body.code, info.raw).toBe(200);
    expect(info.body.data).toMatchObject({ username: 'alice_a', nickname: 'alice_a', phone: '13900000001', integration: 0, growth: 0, status: 1 });
    expect(info.raw).not.toContain('password');
    // Query parameters on a POST work too (mall's clients send most of them so).
    const byQuery = await call(t.app, 'POST', `/portal/${shopA}/sso/login?username=alice_a&password=${PASSWORD}`);
    expect(byQuery.body.code, byQuery.raw).toBe(200);
    const refreshed = await portal('GET', shopA, '/sso/refreshToken', { token });
    expect(refreshed.body.code).toBe(200);
    expect((await portal('GET', shopA, '/sso/info', { token: refreshed.body.data as Token })).body.code).toBe(200);
  });

  it('keeps a buyer of one shop out of another shop, buyers out of the admin API and admins out of the shop front', async () => {
    await register(shopB, 'bob_b', '13900000002');
    const bob = await signIn(shopB, 'bob_b');
    const alice = await signIn(shopA, 'alice_a');
    // Bob's token at shop A, and no token at all: code 401 in an HTTP 200, as mall answers it.
    for (const token of [bob, undefined]) {
      const answer = await portal('GET', shopA, '/sso/info', { token });
      expect([answer.status, answer.body.code]).toEqual([200, 401]);
    }
    // Alice is no member of shop B: her name and password do not sign in there.
    expect((await portal('POST', shopB, '/sso/login', { form: { username: 'alice_a', password: PASSWORD } })).body.code).toBe(404);
    const admin = await login(t.app, DEMO.admin);
    const asAdmin = await portal('GET', shopA, '/sso/info', { token: { tokenHead: 'Bearer ', token: admin } });
    expect(asAdmin.body.code).toBe(401);
    const adminRoute = await call(t.app, 'GET', '/api/admin/info', { token: alice.token });
    expect(adminRoute.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/info', { token: admin })).status).toBe(200);
  });

  it('starts a buyer pending in a shop that approves by hand, and says so only to someone who knows the password', async () => {
    await setShop(shopB, { auto_approve: 0 });
    const up = await register(shopB, 'carol_b', '13900000003');
    expect(up.body.code, up.raw).toBe(200);
    const row = await t.db.selectFrom('ums_member').select(['apply_status', 'password']).where('shop_id', '=', shopB).where('username', '=', 'carol_b').executeTakeFirstOrThrow();
    expect(Number(row.apply_status)).toBe(0);
    expect(row.password).toMatch(/^\$argon2id\$/);
    const wrong = await portal('POST', shopB, '/sso/login', { form: { username: 'carol_b', password: 'not-her-password' } });
    expect([wrong.body.code, (wrong.body as { messageKey?: string }).messageKey]).toEqual([404, 'bad_credentials']);
    const right = await portal('POST', shopB, '/sso/login', { form: { username: 'carol_b', password: PASSWORD } });
    expect([right.body.code, (right.body as { messageKey?: string }).messageKey]).toEqual([500, 'portal_member_pending']);
    await setShop(shopB, { auto_approve: 1 });
  });

  it('refuses bad sign-ups with a clear message in English or Chinese, and changes nothing', async () => {
    const before = await countRows(t.db, 'ums_member');
    const cases: [Record<string, string>, string][] = [
      [{ username: 'alice_a', password: PASSWORD, telephone: '13900000009' }, 'username_taken'],
      [{ username: 'ALICE_A', password: PASSWORD, telephone: '13900000009' }, 'username_taken'],
      [{ username: 'dave_a', password: PASSWORD, telephone: '13900000001' }, 'portal_phone_taken'],
      [{ username: 'dave_a', password: 'short', telephone: '13900000009' }, 'validation_failed'],
      [{ username: 'dave_a', password: PASSWORD, telephone: 'call me' }, 'validation_failed'],
      [{ username: 'd', password: PASSWORD, telephone: '13900000009' }, 'validation_failed'],
      [{ password: PASSWORD, telephone: '13900000009' }, 'validation_failed'],
    ];
    for (const [fields, key] of cases) {
      const answer = await portal('POST', shopA, '/sso/register', { form: fields });
      expect(answer.status).toBe(200);
      expect([answer.body.code, (answer.body as { messageKey?: string }).messageKey], JSON.stringify(fields)).toEqual([key === 'validation_failed' ? 404 : 500, key]);
    }
    const zh = await portal('POST', shopA, '/sso/register', { form: cases[2]![0], headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh.body.message).toBe('该手机号已在本店注册');
    const en = await portal('POST', shopA, '/sso/register', { form: cases[2]![0], headers: { 'accept-language': 'en-US' } });
    expect(en.body.message).toBe('This phone number is already registered with the shop');
    expect(await countRows(t.db, 'ums_member')).toBe(before);
    // Every Chinese text of an engine message names one that exists.
    expect(Object.keys(PORTAL_BASE_ZH).filter((key) => !(key in MESSAGES))).toEqual([]);
  });

  it('asks for a code sent to the phone when the shop says so: never in the answer, once only', async () => {
    await setShop(shopA, { sign_up_code: 1 });
    const phone = '13900000010';
    const noCode = await register(shopA, 'erin_a', phone);
    expect((noCode.body as { messageKey?: string }).messageKey).toBe('portal_code_required');
    const sent = await portal('GET', shopA, `/sso/getAuthCode?telephone=${phone}`);
    expect(sent.body.code, sent.raw).toBe(200);
    expect(sent.body.data).toBeNull();
    const message = await t.db.selectFrom('portal_text_message').select('text').where('shop_id', '=', shopA).where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(message.text)![1]!;
    expect(sent.raw).not.toContain(code);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await register(shopA, 'erin_a', phone, { authCode: wrongCode })).body.code).toBe(404);
    expect(await t.db.selectFrom('ums_member').select('id').where('username', '=', 'erin_a').executeTakeFirst()).toBeUndefined();
    expect((await register(shopA, 'erin_a', phone, { authCode: code })).body.code).toBe(200);
    // Used once: the same code does not sign up a second buyer.
    const again = await register(shopA, 'erin_two', phone, { authCode: code });
    expect(again.body.code).not.toBe(200);
    await setShop(shopA, { sign_up_code: 0 });
    // A shop that asks for no code sends none.
    const quiet = await portal('GET', shopA, '/sso/getAuthCode?telephone=13900000011');
    expect([quiet.body.code, quiet.body.data]).toEqual([200, null]);
    expect(await t.db.selectFrom('portal_text_message').select('id').where('phone', '=', '13900000011').executeTakeFirst()).toBeUndefined();
  });

  it('changes the password only with the current one, and ends every token issued before', async () => {
    await register(shopA, 'frank_a', '13900000012');
    const old = await signIn(shopA, 'frank_a');
    const wrong = await portal('POST', shopA, `/sso/updatePassword?oldPassword=nope-nope&password=New-pass-2026x`, { token: old });
    expect((wrong.body as { messageKey?: string }).messageKey).toBe('portal_wrong_password');
    expect((await portal('POST', shopA, '/sso/updatePassword?oldPassword=x&password=New-pass-2026x')).body.code).toBe(401);
    const changed = await portal('POST', shopA, `/sso/updatePassword?oldPassword=${PASSWORD}&password=New-pass-2026x`, { token: old });
    expect(changed.body.code, changed.raw).toBe(200);
    expect((await portal('GET', shopA, '/sso/info', { token: old })).body.code).toBe(401);
    expect((await portal('GET', shopA, '/sso/info', { token: changed.body.data as Token })).body.code).toBe(200);
    await signIn(shopA, 'frank_a', 'New-pass-2026x');
  });

  it('locks a buyer\'s sign-in from one address after too many wrong passwords, as an admin\'s', async () => {
    await register(shopB, 'grace_b', '13900000013');
    const ip = freshIp();
    const attempt = (password: string) => call(t.app, 'POST', `/portal/${shopB}/sso/login`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form({ username: 'grace_b', password }), ip,
    });
    const keys: (string | undefined)[] = [];
    for (let i = 0; i <= t.config.loginMaxFailuresPerPair; i += 1) keys.push((await attempt('wrong-password')).body.messageKey);
    expect(keys.slice(0, t.config.loginMaxFailuresPerPair).every((k) => k === 'bad_credentials')).toBe(true);
    expect(keys.at(-1)).toBe('too_many_attempts');
    // Locked: the right password from that address waits too; from another address it signs in.
    expect((await attempt(PASSWORD)).body.messageKey).toBe('too_many_attempts');
    await signIn(shopB, 'grace_b');
  });

  it('signs in every demo buyer the README names, at the shop it names', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| [^|]+\(`\/portal\/(\d+)`[^|]*\| [^|]+ \| ([^|]+) \|$/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const shops = new Set((await t.db.selectFrom('shop').select('id').execute()).map((s) => s.id));
    let signedIn = 0;
    for (const [, shop, names] of rows) {
      // The outlet shop comes with the list content only.
      if (!shops.has(Number(shop))) continue;
      for (const username of [...names!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)) {
        await signIn(Number(shop), username, DEMO_BUYER_PASSWORD);
        signedIn += 1;
      }
    }
    expect(signedIn).toBeGreaterThanOrEqual(12);
  });

  it('allows a buyer page of any origin to call, with mall\'s source-client header', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS', url: `/portal/${shopA}/sso/info`,
      headers: { origin: 'https://h5.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,source-client' },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://h5.example.com');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('source-client');
  });
});
