// Protects: sign-in: tokens, sessions and login log, no account enumeration, bcrypt upgrade, and the throttle rules (pair, account ceiling, per address, growing locks).
import { Writable } from 'node:stream';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEED_ROLES } from '../../src/schema/resources';
import { passwordChecksSoFar } from '../../server/auth/password';
import { toDbTime } from '../../server/db/time';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, countRows, login } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('POST /api/admin/login (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('signs in with the right password: token, tokenHead, session and login log', async () => {
    const sessions = await countRows(t.db, 'ums_admin_session');
    const logs = await countRows(t.db, 'ums_admin_login_log');
    const ip = freshIp();
    const answer = await call<{ token: string; tokenHead: string }>(t.app, 'POST', '/api/admin/login', {
      body: DEMO.admin, ip, headers: { 'user-agent': 'vitest' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, message: 'Operation succeeded', data: { tokenHead: 'Bearer ' } });
    expect(answer.body.data.token.split('.')).toHaveLength(3);
    expect(await countRows(t.db, 'ums_admin_session')).toBe(sessions + 1);
    expect(await countRows(t.db, 'ums_admin_login_log')).toBe(logs + 1);
    const log = await t.db.selectFrom('ums_admin_login_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ ip, user_agent: 'vitest' });
    const admin = await t.db.selectFrom('ums_admin').select('login_time').where('username', '=', DEMO.admin.username).executeTakeFirstOrThrow();
    expect(admin.login_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('accepts form-encoded credentials, as old mall clients send them', async () => {
    const answer = await call(t.app, 'POST', '/api/admin/login', {
      body: new URLSearchParams(DEMO.admin).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, ip: freshIp(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
  });

  it('answers a wrong password and an unknown user identically (no enumeration)', async () => {
    const ip = freshIp();
    const wrong = await call(t.app, 'POST', '/api/admin/login', { body: { username: DEMO.admin.username, password: 'nope-nope' }, ip });
    const unknown = await call(t.app, 'POST', '/api/admin/login', { body: { username: 'ghost-user', password: 'nope-nope' }, ip });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ code: 500, message: 'Wrong username or password', data: null, messageKey: 'bad_credentials' });
  });

  it('does the same hash work for unknown users as for wrong passwords (dummy hash check)', async () => {
    // Counted, not timed: the CPU time of one argon2id check varied fourfold between hashes of
    // the same parameters on a busy machine, so a timing ratio could not tell the cases apart.
    // What hides whether an account exists: both answers cost one check against a hash of the
    // same parameters (the dummy's are hashPassword's, tests/unit/engine-password.test.ts).
    const ip = freshIp();
    const checks = async (username: string) => {
      const before = passwordChecksSoFar();
      await call(t.app, 'POST', '/api/admin/login', { body: { username, password: 'wrong-password' }, ip });
      return passwordChecksSoFar() - before;
    };
    expect(await checks(DEMO.seller.username)).toBe(1);
    expect(await checks('nobody-at-all')).toBe(1);
    await login(t.app, DEMO.seller, ip); // clears the account counter for later tests
  });

  it('says "disabled" only after a correct password', async () => {
    const hash = await t.db.selectFrom('ums_admin').select('password').where('username', '=', DEMO.seller.username).executeTakeFirstOrThrow();
    await t.db.insertInto('ums_admin').values({
      username: 'sleepy', password: hash.password, icon: null, email: null, nick_name: null, note: null,
      create_time: toDbTime(), login_time: null, status: 0, invite_code: null, referrer_id: null,
    }).execute();
    const ip = freshIp();
    const right = await call(t.app, 'POST', '/api/admin/login', { body: { username: 'sleepy', password: DEMO.seller.password }, ip });
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 403, messageKey: 'account_disabled', message: 'This account is disabled' });
    const wrong = await call(t.app, 'POST', '/api/admin/login', { body: { username: 'sleepy', password: 'not-it' }, ip });
    expect(wrong.body.messageKey).toBe('bad_credentials');
  });

  it('accepts a bcrypt hash imported from mall and upgrades it to argon2id', async () => {
    for (const [username, prefix] of [['legacy2a', '$2a$'], ['legacy2b', '$2b$'], ['legacy2y', '$2y$']] as const) {
      const hash = bcrypt.hashSync('123456', 10).replace(/^\$2[aby]\$/, prefix);
      const role = await t.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
      const row = await t.db.insertInto('ums_admin').values({
        username, password: hash, icon: null, email: null, nick_name: null, note: null,
        create_time: toDbTime(), login_time: null, status: 1, invite_code: null, referrer_id: null,
      }).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('ums_admin_role_relation').values({ admin_id: row.id, role_id: role.id }).execute();

      const token = await login(t.app, { username, password: '123456' });
      expect((await call(t.app, 'GET', '/api/admin/info', { token })).status).toBe(200);
      const stored = await t.db.selectFrom('ums_admin').select('password').where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(stored.password.startsWith('$argon2id$')).toBe(true);
      await login(t.app, { username, password: '123456' }); // the new hash verifies too
    }
  });

  it('throttles an (account, address) pair: after the limit even the right password waits there, with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < t.config.loginMaxFailuresPerPair; i += 1) {
      const answer = await call(t.app, 'POST', '/api/admin/login', { body: { username: DEMO.seller.username, password: `bad-${i}` }, ip });
      expect(answer.body.messageKey).toBe('bad_credentials');
    }
    const blocked = await call<{ retryAfter: number }>(t.app, 'POST', '/api/admin/login', { body: DEMO.seller, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.messageKey).toBe('too_many_attempts');
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(t.config.loginWindowSeconds);
    expect(blocked.body.data.retryAfter).toBe(retry);
    expect(blocked.body.message).toContain(`${retry} seconds`);
    // The stranger's guesses do not lock the account out anywhere else, nor other accounts here.
    await login(t.app, DEMO.seller, freshIp());
    await login(t.app, DEMO.admin, ip);
    // The lock running out (simulated) lifts the block.
    await t.db.updateTable('ums_login_throttle').set({ window_start: '2000-01-01T00:00:00.000Z', locked_until: '2000-01-01T00:00:00.000Z' })
      .where('key', '=', `pair:${DEMO.seller.username.toLowerCase()}|${ip}`).execute();
    await login(t.app, DEMO.seller, ip);
  });

  it('a success resets the pair counter', async () => {
    const ip = freshIp();
    const fail = () => call(t.app, 'POST', '/api/admin/login', { body: { username: DEMO.seller.username, password: 'wrong!' }, ip });
    for (let i = 0; i < t.config.loginMaxFailuresPerPair - 1; i += 1) await fail();
    await login(t.app, DEMO.seller, ip);
    for (let i = 0; i < t.config.loginMaxFailuresPerPair - 1; i += 1) expect((await fail()).status).toBe(401);
    await login(t.app, DEMO.seller, ip);
  });

  it('counts parallel guesses atomically: no more than the limit get a password check', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      call(t.app, 'POST', '/api/admin/login', { body: { username: 'parallel-target', password: `guess-${i}` }, ip })));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBe(t.config.loginMaxFailuresPerPair);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - checked);
  });

  it('signs in whatever the case or width of the name (names are unique regardless of case)', async () => {
    await login(t.app, { username: DEMO.seller.username.toUpperCase(), password: DEMO.seller.password });
    // Full-width "seller": the same name after NFKC.
    const fullWidth = [...DEMO.seller.username].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    await login(t.app, { username: fullWidth, password: DEMO.seller.password });
  });
});

