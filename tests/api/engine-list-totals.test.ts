// Protects: a list's total is exact up to LIST_TOTAL_LIMITS.exactUpTo; past it the answer is marked (`totalExact: false`, `totalAtLeast`, `total` an estimate no lower than the bound) with the right page, `exactTotal=1` gives the exact number, and both follow writes; a seller's status tab pages right whether short or long; a long list in id order pages right whether its bounded walk finds the page or gives up. SQLite and PostgreSQL.
/**
 * A list's cost must not grow with the table. Past a bound, its total is counted only
 * up to the bound (./server/crud/list-read.ts); the screens then ask for the exact total with
 * `exactTotal=1`. The bound is lowered here (a million rows are the bench's, not a test's).
 */
import type { AnyKysely } from '../../server/db/index';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { LIST_CACHE_LIMITS, LIST_TOTAL_LIMITS, LIST_WALK_LIMITS } from '../../server/crud/list-cache';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { ApiRecord } from '../helpers/entity-bodies';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Answer = Page<ApiRecord> & { totalExact?: boolean; totalAtLeast?: number };

describe.each(testDialects())('list totals: exact up to a bound, then marked (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const saved = { exactUpTo: LIST_TOTAL_LIMITS.exactUpTo, idsPerEntry: LIST_CACHE_LIMITS.idsPerEntry };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await login(t.app, DEMO.admin);
    const db = t.db as unknown as AnyKysely;
    const row = (name: string, sort: number) => ({
      name, type: 0, pic: '/uploads/a.png', start_time: '2030-01-01T00:00:00.000Z', end_time: '2030-02-01T00:00:00.000Z',
      status: 1, click_count: 0, order_count: 0, url: 'https://example.com', note: null, sort,
    });
    await db.insertInto('sms_home_advertise').values([
      ...Array.from({ length: 8 }, (_, n) => row(`longlist ${n}`, n)),
      ...Array.from({ length: 2 }, (_, n) => row(`shortlist ${n}`, n)),
    ]).execute();
  });
  afterAll(async () => { await t?.close(); });
  beforeEach(() => {
    LIST_TOTAL_LIMITS.exactUpTo = 3;
    LIST_CACHE_LIMITS.idsPerEntry = 2;
  });
  afterEach(() => {
    LIST_TOTAL_LIMITS.exactUpTo = saved.exactUpTo;
    LIST_CACHE_LIMITS.idsPerEntry = saved.idsPerEntry;
  });

  const list = async (query: string): Promise<Answer> => {
    const answer = await call<Answer>(t.app, 'GET', `/api/home/advertise/list?${query}`, { token });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };

  it('answers a short list exactly, with no mark', async () => {
    const page = await list('name=shortlist&pageSize=10&sort=sort&order=desc');
    expect(page.total).toBe(2);
    expect(page).not.toHaveProperty('totalExact');
    expect(page).not.toHaveProperty('totalAtLeast');
    expect(page.list.map((r) => r.name)).toEqual(['shortlist 1', 'shortlist 0']);
  });

  it('marks a long list\'s total as a bound, with the right pages, and gives the exact total when asked', async () => {
    const first = await list('name=longlist&pageSize=3&sort=sort&order=desc');
    expect(first.totalExact).toBe(false);
    expect(first.totalAtLeast).toBe(4);
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(first.totalPage).toBe(Math.ceil(first.total / 3));
    expect(first.list.map((r) => r.name)).toEqual(['longlist 7', 'longlist 6', 'longlist 5']);
    // A page past the bound is still the list's: the walk, not the bound, decides where it ends.
    expect((await list('name=longlist&pageSize=3&pageNum=3&sort=sort&order=desc')).list.map((r) => r.name)).toEqual(['longlist 1', 'longlist 0']);
    expect((await list('name=longlist&pageSize=3&pageNum=4&sort=sort&order=desc')).list).toEqual([]);

    const exact = await list('name=longlist&pageSize=3&sort=sort&order=desc&exactTotal=1');
    expect(exact.total).toBe(8);
    expect(exact.totalPage).toBe(3);
    expect(exact).not.toHaveProperty('totalExact');
    expect(exact.list.map((r) => r.name)).toEqual(['longlist 7', 'longlist 6', 'longlist 5']);
  });

  it('follows writes: the exact total after a create, and a list shrunk under the bound is exact again', async () => {
    const created = await call<ApiRecord>(t.app, 'POST', '/api/home/advertise/create', { token, body: {
      name: 'longlist new', type: 0, pic: '/uploads/a.png', url: 'https://example.com', sort: 100,
      startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-02-01T00:00:00.000Z',
    } });
    expect(created.status, created.raw).toBe(200);
    expect((await list('name=longlist&pageSize=3&sort=sort&order=desc&exactTotal=1')).total).toBe(9);
    expect((await list('name=longlist&pageSize=3&sort=sort&order=desc')).list[0]!.name).toBe('longlist new');
    LIST_TOTAL_LIMITS.exactUpTo = 20;
    const whole = await list('name=longlist&pageSize=3&sort=sort&order=desc');
    expect(whole.total).toBe(9);
    expect(whole).not.toHaveProperty('totalExact');
  });

  it('keeps "more than" only while it holds: rows deleted outside the engine make a long list exact again', async () => {
    const db = t.db as unknown as AnyKysely;
    await db.insertInto('sms_home_advertise').values(Array.from({ length: 9 }, (_, n) => ({
      name: `holdlist ${n}`, type: 0, pic: '/uploads/a.png', start_time: '2030-01-01T00:00:00.000Z', end_time: '2030-02-01T00:00:00.000Z',
      status: 1, click_count: 0, order_count: 0, url: 'https://example.com', note: null, sort: n,
    }))).execute();
    expect((await list('name=holdlist&pageSize=3&sort=sort&order=desc')).totalExact).toBe(false);
    // One row gone: still more than 3 (8 left), whether counted again or not.
    await db.deleteFrom('sms_home_advertise').where('name', '=', 'holdlist 0').execute();
    const eight = await list('name=holdlist&pageSize=3&sort=sort&order=desc');
    expect(eight.totalExact).toBe(false);
    expect(eight.list.map((r) => r.name)).toEqual(['holdlist 8', 'holdlist 7', 'holdlist 6']);
    // Six more in one statement: 2 left, which the answer must say exactly.
    await db.deleteFrom('sms_home_advertise').where('name', 'in', [1, 2, 3, 4, 5, 6].map((n) => `holdlist ${n}`)).execute();
    const two = await list('name=holdlist&pageSize=3&sort=sort&order=desc');
    expect(two.total).toBe(2);
    expect(two).not.toHaveProperty('totalExact');
    expect(two.list.map((r) => r.name)).toEqual(['holdlist 8', 'holdlist 7']);
  });

  it('pages a seller\'s status tabs right whether its shops hold few or many of the status', async () => {
    // A seller's counted tab reads its total from the kept counts, then sorts its few rows (short:
    // at most the bound) or walks the id index (long); both must give the rows a direct read gives.
    LIST_TOTAL_LIMITS.exactUpTo = 1;
    const seller = await login(t.app, DEMO.seller);
    const shops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username));
    const db = t.db as unknown as AnyKysely;
    const totals = new Set<string>();
    for (const status of [0, 1, 2, 3, 4, 5]) {
      const ids = (await db.selectFrom('oms_order').select('id').where('shop_id', 'in', shops).where('delete_status', '=', 0)
        .where('status', '=', status).orderBy('id', 'desc').execute()).map((r) => Number(r.id));
      totals.add(ids.length > LIST_TOTAL_LIMITS.exactUpTo ? 'long' : 'short');
      for (const page of [1, 2, 3]) {
        const answer = await call<Answer>(t.app, 'GET', `/api/order/list?status=${status}&pageSize=2&pageNum=${page}`, { token: seller });
        expect(answer.status, answer.raw).toBe(200);
        expect(answer.body.data.total).toBe(ids.length);
        expect(answer.body.data.list.map((r) => r.id)).toEqual(ids.slice((page - 1) * 2, page * 2));
      }
    }
    // Both ways were taken (the demo seller's orders are not all of one size).
    expect([...totals].sort()).toEqual(['long', 'short']);
  });

  it('pages a long list in id order right whether its walk finds the page or gives up', async () => {
    // SQLite reads such a page by walking the id order, bounded (list-read.ts `walkedPage`); past
    // the bound it reads the filter's rows the usual way. Both must give a direct read's rows.
    // Counted to at most 7 (twice the bound, 3, plus one): the pages of one row up to that count are known to exist and walked.
    LIST_TOTAL_LIMITS.exactUpTo = 3;
    const admin = await login(t.app, DEMO.admin);
    const db = t.db as unknown as AnyKysely;
    const saved = { ...LIST_WALK_LIMITS };
    let checked = 0;
    try {
      for (const [perRow, slack] of [[20, 2000], [0, 1]] as const) {
        Object.assign(LIST_WALK_LIMITS, { perRow, slack });
        for (const sourceType of [0, 1]) {
          const ids = (await db.selectFrom('oms_order').select('id').where('delete_status', '=', 0).where('source_type', '=', sourceType)
            .orderBy('id', 'desc').execute()).map((r) => Number(r.id));
          if (ids.length <= 4) continue;
          for (const page of [1, 2, 3, 4, 5]) {
            const answer = await call<Answer>(t.app, 'GET', `/api/order/list?sourceType=${sourceType}&pageSize=1&pageNum=${page}`, { token: admin });
            expect(answer.status, answer.raw).toBe(200);
            expect(answer.body.data.totalExact).toBe(false);
            expect(answer.body.data.list.map((r) => r.id), `${perRow} ${sourceType} ${page}`).toEqual(ids.slice(page - 1, page));
            checked += 1;
          }
        }
      }
    } finally {
      Object.assign(LIST_WALK_LIMITS, saved);
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('refuses a bad exactTotal', async () => {
    const answer = await call(t.app, 'GET', '/api/home/advertise/list?exactTotal=maybe', { token });
    expect(answer.status).toBe(400);
  });
});
