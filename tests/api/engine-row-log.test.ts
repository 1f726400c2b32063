// Protects: a kept list of a table declared `rowLog` catches up on the rows written since it was kept (server/db/row-log.ts, server/crud/list-cache.ts `catchUp`) and answers exactly what a direct read of the table answers — keyword (trigram index), status filter, recycle bin, another order — through random creates, updates, soft deletes, restores, purges, batch deletes and writes outside the engine on the server's connection and on another one; a list kept from before the log was pruned is read again; SQLite's log place is not read inside an open transaction. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import type { AnyKysely } from '../../server/db/index';
import { sqliteHandleOf } from '../../server/db/index';
import { ROW_LOG_KEEP, ROW_LOG_PRUNE_EVERY } from '../../server/db/row-log';
import { listCacheStats, rowLogPlace } from '../../server/crud/list-cache';
import { call } from '../helpers/api';
import { seededRandom } from '../helpers/random';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';
import { fxFeed } from '../fixtures/row-log';

/** A failure names its seed (ROW_LOG_SEED=<seed> replays it). */
const SEED = Number(process.env.ROW_LOG_SEED ?? Math.floor(Math.random() * 2 ** 31));

type Feed = { id: number; title: string; note: string | null; status: number; rank: number; bin: boolean };
type Page = { list: { id: number }[]; total: number };

/** The lists read while the table is written (each is kept after its first read). */
const QUERIES = ['pageSize=10', 'keyword=abc&pageSize=10', 'keyword=ab&pageSize=10', 'keyword=xyz&status=1&pageSize=10', 'status=2&pageSize=10',
  'keyword=cab&deleteStatus=1&pageSize=10', 'sort=rank&order=asc&pageSize=10', 'pageNum=2&pageSize=5'];

