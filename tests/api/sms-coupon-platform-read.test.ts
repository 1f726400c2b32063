// Protects: a seller reads, never writes, the platform's coupons that cover its products (all-products ones; products ones naming one of its products; categories ones whose categories, a top one with its sub-categories, hold one of its products outside the recycle bin), marked read-only, in its list and detail; not those covering only seller2's products; every write (update, delete, give, stop) answers 404 and changes nothing; seller2 never sees the seller's own coupons; the coupon history's `state` filter (unused, used, expired, stopped) beside mall's `useStatus`. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_KEY } from '../../src/schema/engine/readOnlyRows';
import { COUPON_HISTORY_STATE, COUPON_STATUS, COUPON_USE_STATUS, COUPON_USE_TYPE } from '../../src/schema/sms/coupon';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import { login } from '../helpers/api';
import { productOnSale } from '../helpers/shop-world';
import { adminIdOf, client, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Row = { id: number; shopId: number | null; readOnly?: boolean } & Record<string, unknown>;
type Page = { list: Row[]; total: number };

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

describe.each(testDialects())('platform coupons a seller reads (%s)', (dialect) => {
  let t: TestApp;
  let marketing: ReturnType<typeof client>;
  let seller: ReturnType<typeof client>;
  let seller2: ReturnType<typeof client>;
  let shopA: number;
  let shopB: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    marketing = client(t.app, await login(t.app, DEMO.marketingAdmin));
    seller = client(t.app, await login(t.app, DEMO.seller));
    seller2 = client(t.app, await login(t.app, DEMO.seller2));
    [shopA] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    [shopB] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
  });
  afterAll(async () => t?.close());

  const couponBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Coupon', type: 0, amount: 2, minPoint: 0, publishCount: 10, perLimit: 1, startTime: at(-1), endTime: at(10), ...extra,
  });
  const create = async (who: ReturnType<typeof client>, body: Record<string, unknown>): Promise<number> => {
    const made = await who.post<Row>('/coupon/create', couponBody(body));
    expect(made.status, made.raw).toBe(200);
    return made.body.data.id;
  };
  const listed = async (who: ReturnType<typeof client>): Promise<Map<number, Row>> =>
    new Map((await who.get<Page>('/coupon/list?pageSize=200')).body.data.list.map((r) => [r.id, r]));
  const category = async (name: string, parentId: number): Promise<number> => Number((await t.db.insertInto('pms_product_category')
    .values({ name: `${name}-${dialect}`, parent_id: parentId, level: parentId ? 1 : 0, product_count: 0, nav_status: 0, show_status: 1, sort: 0 })
    .returning('id').executeTakeFirstOrThrow()).id);
  const productIn = async (shopId: number, name: string, categoryId: number): Promise<number> => {
    const { productId } = await productOnSale(t.db, shopId, { name: `${name}-${dialect}`, price: 5_000, stock: 10 });
    await t.db.updateTable('pms_product').set({ product_category_id: categoryId }).where('id', '=', productId).execute();
    return productId;
  };

  it('a seller lists and opens the platform coupons touching its products, marked read-only; not those touching only seller2\'s', async () => {
    const top = await category('Top', 0);
    const child = await category('Child', top);
    const otherChild = await category('Other child', top);
    const lone = await category('Lone', 0);
    const ownProduct = await productIn(shopA, 'Own', child);
    const theirProduct = await productIn(shopB, 'Theirs', otherChild);
    await productIn(shopB, 'Theirs lone', lone);
    // A product of the seller in the recycle bin does not make a category coupon its.
    const binned = await category('Binned', 0);
    const inBin = await productIn(shopA, 'In bin', binned);
    await t.db.updateTable('pms_product').set({ delete_status: 1 }).where('id', '=', inBin).execute();

    const all = await create(marketing, { name: 'Platform all' });
    const onOwn = await create(marketing, { name: 'Platform own product', useType: COUPON_USE_TYPE.products, productRelationList: [ownProduct, theirProduct] });
    const onTheirs = await create(marketing, { name: 'Platform their product', useType: COUPON_USE_TYPE.products, productRelationList: [theirProduct] });
    const onTop = await create(marketing, { name: 'Platform top category', useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [top] });
    const onChild = await create(marketing, { name: 'Platform child category', useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [child] });
    const onLone = await create(marketing, { name: 'Platform lone category', useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [lone] });
    const onBinned = await create(marketing, { name: 'Platform binned category', useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [binned] });
    const own = await create(seller, { name: 'Seller own', shopId: shopA });

    const mine = await listed(seller);
    for (const id of [all, onOwn, onTop, onChild]) expect(mine.get(id), `coupon ${id}`).toMatchObject({ shopId: null, [READ_ONLY_KEY]: true });
    for (const id of [onTheirs, onLone, onBinned]) expect(mine.has(id), `coupon ${id}`).toBe(false);
    // Its own coupons are writable: no mark; nothing of another shop's.
    expect(mine.get(own)?.[READ_ONLY_KEY]).toBeUndefined();
    expect([...mine.values()].every((r) => r.shopId === shopA || (r.shopId === null && r[READ_ONLY_KEY] === true))).toBe(true);

    const detail = await seller.get<Row>(`/coupon/${onOwn}`);
    expect(detail.status, detail.raw).toBe(200);
    expect(detail.body.data).toMatchObject({ id: onOwn, shopId: null, [READ_ONLY_KEY]: true });
    expect((await seller.get(`/coupon/${onTheirs}`)).status).toBe(404);
    expect((await seller.get<Row>(`/coupon/${own}`)).body.data[READ_ONLY_KEY]).toBeUndefined();

    // seller2 sees the platform coupons touching its products, not the seller's own coupon.
    const theirs = await listed(seller2);
    for (const id of [all, onOwn, onTheirs, onTop, onLone]) expect(theirs.get(id), `coupon ${id}`).toMatchObject({ [READ_ONLY_KEY]: true });
    expect(theirs.has(onChild)).toBe(false);
    expect(theirs.has(own)).toBe(false);
    expect((await seller2.get(`/coupon/${own}`)).status).toBe(404);
    expect((await seller2.post(`/coupon/update/${own}`, { name: 'Taken' })).status).toBe(404);

    // Staff see every coupon, none marked.
    const staff = await listed(marketing);
    expect([all, onOwn, onTheirs, onLone, own].every((id) => staff.has(id) && staff.get(id)![READ_ONLY_KEY] === undefined)).toBe(true);
  });

  it('a seller cannot update, delete, give or stop a platform coupon it reads: 404 as for another shop\'s, nothing changed', async () => {
    const id = await create(marketing, { name: 'Platform untouchable' });
    expect((await seller.get<Row>(`/coupon/${id}`)).body.data[READ_ONLY_KEY]).toBe(true);
    const before = await t.db.selectFrom('sms_coupon').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const member = await t.db.selectFrom('ums_member').select('id').where('shop_id', '=', shopA).orderBy('id').executeTakeFirstOrThrow();
    expect((await seller.post(`/coupon/update/${id}`, { name: 'Taken' })).status).toBe(404);
    expect((await seller.post(`/coupon/delete/${id}`)).status).toBe(404);
    expect((await seller.post(`/coupon/give/${id}?memberIds=${member.id}`)).status).toBe(404);
    expect((await seller.post(`/coupon/stop/${id}`)).status).toBe(404);
    expect(await t.db.selectFrom('sms_coupon').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await t.db.selectFrom('sms_coupon_history').select('id').where('coupon_id', '=', id).execute()).toEqual([]);
    // Staff still may.
    expect((await marketing.post(`/coupon/update/${id}`, { name: 'Platform, renamed' })).status).toBe(200);
  });

  it('the coupon history filters by state: unused, used, expired (unused and ended, or marked), stopped; useStatus reads the stored status', async () => {
    const running = await create(marketing, { name: 'History running' });
    const ended = await create(marketing, { name: 'History ended', startTime: at(-10), endTime: at(-1) });
    const stopped = await create(marketing, { name: 'History stopped' });
    expect((await marketing.post(`/coupon/stop/${stopped}`)).status).toBe(200);
    expect((await t.db.selectFrom('sms_coupon').select('status').where('id', '=', stopped).executeTakeFirstOrThrow()).status).toBe(COUPON_STATUS.stopped);
    const member = await t.db.selectFrom('ums_member').select(['id', 'nickname']).orderBy('id').executeTakeFirstOrThrow();
    const held = async (couponId: number, useStatus: number): Promise<number> => Number((await t.db.insertInto('sms_coupon_history').values({
      coupon_id: couponId, member_id: member.id, coupon_code: `code-${couponId}-${useStatus}`, member_nickname: member.nickname, get_type: 0,
      create_time: toDbTime(), use_status: useStatus, use_time: useStatus === COUPON_USE_STATUS.used ? toDbTime() : null, order_id: null, order_sn: null,
    }).returning('id').executeTakeFirstOrThrow()).id);
    const unused = await held(running, COUPON_USE_STATUS.unused);
    const used = await held(running, COUPON_USE_STATUS.used);
    const marked = await held(running, COUPON_USE_STATUS.expired);
    const endedUnused = await held(ended, COUPON_USE_STATUS.unused);
    const endedUsed = await held(ended, COUPON_USE_STATUS.used);
    const stoppedUnused = await held(stopped, COUPON_USE_STATUS.unused);
    const stoppedUsed = await held(stopped, COUPON_USE_STATUS.used);
    const mine = new Set([unused, used, marked, endedUnused, endedUsed, stoppedUnused, stoppedUsed]);

    const byState = async (query: string): Promise<Row[]> => {
      const answer = await marketing.get<Page>(`/couponHistory/list?pageSize=200&${query}`);
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data.list.filter((r) => mine.has(r.id));
    };
    const idsOf = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
    expect(idsOf(await byState(`state=${COUPON_HISTORY_STATE.unused}`))).toEqual([unused]);
    expect(idsOf(await byState(`state=${COUPON_HISTORY_STATE.used}`))).toEqual(sorted(used, endedUsed, stoppedUsed));
    expect(idsOf(await byState(`state=${COUPON_HISTORY_STATE.expired}`))).toEqual(sorted(marked, endedUnused));
    expect(idsOf(await byState(`state=${COUPON_HISTORY_STATE.stopped}`))).toEqual([stoppedUnused]);
    // With another filter, and each row answered with its state.
    const ofEnded = await byState(`couponId=${ended}&state=${COUPON_HISTORY_STATE.expired}`);
    expect(ofEnded.map((r) => [r.id, r.state])).toEqual([[endedUnused, COUPON_HISTORY_STATE.expired]]);
    const all = await byState('');
    expect(new Map(all.map((r) => [r.id, r.state]))).toEqual(new Map([
      [unused, COUPON_HISTORY_STATE.unused], [used, COUPON_HISTORY_STATE.used], [marked, COUPON_HISTORY_STATE.expired],
      [endedUnused, COUPON_HISTORY_STATE.expired], [endedUsed, COUPON_HISTORY_STATE.used],
      [stoppedUnused, COUPON_HISTORY_STATE.stopped], [stoppedUsed, COUPON_HISTORY_STATE.used],
    ]));
    expect((await marketing.get<Row>(`/couponHistory/${stoppedUnused}`)).body.data.state).toBe(COUPON_HISTORY_STATE.stopped);
    // mall's useStatus is the stored status, as before: 2 only where it was marked.
    expect(idsOf(await byState(`useStatus=${COUPON_USE_STATUS.expired}`))).toEqual([marked]);
    expect(idsOf(await byState(`useStatus=${COUPON_USE_STATUS.unused}`))).toEqual(sorted(unused, endedUnused, stoppedUnused));
    // A state no row can have is bad input.
    const bad = await marketing.get('/couponHistory/list?state=9');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ field: 'state', messageKey: 'invalid_value' });
  });
});
