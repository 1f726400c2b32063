// Protects: shop scope: a seller reads and writes only its own shops and molds; another seller's record answers exactly like a missing one.
/**
 * Shop scope: a seller sees and touches only the shops it owns and what they own (molds), in
 * every read, write, batch operation, count and look-up; another seller's record answers exactly
 * like a missing one. If this fails, one seller can read or change another seller's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROLES } from '../../src/schema/resources';
import { mold } from '../../src/schema/mold/entities';
import { scopeOfAdmin } from '../../server/auth/scope';
import { DEMO } from '../helpers/accounts';
import { countRows } from '../helpers/api';
import type { MoldRecord, Page, ShopRecord } from '../helpers/tenancy';
import { adminIdOf, client, makeAccount, moldBody, moldIdsOf, moldTable, shopIdsOf, shopTable, withoutQuotas } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';
import { login } from '../helpers/api';

const MISSING = 2_000_000_000;

/** Every batch endpoint the mold declares, over `ids` (set batches with a valid value). */
const batchUrls = (ids: readonly number[]): string[] => (mold.batch ?? []).map((b) =>
  `/mold${b.path}?ids=${ids.join(',')}${b.kind === 'set' ? `&${b.param ?? b.field}=3` : ''}`);

describe.each(testDialects())('shop scope on shops and molds (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let seller: ReturnType<typeof client>;
  let seller2: ReturnType<typeof client>;
  let sellerId: number;
  let sellerToken: string;
  let seller2Id: number;
  /** The other seller's shop and molds (seeded: seller2's "Harbor Boxes"). */
  let otherShop: number;
  let otherMolds: number[];
  let ownShops: number[];
  let ownMolds: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = client(t.app, await login(t.app, DEMO.admin));
    sellerToken = await login(t.app, DEMO.seller);
    seller = client(t.app, sellerToken);
    seller2 = client(t.app, await login(t.app, DEMO.seller2));
    sellerId = await adminIdOf(t.db, 'seller');
    seller2Id = await adminIdOf(t.db, 'seller2');
    ownShops = await shopIdsOf(t.db, sellerId);
    ownMolds = await moldIdsOf(t.db, sellerId);
    [otherShop] = await shopIdsOf(t.db, seller2Id) as [number];
    otherMolds = await moldIdsOf(t.db, seller2Id);
    // Quotas are tested in capacity-*.test.ts; here they would only stop the sellers early.
    await withoutQuotas(t.db, [sellerId, seller2Id]);
  });
  afterAll(async () => t?.close());

  /** Runs `act` and proves that it changed no shop, mold or audit row. */
  const unchanged = async (act: () => Promise<void>) => {
    const before = { molds: await moldTable(t.db), shops: await shopTable(t.db), audit: await countRows(t.db, 'sys_audit_log') };
    await act();
    expect({ molds: await moldTable(t.db), shops: await shopTable(t.db), audit: await countRows(t.db, 'sys_audit_log') }).toEqual(before);
  };

  const notFoundBody = { code: 404, message: 'Not found', data: null, messageKey: 'not_found' };

  it('the seed gives each seller its own shops and molds', () => {
    expect(ownShops).toHaveLength(2);
    expect(ownMolds.length).toBeGreaterThanOrEqual(4);
    expect(otherMolds.length).toBeGreaterThanOrEqual(1);
  });

  describe('reads', () => {
    it('shop list, listAll and counts show only the caller\'s shops; the super admin sees every shop', async () => {
      const mine = await seller.get<Page<ShopRecord>>('/shop/list?pageSize=200');
      expect(mine.body.data.total).toBe(ownShops.length);
      expect(mine.body.data.list.map((s) => s.id).sort()).toEqual(ownShops);
      expect(mine.body.data.list.every((s) => s.ownerId === sellerId)).toBe(true);
      const all = await seller.get<ShopRecord[]>('/shop/listAll');
      expect(all.body.data.map((s) => s.id).sort()).toEqual(ownShops);
      const theirs = await seller2.get<ShopRecord[]>('/shop/listAll');
      expect(theirs.body.data.map((s) => s.id)).toEqual([otherShop]);
      const everything = await admin.get<Page<ShopRecord>>('/shop/list?pageSize=200');
      expect(everything.body.data.total).toBe(await countRows(t.db, 'shop'));
    });

    it('a seller, who may not read the accounts, reads each shop\'s owner by name in list, listAll and get', async () => {
      expect((await seller.get('/admin/list')).status).toBe(403);
      const mine = await seller.get<Page<ShopRecord>>('/shop/list?pageSize=200');
      expect(mine.body.data.list.map((s) => s.ownerName)).toEqual(ownShops.map(() => 'seller'));
      const all = await seller.get<ShopRecord[]>('/shop/listAll');
      expect(all.body.data.map((s) => s.ownerName)).toEqual(ownShops.map(() => 'seller'));
      expect((await seller2.get<ShopRecord>(`/shop/${otherShop}`)).body.data).toMatchObject({ ownerId: seller2Id, ownerName: 'seller2' });
      // The molds name their shop too.
      const molds = await seller.get<Page<MoldRecord>>('/mold/list?pageSize=200');
      const names = new Map((await t.db.selectFrom('shop').select(['id', 'shop_name']).execute()).map((s) => [s.id, s.shop_name]));
      expect(molds.body.data.list.map((m) => m.shopName)).toEqual(molds.body.data.list.map((m) => names.get(m.shopId)));
      // The super admin sees every owner by name.
      const everything = await admin.get<Page<ShopRecord>>(`/shop/list?pageSize=200&ids=${[...ownShops, otherShop].join(',')}`);
      expect(new Set(everything.body.data.list.map((s) => s.ownerName))).toEqual(new Set(['seller', 'seller2']));
    });

    it('filtering, searching or asking by ids for another seller\'s shop finds nothing (no oracle)', async () => {
      const other = (await t.db.selectFrom('shop').selectAll().where('id', '=', otherShop).executeTakeFirstOrThrow());
      for (const query of [`ownerId=${seller2Id}`, `ids=${otherShop}`, `keyword=${encodeURIComponent(other.shop_name)}`, `ids=${otherShop}&sort=shopName`]) {
        const answer = await seller.get<Page<ShopRecord>>(`/shop/list?${query}`);
        expect(answer.status, query).toBe(200);
        expect(answer.body.data, query).toMatchObject({ total: 0, list: [] });
      }
    });

    it('mold list and its total show only molds of the caller\'s shops, whatever the filters, sort or ids', async () => {
      const mine = await seller.get<Page<MoldRecord>>('/mold/list?pageSize=200');
      expect(mine.body.data.total).toBe(ownMolds.length);
      expect(mine.body.data.list.map((m) => m.id).sort((a, b) => a - b)).toEqual(ownMolds);
      const otherCode = (await t.db.selectFrom('mold').select('code').where('id', '=', otherMolds[0]!).executeTakeFirstOrThrow()).code;
      const queries = [
        `shopId=${otherShop}`, `ids=${otherMolds.join(',')}`, `keyword=${otherCode}`, `shopId=${otherShop}&status=1`,
        `ids=${otherMolds.join(',')}&sort=usageCount&order=asc`, `ids=${otherMolds.join(',')}&pageNum=2&pageSize=1`,
      ];
      for (const query of queries) {
        const answer = await seller.get<Page<MoldRecord>>(`/mold/list?${query}`);
        expect(answer.status, query).toBe(200);
        expect(answer.body.data.total, query).toBe(0);
        expect(answer.body.data.list, query).toEqual([]);
      }
      // A mix of ids: only the caller's come back, and the total counts only those.
      const mixed = await seller.get<Page<MoldRecord>>(`/mold/list?ids=${[ownMolds[0], ...otherMolds].join(',')}`);
      expect(mixed.body.data.total).toBe(1);
      expect(mixed.body.data.list.map((m) => m.id)).toEqual([ownMolds[0]]);
      // The status filter narrows within the scope.
      for (const status of [0, 1, 2, 3]) {
        const answer = await seller.get<Page<MoldRecord>>(`/mold/list?status=${status}&pageSize=200`);
        const expected = (await t.db.selectFrom('mold').innerJoin('shop', 'shop.id', 'mold.shop_id').select('mold.id')
          .where('shop.owner_id', '=', sellerId).where('mold.status', '=', status).execute()).map((r) => r.id).sort((a, b) => a - b);
        expect(answer.body.data.list.map((m) => m.id).sort((a, b) => a - b), `status ${status}`).toEqual(expected);
      }
    });

    it('GET of another seller\'s mold or shop answers exactly what a missing id answers', async () => {
      const missing = await seller.get(`/mold/${MISSING}`);
      expect(missing.body).toEqual(notFoundBody);
      for (const id of otherMolds) {
        const answer = await seller.get(`/mold/${id}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual(missing.body);
        expect(answer.raw).not.toContain('"code":"');
      }
      const shop = await seller.get(`/shop/${otherShop}`);
      expect(shop.status).toBe(404);
      expect(shop.body).toEqual(notFoundBody);
      // Their owner reads them.
      expect((await seller2.get(`/mold/${otherMolds[0]}`)).status).toBe(200);
      expect((await admin.get(`/mold/${otherMolds[0]}`)).status).toBe(200);
    });
  });

  describe('writes', () => {
    it('update and delete of another seller\'s mold or shop answer 404 and change nothing', async () => {
      await unchanged(async () => {
        for (const id of otherMolds) {
          for (const body of [{ name: 'Stolen' }, { status: 3 }, { shopId: ownShops[0] }, {}]) {
            const answer = await seller.post(`/mold/update/${id}`, body);
            expect(answer.status, JSON.stringify(body)).toBe(404);
            expect(answer.body).toEqual(notFoundBody);
          }
          expect((await seller.post(`/mold/delete/${id}`)).body).toEqual(notFoundBody);
        }
        expect((await seller.post(`/shop/update/${otherShop}`, { shopName: 'Taken over' })).body).toEqual(notFoundBody);
        expect((await seller.post(`/shop/delete/${otherShop}`)).body).toEqual(notFoundBody);
      });
    });

    it('every declared batch operation with only another seller\'s ids answers 404 and changes nothing', async () => {
      expect(batchUrls(otherMolds).length).toBeGreaterThan(0);
      await unchanged(async () => {
        for (const url of batchUrls(otherMolds)) {
          const answer = await seller.post(url);
          expect(answer.status, url).toBe(404);
          expect(answer.body).toEqual(notFoundBody);
          // The same ids form-encoded.
          const [path, query] = url.split('?') as [string, string];
          const form = await t.app.inject({
            method: 'POST', url: `/api${path}`, payload: query,
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${sellerToken}` },
          });
          expect(form.statusCode, `${url} (form)`).toBe(404);
        }
      });
    });

    it('batch operations over mixed ids touch only the caller\'s molds and count only those', async () => {
      const statusBatch = mold.batch?.find((b) => b.kind === 'set' && b.field === 'status');
      if (statusBatch) {
        const before = await moldTable(t.db);
        const target = ownMolds[0]!;
        const current = before.find((m) => m.id === target)!.status;
        const next = current === 2 ? 1 : 2;
        const answer = await seller.post(`/mold${statusBatch.path}?ids=${[target, ...otherMolds].join(',')}&status=${next}`);
        expect(answer.body).toEqual({ code: 200, message: 'Operation succeeded', data: 1 });
        const after = await moldTable(t.db);
        expect(after).toEqual(before.map((m) => (m.id === target ? { ...m, status: next } : m)));
        const audit = await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
        expect(audit).toMatchObject({ action: 'set_status', entity: 'mold', entity_id: String(target), admin_id: sellerId });
      }
      const extra = await seller.post<MoldRecord>('/mold/create', moldBody(ownShops[0]!));
      expect(extra.status, extra.raw).toBe(200);
      const theirs = await moldTable(t.db);
      const deleted = await seller.post(`/mold/delete/batch?ids=${[extra.body.data.id, ...otherMolds].join(',')}`);
      expect(deleted.body.data).toBe(1);
      expect(await moldTable(t.db)).toEqual(theirs.filter((m) => m.id !== extra.body.data.id));
    });

    it('a create naming another seller\'s shop (shopId smuggled into the body) is refused as an invalid reference', async () => {
      await unchanged(async () => {
        for (const shopId of [otherShop, MISSING]) {
          const answer = await seller.post('/mold/create', moldBody(shopId));
          expect(answer.status).toBe(400);
          expect(answer.body).toMatchObject({ code: 404, messageKey: 'validation_failed', data: null,
            errors: [{ field: 'shopId', messageKey: 'invalid_reference' }] });
        }
        // The answer for another seller's shop is the answer for a shop that does not exist.
        const a = await seller.post('/mold/create', moldBody(otherShop, { code: 'SAME' }));
        const b = await seller.post('/mold/create', moldBody(MISSING, { code: 'SAME' }));
        expect(a.body).toEqual(b.body);
      });
    });

    it('moving an own mold into another seller\'s shop is refused; into an own shop it works', async () => {
      const mold = ownMolds[1]!;
      await unchanged(async () => {
        const answer = await seller.post(`/mold/update/${mold}`, { shopId: otherShop });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'shopId', messageKey: 'invalid_reference' })]);
      });
      const row = await t.db.selectFrom('mold').selectAll().where('id', '=', mold).executeTakeFirstOrThrow();
      const to = ownShops.find((s) => s !== row.shop_id)!;
      const moved = await seller.post(`/mold/update/${mold}`, { shopId: to });
      expect(moved.body, moved.raw).toMatchObject({ code: 200, data: 1 });
      expect((await t.db.selectFrom('mold').select('shop_id').where('id', '=', mold).executeTakeFirstOrThrow()).shop_id).toBe(to);
      expect((await seller.post(`/mold/update/${mold}`, { shopId: row.shop_id })).body.code).toBe(200);
    });

    it('a mold code is unique within its shop only, so it reveals nothing of other shops', async () => {
      const otherCode = (await t.db.selectFrom('mold').select('code').where('id', '=', otherMolds[0]!).executeTakeFirstOrThrow()).code;
      const created = await seller.post<MoldRecord>('/mold/create', moldBody(ownShops[0]!, { code: otherCode }));
      expect(created.status, created.raw).toBe(200);
      const again = await seller.post('/mold/create', moldBody(ownShops[0]!, { code: otherCode }));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 500, messageKey: 'not_unique', errors: [{ field: 'code', messageKey: 'not_unique' }] });
      // The same code in the seller's other shop is fine.
      expect((await seller.post('/mold/create', moldBody(ownShops[1]!, { code: otherCode }))).status).toBe(200);
      // Moving a mold into a shop that already uses its code is the same conflict.
      const clash = await seller.post(`/mold/update/${created.body.data.id}`, { shopId: ownShops[1] });
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({ messageKey: 'not_unique' });
    });
  });

  describe('shops', () => {
    it('a new shop belongs to its creator (ownerId is server-managed) and is in the creator\'s scope at once', async () => {
      // ownerId is server-managed: posted back (as mall clients do) it is ignored, never honoured.
      const created = await seller.post<ShopRecord>('/shop/create', { shopName: 'Corner Shop', ownerId: seller2Id });
      expect(created.status, created.raw).toBe(200);
      expect(created.body.data).toMatchObject({ shopName: 'Corner Shop', ownerId: sellerId, status: 1 });
      const shopId = created.body.data.id;
      // The very next request sees it: the scope is read from the database on every request.
      expect((await seller.post('/mold/create', moldBody(shopId))).status).toBe(200);
      expect((await seller.get<ShopRecord[]>('/shop/listAll')).body.data.map((s) => s.id)).toContain(shopId);
      expect((await seller2.get(`/shop/${shopId}`)).status).toBe(404);
      expect((await seller2.post('/mold/create', moldBody(shopId))).status).toBe(400);
      // A shop made by the super admin belongs to the super admin.
      const byAdmin = await admin.post<ShopRecord>('/shop/create', { shopName: 'Platform shop' });
      expect(byAdmin.body.data.ownerId).toBe(await adminIdOf(t.db, 'admin'));
      expect((await seller.get(`/shop/${byAdmin.body.data.id}`)).status).toBe(404);
    });

    it('deleting an own shop deletes its molds, with an audit row for the shop and for each mold', async () => {
      const shop = await seller.post<ShopRecord>('/shop/create', { shopName: 'Short-lived' });
      const shopId = shop.body.data.id;
      const molds = [await seller.post<MoldRecord>('/mold/create', moldBody(shopId)), await seller.post<MoldRecord>('/mold/create', moldBody(shopId))]
        .map((a) => a.body.data.id);
      const since = (await t.db.selectFrom('sys_audit_log').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m;
      expect((await seller.post(`/shop/delete/${shopId}`)).body.data).toBe(1);
      expect(await t.db.selectFrom('mold').select('id').where('shop_id', '=', shopId).execute()).toEqual([]);
      const rows = await t.db.selectFrom('sys_audit_log').selectAll().where('id', '>', Number(since)).orderBy('id').execute();
      expect(rows.map((r) => [r.action, r.entity, Number(r.entity_id)])).toEqual([
        ...molds.map((id) => ['delete', 'mold', id]), ['delete', 'shop', shopId],
      ]);
      expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ id: molds[0], shopId });
    });
  });

  describe('who gets which scope', () => {
    it('super admin: every shop; seller: its own shops; staff roles: every shop (their resources decide)', async () => {
      expect(await scopeOfAdmin(t.db, await adminIdOf(t.db, 'admin'))).toEqual({ kind: 'all' });
      expect(await scopeOfAdmin(t.db, sellerId)).toEqual({ kind: 'shops', shopIds: await shopIdsOf(t.db, sellerId), adminId: sellerId });
      const staff = await makeAccount(t.app, t.db, 'scope-staff', 'scope_staff_role', ['/mold/**']);
      expect(await scopeOfAdmin(t.db, staff.id)).toEqual({ kind: 'all' });
      const seen = await client(t.app, staff.token).get<Page<MoldRecord>>('/mold/list?pageSize=200');
      expect(seen.body.data.total).toBe(await countRows(t.db, 'mold'));
    });

    it('a seller with no shop sees no molds and cannot create one anywhere', async () => {
      const fresh = await makeAccount(t.app, t.db, 'scope-empty-seller', SEED_ROLES.seller.code);
      const api = client(t.app, fresh.token);
      expect(await scopeOfAdmin(t.db, fresh.id)).toEqual({ kind: 'shops', shopIds: [], adminId: fresh.id });
      expect((await api.get<Page<MoldRecord>>('/mold/list')).body.data).toMatchObject({ total: 0, list: [] });
      expect((await api.get<ShopRecord[]>('/shop/listAll')).body.data).toEqual([]);
      await unchanged(async () => {
        expect((await api.post('/mold/create', moldBody(ownShops[0]!))).status).toBe(400);
        expect((await api.post(`/mold/delete/batch?ids=${ownMolds.join(',')}`)).status).toBe(404);
      });
    });

    it('fails closed: a disabled seller role still limits to own shops; no enabled role sees no shop; super admin wins', async () => {
      const sellerRole = await t.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.seller.code).executeTakeFirstOrThrow();
      await t.db.updateTable('ums_role').set({ status: 0 }).where('id', '=', sellerRole.id).execute();
      try {
        expect(await scopeOfAdmin(t.db, sellerId)).toEqual({ kind: 'shops', shopIds: await shopIdsOf(t.db, sellerId), adminId: sellerId });
      } finally {
        await t.db.updateTable('ums_role').set({ status: 1 }).where('id', '=', sellerRole.id).execute();
      }
      // Only a disabled staff role: nothing (not "every shop").
      const idle = await makeAccount(t.app, t.db, 'scope-idle-staff', 'scope_idle_role');
      await t.db.updateTable('ums_role').set({ status: 0 }).where('code', '=', 'scope_idle_role').execute();
      expect(await scopeOfAdmin(t.db, idle.id)).toEqual({ kind: 'shops', shopIds: [] });
      // An enabled super admin role beats the seller role.
      const superRole = await t.db.selectFrom('ums_role').select('id').where('code', '=', SEED_ROLES.superAdmin.code).executeTakeFirstOrThrow();
      const both = await makeAccount(t.app, t.db, 'scope-seller-and-super', SEED_ROLES.seller.code);
      await t.db.insertInto('ums_admin_role_relation').values({ admin_id: both.id, role_id: superRole.id }).execute();
      expect(await scopeOfAdmin(t.db, both.id)).toEqual({ kind: 'all' });
    });
  });
});
