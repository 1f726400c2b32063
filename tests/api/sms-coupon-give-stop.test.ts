// Protects: giving a coupon to chosen members or a member level (history rows "gifted", one each, within what is left and the per-member limit, all or nothing in one transaction, parallel gives never past the count on PostgreSQL) and stopping it early (no claim on the shop front, no give, no use on an order, held coupons listed as no longer usable, the price check says why), the history filtered by member, get type and state, who may call them. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, generateOrder } from '../../server/areas/portal/orders/place';
import { COUPON_GET_TYPE, COUPON_STATUS, COUPON_USE_STATUS } from '../../src/schema/sms/coupon';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import type { BuyerToken } from '../helpers/shop-world';
import { RECEIVER, asBuyer, productOnSale, signUpBuyer } from '../helpers/shop-world';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Coupon = { id: number; count: number; receiveCount: number; useCount: number; status: number };
type History = { id: number; couponId: number; memberId: number; getType: number; useStatus: number };

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe.each(testDialects())('coupons given and stopped (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shop: number;
  let buyers: BuyerToken[];
  let serial = 0;

  const api = <T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown, token = admin): Promise<Answer<T>> =>
    call<T>(t.app, method, `/api${url}`, { token, ...(body === undefined ? {} : { body }) });
  const create = async (extra: Record<string, unknown> = {}): Promise<Coupon> => {
    serial += 1;
    const answer = await api<Coupon>('POST', '/coupon/create', {
      name: `Give ${dialect} ${serial}`, type: 0, platform: 0, amount: 5, minPoint: 0, publishCount: 10, perLimit: 1,
      startTime: iso(-1), endTime: iso(30), useType: 0, ...extra,
    });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const read = async (id: number) => (await api<Coupon>('GET', `/coupon/${id}`)).body.data;
  const give = (id: number, body: Record<string, unknown>, token = admin) => api<{ given: number; skipped: number }>('POST', `/coupon/give/${id}`, body, token);
  const history = async (query: string) => (await api<{ total: number; list: History[] }>('GET', `/couponHistory/list?pageNum=1&pageSize=100&${query}`)).body.data;
  const rows = async (couponId: number) => t.db.selectFrom('sms_coupon_history').selectAll().where('coupon_id', '=', couponId).orderBy('id').execute();
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await login(t.app, DEMO.admin);
    shop = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
    buyers = [];
    for (let i = 0; i < 4; i += 1) buyers.push(await signUpBuyer(t.app, t.db, shop, `give_${i}`, `1391222000${i}`));
  });
  afterAll(async () => t?.close());

  it('gives one each to the chosen members: "gifted" rows, what is left down by as many, in one write; the history filters by member and get type', async () => {
    const coupon = await create();
    const [a, b] = buyers;
    const answer = await give(coupon.id, { memberIds: [a!.memberId, b!.memberId] });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.data).toEqual({ given: 2, skipped: 0 });
    expect(await read(coupon.id)).toMatchObject({ count: 8, receiveCount: 2, status: COUPON_STATUS.active });
    const written = await rows(coupon.id);
    expect(written.map((r) => [Number(r.member_id), Number(r.get_type), Number(r.use_status)])).toEqual([
      [a!.memberId, COUPON_GET_TYPE.gifted, COUPON_USE_STATUS.unused], [b!.memberId, COUPON_GET_TYPE.gifted, COUPON_USE_STATUS.unused],
    ]);
    expect(new Set(written.map((r) => r.coupon_code)).size).toBe(2);
    const mine = await history(`couponId=${coupon.id}&memberId=${a!.memberId}`);
    expect(mine.list.map((h) => [h.memberId, h.getType])).toEqual([[a!.memberId, COUPON_GET_TYPE.gifted]]);
    expect((await history(`couponId=${coupon.id}&getType=${COUPON_GET_TYPE.claimed}`)).total).toBe(0);
    expect((await history(`couponId=${coupon.id}&getType=${COUPON_GET_TYPE.gifted}&useStatus=${COUPON_USE_STATUS.unused}`)).total).toBe(2);
    // The member sees it among the coupons it holds.
    const held = await asBuyer(t.app, a!, 'GET', '/member/coupon/list?useStatus=0');
    expect((held.body.data as { id: number }[]).map((c) => c.id)).toContain(coupon.id);
  });

  it('skips members at the per-member limit and refuses when every one is', async () => {
    const coupon = await create({ perLimit: 1 });
    const [a, b] = buyers;
    expect((await give(coupon.id, { memberIds: [a!.memberId] })).status).toBe(200);
    const again = await give(coupon.id, { memberIds: [a!.memberId, b!.memberId] });
    expect(again.body.data).toEqual({ given: 1, skipped: 1 });
    const none = await give(coupon.id, { memberIds: [a!.memberId, b!.memberId] });
    expect(none.status).toBe(400);
    expect(fields(none)).toEqual(['memberIds:coupon_give_all_held']);
    expect(none.body.message).toContain('(1)');
    expect(await read(coupon.id)).toMatchObject({ count: 8, receiveCount: 2 });
  });

  it('gives all or nothing: more members than are left is refused with what is left, nothing written', async () => {
    const coupon = await create({ publishCount: 3, perLimit: 1 });
    const answer = await give(coupon.id, { memberIds: buyers.map((b) => b.memberId) });
    expect(answer.status).toBe(409);
    expect(answer.body.messageKey).toBe('coupon_give_over_count');
    expect(answer.body.message).toBe('Only 3 of this coupon are left, not enough for 4 members: nothing was given');
    // The screens read the key in Chinese for a Chinese admin.
    const { errorsZh } = await import('../../src/i18n/errors');
    for (const key of ['coupon_give_over_count', 'coupon_give_all_held', 'coupon_give_whom', 'coupon_give_level_empty', 'coupon_ended', 'coupon_stopped'] as const) {
      expect(errorsZh[key]).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await rows(coupon.id)).toEqual([]);
    expect(await read(coupon.id)).toMatchObject({ count: 3, receiveCount: 0 });
  });

  it('gives to every member of a level in the caller scope', async () => {
    const newLevel = async (name: string) => {
      const answer = await api<{ id: number }>('POST', '/memberLevel/create', { name, growthPoint: 0, defaultStatus: 0, freeFreightPoint: 0, commentGrowthPoint: 0 });
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data;
    };
    const level = await newLevel(`Gold ${dialect}`);
    const otherLevel = await newLevel(`Silver ${dialect}`);
    await t.db.updateTable('ums_member').set({ member_level_id: otherLevel.id }).execute();
    await t.db.updateTable('ums_member').set({ member_level_id: level.id }).where('id', 'in', [buyers[1]!.memberId, buyers[2]!.memberId]).execute();
    const coupon = await create({ publishCount: 50 });
    const answer = await give(coupon.id, { memberLevelId: level.id });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.data).toEqual({ given: 2, skipped: 0 });
    expect((await rows(coupon.id)).map((r) => Number(r.member_id))).toEqual([buyers[1]!.memberId, buyers[2]!.memberId]);
    // Both ways at once: the union, each member once.
    const both = await create({ publishCount: 50 });
    expect((await give(both.id, { memberLevelId: level.id, memberIds: [buyers[0]!.memberId, buyers[1]!.memberId] })).body.data).toEqual({ given: 3, skipped: 0 });
  });

  it('refuses a give without members, with an unknown member, or of an ended coupon, changing nothing', async () => {
    const coupon = await create();
    const empty = await give(coupon.id, {});
    expect(empty.status).toBe(400);
    expect(fields(empty)).toEqual(['memberIds:coupon_give_whom']);
    const unknown = await give(coupon.id, { memberIds: [999_999_999] });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    const ended = await create({ startTime: iso(-10), endTime: iso(-1) });
    const late = await give(ended.id, { memberIds: [buyers[0]!.memberId] });
    expect([late.status, late.body.messageKey]).toEqual([409, 'coupon_ended']);
    expect([...await rows(coupon.id), ...await rows(ended.id)]).toEqual([]);
    expect(await read(coupon.id)).toMatchObject({ count: 10, receiveCount: 0 });
  });

  it('stops a coupon for good: no claim, no give, no use on an order; held ones listed as no longer usable; the price check says why', async () => {
    const kettle = await productOnSale(t.db, shop, { name: `Stop kettle ${dialect}`, price: 10_000, stock: 10 });
    const coupon = await create({ publishCount: 10, perLimit: 1 });
    const [a, b] = buyers;
    expect((await give(coupon.id, { memberIds: [a!.memberId] })).status).toBe(200);
    const line = [{ key: 1, productId: kettle.productId, skuId: kettle.skuId, quantity: 1 }];
    const buyer = (x: BuyerToken) => ({ shopId: x.shopId, memberId: x.memberId });
    expect((await confirmOrder(t.db, buyer(a!), line)).couponHistoryDetailList.map((c) => c.coupon.id)).toContain(coupon.id);

    const stop = await api<unknown>('POST', `/coupon/stop/${coupon.id}`);
    expect(stop.status, stop.raw).toBe(200);
    expect((await read(coupon.id)).status).toBe(COUPON_STATUS.stopped);
    expect((await api('GET', `/coupon/list?pageNum=1&pageSize=100&status=${COUPON_STATUS.stopped}`)).body.data).toMatchObject({ list: expect.arrayContaining([expect.objectContaining({ id: coupon.id })]) });
    // Once only.
    const twice = await api('POST', `/coupon/stop/${coupon.id}`);
    expect([twice.status, twice.body.messageKey]).toEqual([409, 'wrong_state']);
    // No give.
    const given = await give(coupon.id, { memberIds: [b!.memberId] });
    expect([given.status, given.body.messageKey]).toEqual([409, 'wrong_state']);
    // No claim on the shop front, and not offered for a product.
    const claim = await asBuyer(t.app, b!, 'POST', `/member/coupon/add/${coupon.id}`);
    expect([claim.body.code, claim.body.message]).toEqual([500, 'This coupon was stopped: it can no longer be claimed, given or used']);
    const offered = await asBuyer(t.app, b!, 'GET', `/member/coupon/listByProduct/${kettle.productId}`);
    expect((offered.body.data as { id: number }[]).map((c) => c.id)).not.toContain(coupon.id);
    // No use on an order: not offered, refused by name, nothing written.
    expect((await confirmOrder(t.db, buyer(a!), line)).couponHistoryDetailList.map((c) => c.coupon.id)).not.toContain(coupon.id);
    const orders = (await t.db.selectFrom('oms_order').select('id').execute()).length;
    await expect(generateOrder(t.db, buyer(a!), { lines: line, couponId: coupon.id, useIntegration: 0, receiver: RECEIVER }))
      .rejects.toMatchObject({ problem: { messageKey: 'coupon_stopped' } });
    expect((await t.db.selectFrom('oms_order').select('id').execute()).length).toBe(orders);
    // The member still holds it, unused, among the coupons it can no longer use.
    const unused = await asBuyer(t.app, a!, 'GET', '/member/coupon/list?useStatus=0');
    expect((unused.body.data as { id: number }[]).map((c) => c.id)).not.toContain(coupon.id);
    const expired = await asBuyer(t.app, a!, 'GET', '/member/coupon/list?useStatus=2');
    expect((expired.body.data as { id: number }[]).map((c) => c.id)).toContain(coupon.id);
    expect((await rows(coupon.id)).map((r) => Number(r.use_status))).toEqual([COUPON_USE_STATUS.unused]);
    expect(await read(coupon.id)).toMatchObject({ count: 9, receiveCount: 1, useCount: 0 });
    // The price check names the stop.
    const check = await api<{ lines: { rule: string; reasons: { key: string }[] }[] }>('GET', `/price/check?productId=${kettle.productId}&quantity=1&couponId=${coupon.id}`);
    expect(check.status, check.raw).toBe(200);
    expect(check.body.data.lines.find((l) => l.rule === 'coupon')!.reasons.map((r) => r.key)).toContain('coupon_stopped');
  });

  it('who may give and stop: marketing staff yes; product staff and sellers no', async () => {
    const coupon = await create();
    const marketing = await login(t.app, DEMO.marketingAdmin);
    expect((await give(coupon.id, { memberIds: [buyers[3]!.memberId] }, marketing)).status).toBe(200);
    // Product staff may not; a seller runs only its own shops' coupons: the platform's is not found for it.
    for (const [role, status] of [['productAdmin', 403], ['seller', 404]] as const) {
      const token = await login(t.app, DEMO[role]);
      expect((await give(coupon.id, { memberIds: [buyers[2]!.memberId] }, token)).status, role).toBe(status);
      expect((await api('POST', `/coupon/stop/${coupon.id}`, undefined, token)).status, role).toBe(status);
    }
    expect((await api('POST', `/coupon/stop/${coupon.id}`, undefined, marketing)).status).toBe(200);
    expect(await read(coupon.id)).toMatchObject({ receiveCount: 1, status: COUPON_STATUS.stopped });
  });

  it('parallel gives and claims never hand out more than were issued', async () => {
    const coupon = await create({ publishCount: 3, perLimit: 2 });
    const ids = buyers.map((b) => b.memberId);
    const answers = await Promise.all([
      give(coupon.id, { memberIds: ids.slice(0, 2) }), give(coupon.id, { memberIds: ids.slice(2, 4) }), give(coupon.id, { memberIds: ids.slice(1, 3) }),
      ...buyers.map((b) => asBuyer(t.app, b, 'POST', `/member/coupon/add/${coupon.id}`)),
    ]);
    const after = await read(coupon.id);
    const held = await rows(coupon.id);
    expect(held.length).toBe(after.receiveCount);
    expect(after.receiveCount + after.count).toBe(3);
    expect(after.count).toBeGreaterThanOrEqual(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    // Nobody above the per-member limit.
    const perMember = new Map<number, number>();
    for (const row of held) perMember.set(Number(row.member_id), (perMember.get(Number(row.member_id)) ?? 0) + 1);
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(2);
  });
});
