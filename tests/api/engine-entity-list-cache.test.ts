// Protects: SQLite list answers stay exact under the list-order cache: any change, by any connection, shows in the very next list.
/**
 * List answers are exact even though SQLite lists keep their ordered ids between requests
 * (server/crud/list-cache.ts): a change made anywhere, through the API, by raw SQL on the
 * server's own connection, or by another connection (a second process, a CLI), shows in the
 * very next list answer, totals and order included. Runs on PostgreSQL too, where nothing is
 * cached, so both dialects answer the same. If this fails, lists can show stale data.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { LIST_CACHE_LIMITS } from '../../server/crud/list-cache';
import { createDb } from '../../server/db/index';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { ApiRecord } from '../helpers/entity-bodies';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

describe.each(testDialects())('list answers follow every change at once (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  /** A second connection to the same database, as another process would have. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- declared tables are not in the static Database type
  let other: Kysely<any>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await login(t.app, DEMO.admin);
    other = createDb({ database: t.config.database });
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.close();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see `other`
  const own = () => t.db as unknown as Kysely<any>;
  const row = (name: string, sort: number) => ({
    name, type: 0, pic: '/uploads/a.png', start_time: '2030-01-01T00:00:00.000Z', end_time: '2030-02-01T00:00:00.000Z',
    status: 1, click_count: 0, order_count: 0, url: 'https://example.com', note: null, sort,
  });
  const list = async (query: string) => {
    const answer = await call<Page<ApiRecord>>(t.app, 'GET', `/api/home/advertise/list?${query}`, { token });
    expect(answer.status, answer.raw).toBe(200);
    return { total: answer.body.data.total, names: answer.body.data.list.map((r) => r.name) };
  };

  it('sees API writes, raw writes on the same connection and writes from another connection, with totals and order', async () => {
    const query = 'name=cacheprobe&pageSize=10&sort=sort&order=desc';
    const created = await call<ApiRecord>(t.app, 'POST', '/api/home/advertise/create', { token, body: {
      name: 'cacheprobe api', type: 0, pic: '/uploads/a.png', url: 'https://example.com', sort: 5,
      startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-02-01T00:00:00.000Z',
    } });
    expect(created.status).toBe(200);
    expect(await list(query)).toEqual({ total: 1, names: ['cacheprobe api'] });
    // Asked twice: the second answer may come from the cache, and must be the same.
    expect(await list(query)).toEqual({ total: 1, names: ['cacheprobe api'] });

    await other.insertInto('sms_home_advertise').values(row('cacheprobe other', 9)).execute();
    expect(await list(query)).toEqual({ total: 2, names: ['cacheprobe other', 'cacheprobe api'] });

    await own().insertInto('sms_home_advertise').values(row('cacheprobe raw', 1)).execute();
    expect(await list(query)).toEqual({ total: 3, names: ['cacheprobe other', 'cacheprobe api', 'cacheprobe raw'] });

    // An update that only reorders, from the other connection.
    await other.updateTable('sms_home_advertise').set({ sort: 99 }).where('name', '=', 'cacheprobe raw').execute();
    expect(await list(query)).toEqual({ total: 3, names: ['cacheprobe raw', 'cacheprobe other', 'cacheprobe api'] });

    // Paging walks the same order: the last page has what the first one did not.
    expect(await list('name=cacheprobe&pageSize=2&pageNum=2&sort=sort&order=desc')).toEqual({ total: 3, names: ['cacheprobe api'] });

    await other.deleteFrom('sms_home_advertise').where('name', '=', 'cacheprobe other').execute();
    expect(await list(query)).toEqual({ total: 2, names: ['cacheprobe raw', 'cacheprobe api'] });

    // A write that is rolled back changes nothing that lists show.
    await expect(own().transaction().execute(async (trx) => {
      await trx.insertInto('sms_home_advertise').values(row('cacheprobe rolled back', 50)).execute();
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await list(query)).toEqual({ total: 2, names: ['cacheprobe raw', 'cacheprobe api'] });
  });

  it('two tables asked the same list query (no filter, sort desc) each answer their own rows', async () => {
    for (const name of ['Same Query One', 'Same Query Two', 'Same Query Three']) {
      expect((await call(t.app, 'POST', '/api/brand/create', { token, body: { name, logo: '/uploads/l.png' } })).status).toBe(200);
    }
    expect((await call(t.app, 'POST', '/api/returnReason/create', { token, body: { name: 'Same Query Reason' } })).status).toBe(200);
    const expected = async (table: string) =>
      (await own().selectFrom(table).select('id').orderBy('sort', 'desc').orderBy('id', 'desc').execute()).map((r) => Number(r.id));
    for (let round = 0; round < 2; round += 1) {
      const brands = await call<Page<ApiRecord>>(t.app, 'GET', '/api/brand/list?pageSize=200', { token });
      const reasons = await call<Page<ApiRecord>>(t.app, 'GET', '/api/returnReason/list?pageSize=200', { token });
      expect(brands.body.data.list.map((r) => r.id)).toEqual(await expected('pms_brand'));
      expect(reasons.body.data.list.map((r) => r.id)).toEqual(await expected('oms_order_return_reason'));
      expect(brands.body.data.total).not.toBe(reasons.body.data.total);
    }
  });

  it('a list too long to keep still pages exactly, deep pages included', async () => {
    // The limit lowered for this test (it is read at every list): 10,001 rows stand for a million.
    const kept = LIST_CACHE_LIMITS.idsPerEntry;
    LIST_CACHE_LIMITS.idsPerEntry = 10_000;
    try {
      const count = 10_001;
      await own().transaction().execute(async (trx) => {
        for (let start = 0; start < count; start += 1000) {
          const rows = [];
          for (let i = start; i < Math.min(start + 1000, count); i += 1) rows.push({ ...row(`bulkrow ${i}`, (i * 7919) % 1000), status: 0 });
          await trx.insertInto('sms_home_advertise').values(rows).execute();
        }
      });
      const expected = async (offset: number) => (await own().selectFrom('sms_home_advertise').select('name').where('name', 'like', 'bulkrow%')
        .orderBy('sort', 'desc').orderBy('id', 'desc').limit(10).offset(offset).execute()).map((r) => r.name);
      for (const pageNum of [1, 500, 1001]) {
        const answer = await list(`name=bulkrow&status=0&sort=sort&order=desc&pageSize=10&pageNum=${pageNum}`);
        expect(answer.total).toBe(count);
        expect(answer.names, `page ${pageNum}`).toEqual(await expected((pageNum - 1) * 10));
      }
      // A write still shows: one row fewer, on the uncached path too.
      await other.deleteFrom('sms_home_advertise').where('name', '=', 'bulkrow 0').execute();
      expect((await list('name=bulkrow&status=0&sort=sort&order=desc&pageSize=10&pageNum=1')).total).toBe(count - 1);
      // Short enough again: kept again, and still exact (the first answer counts, the next one reads the kept ids).
      await other.deleteFrom('sms_home_advertise').where('name', '=', 'bulkrow 1').execute();
      for (let round = 0; round < 2; round += 1) {
        const answer = await list('name=bulkrow&status=0&sort=sort&order=desc&pageSize=10&pageNum=500');
        expect(answer.total).toBe(count - 2);
        expect(answer.names).toEqual(await expected(4990));
      }
    } finally {
      LIST_CACHE_LIMITS.idsPerEntry = kept;
    }
  }, 60_000);

  it('different filters, sorts and searches of one table are answered separately', async () => {
    await own().insertInto('sms_home_advertise').values([row('separate one', 1), { ...row('separate two', 2), status: 0 }]).execute();
    expect(await list('name=separate&status=1')).toMatchObject({ total: 1, names: ['separate one'] });
    expect(await list('name=separate&status=0')).toMatchObject({ total: 1, names: ['separate two'] });
    expect(await list('name=separate&sort=sort&order=asc')).toMatchObject({ total: 2, names: ['separate one', 'separate two'] });
    expect(await list('name=separate&sort=sort&order=desc')).toMatchObject({ total: 2, names: ['separate two', 'separate one'] });
  });
});

