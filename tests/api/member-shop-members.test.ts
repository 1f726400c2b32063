// Protects: the shops' members: a new member starts approved or pending by its shop's approval setting (a derived value); `GET /admin/listMember` lists the caller's shops' members only (filters, keyword), a seller reads no other account through /admin; approving and rejecting (`POST /member/updateApplyStatus?ids=&status=`) within scope; merging (`POST /member/merge?keepId=&mergeId=`) moves the merged member's orders, coupons (used or not) and returns to the kept one and removes it in one transaction with an audit row, refuses itself, two shops and another seller's members with nothing changed, and of parallel merges of one pair exactly one lands. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_APPLY_STATUS } from '../../src/schema/member/entities';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import type { Page } from '../helpers/tenancy';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Member = { id: number; username: string; shopId: number; shopName: string; applyStatus: number; mobile: string | null };

describe.each(testDialects())('members (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let sellerShops: number[];
  let seller2Shops: number[];

  const get = <T>(url: string, token: string) => call<T>(t.app, 'GET', `/api${url}`, { token });
  const post = (url: string, token: string) => call(t.app, 'POST', `/api${url}`, { token });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const members = async (token: string, query = '') =>
    (await get<Page<Member>>(`/admin/listMember?pageSize=100${query}`, token)).body.data.list;
  const memberTable = () => t.db.selectFrom('ums_member').selectAll().orderBy('id').execute();
  const orderOwners = () => t.db.selectFrom('oms_order').select(['id', 'member_id', 'member_username']).orderBy('id').execute();
  const byName = async (shopId: number, username: string) =>
    t.db.selectFrom('ums_member').selectAll().where('shop_id', '=', shopId).where('username', '=', username).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    sellerShops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username));
    seller2Shops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username));
  });
  afterAll(async () => t?.close());

  it('lists the caller\'s shops\' members at /admin/listMember, with filters and keyword', async () => {
    const own = await members(seller);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((m) => m.shopId))).toEqual(new Set(sellerShops));
    const other = await members(seller2);
    expect(other.every((m) => seller2Shops.includes(m.shopId))).toBe(true);
    const all = await members(admin);
    expect(all.length).toBeGreaterThan(own.length);
    const pending = await members(seller, `&applyStatus=${MEMBER_APPLY_STATUS.pending}`);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((m) => m.applyStatus === MEMBER_APPLY_STATUS.pending)).toBe(true);
    const lily = await members(seller, '&keyword=lily');
    expect(lily.map((m) => m.username)).toEqual(expect.arrayContaining(['lily88', 'lily_88']));
    expect(lily.every((m) => m.username.includes('lily'))).toBe(true);
    expect((await get('/admin/listMember?applyStatus=7', seller)).status).toBe(400);
  });

  it('starts a new member approved in a shop that approves at once and pending in one that approves by hand, as the shop says at that moment', async () => {
    const shopId = sellerShops[0]!;
    const setApproval = async (autoApprove: number) => {
      const answer = await call(t.app, 'POST', `/api/shop/update/${shopId}`, { token: seller, body: { autoApprove } });
      expect(answer.status, answer.raw).toBe(200);
    };
    const create = async (username: string) => {
      const answer = await call<Member>(t.app, 'POST', '/api/member/create', { token: seller, body: { username, shopId, applyStatus: MEMBER_APPLY_STATUS.approved } });
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data;
    };
    await setApproval(0);
    expect((await create('by_hand_applicant')).applyStatus).toBe(MEMBER_APPLY_STATUS.pending);
    await setApproval(1);
    expect((await create('at_once_applicant')).applyStatus).toBe(MEMBER_APPLY_STATUS.approved);
    expect(Number((await byName(shopId, 'by_hand_applicant')).apply_status)).toBe(MEMBER_APPLY_STATUS.pending);
  });

  it('gives a seller the member list under /admin and nothing else there', async () => {
    const adminId = await adminIdOf(t.db, DEMO.admin.username);
    expect((await get(`/admin/${adminId}`, seller)).status).toBe(403);
    expect((await get('/admin/list', seller)).status).toBe(403);
    const other = (await members(seller2))[0]!;
    expect((await get(`/member/${other.id}`, seller)).status).toBe(404);
  });

  it('approves and rejects applications within the caller\'s shops only', async () => {
    const shop = sellerShops[0]!;
    const waiting = await byName(shop, 'xiaoming');
    expect(waiting.apply_status).toBe(MEMBER_APPLY_STATUS.pending);
    const ok = await post(`/member/updateApplyStatus?ids=${waiting.id}&status=${MEMBER_APPLY_STATUS.approved}`, seller);
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200, data: 1 });
    expect((await byName(shop, 'xiaoming')).apply_status).toBe(MEMBER_APPLY_STATUS.approved);

    const before = await memberTable();
    const foreign = await byName(seller2Shops[0]!, 'jonas.w');
    expect((await post(`/member/updateApplyStatus?ids=${foreign.id}&status=${MEMBER_APPLY_STATUS.rejected}`, seller)).status).toBe(404);
    const backToPending = await post(`/member/updateApplyStatus?ids=${waiting.id}&status=${MEMBER_APPLY_STATUS.pending}`, seller);
    expect(backToPending.status).toBe(400);
    expect(fields(backToPending)).toEqual(['status:invalid_value']);
    expect(await memberTable()).toEqual(before);
  });

  it('merges two members of one shop: orders move to the one kept, the other is gone, the merge is audited', async () => {
    const shop = sellerShops[0]!;
    const kept = await byName(shop, 'chen.wei');
    const merged = await byName(shop, 'chenwei_sh');
    // The merged member's orders: give it two of the shop's orders so there is something to move.
    const shopOrders = await t.db.selectFrom('oms_order').select('id').where('shop_id', '=', shop).orderBy('id').limit(2).execute();
    await t.db.updateTable('oms_order').set({ member_id: merged.id, member_username: merged.username }).where('id', 'in', shopOrders.map((o) => o.id)).execute();
    const keptOrdersBefore = await t.db.selectFrom('oms_order').select('id').where('member_id', '=', kept.id).execute();
    // Its coupons (one unused, one used) and a return under its name: they move too.
    const coupon = await t.db.insertInto('sms_coupon').values({ status: 0,
      type: 0, name: 'Merge coupon', platform: 0, amount: 500, min_point: 0, publish_count: 10, count: 8, receive_count: 2, use_count: 1, per_limit: 1,
      start_time: '2026-01-01T00:00:00.000Z', end_time: '2027-01-01T00:00:00.000Z', use_type: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const history = (useStatus: number) => ({ coupon_id: coupon.id, member_id: merged.id, member_nickname: merged.username, get_type: 0, create_time: '2026-06-01T00:00:00.000Z', use_status: useStatus });
    await t.db.insertInto('sms_coupon_history').values([history(0), history(1)]).execute();
    const order = shopOrders[0]!;
    await t.db.insertInto('oms_order_return_apply').values({ order_id: order.id, shop_id: shop, order_sn: 'MERGE-RET', member_username: merged.username, status: 0, create_time: '2026-06-01T00:00:00.000Z', product_price: 0, product_count: 1, product_real_price: 0 }).execute();
    const heldCoupons = (await t.db.selectFrom('sms_coupon_history').select('id').where('member_id', '=', merged.id).execute()).length;

    const answer = await post(`/member/merge?keepId=${kept.id}&mergeId=${merged.id}`, seller);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200, data: { keepId: kept.id, mergeId: merged.id, movedOrders: 2 } });
    expect((answer.body as { data: { moved: Record<string, number> } }).data.moved).toMatchObject({ 'order.memberId': 2, 'couponHistory.memberId': heldCoupons, 'returnApply.memberUsername': 1 });
    expect(await t.db.selectFrom('sms_coupon_history').select('id').where('member_id', '=', merged.id).execute()).toEqual([]);
    const coupons = await t.db.selectFrom('sms_coupon_history').select(['member_id', 'member_nickname', 'use_status']).where('coupon_id', '=', coupon.id).orderBy('id').execute();
    expect(coupons).toEqual([{ member_id: kept.id, member_nickname: kept.nickname, use_status: 0 }, { member_id: kept.id, member_nickname: kept.nickname, use_status: 1 }]);
    expect(await t.db.selectFrom('oms_order_return_apply').select('member_username').where('order_sn', '=', 'MERGE-RET').executeTakeFirst()).toEqual({ member_username: kept.username });
    expect(await t.db.selectFrom('ums_member').select('id').where('id', '=', merged.id).executeTakeFirst()).toBeUndefined();
    const keptOrders = await t.db.selectFrom('oms_order').select(['id', 'member_username']).where('member_id', '=', kept.id).execute();
    expect(keptOrders).toHaveLength(keptOrdersBefore.length + 2);
    expect(keptOrders.every((o) => o.member_username === kept.username)).toBe(true);
    const audit = await t.db.selectFrom('sys_audit_log').selectAll()
      .where('entity', '=', 'ums_member').where('action', '=', 'merge').where('entity_id', '=', String(merged.id)).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ mergedInto: kept.id });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ username: 'chenwei_sh' });
  });

  it('refuses merging a member into itself, across shops and another seller\'s members, changing nothing', async () => {
    const [mine, theirs] = [sellerShops[0]!, seller2Shops[0]!];
    const lily = await byName(mine, 'lily88');
    const foreign = await byName(theirs, 'sbakker');
    const before = { members: await memberTable(), orders: await orderOwners() };

    const self = await post(`/member/merge?keepId=${lily.id}&mergeId=${lily.id}`, seller);
    expect(self.status).toBe(400);
    expect(fields(self)).toEqual(['mergeId:merge_self']);
    const shops = await post(`/member/merge?keepId=${lily.id}&mergeId=${foreign.id}`, admin);
    expect(shops.status).toBe(400);
    expect(fields(shops)).toEqual(['mergeId:merge_other_shop']);
    const notMine = await post(`/member/merge?keepId=${lily.id}&mergeId=${foreign.id}`, seller);
    expect(notMine.status).toBeGreaterThanOrEqual(400);
    expect(notMine.status).toBeLessThan(500);
    expect(fields(notMine)).not.toContain('mergeId:merge_other_shop');
    const missing = await post(`/member/merge?keepId=${lily.id}`, seller);
    expect(fields(missing)).toEqual(['mergeId:required']);
    expect({ members: await memberTable(), orders: await orderOwners() }).toEqual(before);
  });

  it('of parallel merges of one pair exactly one lands, and no order is lost', async () => {
    const shop = sellerShops[0]!;
    const kept = await byName(shop, 'lily88');
    const merged = await byName(shop, 'lily_88');
    const ordersOfPair = async () => (await t.db.selectFrom('oms_order').select('id')
      .where('member_id', 'in', [kept.id, merged.id]).execute()).length;
    const before = await ordersOfPair();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/member/merge?keepId=${kept.id}&mergeId=${merged.id}`, seller)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(await ordersOfPair()).toBe(before);
    expect((await t.db.selectFrom('ums_member').select('id').where('id', 'in', [kept.id, merged.id]).execute()).map((m) => m.id)).toEqual([kept.id]);
  });
});
