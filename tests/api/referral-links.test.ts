// Protects: referral: invite link and code, public click recording (only address, device summary, code, time; throttled per address and per code), registration with a code creating one relation atomically, owner-bound click and relation lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN } from '../../src/schema/auth-rules';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, login, snapshotCounts } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { localDate, serverTimeZone } from '../../server/db/days';

type Row = Record<string, unknown>;
type Page = { list: Row[]; total: number };

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 tracking-id=abc123-secret';

describe.each(testDialects())('referral: links, clicks and relations (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let sellerCode: string;
  let seller2Code: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clickMaxPerIp: 3, clickMaxPerCode: 6, clickWindowSeconds: 3600 });
    [admin, seller, seller2] = await Promise.all([login(t.app, DEMO.admin), login(t.app, DEMO.seller), login(t.app, DEMO.seller2)]);
    const codes = await t.db.selectFrom('ums_admin').select(['username', 'invite_code']).where('username', 'in', ['seller', 'seller2']).execute();
    sellerCode = codes.find((c) => c.username === 'seller')!.invite_code!;
    seller2Code = codes.find((c) => c.username === 'seller2')!.invite_code!;
  });
  afterAll(async () => t?.close());

  const click = (code: unknown, ip = freshIp(), ua = PHONE_UA) =>
    call<Row>(t.app, 'POST', '/api/rms/click', { body: { code }, ip, headers: { 'user-agent': ua } });
  const list = async (path: string, token: string, query = '') => {
    const answer = await call<Page>(t.app, 'GET', `/api${path}?pageNum=1&pageSize=100${query}`, { token });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };

  it("GET /rms/link answers the caller's code and link; an account without a code gets one, the same on every call", async () => {
    const answer = await call<{ code: string; link: string }>(t.app, 'GET', '/api/rms/link', { token: seller });
    expect(answer.status).toBe(200);
    expect(answer.body.data.code).toBe(sellerCode);
    expect(answer.body.data.link).toMatch(new RegExp(`/register\\?code=${sellerCode}$`));
    const before = await t.db.selectFrom('ums_admin').select('invite_code').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(before.invite_code).toBeNull();
    const made = await Promise.all([1, 2, 3].map(() => call<{ code: string }>(t.app, 'GET', '/api/rms/link', { token: admin })));
    const code = made[0]!.body.data.code;
    expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);
    expect(made.map((m) => m.body.data.code)).toEqual([code, code, code]);
    const after = await t.db.selectFrom('ums_admin').select('invite_code').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(after.invite_code).toBe(code);
  });

  it('records a click with only the address, a device summary, the code and the time; anonymous, lower case accepted', async () => {
    const ip = freshIp();
    const answer = await click(sellerCode.toLowerCase(), ip);
    expect(answer.status, answer.raw).toBe(200);
    const row = await t.db.selectFrom('rms_click').selectAll().where('id', '=', Number(answer.body.data.id)).executeTakeFirstOrThrow();
    const seller = await t.db.selectFrom('ums_admin').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: sellerCode, seller_id: seller.id, ip, device: 'Chrome / Android / mobile' });
    expect(Date.now() - Date.parse(String(row.create_time))).toBeLessThan(60_000);
    expect(Object.keys(row).sort()).toEqual(['code', 'create_time', 'device', 'id', 'ip', 'seller_id']);
    expect(JSON.stringify(row)).not.toMatch(/secret|Pixel|AppleWebKit/);
  });

  it('refuses malformed and unknown codes with "Please validate your code" and records nothing', async () => {
    const before = await snapshotCounts(t.db);
    for (const code of ['bad code!', 'ab', 'x'.repeat(40), 'ZZZZ9999']) {
      const answer = await click(code);
      expect(answer.status, code).toBe(400);
      expect(answer.body, code).toMatchObject({ messageKey: 'invalid_invite_code', message: 'Please validate your code', errors: [{ field: 'code' }] });
    }
    for (const body of [{}, { code: 12 }, { code: sellerCode, ip: freshIp() }]) {
      const answer = await call(t.app, 'POST', '/api/rms/click', { body, ip: freshIp() });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshotCounts(t.db)).toEqual(before);
  });

  it('throttles clicks per address (unknown codes count) and per code with 429 and Retry-After, recording nothing more', async () => {
    const ip = freshIp();
    expect((await click(seller2Code, ip)).status).toBe(200);
    expect((await click('ZZZZ8888', ip)).status).toBe(400);
    expect((await click(seller2Code, ip)).status).toBe(200);
    const before = await t.db.selectFrom('rms_click').select('id').execute();
    const refused = await click(seller2Code, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ messageKey: 'too_many_requests', data: { retryAfter: 3600 } });
    expect(refused.headers['retry-after']).toBe('3600');
    // Per code: 6 in the window from any addresses (2 above), the 7th refused.
    const fromOthers = [];
    for (let i = 0; i < 5; i += 1) fromOthers.push((await click(seller2Code)).status);
    expect(fromOthers).toEqual([200, 200, 200, 200, 429]);
    expect((await t.db.selectFrom('rms_click').select('id').execute()).length).toBe(before.length + 4);
    // Another code from a fresh address is unaffected.
    expect((await click(sellerCode)).status).toBe(200);
  });

  it('sellers see only the clicks on their own code; the admin sees all; filters by code and date', async () => {
    const own = await list('/rms/click/list', seller);
    expect(own.list.length).toBeGreaterThan(0);
    expect(own.list.every((r) => r.code === sellerCode)).toBe(true);
    const other = await list('/rms/click/list', seller2);
    expect(other.list.every((r) => r.code === seller2Code)).toBe(true);
    expect(other.list.length).toBeGreaterThan(0);
    // Asking for another's code by filter finds nothing; reading another's click by id is not found.
    expect((await list('/rms/click/list', seller2, `&code=${sellerCode}`)).total).toBe(0);
    const foreign = await call(t.app, 'GET', `/api/rms/click/${String(own.list[0]!.id)}`, { token: seller2 });
    expect(foreign.status).toBe(404);
    const all = await list('/rms/click/list', admin);
    expect(all.total).toBe(own.total + other.total);
    expect((await list('/rms/click/list', admin, `&code=${sellerCode}`)).total).toBe(own.total);
    // A seller's days count on its shop's clock (a demo shop declares its zone): its today, not UTC's.
    const sellerShop = await t.db.selectFrom('shop as s').innerJoin('ums_admin as a', 'a.id', 's.owner_id').select('s.time_zone')
      .where('a.username', '=', DEMO.seller.username).where('s.time_zone', 'is not', null).orderBy('s.id').executeTakeFirst();
    const today = localDate(sellerShop?.time_zone ?? serverTimeZone(), Date.now());
    expect((await list('/rms/click/list', admin, `&createTimeFrom=2000-01-01&createTimeTo=2000-01-02`)).total).toBe(0);
    expect((await list('/rms/click/list', seller, `&createTimeFrom=${today}&createTimeTo=${today}`)).total).toBeGreaterThan(0);
  });

  const register = (username: string, code?: string) => call<Row>(t.app, 'POST', '/api/admin/register', {
    body: { username, password: 'correct-horse-battery', email: `${username}@example.com`, ...(code === undefined ? {} : { code }) }, ip: freshIp(),
  });

  it('registering with a code creates the account and its relation together; a bad code creates neither', async () => {
    const before = await snapshotCounts(t.db);
    for (const code of ['ZZZZ7777', 'no good']) {
      const answer = await register('invitee-bad', code);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ messageKey: 'invalid_invite_code' });
    }
    expect(await snapshotCounts(t.db)).toEqual(before);

    const answer = await register('invitee-one', sellerCode);
    expect(answer.status, answer.raw).toBe(200);
    const referee = Number(answer.body.data.id);
    const relation = await t.db.selectFrom('rms_relation').selectAll().where('referee_id', '=', referee).execute();
    const sellerRow = await t.db.selectFrom('ums_admin').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    expect(relation).toEqual([expect.objectContaining({ referrer_id: sellerRow.id, referee_id: referee, code: sellerCode })]);
    expect(String(relation[0]!.create_time)).toBe(String(answer.body.data.createTime));
  });

  it('a referee cannot be referred twice: a second registration is refused and the relation table refuses a second row', async () => {
    const first = await register('invitee-twice', seller2Code);
    expect(first.status).toBe(200);
    const again = await register('invitee-twice', sellerCode);
    expect(again.status).toBe(409);
    const referee = Number(first.body.data.id);
    const sellerRow = await t.db.selectFrom('ums_admin').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    await expect(t.db.insertInto('rms_relation').values({ referrer_id: sellerRow.id, referee_id: referee, code: sellerCode, create_time: '2026-01-01T00:00:00.000Z' }).execute()).rejects.toThrow();
    const rows = await t.db.selectFrom('rms_relation').select('referrer_id').where('referee_id', '=', referee).execute();
    expect(rows).toHaveLength(1);
  });

  it('sellers see whom they brought in; the admin sees all', async () => {
    const own = await list('/rms/relation/list', seller);
    const names = own.list.map((r) => r.refereeName);
    expect(names).toEqual(expect.arrayContaining(['invitee-one', 'seller2']));
    expect(names).not.toContain('invitee-twice');
    expect(own.list.every((r) => r.referrerName === 'seller')).toBe(true);
    const other = await list('/rms/relation/list', seller2);
    expect(other.list.map((r) => r.refereeName)).toEqual(['invitee-twice']);
    const all = await list('/rms/relation/list', admin);
    expect(all.total).toBe(own.total + other.total);
    // The lists are read-only: no create, update or delete routes.
    for (const path of ['/api/rms/relation/create', '/api/rms/click/create', `/api/rms/relation/delete/${String(own.list[0]!.id)}`]) {
      expect((await call(t.app, 'POST', path, { token: admin, body: {} })).status, path).toBe(404);
    }
  });

  it('the demo data holds a referral chain: seller brought seller2 in, with clicks on its code', async () => {
    const seller2Row = await t.db.selectFrom('ums_admin as a').innerJoin('ums_admin as r', 'r.id', 'a.referrer_id')
      .select('r.username').where('a.username', '=', 'seller2').executeTakeFirstOrThrow();
    expect(seller2Row.username).toBe('seller');
    expect(sellerCode).toMatch(INVITE_CODE_PATTERN);
  });
});