describe.each(testDialects())('sign-in lock-out rules, clock controlled (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  const logStream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  let clock = Date.parse('2030-01-01T00:00:00.000Z');
  const advance = (seconds: number) => { clock += seconds * 1000; vi.setSystemTime(clock); };
  const attempt = (username: string, password: string, ip: string) =>
    call<{ retryAfter?: number; token?: string }>(t.app, 'POST', '/api/admin/login', { body: { username, password }, ip });
  const throttleRows = async () => countRows(t.db, 'ums_login_throttle');

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    t = await createTestApp(dialect, {
      logLevel: 'info', loginMaxFailuresPerPair: 3, loginMaxFailuresPerAccount: 8, loginMaxFailuresPerIp: 6,
      loginWindowSeconds: 600, loginMaxLockSeconds: 3000,
    }, { demo: true }, { logStream });
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });
  beforeEach(async () => {
    // Each rule starts from clean counters, an hour after the previous one.
    await t.db.deleteFrom('ums_login_throttle').execute();
    advance(3600);
  });

  it('a stranger cannot lock the super admin out: wrong guesses lock only their own address', async () => {
    const stranger = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await attempt(DEMO.admin.username, `guess-${i}`, stranger)).status).toBe(401);
    expect((await attempt(DEMO.admin.username, DEMO.admin.password, stranger)).status).toBe(429);
    expect((await attempt(DEMO.admin.username, DEMO.admin.password, freshIp())).status).toBe(200);
  });

  it('the account-wide ceiling stops guesses from many addresses, but the addresses the account used keep signing in', async () => {
    const { username, password } = DEMO.seller;
    const office = freshIp();
    await login(t.app, DEMO.seller, office); // a place the seller really works from
    // 8 failures from 4 addresses, each under its pair limit: the account-wide ceiling is reached.
    const guessers = [freshIp(), freshIp(), freshIp(), freshIp()];
    for (let i = 0; i < 8; i += 1) expect((await attempt(username, `guess-${i}`, guessers[i % 4]!)).status).toBe(401);
    const newPlace = freshIp();
    const fresh = await attempt(username, password, newPlace);
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(username, password, office)).status).toBe(200);
    // The window passing lifts the ceiling for new addresses too.
    advance(601);
    expect((await attempt(username, password, newPlace)).status).toBe(200);
  });

  it('one address guessing many accounts is locked for them, not for accounts that signed in from it before (NAT)', async () => {
    const nat = freshIp();
    await login(t.app, DEMO.seller2, nat); // a colleague behind the same address
    for (let i = 0; i < 6; i += 1) expect((await attempt(`someone-${i}`, 'whatever-1', nat)).status).toBe(401);
    expect((await attempt(DEMO.admin.username, DEMO.admin.password, nat)).status).toBe(429); // never signed in from here
    expect((await attempt(DEMO.seller2.username, DEMO.seller2.password, nat)).status).toBe(200);
  });

  it('lock-outs of a pair grow: the window, then twice, then four times, capped', async () => {
    const ip = freshIp();
    const { username, password } = DEMO.orderAdmin;
    const retryAfterLockOut = async (): Promise<number> => {
      for (let i = 0; i < 3; i += 1) expect((await attempt(username, `guess-${i}`, ip)).status).toBe(401);
      const blocked = await attempt(username, password, ip);
      expect(blocked.status).toBe(429);
      return Number(blocked.headers['retry-after']);
    };
    expect(await retryAfterLockOut()).toBe(600);
    advance(599);
    expect((await attempt(username, password, ip)).status).toBe(429);
    advance(2);
    expect(await retryAfterLockOut()).toBe(1200);
    advance(1201);
    expect(await retryAfterLockOut()).toBe(2400);
    advance(2401);
    expect(await retryAfterLockOut()).toBe(3000); // LOGIN_MAX_LOCK_SECONDS
    advance(3001);
    // A success forgets the pair's history.
    expect((await attempt(username, password, ip)).status).toBe(200);
    expect(await retryAfterLockOut()).toBe(600);
  });

  it('refused attempts add no throttle rows', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) await attempt(`victim-${i}`, 'whatever-1', ip);
    const rows = await throttleRows();
    const answers = [];
    for (let i = 0; i < 300; i += 1) answers.push((await attempt(`other-${i}`, 'whatever-1', ip)).status);
    expect(new Set(answers)).toEqual(new Set([429]));
    expect(await throttleRows()).toBe(rows);
  });

  it('logs the account name on failures and lock-outs, never the password', async () => {
    lines.length = 0;
    const { username } = DEMO.productAdmin;
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await attempt(username, `Sekrit-guess-${i}`, ip);
    await attempt(username, 'Sekrit-guess-3', ip);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    // Each on its request's one line (server/http/logging.ts), as the line's note.
    const noted = (what: string) => logged.filter((l) => l.msg === 'request' && String(l.note ?? '').split('; ').includes(what));
    const failed = noted('sign-in failed');
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({ username, ip, level: 40 });
    expect(noted('sign-in locked')[0]).toMatchObject({ username, limit: 'pair', seconds: 600 });
    expect(noted('sign-in refused: locked')[0]).toMatchObject({ username, limit: 'pair' });
    expect(lines.join('')).not.toContain('Sekrit');
  });
});

describe.each(testDialects())('login throttle per IP (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { loginMaxFailuresPerIp: 6 });
  });
  afterAll(async () => t?.close());

  it('blocks an IP that tries many accounts, and only that IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      const answer = await call(t.app, 'POST', '/api/admin/login', { body: { username: `user-${i}`, password: 'whatever1' }, ip });
      expect(answer.body.messageKey).toBe('bad_credentials');
    }
    const blocked = await call(t.app, 'POST', '/api/admin/login', { body: DEMO.admin, ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toMatchObject({ code: 404, messageKey: 'too_many_attempts', data: { retryAfter: Number(blocked.headers['retry-after']) } });
    await login(t.app, DEMO.admin, freshIp());
  });

  it('successes do not use up the IP budget (an office behind one address)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) await login(t.app, i % 2 ? DEMO.admin : DEMO.seller, ip);
    const rows = await t.db.selectFrom('ums_login_throttle').selectAll().where('key', '=', `ip:${ip}`).execute();
    expect(rows.every((r) => r.failures === 0)).toBe(true);
  });
});
