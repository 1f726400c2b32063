// Protects: a shop's points rule and its members' points history in the admin: a seller reads and writes only its own shops' rule (one per shop, refused by name in both languages; bounds refused by field), staff every shop's; the history is read-only, scoped to the seller's shops, filtered by member, change, source and order, naming member and order; merging two members moves the removed one's history to the kept one and adds its points and growth, so the kept balance equals its history. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsEn, errorsZh } from '../../src/i18n/errors';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import type { Page } from '../helpers/tenancy';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Rule = { id: number; shopId: number; deductionPerAmount: number; maxPercentPerOrder: number; useUnit: number; couponStatus: number };
type Change = { id: number; shopId: number; memberId: number; memberUsername: string; changeType: number; changeCount: number; sourceType: number; orderId: number | null; orderSn: string | null };

describe.each(testDialects())('points rules and history (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let sellerShops: number[];
  let seller2Shops: number[];

  const get = <T>(url: string, token: string) => call<T>(t.app, 'GET', `/api${url}`, { token });
  const post = <T = unknown>(url: string, token: string, body?: unknown) => call<T>(t.app, 'POST', `/api${url}`, { token, ...(body === undefined ? {} : { body }) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const rules = async (token: string) => (await get<Page<Rule>>('/integrationConsumeSetting/list?pageSize=100', token)).body.data.list;
  const changes = async (token: string, query = '') => (await get<Page<Change>>(`/integrationChangeHistory/list?pageSize=200${query}`, token)).body.data.list;
  const ruleTable = () => t.db.selectFrom('ums_integration_consume_setting').selectAll().orderBy('id').execute();
  /** The member's balance and what its history adds up to. */
  const balanceOf = async (memberId: number) => {
    const member = await t.db.selectFrom('ums_member').select(['integration', 'growth']).where('id', '=', memberId).executeTakeFirstOrThrow();
    const { sum } = await t.db.selectFrom('ums_integration_change_history')
      .select(sql<number>`coalesce(sum(case when change_type = 0 then change_count else -change_count end), 0)`.as('sum'))
      .where('member_id', '=', memberId).executeTakeFirstOrThrow();
    return { integration: Number(member.integration), growth: Number(member.growth), history: Number(sum) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    sellerShops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username));
    seller2Shops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username));
  });
  afterAll(async () => t?.close());

  it('a seller reads and edits its own shops\' rules only; staff every shop\'s', async () => {
    const own = await rules(seller);
    expect(own.map((r) => r.shopId).sort()).toEqual([...sellerShops].sort());
    expect((await rules(admin)).length).toBe((await ruleTable()).length);
    const [theirs] = await rules(seller2);
    expect(seller2Shops).toContain(theirs!.shopId);
    const before = await ruleTable();
    expect((await get(`/integrationConsumeSetting/${theirs!.id}`, seller)).status).toBe(404);
    expect((await post(`/integrationConsumeSetting/update/${theirs!.id}`, seller, { maxPercentPerOrder: 90 })).status).toBe(404);
    expect(await ruleTable()).toEqual(before);
    expect((await post(`/integrationConsumeSetting/update/${own[0]!.id}`, seller, { maxPercentPerOrder: 40, couponStatus: 0 })).body.data).toBe(1);
    expect((await get<Rule>(`/integrationConsumeSetting/${own[0]!.id}`, seller)).body.data).toMatchObject({ maxPercentPerOrder: 40, couponStatus: 0 });
    expect((await post(`/integrationConsumeSetting/update/${theirs!.id}`, admin, { useUnit: 50 })).body.data).toBe(1);
  });

  it('keeps one rule per shop, refused by name in both languages; bounds refused by field', async () => {
    const shopId = sellerShops[0]!;
    const body = { shopId, deductionPerAmount: 100, maxPercentPerOrder: 50, useUnit: 100, couponStatus: 1 };
    const second = await post('/integrationConsumeSetting/create', seller, body);
    expect(second.status).toBe(409);
    expect(fields(second)).toEqual(['shopId:points_rule_repeated']);
    expect(second.body.errors?.[0]?.message).toBe(errorsEn.points_rule_repeated);
    expect(errorsZh.points_rule_repeated).toMatch(/积分规则/);
    const foreign = await post('/integrationConsumeSetting/create', seller, { ...body, shopId: seller2Shops[0] });
    expect(fields(foreign)).toEqual(['shopId:invalid_reference']);
    const bad = await post('/integrationConsumeSetting/create', seller, { shopId, deductionPerAmount: 0, maxPercentPerOrder: 101, useUnit: -1, couponStatus: 2 });
    expect(bad.status).toBe(400);
    expect(fields(bad).sort()).toEqual(['couponStatus:invalid_value', 'deductionPerAmount:too_small', 'maxPercentPerOrder:too_big', 'useUnit:too_small']);
    // A shop without a rule gets one (and then has one).
    await t.db.deleteFrom('ums_integration_consume_setting').where('shop_id', '=', shopId).execute();
    expect((await post<Rule>('/integrationConsumeSetting/create', seller, body)).body.data).toMatchObject(body);
  });

  it('lists a seller\'s own shops\' points history, read-only, filtered, naming members and orders', async () => {
    const own = await changes(seller);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((c) => sellerShops.includes(c.shopId))).toBe(true);
    expect((await changes(admin)).length).toBeGreaterThan(own.length);
    const fromOrder = own.find((c) => c.orderId !== null)!;
    const order = await t.db.selectFrom('oms_order').select(['order_sn', 'member_id']).where('id', '=', fromOrder.orderId!).executeTakeFirstOrThrow();
    expect(fromOrder.orderSn).toBe(order.order_sn);
    const member = await t.db.selectFrom('ums_member').select('username').where('id', '=', fromOrder.memberId).executeTakeFirstOrThrow();
    expect(fromOrder.memberUsername).toBe(member.username);
    expect((await changes(seller, `&orderId=${fromOrder.orderId}`)).map((c) => c.id)).toEqual([fromOrder.id]);
    const ofMember = await changes(seller, `&memberId=${fromOrder.memberId}`);
    expect(ofMember.length).toBeGreaterThan(1);
    expect(ofMember.every((c) => c.memberId === fromOrder.memberId)).toBe(true);
    const gifts = await changes(seller, '&sourceType=1&changeType=0');
    expect(gifts.length).toBeGreaterThan(0);
    expect(gifts.every((c) => c.sourceType === 1 && c.changeType === 0 && c.orderId === null)).toBe(true);
    expect((await get('/integrationChangeHistory/list?changeType=5', seller)).status).toBe(400);
    // Another seller's rows answer like missing ones; nothing writes the history here.
    const [theirs] = await changes(seller2);
    expect((await get(`/integrationChangeHistory/${theirs!.id}`, seller)).status).toBe(404);
    expect((await get(`/integrationChangeHistory/${theirs!.id}`, seller2)).status).toBe(200);
    for (const path of ['/integrationChangeHistory/create', `/integrationChangeHistory/update/${own[0]!.id}`, `/integrationChangeHistory/delete/${own[0]!.id}`]) {
      expect((await post(path, admin, { changeCount: 1 })).status).toBe(404);
    }
  });

  it('merging two members moves the removed one\'s points history to the kept one and adds its points and growth', async () => {
    const shop = sellerShops[0]!;
    const byName = async (username: string) => t.db.selectFrom('ums_member').select(['id', 'integration', 'growth'])
      .where('shop_id', '=', shop).where('username', '=', username).executeTakeFirstOrThrow();
    const kept = await byName('lily88');
    const merged = await byName('lily_88');
    await t.db.updateTable('ums_member').set({ growth: 120 }).where('id', '=', kept.id).execute();
    await t.db.updateTable('ums_member').set({ growth: 30 }).where('id', '=', merged.id).execute();
    const [keptBefore, mergedBefore] = [await balanceOf(kept.id), await balanceOf(merged.id)];
    expect(mergedBefore.integration).toBeGreaterThan(0);
    expect(keptBefore.integration).toBe(keptBefore.history);
    expect(mergedBefore.integration).toBe(mergedBefore.history);
    const rows = async (memberId: number) => (await t.db.selectFrom('ums_integration_change_history').select('id').where('member_id', '=', memberId).orderBy('id').execute()).map((r) => r.id);
    const ofMerged = await rows(merged.id);
    const all = [...await rows(kept.id), ...ofMerged].sort((a, b) => a - b);

    const answer = await post(`/member/merge?keepId=${kept.id}&mergeId=${merged.id}`, seller);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200, data: { keepId: kept.id, integration: keptBefore.integration + mergedBefore.integration, growth: 150 } });
    expect((answer.body as { data: { moved: Record<string, number> } }).data.moved['pointsHistory.memberId']).toBe(ofMerged.length);
    const after = await balanceOf(kept.id);
    expect(after).toEqual({ integration: keptBefore.integration + mergedBefore.integration, growth: 150, history: keptBefore.history + mergedBefore.history });
    expect(await rows(kept.id)).toEqual(all);
    expect(await rows(merged.id)).toEqual([]);
  });
});
