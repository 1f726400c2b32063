// Protects: cached list orders stay exact across server processes: a write through a second process (API, raw SQL, batch, delete) shows in the first process's very next list, totals and order included, and a rolled-back write changes nothing; on PostgreSQL every declared table gets a change counter that moves once per committed writing transaction (never for a rolled-back one or another table's write), and a count of the rows such transactions wrote. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, text } from '../../src/schema/engine/entity';
import { listCacheStats, listState } from '../../server/crud/list-cache';
import type { AnyKysely } from '../../server/db/index';
import { tableVersion } from '../../server/db/table-versions';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const listed = defineEntity({
  name: 'fxListed', path: '/fxListed', table: 'fx_listed', tenant: null, display: 'name',
  menu: { route: 'fxListed' },
  defaultSort: { field: 'rank', order: 'DESC' },
  deleteStyle: 'batch',
  fields: {
    name: text({ required: true, length: [1, 40], list: true, filter: { param: 'name', op: 'like' } }),
    rank: int({ default: 0, list: true, sortable: true }),
  },
  batch: [{ kind: 'delete', path: '/delete' }, { kind: 'set', path: '/update/rank', field: 'rank' }],
});

const other = defineEntity({
  name: 'fxOther', path: '/fxOther', table: 'fx_other', tenant: null, display: 'name',
  menu: { route: 'fxOther' },
  fields: { name: text({ required: true, length: [1, 40], list: true }) },
});

type Listed = { id: number; name: string; rank: number };

describe.each(testDialects())('list orders across server processes (%s)', (dialect) => {
  let fx: EngineFixture;
  let second: Awaited<ReturnType<EngineFixture['second']>>;
  beforeAll(async () => {
    fx = await engineFixture(dialect, [listed, other] as unknown as Entity[]);
    second = await fx.second();
  });
  afterAll(async () => {
    await second?.close();
    await fx?.close();
  });

  const list = async (query = 'name=probe&pageSize=10') => {
    const answer = await call<Page<Listed>>(fx.app, 'GET', `/fxListed/list?${query}`);
    expect(answer.status, answer.raw).toBe(200);
    return { total: answer.body.data.total, names: answer.body.data.list.map((r) => r.name) };
  };
  const create = async (name: string, rank: number) => {
    const created = await call<Listed>(second.app, 'POST', '/fxListed/create', { body: { name, rank } });
    expect(created.status, created.raw).toBe(200);
    return created.body.data.id;
  };

  it('shows every write of the second process in the first one\'s next list', async () => {
    const a = await create('probe a', 1);
    expect(await list()).toEqual({ total: 1, names: ['probe a'] });
    // The same question again is answered from the cache: the entry is there, and right.
    expect(await list()).toEqual({ total: 1, names: ['probe a'] });
    expect(listCacheStats(fx.db).entries).toBeGreaterThan(0);

    const b = await create('probe b', 5);
    expect(await list()).toEqual({ total: 2, names: ['probe b', 'probe a'] });

    // A change of order only (batch set through the other process).
    expect((await call(second.app, 'POST', `/fxListed/update/rank?ids=${a}&rank=9`)).status).toBe(200);
    expect(await list()).toEqual({ total: 2, names: ['probe a', 'probe b'] });
    expect(await list('name=probe&pageSize=1&pageNum=2')).toEqual({ total: 2, names: ['probe b'] });

    // Raw SQL on the other process's connection, outside the engine.
    await second.db.insertInto('fx_listed').values({ name: 'probe raw', rank: 7 }).execute();
    expect(await list()).toEqual({ total: 3, names: ['probe a', 'probe raw', 'probe b'] });

    expect((await call(second.app, 'POST', `/fxListed/delete?ids=${b}`)).status).toBe(200);
    expect(await list()).toEqual({ total: 2, names: ['probe a', 'probe raw'] });

    // A write that is rolled back changes nothing the list shows.
    await expect(second.db.transaction().execute(async (trx) => {
      await trx.insertInto('fx_listed').values({ name: 'probe rolled back', rank: 50 }).execute();
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await list()).toEqual({ total: 2, names: ['probe a', 'probe raw'] });
  });

  it.runIf(dialect === 'postgres')('moves a table\'s counter once per committed writing transaction, and only that table\'s', async () => {
    const db = second.db as AnyKysely;
    const version = async (table: string) => Number(await tableVersion(db, table));
    const start = { listed: await version('fx_listed'), other: await version('fx_other') };
    expect(start.listed).toBeGreaterThan(0);
    expect(start.other).toBeGreaterThan(0);

    await db.insertInto('fx_listed').values([{ name: 'v1', rank: 0 }, { name: 'v2', rank: 0 }, { name: 'v3', rank: 0 }]).execute();
    expect(await version('fx_listed')).toBe(start.listed + 1);
    expect(await version('fx_other')).toBe(start.other);

    // Several statements on two tables in one transaction: each table moves once.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('fx_listed').set({ rank: 1 }).where('name', 'like', 'v%').execute();
      await trx.insertInto('fx_other').values({ name: 'o1' }).execute();
      await trx.deleteFrom('fx_listed').where('name', '=', 'v3').execute();
    });
    expect(await version('fx_listed')).toBe(start.listed + 2);
    expect(await version('fx_other')).toBe(start.other + 1);

    // Rolled back, or nothing matched: no change, no new number.
    await expect(db.transaction().execute(async (trx) => {
      await trx.deleteFrom('fx_listed').execute();
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    await db.updateTable('fx_listed').set({ rank: 2 }).where('name', '=', 'nothing has this name').execute();
    expect(await version('fx_listed')).toBe(start.listed + 2);

    await sql`truncate fx_other`.execute(db);
    expect(await version('fx_other')).toBe(start.other + 2);
    expect((await call<Page<{ id: number }>>(fx.app, 'GET', '/fxOther/list')).body.data.total).toBe(0);
  });

  it.runIf(dialect === 'postgres')('counts the rows each committed transaction wrote, never fewer, and jumps past any count at a truncate', async () => {
    const db = second.db as AnyKysely;
    const written = async (table: string) => (await listState(db, table)).written!.rows;
    // At least the rows written: PostgreSQL's own count of a transaction's rows also holds those of
    // this connection's earlier transactions it has not yet filed (more, never fewer).
    const before = { listed: await written('fx_listed'), other: await written('fx_other') };
    await db.insertInto('fx_listed').values([{ name: 'w1', rank: 0 }, { name: 'w2', rank: 0 }, { name: 'w3', rank: 0 }]).execute();
    const afterInsert = await written('fx_listed');
    expect(afterInsert).toBeGreaterThanOrEqual(before.listed + 3);
    // Two updated, one deleted, in one transaction with another table's insert: 3 rows here, 1 there.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('fx_listed').set({ rank: 5 }).where('name', 'in', ['w1', 'w2']).execute();
      await trx.insertInto('fx_other').values({ name: 'o2' }).execute();
      await trx.deleteFrom('fx_listed').where('name', '=', 'w3').execute();
    });
    const afterMixed = await written('fx_listed');
    expect(afterMixed).toBeGreaterThanOrEqual(afterInsert + 3);
    expect(await written('fx_other')).toBeGreaterThanOrEqual(before.other + 1);
    // A rolled-back transaction commits no count.
    await expect(db.transaction().execute(async (trx) => {
      await trx.deleteFrom('fx_listed').execute();
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await written('fx_listed')).toBe(afterMixed);
    await sql`truncate fx_other`.execute(db);
    expect(await written('fx_other')).toBeGreaterThanOrEqual(before.other + 1e15);
  });
});
