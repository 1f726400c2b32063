// Protects: user-group quotas (shops, molds, storage) refuse creates past the quota with 409 and write nothing, and the capacity list counts real usage.
/**
 * Quotas of user groups: creating past a quota (shops, molds, upload storage) is refused with
 * 409 quota_exceeded naming what and the quota, and nothing is written; the capacity list counts
 * usage from the real tables and flags members past the warning threshold or the quota. If this
 * fails, a seller can outgrow the plan its group allows, or the capacity screen misreports it.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, countRows, login } from '../helpers/api';
import type { MoldRecord, Page, ShopRecord } from '../helpers/tenancy';
import { adminIdOf, client, makeSeller, moldBody, moldTable, shopIdsOf, shopTable } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { leaveGroups } from '../../server/areas/capacity/members';
import type { CapacityRow } from '../../src/schema/ums/entities';

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;
const png = (bytes: number) => Buffer.concat([PNG_HEADER, Buffer.alloc(bytes - PNG_HEADER.length, 7)]);

const multipart = (content: Buffer) => {
  const boundary = '----capacity-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`),
      content, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Every file under a directory (the upload store), recursively. */
const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  } catch {
    return [];
  }
};

describe.each(testDialects())('user-group quotas and the capacity list (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let seller: ReturnType<typeof client>;
  let sellerToken: string;
  let sellerId: number;
  let seller2Id: number;
  let groupId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = client(t.app, await login(t.app, DEMO.admin));
    sellerToken = await login(t.app, DEMO.seller);
    seller = client(t.app, sellerToken);
    sellerId = await adminIdOf(t.db, 'seller');
    seller2Id = await adminIdOf(t.db, 'seller2');
    groupId = (await t.db.selectFrom('ums_user_group').select('id').where('name', '=', 'Standard sellers').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  /** Sets the seeded group's quotas through the API (null = unlimited). */
  const setQuotas = async (quotas: Record<string, number | null>) => {
    const answer = await admin.post(`/userGroup/update/${groupId}`, quotas);
    expect(answer.body, answer.raw).toMatchObject({ code: 200 });
  };
  beforeEach(async () => setQuotas({ quotaShops: 3, quotaProducts: 100, quotaMolds: 50, quotaStorageMb: 200, warnPercent: 80 }));

  const expectQuotaExceeded = (answer: { status: number; body: unknown }, what: string, quota: number) => {
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 500, data: null, messageKey: 'quota_exceeded', params: { what, quota },
      message: `Quota exceeded for ${what}: your group allows at most ${quota}`,
    });
  };

  const unchanged = async (act: () => Promise<void>) => {
    const before = { molds: await moldTable(t.db), shops: await shopTable(t.db), audit: await countRows(t.db, 'sys_audit_log'), uploads: await countRows(t.db, 'sys_upload') };
    await act();
    expect({ molds: await moldTable(t.db), shops: await shopTable(t.db), audit: await countRows(t.db, 'sys_audit_log'), uploads: await countRows(t.db, 'sys_upload') })
      .toEqual(before);
  };

  const upload = (content: Buffer, token = sellerToken) => {
    const body = multipart(content);
    return t.app.inject({ method: 'POST', url: '/api/minio/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };

  it('the seed puts both demo sellers in "Standard sellers" with its quotas', async () => {
    const group = await admin.get<Record<string, unknown>>(`/userGroup/${groupId}`);
    expect(group.body.data).toMatchObject({ name: 'Standard sellers', quotaShops: 3, quotaProducts: 100, quotaMolds: 50, quotaStorageMb: 200, warnPercent: 80, memberCount: 2 });
    const members = await admin.get<{ id: number; username: string; nickName: string }[]>(`/userGroup/members/${groupId}`);
    expect(members.body.data.map((m) => m.username)).toEqual(['seller', 'seller2']);
    expect(members.body.data[0]).toEqual({ id: sellerId, username: 'seller', nickName: 'Demo seller' });
  });

  it('shops: up to the quota, then 409 quota_exceeded (shops, 3) and nothing written', async () => {
    const owned = (await shopIdsOf(t.db, sellerId)).length;
    expect(owned).toBe(2);
    const third = await seller.post<ShopRecord>('/shop/create', { shopName: 'Third shop' });
    expect(third.status, third.raw).toBe(200);
    await unchanged(async () => {
      expectQuotaExceeded(await seller.post('/shop/create', { shopName: 'Fourth shop' }), 'shops', 3);
    });
    // Raising the quota lets the same request through; unlimited (null) too.
    await setQuotas({ quotaShops: 4 });
    expect((await seller.post('/shop/create', { shopName: 'Fourth shop' })).status).toBe(200);
    await setQuotas({ quotaShops: null });
    expect((await seller.post('/shop/create', { shopName: 'Fifth shop' })).status).toBe(200);
    // Back to three: nothing is taken away, but nothing new is allowed.
    await setQuotas({ quotaShops: 3 });
    expectQuotaExceeded(await seller.post('/shop/create', { shopName: 'Sixth shop' }), 'shops', 3);
  });

  it('molds: the shop owner\'s quota counts the molds of all its shops, whoever adds the mold', async () => {
    const [shopA, shopB] = await shopIdsOf(t.db, sellerId) as [number, number];
    const usage = Number((await t.db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id')
      .select((eb) => eb.fn.countAll().as('n')).where('shop.owner_id', '=', sellerId).executeTakeFirstOrThrow()).n);
    await setQuotas({ quotaMolds: usage + 1 });
    expect((await seller.post('/mold/create', moldBody(shopA))).status).toBe(200);
    await unchanged(async () => {
      expectQuotaExceeded(await seller.post('/mold/create', moldBody(shopB)), 'molds', usage + 1);
      // The super admin (in no group) adding a mold to the seller's shop spends the seller's quota.
      expectQuotaExceeded(await admin.post('/mold/create', moldBody(shopB)), 'molds', usage + 1);
    });
    // seller2, in the same group, has its own count.
    const seller2Shop = (await shopIdsOf(t.db, seller2Id))[0]!;
    const seller2 = client(t.app, await login(t.app, DEMO.seller2));
    expect((await seller2.post('/mold/create', moldBody(seller2Shop))).status).toBe(200);
    // Deleting a mold frees its place.
    const anyMold = (await seller.get<Page<MoldRecord>>(`/mold/list?shopId=${shopA}`)).body.data.list[0]!;
    expect((await seller.post(`/mold/delete/${anyMold.id}`)).body.data).toBe(1);
    expect((await seller.post('/mold/create', moldBody(shopA))).status).toBe(200);
  });

  it('parallel creates cannot slip past the quota together (the membership row is locked per create)', async () => {
    const seller2 = client(t.app, await login(t.app, DEMO.seller2));
    const owned = (await shopIdsOf(t.db, seller2Id)).length;
    await setQuotas({ quotaShops: owned + 2 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_v, i) => seller2.post('/shop/create', { shopName: `Race shop ${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    expect(await shopIdsOf(t.db, seller2Id)).toHaveLength(owned + 2);
  });

  it('a self-registered seller joins the sellers group (SELLER_GROUP) and is bound by its quotas at once', async () => {
    const account = { username: 'fresh-signup', password: 'correct-horse-battery' };
    const signup = await call<{ id: number }>(t.app, 'POST', '/api/admin/register', {
      body: { ...account, email: 'fresh@example.com' }, ip: freshIp(),
    });
    expect(signup.status, signup.raw).toBe(200);
    const members = await t.db.selectFrom('ums_user_group_member as m').innerJoin('ums_user_group as g', 'g.id', 'm.group_id')
      .select('g.name').where('m.admin_id', '=', signup.body.data.id).execute();
    expect(members).toEqual([{ name: t.config.sellerGroup }]);
    await setQuotas({ quotaShops: 1, quotaStorageMb: 1 });
    // Opening a shop needs a paid VIP (the shop area's gate, tests/api/shop-shops.test.ts); the newcomer has bought one.
    await t.db.updateTable('ums_admin').set({ vip_expire_time: '2099-01-01T00:00:00.000Z' }).where('id', '=', signup.body.data.id).execute();
    const api = client(t.app, await login(t.app, account));
    expect((await api.post('/shop/create', { shopName: 'First signup shop' })).status).toBe(200);
    await unchanged(async () => {
      expectQuotaExceeded(await api.post('/shop/create', { shopName: 'Second signup shop' }), 'shops', 1);
    });
    // The later tests count the group's members: the newcomer leaves, with its shop.
    await t.db.deleteFrom('shop').where('owner_id', '=', signup.body.data.id).execute();
    await t.db.transaction().execute((trx) => leaveGroups(trx, signup.body.data.id));
  });

  it('an admin in no group gets the default quotas (DEFAULT_QUOTA_*); an enabled super admin has none', async () => {
    const free = await makeSeller(t.app, t.db, 'quota-free-seller');
    const api = client(t.app, free.token);
    await setQuotas({ quotaShops: 0, quotaMolds: 0 });
    const quota = t.config.defaultQuotas.shops;
    for (let i = 0; i < quota; i += 1) {
      const shop = await api.post<ShopRecord>('/shop/create', { shopName: `Free shop ${i}` });
      expect(shop.status, shop.raw).toBe(200);
    }
    await unchanged(async () => {
      expectQuotaExceeded(await api.post('/shop/create', { shopName: 'One too many' }), 'shops', quota);
    });
    const [first] = await shopIdsOf(t.db, free.id);
    expect((await api.post('/mold/create', moldBody(first!))).status).toBe(200);
    // The operator creates shops for everyone: no default quota binds an enabled super admin.
    for (let i = 0; i <= quota; i += 1) expect((await admin.post('/shop/create', { shopName: `Operator shop ${i}` })).status).toBe(200);
  });

  it('upload storage: an upload that would pass the MB quota is refused and leaves no file and no record', async () => {
    const used = Number((await t.db.selectFrom('sys_upload').select((eb) => eb.fn.sum<number>('size_bytes').as('b'))
      .where('admin_id', '=', sellerId).executeTakeFirstOrThrow()).b ?? 0);
    expect(used).toBe(0);
    await setQuotas({ quotaStorageMb: 1 });
    const first = await upload(png(Math.round(0.6 * MB)));
    expect(first.statusCode, first.body).toBe(200);
    const files = filesUnder(join(t.config.dataDir, 'uploads')).length;
    await unchanged(async () => {
      const second = await upload(png(Math.round(0.6 * MB)));
      expectQuotaExceeded({ status: second.statusCode, body: second.json() }, 'storage', 1);
    });
    expect(filesUnder(join(t.config.dataDir, 'uploads'))).toHaveLength(files);
    // A smaller file still fits under the quota.
    expect((await upload(png(100 * 1024))).statusCode).toBe(200);
    await setQuotas({ quotaStorageMb: null });
    expect((await upload(png(Math.round(0.6 * MB)))).statusCode).toBe(200);
  });

  describe('GET /capacity/list', () => {
    const capacity = async (query = '') => {
      const answer = await admin.get<Page<CapacityRow>>(`/capacity/list${query ? `?${query}` : ''}`);
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data;
    };

    /** Usage counted straight from the tables, to compare with what the list says. */
    const realUsage = async (adminId: number) => ({
      shops: Number((await t.db.selectFrom('shop').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', adminId).executeTakeFirstOrThrow()).n),
      molds: Number((await t.db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id').select((eb) => eb.fn.countAll().as('n'))
        .where('shop.owner_id', '=', adminId).executeTakeFirstOrThrow()).n),
      products: Number((await t.db.selectFrom('pms_product').innerJoin('shop', 'shop.id', 'pms_product.shop_id')
        .select((eb) => eb.fn.countAll().as('n')).where('shop.owner_id', '=', adminId).executeTakeFirstOrThrow()).n),
      storage: Math.round(Number((await t.db.selectFrom('sys_upload').select((eb) => eb.fn.sum<number>('size_bytes').as('b'))
        .where('admin_id', '=', adminId).executeTakeFirstOrThrow()).b ?? 0) / MB * 100) / 100,
    });

    it('lists each member with usage from the real tables, quota, percent and the warn/over flags', async () => {
      await setQuotas({ quotaShops: 10, quotaMolds: 100, quotaStorageMb: 200, warnPercent: 50 });
      const page = await capacity(`groupId=${groupId}&pageSize=50`);
      expect(page.total).toBe(2);
      expect(page.list.map((r) => r.username)).toEqual(['seller', 'seller2']);
      for (const row of page.list) {
        const real = await realUsage(row.adminId);
        expect(row).toMatchObject({ groupId, groupName: 'Standard sellers', warnPercent: 50 });
        expect(row.items.map((i) => i.key)).toEqual(['shops', 'products', 'molds', 'storage']);
        const byKey = Object.fromEntries(row.items.map((i) => [i.key, i]));
        expect(byKey.shops).toEqual({ key: 'shops', unit: 'count', usage: real.shops, quota: 10, percent: real.shops * 10, warn: real.shops * 10 >= 50, over: real.shops >= 10 });
        expect(byKey.molds).toMatchObject({ unit: 'count', usage: real.molds, quota: 100, percent: real.molds, over: false });
        expect(byKey.products).toMatchObject({ unit: 'count', usage: real.products, quota: 100, over: false });
        expect(byKey.storage).toMatchObject({ unit: 'MB', usage: real.storage, quota: 200 });
        expect(row.warn).toBe(row.items.some((i) => i.warn));
        expect(row.over).toBe(row.items.some((i) => i.over));
      }
    });

    it('flags warn at the threshold and over at the quota; overOnly keeps the flagged; unlimited is never flagged', async () => {
      const real = await realUsage(sellerId);
      const real2 = await realUsage(seller2Id);
      expect(real.shops).toBeGreaterThan(real2.shops);
      // The seller is exactly at its shop quota (over); seller2 is under both thresholds.
      await setQuotas({ quotaShops: real.shops, quotaMolds: null, quotaStorageMb: null, warnPercent: 100 });
      let rows = (await capacity(`groupId=${groupId}`)).list;
      const mine = rows.find((r) => r.adminId === sellerId)!;
      expect(mine.items.find((i) => i.key === 'shops')).toMatchObject({ usage: real.shops, quota: real.shops, percent: 100, warn: true, over: true });
      expect(mine.items.find((i) => i.key === 'molds')).toMatchObject({ quota: null, percent: null, warn: false, over: false });
      expect(mine).toMatchObject({ warn: true, over: true });
      expect(rows.find((r) => r.adminId === seller2Id)).toMatchObject({ warn: false, over: false });
      const flagged = await capacity(`groupId=${groupId}&overOnly=1`);
      expect(flagged.total).toBe(1);
      expect(flagged.list.map((r) => r.adminId)).toEqual([sellerId]);
      // Past the warning threshold but under the quota: warn only.
      await setQuotas({ quotaShops: real.shops + 1, warnPercent: 1 });
      rows = (await capacity(`groupId=${groupId}`)).list;
      expect(rows.find((r) => r.adminId === sellerId)!.items[0]).toMatchObject({ warn: true, over: false });
      expect((await capacity('overOnly=true')).list.map((r) => r.adminId).sort()).toEqual([sellerId, seller2Id].sort());
    });

    it('pages through members and refuses bad parameters', async () => {
      const all = await capacity('pageSize=1');
      expect(all).toMatchObject({ pageNum: 1, pageSize: 1, total: 2, totalPage: 2 });
      expect(all.list).toHaveLength(1);
      const second = await capacity('pageSize=1&pageNum=2');
      expect(second.list[0]!.adminId).not.toBe(all.list[0]!.adminId);
      expect((await capacity('pageNum=9')).list).toEqual([]);
      expect((await capacity(`groupId=${2_000_000_000}`)).total).toBe(0);
      for (const [query, field] of [['pageSize=201', 'pageSize'], ['pageNum=0', 'pageNum'], ['groupId=x', 'groupId'], ['overOnly=2', 'overOnly'], ['nope=1', 'nope'], ['pageSize=1.5', 'pageSize']]) {
        const answer = await admin.get(`/capacity/list?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body.errors?.map((e) => e.field), query).toEqual([field]);
      }
    });
  });

  describe('membership', () => {
    it('allocMembers replaces a group\'s members, moves admins out of their previous group, keeps member counts and audits both groups', async () => {
      const created = await admin.post<{ id: number }>('/userGroup/create', { name: 'Premium sellers', quotaShops: 20 });
      expect(created.status, created.raw).toBe(200);
      expect(created.body.data).toMatchObject({ memberCount: 0 });
      const premium = created.body.data.id;
      const since = (await t.db.selectFrom('sys_audit_log').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m;
      const ip = freshIp();
      const moved = await admin.post(`/userGroup/allocMembers?groupId=${premium}&adminIds=${sellerId}`, undefined, ip);
      expect(moved.body).toEqual({ code: 200, message: 'Operation succeeded', data: 1 });
      expect((await admin.get<{ memberCount: number }>(`/userGroup/${premium}`)).body.data.memberCount).toBe(1);
      expect((await admin.get<{ memberCount: number }>(`/userGroup/${groupId}`)).body.data.memberCount).toBe(1);
      expect((await admin.get<{ id: number }[]>(`/userGroup/members/${groupId}`)).body.data.map((m) => m.id)).toEqual([seller2Id]);
      const rows = await t.db.selectFrom('sys_audit_log').selectAll().where('id', '>', Number(since)).orderBy('id').execute();
      expect(rows.map((r) => [r.action, r.entity, Number(r.entity_id), JSON.parse(r.before_json!), JSON.parse(r.after_json!), r.ip])).toEqual([
        ['alloc_members', 'ums_user_group', groupId, { adminIds: [sellerId, seller2Id] }, { adminIds: [seller2Id] }, ip],
        ['alloc_members', 'ums_user_group', premium, { adminIds: [] }, { adminIds: [sellerId] }, ip],
      ]);
      // The new group's quotas apply at once.
      const capacityRow = (await admin.get<Page<CapacityRow>>(`/capacity/list?groupId=${premium}`)).body.data.list[0]!;
      expect(capacityRow.items.find((i) => i.key === 'shops')!.quota).toBe(20);
      // Form-encoded body, and back: an empty list empties the group.
      const back = await t.app.inject({
        method: 'POST', url: '/api/userGroup/allocMembers', payload: `groupId=${groupId}&adminIds=${sellerId}%2C${seller2Id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${await login(t.app, DEMO.admin)}` },
      });
      expect(back.json()).toMatchObject({ code: 200, data: 2 });
      expect((await admin.get<{ memberCount: number }>(`/userGroup/${premium}`)).body.data.memberCount).toBe(0);
      const emptied = await admin.post(`/userGroup/allocMembers?groupId=${premium}&adminIds=`);
      expect(emptied.body.data).toBe(0);
      // Nothing changed: no audit row.
      const last = (await t.db.selectFrom('sys_audit_log').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m;
      expect((await t.db.selectFrom('sys_audit_log').selectAll().where('id', '=', Number(last)).executeTakeFirstOrThrow()).entity_id).toBe(String(premium));
      expect(await t.db.selectFrom('ums_user_group_member').select('admin_id').where('admin_id', 'in', [sellerId, seller2Id]).execute()).toHaveLength(2);
    });

    it('deleting an account takes it out of its group and keeps the member count true', async () => {
      const sellerRole = await t.db.selectFrom('ums_role').select('id').where('code', '=', 'seller').executeTakeFirstOrThrow();
      const created = await admin.post<{ id: number }>('/admin/create', { username: 'groupleaver', password: 'Lv2-exit-pass', email: 'leaver@example.test', roleIds: [sellerRole.id] });
      expect(created.status, created.raw).toBe(200);
      const leaverId = created.body.data.id;
      const group = await admin.post<{ id: number }>('/userGroup/create', { name: 'Leavers' });
      expect((await admin.post(`/userGroup/allocMembers?groupId=${group.body.data.id}&adminIds=${leaverId}`)).body.data).toBe(1);
      expect((await admin.get<{ memberCount: number }>(`/userGroup/${group.body.data.id}`)).body.data.memberCount).toBe(1);
      expect((await admin.post(`/admin/delete/${leaverId}`)).status).toBe(200);
      expect((await admin.get<{ memberCount: number }>(`/userGroup/${group.body.data.id}`)).body.data.memberCount).toBe(0);
    });

    it('refuses a missing group (404), unknown admins and bad parameters (400), changing nothing', async () => {
      const before = { members: await t.db.selectFrom('ums_user_group_member').selectAll().orderBy('id').execute(), audit: await countRows(t.db, 'sys_audit_log') };
      expect((await admin.post(`/userGroup/allocMembers?groupId=${2_000_000_000}&adminIds=${sellerId}`)).status).toBe(404);
      const unknown = await admin.post(`/userGroup/allocMembers?groupId=${groupId}&adminIds=${sellerId},${2_000_000_000}`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'adminIds', messageKey: 'invalid_reference' })]);
      for (const [query, field] of [['adminIds=1', 'groupId'], [`groupId=${groupId}`, 'adminIds'], [`groupId=x&adminIds=1`, 'groupId'],
        [`groupId=${groupId}&adminIds=1,x`, 'adminIds'], [`groupId=${groupId}&adminIds=1&extra=1`, 'extra']]) {
        const answer = await admin.post(`/userGroup/allocMembers?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body.errors?.map((e) => e.field), query).toEqual([field]);
      }
      expect((await admin.get(`/userGroup/members/${2_000_000_000}`)).status).toBe(404);
      expect((await admin.get('/userGroup/members/abc')).status).toBe(400);
      expect({ members: await t.db.selectFrom('ums_user_group_member').selectAll().orderBy('id').execute(), audit: await countRows(t.db, 'sys_audit_log') }).toEqual(before);
    });

    it('leaveGroups (for account deletion) takes an admin out of its group and keeps member_count true', async () => {
      const group = await admin.post<{ id: number }>('/userGroup/create', { name: 'Leaving group' });
      const leaver = await makeSeller(t.app, t.db, 'group-leaving-seller');
      await admin.post(`/userGroup/allocMembers?groupId=${group.body.data.id}&adminIds=${leaver.id},${seller2Id}`);
      expect(await t.db.transaction().execute((trx) => leaveGroups(trx, leaver.id))).toBe(group.body.data.id);
      expect((await admin.get<{ memberCount: number }>(`/userGroup/${group.body.data.id}`)).body.data.memberCount).toBe(1);
      expect(await t.db.transaction().execute((trx) => leaveGroups(trx, leaver.id))).toBeNull();
      await admin.post(`/userGroup/allocMembers?groupId=${groupId}&adminIds=${sellerId},${seller2Id}`);
    });

    it('memberCount is server-managed; deleting a group frees its members', async () => {
      // Posted back, as mall clients post whole records, it is ignored: the count starts at zero.
      const group = await admin.post<{ id: number; memberCount: number }>('/userGroup/create', { name: 'Short group', memberCount: 5 });
      expect(group.body.data.memberCount).toBe(0);
      const free = await makeSeller(t.app, t.db, 'group-delete-seller');
      expect((await admin.post(`/userGroup/allocMembers?groupId=${group.body.data.id}&adminIds=${free.id}`)).body.data).toBe(1);
      expect((await admin.post(`/userGroup/delete/${group.body.data.id}`)).body.data).toBe(1);
      expect(await t.db.selectFrom('ums_user_group_member').selectAll().where('admin_id', '=', free.id).execute()).toEqual([]);
    });
  });
});
