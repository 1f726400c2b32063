// Protects: coupons and coupon history on SQLite and PostgreSQL: mall's shapes (`GET /coupon/{id}` relation rows with couponId null and the picks' names, [] when empty), lenient bodies (numeric strings, posted-back ids and server-managed counts ignored: the remaining count is the total less what was received, never the body's), every bad-input rule refused on its field with nothing changed, the list filters and counts, the history list's filters, a coupon members hold refused on delete, and who may call them.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COUPON_USE_STATUS, COUPON_USE_TYPE } from '../../src/schema/sms/coupon';
import type { AnyKysely } from '../../server/db/index';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { apiSuite } from '../helpers/api-suite';
import { entityByName } from '../helpers/entity-bodies';
import { testDialects } from '../helpers/test-db';

type Relation = Record<string, unknown> & { id: number; couponId: null };
type Coupon = {
  id: number; name: string; type: number; amount: number; minPoint: number; publishCount: number; count: number;
  receiveCount: number; useCount: number; perLimit: number; useType: number; startTime: string; endTime: string;
  productRelationList: Relation[]; productCategoryRelationList: Relation[];
};
type Page<T> = { total: number; list: T[] };
type History = { id: number; couponId: number; couponName: string; memberId: number; memberUsername: string; useStatus: number; orderSn: string | null };

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2030, 5, 1) + days * DAY).toISOString();

