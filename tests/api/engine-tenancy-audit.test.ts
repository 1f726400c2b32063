// Protects: tenancy changes each write their audit row (who, what, before/after, IP) with no secrets, and the audit log is read-only.
/**
 * The audit trail of tenancy changes and the read-only audit log: every change to shops, molds,
 * user groups and memberships writes its row (who, what, before/after, the caller's IP) in the
 * same transaction; secrets never reach a row; the super admin reads the log through the
 * declared, read-only `auditLog` entity with its filters. If this fails, a change can go
 * unrecorded, a password or hash can leak into the log, or the log itself can be edited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../server/db/audit';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { MoldRecord, Page, ShopRecord } from '../helpers/tenancy';
import { adminIdOf, client, moldBody, withoutQuotas } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type AuditRecord = {
  id: number; adminId: number | null; action: string; entity: string; entityId: string | null;
  beforeJson: string | null; afterJson: string | null; ip: string | null; createTime: string;
};

const lastId = async (t: TestApp): Promise<number> =>
  Number((await t.db.selectFrom('sys_audit_log').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m ?? 0);

const rowsSince = (t: TestApp, id: number) => t.db.selectFrom('sys_audit_log').selectAll().where('id', '>', id).orderBy('id').execute();

describe('withoutSecrets', () => {
  it('replaces every secret-looking key at any depth and keeps everything else', () => {
    expect(withoutSecrets({
      username: 'a', password: 'p', newPassword: 'n', nested: { token: 't', list: [{ apiKey: 'k', passwordHash: 'h', note: 'ok' }] },
      client_secret: 's', salt: 'x', count: 3, paypalSecretKeySet: true, apiKeySet: false,
    })).toEqual({
      username: 'a', password: '[removed]', newPassword: '[removed]', nested: { token: '[removed]', list: [{ apiKey: '[removed]', passwordHash: '[removed]', note: 'ok' }] },
      client_secret: '[removed]', salt: '[removed]', count: 3,
      // Whether a secret is set is no secret.
      paypalSecretKeySet: true, apiKeySet: false,
    });
  });
});

describe.each(testDialects())('audit rows of tenancy changes and the audit log (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let sellerToken: string;
  let sellerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = client(t.app, await login(t.app, DEMO.admin));
    sellerToken = await login(t.app, DEMO.seller);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
    await withoutQuotas(t.db, [sellerId]);
  });
  afterAll(async () => t?.close());

  const asSeller = (method: 'GET' | 'POST', url: string, ip: string, body?: unknown) =>
    call<unknown>(t.app, method, `/api${url}`, { token: sellerToken, ip, body });

  it('each engine write of a shop or mold writes one row with the actor, the caller\'s IP and before/after', async () => {
    const since = await lastId(t);
    // One address per request, so each row's IP shows which request wrote it.
    const ips = Array.from({ length: 5 }, freshIp);
    const shop = await asSeller('POST', '/shop/create', ips[0]!, { shopName: 'Audited shop' });
    const shopRecord = shop.body.data as ShopRecord;
    const mold = await asSeller('POST', '/mold/create', ips[1]!, moldBody(shopRecord.id));
    const moldRecord = mold.body.data as MoldRecord;
    await asSeller('POST', `/mold/update/${moldRecord.id}`, ips[2]!, { name: 'Renamed mold', usageCount: 7 });
    await asSeller('POST', `/mold/delete/batch?ids=${moldRecord.id}`, ips[3]!);
    await asSeller('POST', `/shop/update/${shopRecord.id}`, ips[4]!, { shopName: 'Audited shop, renamed' });
    const rows = await rowsSince(t, since);
    expect(rows.map((r) => [r.action, r.entity, Number(r.entity_id), r.admin_id, r.ip])).toEqual([
      ['create', 'shop', shopRecord.id, sellerId, ips[0]],
      ['create', 'mold', moldRecord.id, sellerId, ips[1]],
      ['update', 'mold', moldRecord.id, sellerId, ips[2]],
      ['delete', 'mold', moldRecord.id, sellerId, ips[3]],
      ['update', 'shop', shopRecord.id, sellerId, ips[4]],
    ]);
    expect(JSON.parse(rows[0]!.after_json!)).toEqual(shopRecord);
    expect(rows[0]!.before_json).toBeNull();
    expect(JSON.parse(rows[2]!.before_json!)).toEqual(moldRecord);
    expect(JSON.parse(rows[2]!.after_json!)).toEqual({ ...moldRecord, name: 'Renamed mold', usageCount: 7 });
    expect(JSON.parse(rows[3]!.before_json!)).toMatchObject({ id: moldRecord.id, name: 'Renamed mold' });
    expect(rows[3]!.after_json).toBeNull();
    expect(JSON.parse(rows[4]!.before_json!)).toMatchObject({ shopName: 'Audited shop' });
    expect(JSON.parse(rows[4]!.after_json!)).toMatchObject({ shopName: 'Audited shop, renamed' });
  });

  it('refused changes (another seller\'s mold, a bad body) write no row', async () => {
    const other = await t.db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id').select('mold.id')
      .where('shop.owner_id', '=', await adminIdOf(t.db, DEMO.seller2.username)).executeTakeFirstOrThrow();
    const since = await lastId(t);
    expect((await asSeller('POST', `/mold/update/${other.id}`, freshIp(), { name: 'x y' })).status).toBe(404);
    expect((await asSeller('POST', `/mold/delete/${other.id}`, freshIp())).status).toBe(404);
    expect((await asSeller('POST', '/mold/create', freshIp(), { code: 'bad code!' })).status).toBe(400);
    expect(await lastId(t)).toBe(since);
  });

  it('a password change is audited without the password or its hash anywhere in the log', async () => {
    const username = 'audit-secret-seller';
    const oldPassword = 'old-password-123456';
    const newPassword = 'brand-new-secret-98765';
    const register = await call(t.app, 'POST', '/api/admin/register', { body: { username, password: oldPassword, email: 'a@example.com' }, ip: freshIp() });
    expect(register.status, register.raw).toBe(200);
    const token = await login(t.app, { username, password: oldPassword });
    const since = await lastId(t);
    const ip = freshIp();
    const changed = await call(t.app, 'POST', '/api/admin/updatePassword', { token, ip, body: { oldPassword, newPassword } });
    expect(changed.status, changed.raw).toBe(200);
    const rows = await rowsSince(t, since);
    expect(rows.map((r) => [r.action, r.entity, r.ip])).toEqual([['update_password', 'ums_admin', ip]]);
    const hash = (await t.db.selectFrom('ums_admin').select('password').where('username', '=', username).executeTakeFirstOrThrow()).password;
    const everything = JSON.stringify(await t.db.selectFrom('sys_audit_log').selectAll().execute());
    for (const secret of [oldPassword, newPassword, hash, '$argon2', DEMO.admin.password, DEMO.seller.password]) expect(everything).not.toContain(secret);
  });

  it('membership changes are audited with the member ids before and after', async () => {
    const group = await admin.post<{ id: number }>('/userGroup/create', { name: 'Audited group', quotaMolds: 5 });
    const since = await lastId(t);
    const ip = freshIp();
    await admin.post(`/userGroup/allocMembers?groupId=${group.body.data.id}&adminIds=${sellerId}`, undefined, ip);
    // (The group the seller leaves gets its own row.)
    const row = (await rowsSince(t, since)).find((r) => r.entity_id === String(group.body.data.id));
    expect(row).toMatchObject({ action: 'alloc_members', entity: 'ums_user_group', entity_id: String(group.body.data.id), ip });
    expect([JSON.parse(row!.before_json!), JSON.parse(row!.after_json!)]).toEqual([{ adminIds: [] }, { adminIds: [sellerId] }]);
    await withoutQuotas(t.db, [sellerId]);
  });

  describe('the auditLog entity', () => {
    it('lists newest first with the long snapshots left out, and GET shows one row whole', async () => {
      const page = await admin.get<Page<AuditRecord>>('/auditLog/list?pageSize=5');
      expect(page.status, page.raw).toBe(200);
      expect(page.body.data.total).toBe(Number((await t.db.selectFrom('sys_audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
      const ids = page.body.data.list.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      for (const row of page.body.data.list) expect(row).toMatchObject({ beforeJson: null, afterJson: null });
      const withAfter = await t.db.selectFrom('sys_audit_log').selectAll().where('after_json', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const one = await admin.get<AuditRecord>(`/auditLog/${withAfter.id}`);
      expect(one.body.data).toMatchObject({ id: withAfter.id, action: withAfter.action, entity: withAfter.entity, afterJson: withAfter.after_json, ip: withAfter.ip });
      expect((await admin.get(`/auditLog/${2_000_000_000}`)).status).toBe(404);
    });

    it('filters by admin, action, entity, entity id and day', async () => {
      const rows = await t.db.selectFrom('sys_audit_log').selectAll().execute();
      const sample = rows.find((r) => r.entity === 'mold' && r.action === 'update')!;
      const cases: [string, (r: (typeof rows)[number]) => boolean][] = [
        [`adminId=${sellerId}`, (r) => r.admin_id === sellerId],
        ['action=update', (r) => r.action === 'update'],
        ['entity=mold', (r) => r.entity === 'mold'],
        [`entity=mold&entityId=${sample.entity_id}`, (r) => r.entity === 'mold' && r.entity_id === sample.entity_id],
        [`createTime=${sample.create_time.slice(0, 10)}`, (r) => r.create_time.startsWith(sample.create_time.slice(0, 10))],
        [`adminId=${sellerId}&action=create&entity=shop`, (r) => r.admin_id === sellerId && r.action === 'create' && r.entity === 'shop'],
        ['createTime=1999-01-01', () => false],
      ];
      for (const [query, matches] of cases) {
        const answer = await admin.get<Page<AuditRecord>>(`/auditLog/list?pageSize=200&${query}`);
        expect(answer.status, query).toBe(200);
        expect(answer.body.data.list.map((r) => r.id).sort((a, b) => a - b), query)
          .toEqual(rows.filter(matches).map((r) => r.id).sort((a, b) => a - b));
      }
      for (const query of ['adminId=x', 'entity=mold&unknown=1', 'sort=action']) expect((await admin.get(`/auditLog/list?${query}`)).status, query).toBe(400);
    });

    it('is read-only: no create, update or delete route exists', async () => {
      const before = await lastId(t);
      const rows = await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id').execute();
      for (const url of ['/auditLog/create', `/auditLog/update/${before}`, `/auditLog/delete/${before}`, `/auditLog/delete/batch?ids=${before}`]) {
        const answer = await admin.post(url, { action: 'forged' });
        expect(answer.status, url).toBe(404);
        expect(answer.body.messageKey, url).toBe('route_not_found');
      }
      expect(await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id').execute()).toEqual(rows);
    });
  });
});