describe.each(testDialects())('kept lists catch up on the row log (%s)', (dialect) => {
  let fx: EngineFixture;
  let other: Awaited<ReturnType<EngineFixture['second']>>;
  const random = seededRandom(SEED + (dialect === 'postgres' ? 1 : 0));
  const context = `seed ${SEED}`;
  const text = (min: number, max: number) => Array.from({ length: min + random.int(max - min + 1) }, () => random.pick([...'abcxyz '])).join('');

  beforeAll(async () => {
    fx = await engineFixture(dialect, [fxFeed as unknown as Entity]);
    other = await fx.second();
  });
  afterAll(async () => {
    await other?.close();
    await fx?.close();
  });

  const rows = async (db: AnyKysely = fx.db): Promise<Feed[]> => (await db.selectFrom('fx_feed').selectAll().orderBy('id').execute()).map((r) => ({
    id: Number(r.id), title: String(r.title), note: r.note === null ? null : String(r.note), status: Number(r.status), rank: Number(r.rank ?? 0),
    bin: Number(r.delete_status) === 1,
  }));

  /** What the list answers, read straight from the table: the same filters, order and page. */
  const expected = async (query: string): Promise<{ ids: number[]; total: number }> => {
    const params = new URLSearchParams(query);
    const keyword = params.get('keyword');
    const status = params.get('status');
    const bin = params.get('deleteStatus') === '1';
    const matches = (await rows()).filter((r) => r.bin === bin && (status === null || r.status === Number(status))
      && (keyword === null || [r.title, r.note].some((t) => t !== null && t.toLowerCase().includes(keyword))));
    const sorted = params.get('sort') === 'rank' ? matches.sort((a, b) => a.rank - b.rank || a.id - b.id) : matches.sort((a, b) => b.id - a.id);
    const size = Number(params.get('pageSize') ?? 10);
    const start = (Number(params.get('pageNum') ?? 1) - 1) * size;
    return { ids: sorted.slice(start, start + size).map((r) => r.id), total: matches.length };
  };

  const listed = async (query: string): Promise<{ ids: number[]; total: number }> => {
    const answer = await call<Page>(fx.app, 'GET', `/fxFeed/list?${query}`);
    expect(answer.status, `${context}: ${answer.raw}`).toBe(200);
    return { ids: answer.body.data.list.map((r) => r.id), total: answer.body.data.total };
  };

  const check = async (query: string, step: string) => {
    expect(await listed(query), `${context}, ${step}: ${query}`).toEqual(await expected(query));
  };

  const body = () => ({ title: text(2, 10) || 'a', note: random.int(3) ? text(0, 8) : null, status: random.int(3), rank: random.int(50) });

  /** One random write: through the engine, or by SQL on the server's connection or another one. */
  const write = async (): Promise<string> => {
    const all = await rows();
    const live = all.filter((r) => !r.bin);
    const binned = all.filter((r) => r.bin);
    const kind = random.int(9);
    const db = random.int(2) ? fx.db : other.db;
    if (kind <= 1 || live.length < 5) {
      const answer = await call(fx.app, 'POST', '/fxFeed/create', { body: body() });
      expect(answer.status, answer.raw).toBe(200);
      return 'create';
    }
    if (kind === 2) {
      const id = random.pick(live).id;
      expect((await call(fx.app, 'POST', `/fxFeed/update/${id}`, { body: body() })).status).toBe(200);
      return `update ${id}`;
    }
    if (kind === 3) {
      const id = random.pick(live).id;
      expect((await call(fx.app, 'POST', `/fxFeed/delete/${id}`)).status).toBe(200);
      return `soft delete ${id}`;
    }
    if (kind === 4 && binned.length) {
      const ids = [...new Set([random.pick(binned).id, random.pick(binned).id])];
      expect((await call(fx.app, 'POST', `/fxFeed/${random.int(2) ? 'restore' : 'purge'}?ids=${ids.join(',')}`)).status).toBe(200);
      return `restore or purge ${ids.join(',')}`;
    }
    if (kind === 5) {
      const ids = [...new Set([random.pick(live).id, random.pick(live).id, random.pick(live).id])];
      expect((await call(fx.app, 'POST', `/fxFeed/delete?ids=${ids.join(',')}`)).status).toBe(200);
      return `batch delete ${ids.join(',')}`;
    }
    if (kind === 6) {
      await db.insertInto('fx_feed').values({ ...body(), delete_status: 0 }).execute();
      return 'raw insert';
    }
    if (kind === 7) {
      // Several rows in one statement, a searched column among them.
      const ids = [random.pick(all).id, random.pick(all).id];
      await db.updateTable('fx_feed').set({ title: text(2, 8) || 'b', status: random.int(3) }).where('id', 'in', ids).execute();
      return `raw update ${ids.join(',')}`;
    }
    const id = random.pick(all).id;
    await db.deleteFrom('fx_feed').where('id', '=', id).execute();
    return `raw delete ${id}`;
  };

  it('answers every kept list exactly after each random write, by catching up', async () => {
    for (let n = 0; n < 30; n += 1) await write();
    const before = listCacheStats(fx.db).caughtUp;
    for (let step = 0; step < 150; step += 1) {
      const what = await write();
      for (const query of [random.pick(QUERIES), random.pick(QUERIES)]) await check(query, `step ${step} after ${what}`);
    }
    for (const query of QUERIES) await check(query, 'at the end');
    // The lists were brought up to date, not only read again (the test would pass on refills alone).
    expect(listCacheStats(fx.db).caughtUp - before, context).toBeGreaterThan(50);
  });

  it('several writes in one transaction, and a rolled-back one, show exactly', async () => {
    for (const query of QUERIES) await check(query, 'before');
    const ids = (await rows()).filter((r) => !r.bin).slice(0, 3).map((r) => r.id);
    await other.db.transaction().execute(async (trx) => {
      await trx.insertInto('fx_feed').values({ title: 'abc in one go', note: null, status: 1, rank: 3, delete_status: 0 }).execute();
      await trx.updateTable('fx_feed').set({ title: 'xyz abc' }).where('id', '=', ids[0]!).execute();
      await trx.deleteFrom('fx_feed').where('id', '=', ids[1]!).execute();
    });
    for (const query of QUERIES) await check(query, 'after a transaction');
    await expect(fx.db.transaction().execute(async (trx) => {
      await trx.insertInto('fx_feed').values({ title: 'abc rolled back', note: null, status: 1, rank: 1, delete_status: 0 }).execute();
      await trx.deleteFrom('fx_feed').where('id', '=', ids[2]!).execute();
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    await fx.db.insertInto('fx_feed').values({ title: 'abc after the rollback', note: null, status: 1, rank: 1, delete_status: 0 }).execute();
    for (const query of QUERIES) await check(query, 'after a rollback and a write');
  });

  it('reads a list again when the log was pruned past the place it was kept at', async () => {
    const query = 'keyword=abc&pageSize=10';
    await check(query, 'kept');
    await check(query, 'kept, read again');
    await fx.db.insertInto('fx_feed').values({ title: 'abc first', note: null, status: 0, rank: 0, delete_status: 0 }).execute();
    // Move the log's numbering on so that the next write lands on a pruning place past the first write's entry.
    const first = dialect === 'postgres'
      ? Number((await fx.db.selectFrom('sys_row_log').select((eb) => eb.fn.max('version').as('v')).where('tbl', '=', 'fx_feed').executeTakeFirst())?.v)
      : Number((await fx.db.selectFrom('sys_row_log').select((eb) => eb.fn.max('seq').as('v')).executeTakeFirst())?.v);
    const prunes = Math.ceil((first + ROW_LOG_KEEP) / ROW_LOG_PRUNE_EVERY) * ROW_LOG_PRUNE_EVERY;
    if (dialect === 'postgres') await sql`update sys_table_version set version = ${prunes - 1} where name = 'fx_feed'`.execute(fx.db);
    else await sql`update sqlite_sequence set seq = ${prunes - 1} where name = 'sys_row_log'`.execute(fx.db);
    await fx.db.insertInto('fx_feed').values({ title: 'abc second', note: null, status: 0, rank: 0, delete_status: 0 }).execute();
    // The first write's entry is gone (pruned by the second's), so catching up would miss it.
    const column = dialect === 'postgres' ? 'version' : 'seq';
    expect(Number((await fx.db.selectFrom('sys_row_log').select((eb) => eb.fn.countAll().as('n')).where(column, '<=', first).executeTakeFirst())?.n)).toBe(0);
    await check(query, 'after the prune');
  });

  it.runIf(dialect === 'sqlite')('does not read the log\'s place inside an open transaction (a rollback would give its numbers again)', async () => {
    const sqlite = sqliteHandleOf(fx.db)!;
    expect(rowLogPlace(fx.db, '1')).not.toBeNull();
    sqlite.exec('begin');
    try {
      expect(rowLogPlace(fx.db, '1')).toBeNull();
    } finally {
      sqlite.exec('rollback');
    }
  });
});