describe.each(testDialects())('coupons (%s)', (dialect) => {
  const s = apiSuite(dialect);
  const db = () => s.db as unknown as AnyKysely;
  let serial = 0;
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const body = (extra: Record<string, unknown> = {}) => {
    serial += 1;
    return { name: `Coupon ${dialect} ${serial}`, type: 0, platform: 0, amount: 10, minPoint: 0, publishCount: 100, perLimit: 1,
      startTime: at(0), endTime: at(30), useType: COUPON_USE_TYPE.all, note: 'test', ...extra };
  };
  const create = async (extra: Record<string, unknown> = {}): Promise<Coupon> => {
    const answer = await s.post<Coupon>('/api/coupon/create', body(extra));
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const read = async (id: number): Promise<Coupon> => (await s.get<Coupon>(`/api/coupon/${id}`)).body.data;
  const snapshot = async () => Object.fromEntries(await Promise.all(
    ['sms_coupon', 'sms_coupon_product_relation', 'sms_coupon_product_category_relation', 'sms_coupon_history']
      .map(async (table) => [table, await db().selectFrom(table).selectAll().orderBy('id').execute()] as const)));
  /** A top category with a sub-category, and a product in it. */
  const catalog = async () => {
    serial += 1;
    const names = { top: `Top ${dialect} ${serial}`, sub: `Sub ${dialect} ${serial}` };
    const top = (await s.post<{ id: number }>('/api/productCategory/create', { name: names.top, parentId: 0 })).body.data.id;
    const sub = (await s.post<{ id: number }>('/api/productCategory/create', { name: names.sub, parentId: top })).body.data.id;
    const product = await s.fx.create(entityByName('product'), serial, { productCategoryId: sub });
    return { top, sub, product, names };
  };
  const history = async (couponId: number, memberId: number, extra: Record<string, unknown> = {}) => {
    const { id } = await db().insertInto('sms_coupon_history').values({
      coupon_id: couponId, member_id: memberId, member_nickname: 'Lily', coupon_code: `X${serial}`, get_type: 1,
      create_time: toDbTime(), use_status: COUPON_USE_STATUS.unused, use_time: null, order_id: null, order_sn: null, ...extra,
    }).returning('id').executeTakeFirstOrThrow();
    // As the storefront would: one more received.
    await db().updateTable('sms_coupon').set({ receive_count: sql`receive_count + 1` }).where('id', '=', couponId).execute();
    return Number(id);
  };
  const anyMember = async () => Number((await db().selectFrom('ums_member').select('id').orderBy('id').executeTakeFirstOrThrow()).id);

  it('answers a category coupon as mall does: its relation rows with couponId null and the names of the picks, [] for the other scope', async () => {
    const { top, sub, names } = await catalog();
    const coupon = await create({ useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [{ productCategoryId: sub }, top] });
    const read1 = await read(coupon.id);
    expect(read1.productCategoryRelationList).toEqual([
      { id: expect.any(Number), couponId: null, productCategoryId: sub, productCategoryName: names.sub, parentCategoryName: names.top },
      { id: expect.any(Number), couponId: null, productCategoryId: top, productCategoryName: names.top, parentCategoryName: null },
    ]);
    expect(read1.productRelationList).toEqual([]);
    expect(read1).toMatchObject({ publishCount: 100, count: 100, receiveCount: 0, useCount: 0 });
    // mall's form posts the record back as read: it keeps its picks.
    expect((await s.post(`/api/coupon/update/${coupon.id}`, read1)).status).toBe(200);
    expect((await read(coupon.id)).productCategoryRelationList.map((r) => r.productCategoryId)).toEqual([sub, top]);
  });

  it('answers a product coupon with each product name and SN', async () => {
    const { product } = await catalog();
    const coupon = await create({ useType: COUPON_USE_TYPE.products, productRelationList: [{ productId: product.id, productName: 'ignored', productSn: 'x' }] });
    expect((await read(coupon.id)).productRelationList).toEqual([
      { id: expect.any(Number), couponId: null, productId: product.id, productName: product.name, productSn: product.productSn },
    ]);
  });

  it('takes numeric strings, ignores posted-back ids and counts, and keeps the remaining count as the total less what was received', async () => {
    const answer = await s.post<Coupon>('/api/coupon/create', {
      ...body(), id: 999_999, amount: '12.50', publishCount: '20', perLimit: '2', count: 5000, useCount: 7, receiveCount: 9,
    });
    expect(answer.status, answer.raw).toBe(200);
    const coupon = answer.body.data;
    expect(coupon).toMatchObject({ amount: 12.5, publishCount: 20, perLimit: 2, count: 20, useCount: 0, receiveCount: 0 });
    expect(coupon.id).not.toBe(999_999);
    await history(coupon.id, await anyMember());
    await history(coupon.id, await anyMember());
    // mall's update writes the body's counts: here they stay the server's.
    expect((await s.post(`/api/coupon/update/${coupon.id}`, { ...coupon, publishCount: 30, count: 1, receiveCount: 0, useCount: 3 })).status).toBe(200);
    expect(await read(coupon.id)).toMatchObject({ publishCount: 30, count: 28, receiveCount: 2, useCount: 0 });
    // Fewer than were received cannot have been issued.
    await unchangedAfter(async () => {
      expect(fields(await s.post(`/api/coupon/update/${coupon.id}`, { publishCount: 1, perLimit: 1 }))).toEqual(['publishCount:too_small']);
    });
  });

  const unchangedAfter = async (work: () => Promise<void>) => {
    const before = await snapshot();
    await work();
    expect(await snapshot()).toEqual(before);
  };

  it('refuses each bad input on its field, in both languages, and changes nothing', async () => {
    const coupon = await create({ amount: 20, minPoint: 100 });
    const limited = await create({ publishCount: 50, perLimit: 5 });
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount:too_small'],
      [{ amount: -5 }, 'amount:too_small'],
      [{ amount: 10.005 }, 'amount:invalid_format'],
      [{ minPoint: 99.999 }, 'minPoint:invalid_format'],
      [{ amount: 20, minPoint: 5 }, 'minPoint:min_point_below_amount'],
      // One of the pair sent: checked against the other as stored (update) or defaulted (create: amount 10, total 100).
      [{ minPoint: 5 }, 'minPoint:min_point_below_amount'],
      [{ publishCount: 10, perLimit: 11 }, 'perLimit:per_limit_over_count'],
      [{ perLimit: 101 }, 'perLimit:per_limit_over_count'],
      [{ amount: '10.005' }, 'amount:invalid_format'],
      [{ useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [] }, 'productCategoryRelationList:coupon_choose_categories'],
      [{ useType: COUPON_USE_TYPE.products, productRelationList: [] }, 'productRelationList:coupon_choose_products'],
      [{ useType: COUPON_USE_TYPE.products }, 'productRelationList:coupon_choose_products'],
      [{ startTime: at(10), endTime: at(5) }, 'endTime:expire_before_start'],
      [{ productRelationList: [2_000_000_000] }, 'productRelationList:promotion_product_not_shop'],
    ];
    await unchangedAfter(async () => {
      for (const [extra, expected] of cases) {
        expect(fields(await s.post('/api/coupon/create', body(extra))), JSON.stringify(extra)).toEqual([expected]);
        expect(fields(await s.post(`/api/coupon/update/${coupon.id}`, extra)), `update ${JSON.stringify(extra)}`).toEqual([expected]);
      }
      // An amount raised past the stored minimum spend (100) leaves a threshold below the amount: refused on the threshold.
      expect(fields(await s.post(`/api/coupon/update/${coupon.id}`, { amount: 150 }))).toEqual(['minPoint:min_point_below_amount']);
      // A total lowered below the stored per-member limit.
      expect(fields(await s.post(`/api/coupon/update/${limited.id}`, { publishCount: 4 }))).toEqual(['perLimit:per_limit_over_count']);
    });
    // The same refusal reads in Chinese for a Chinese admin (the key is translated by the screens; the server names it).
    const zh = await import('../../src/i18n/errors');
    for (const key of ['min_point_below_amount', 'per_limit_over_count', 'coupon_choose_categories', 'coupon_choose_products', 'coupon_has_history'] as const) {
      expect(zh.errorsZh[key]).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('lists with mall\'s filters (name LIKE, type) and answers the remaining and used counts', async () => {
    const a = await create({ name: `Zebra sale ${dialect}`, type: 2 });
    const b = await create({ name: `zebra gift ${dialect}`, type: 3 });
    const byName = (await s.get<Page<Coupon>>(`/api/coupon/list?name=ZEBRA&pageSize=50`)).body.data;
    expect(byName.list.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    const byType = (await s.get<Page<Coupon>>(`/api/coupon/list?name=zebra&type=3`)).body.data;
    expect(byType.list.map((c) => c.id)).toEqual([b.id]);
    expect(byType.list[0]).toMatchObject({ count: 100, useCount: 0, publishCount: 100 });
  });

  it('lists a coupon\'s history by coupon, member, get type, use status and exact order number, naming coupon and member', async () => {
    const coupon = await create();
    const member = await anyMember();
    const unused = await history(coupon.id, member);
    const used = await history(coupon.id, member, { use_status: COUPON_USE_STATUS.used, order_sn: `SN${dialect}42`, order_id: 1, use_time: toDbTime() });
    const list = async (query: string) => (await s.get<Page<History>>(`/api/couponHistory/list?${query}`)).body.data.list;
    expect((await list(`couponId=${coupon.id}`)).map((h) => h.id).sort()).toEqual([unused, used].sort());
    expect((await list(`couponId=${coupon.id}&useStatus=${COUPON_USE_STATUS.used}`)).map((h) => h.id)).toEqual([used]);
    expect((await list(`orderSn=SN${dialect}42`)).map((h) => h.id)).toEqual([used]);
    expect(await list(`orderSn=SN${dialect}4`)).toEqual([]);
    // By member and by how it was got (gifted 0, claimed 1), with the use status.
    expect((await list(`couponId=${coupon.id}&memberId=${member}`)).map((h) => h.id).sort()).toEqual([unused, used].sort());
    expect(await list(`couponId=${coupon.id}&memberId=${member + 100_000}`)).toEqual([]);
    const gotAs = (await s.db.selectFrom('sms_coupon_history').select('get_type').where('id', '=', unused).executeTakeFirstOrThrow()).get_type;
    expect((await list(`couponId=${coupon.id}&getType=${gotAs}&useStatus=${COUPON_USE_STATUS.unused}&memberId=${member}`)).map((h) => h.id)).toEqual([unused]);
    const [row] = await list(`couponId=${coupon.id}&useStatus=${COUPON_USE_STATUS.used}`);
    expect(row).toMatchObject({ couponId: coupon.id, couponName: coupon.name, memberId: member, memberUsername: expect.any(String) });
    // History is written by members, never through this API.
    expect((await s.post('/api/couponHistory/create', { couponId: coupon.id })).status).toBe(404);
  });

  it('refuses to delete a coupon members hold; deletes one nobody holds with its picks', async () => {
    const { sub, product } = await catalog();
    const held = await create({ useType: COUPON_USE_TYPE.categories, productCategoryRelationList: [sub] });
    await history(held.id, await anyMember());
    await unchangedAfter(async () => {
      const answer = await s.post(`/api/coupon/delete/${held.id}`);
      expect(answer.status).toBe(409);
      expect(answer.body.messageKey).toBe('coupon_has_history');
    });
    const free = await create({ useType: COUPON_USE_TYPE.products, productRelationList: [product.id] });
    expect((await s.post(`/api/coupon/delete/${free.id}`)).body).toMatchObject({ code: 200, data: 1 });
    expect(await db().selectFrom('sms_coupon_product_relation').selectAll().where('coupon_id', '=', free.id).execute()).toEqual([]);
  });

  it('the order admin is refused; a seller holds its own shops\' coupons but not the members\' history (tests/api/sms-promo-shops.test.ts)', async () => {
    const order = await login(s.app, DEMO.orderAdmin);
    for (const url of ['/api/coupon/list', '/api/couponHistory/list']) {
      expect((await call(s.app, 'GET', url, { token: order })).body.code, url).toBe(403);
    }
    expect((await call(s.app, 'POST', '/api/coupon/create', { token: order, body: body() })).body.code).toBe(403);
    const seller = await login(s.app, DEMO.seller);
    expect((await call(s.app, 'GET', '/api/couponHistory/list', { token: seller })).body.code).toBe(403);
    expect((await call(s.app, 'GET', '/api/coupon/list', { token: seller })).body.code).toBe(200);
  });
});
