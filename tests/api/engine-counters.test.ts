// Protects: the engine's counters (an entity's `counters: { by }`, server/crud/counters.ts): the per-shop, per-value counts of live records kept by database triggers always equal a fresh GROUP BY, whatever writes them (API creates, updates, shop moves, soft deletes, restores, purges; raw SQL inserts, updates and deletes of many rows; a rolled-back transaction and savepoint; PostgreSQL's TRUNCATE and parallel writers), `countsBy` sums them inside a shop scope, counted lists take their totals from them with id-ordered pages equal to a plain query's (pages kept between writes included), `recountCounters` repairs counts written around the triggers, and the start stops when a declared entity lacks them or declares what cannot be counted. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, reference, text } from '../../src/schema/engine/entity';
import type { CounterSpec } from '../../server/crud/counters';
import { counterSpecOf, countsBy, createCounters, dropCounters, recountCounters } from '../../server/crud/counters';
import type { AnyKysely } from '../../server/db/index';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';
import { fxTally } from '../fixtures/counters';
import { seededRandom } from '../helpers/random';

const entity = fxTally as unknown as Entity;
const SHOPS = [1, 2, 3, 4];

/** A whole number in [0, n) from a seeded sequence, so a failure names the seed that reproduces it. */
const randomOf = (seed: number) => seededRandom(seed).int;

/** `field|shop|value` → live rows, counted afresh. */
const truth = async (db: AnyKysely, shops?: readonly number[]): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const column of ['status', 'kind']) {
    const { rows } = await sql<{ shop: number; value: string; n: number | string }>`select coalesce(shop_id, 0) as shop,
      coalesce(cast(${sql.ref(column)} as text), '') as value, count(*) as n from fx_tally where delete_status = 0
      group by coalesce(shop_id, 0), coalesce(cast(${sql.ref(column)} as text), '')`.execute(db);
    for (const row of rows) if (!shops || shops.includes(Number(row.shop))) out[`${column}|${Number(row.shop)}|${row.value}`] = Number(row.n);
  }
  return out;
};

/** The same, as the counts table holds it. */
const kept = async (db: AnyKysely): Promise<Record<string, number>> => {
  const rows = await db.selectFrom('fx_tally_counts').select(['field', 'shop_id', 'value', 'n']).execute();
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [`${r.field}|${Number(r.shop_id)}|${r.value}`, Number(r.n)]));
};

describe.each(testDialects())('counters kept by triggers (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [entity]); });
  afterAll(async () => { await fx?.close(); });

  const same = async (step: string) => expect(await kept(fx.db), step).toEqual(await truth(fx.db));
  const ids = async (where: 'live' | 'bin' | 'any' = 'any'): Promise<number[]> => {
    let q = fx.db.selectFrom('fx_tally').select('id').orderBy('id');
    if (where !== 'any') q = q.where('delete_status', '=', where === 'bin' ? 1 : 0);
    return (await q.execute()).map((r) => Number(r.id));
  };

  it('equal a fresh GROUP BY after every random write through the API and raw SQL', async () => {
    const seed = Date.now() % 100000;
    const rnd = randomOf(seed);
    const pick = <T>(list: readonly T[]): T | undefined => list[rnd(list.length)];
    const kind = () => (rnd(4) === 0 ? null : rnd(3));
    let n = 0;
    for (let step = 0; step < 120; step += 1) {
      const op = rnd(12);
      const label = `seed ${seed}, step ${step}, op ${op}`;
      if (op <= 2) {
        const answer = await call(fx.app, 'POST', '/fxTally/create', { body: { name: `T${++n}`, shopId: pick(SHOPS), status: rnd(3), kind: kind() } });
        expect(answer.status, `${label} ${answer.raw}`).toBe(200);
      } else if (op === 3) {
        const id = pick(await ids('live'));
        if (id) expect((await call(fx.app, 'POST', `/fxTally/update/${id}`, { body: { status: rnd(3), shopId: pick(SHOPS), kind: kind() } })).status, label).toBe(200);
      } else if (op === 4) {
        const id = pick(await ids('live'));
        if (id) expect((await call(fx.app, 'POST', `/fxTally/delete/${id}`)).status, label).toBe(200);
      } else if (op === 5) {
        const id = pick(await ids('bin'));
        if (id) expect((await call(fx.app, 'POST', `/fxTally/restore?ids=${id}`)).status, label).toBe(200);
      } else if (op === 6) {
        const id = pick(await ids('bin'));
        if (id) expect((await call(fx.app, 'POST', `/fxTally/purge?ids=${id}`)).status, label).toBe(200);
      } else if (op === 7) {
        // Several rows in one statement, some straight into the bin, some without a kind.
        const rows = Array.from({ length: 1 + rnd(5) }, () => ({ name: `R${++n}`, shop_id: pick(SHOPS)!, status: rnd(3), kind: kind(), delete_status: rnd(4) === 0 ? 1 : 0 }));
        await fx.db.insertInto('fx_tally').values(rows).execute();
      } else if (op === 8) {
        await sql`update fx_tally set status = (status + 1) % 3 where shop_id = ${pick(SHOPS)}`.execute(fx.db);
      } else if (op === 9) {
        // A shop move of several rows, and a flag flip (the bin both ways) in one statement.
        const some = (await ids()).filter(() => rnd(3) === 0);
        if (some.length) await fx.db.updateTable('fx_tally').set({ shop_id: pick(SHOPS) }).where('id', 'in', some).execute();
        await sql`update fx_tally set delete_status = 1 - delete_status where kind = ${rnd(3)} and shop_id = ${pick(SHOPS)}`.execute(fx.db);
      } else if (op === 10) {
        await fx.db.deleteFrom('fx_tally').where('kind', '=', rnd(3)).where('shop_id', '=', pick(SHOPS)!).execute();
      } else {
        // A write that changes nothing counted.
        await sql`update fx_tally set name = name || 'x' where shop_id = ${pick(SHOPS)}`.execute(fx.db);
      }
      await same(label);
    }
    expect(Object.keys(await truth(fx.db)).length).toBeGreaterThan(4);
  });

  it('keep nothing of a rolled-back transaction or savepoint', async () => {
    const before = await kept(fx.db);
    await expect(fx.db.transaction().execute(async (trx) => {
      await trx.insertInto('fx_tally').values({ name: 'gone', shop_id: 1, status: 1, kind: 1, delete_status: 0 }).execute();
      await sql`update fx_tally set status = 2, shop_id = 3`.execute(trx);
      await trx.deleteFrom('fx_tally').where('kind', '=', 0).execute();
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await kept(fx.db)).toEqual(before);
    await same('after the rollback');
    await fx.db.transaction().execute(async (trx) => {
      await trx.insertInto('fx_tally').values({ name: 'stays', shop_id: 2, status: 0, kind: 2, delete_status: 0 }).execute();
      await sql`savepoint sp`.execute(trx);
      await sql`update fx_tally set status = 1`.execute(trx);
      await trx.insertInto('fx_tally').values({ name: 'gone', shop_id: 4, status: 2, kind: 2, delete_status: 0 }).execute();
      await sql`rollback to savepoint sp`.execute(trx);
    });
    await same('after the savepoint');
    expect((await kept(fx.db))['kind|2|2']).toBe((before['kind|2|2'] ?? 0) + 1);
  });

  it('sums them inside a shop scope with countsBy', async () => {
    for (const shops of [[1], [2, 3], [4], SHOPS]) {
      const expected = Object.fromEntries(Object.entries(await truth(fx.db, shops)).filter(([key]) => key.startsWith('status|'))
        .reduce((acc, [key, n]) => { const value = key.split('|')[2]!; acc.set(value, (acc.get(value) ?? 0) + n); return acc; }, new Map<string, number>()));
      expect(await countsBy(fx.db, entity, 'status', { kind: 'shops', shopIds: shops })).toEqual(expected);
    }
    const all = await countsBy(fx.db, entity, 'kind', { kind: 'all' });
    const [{ n }] = (await sql<{ n: number | string }>`select count(*) as n from fx_tally where delete_status = 0`.execute(fx.db)).rows as [{ n: number | string }];
    expect(Object.values(all).reduce((a, b) => a + b, 0)).toBe(Number(n));
    expect(await countsBy(fx.db, entity, 'status', { kind: 'shops', shopIds: [] })).toEqual({});
    await expect(countsBy(fx.db, entity, 'name', { kind: 'all' })).rejects.toThrow(/not among its counters/);
  });

  it('give counted lists their totals, with pages in id order at any depth, exactly as a plain query does', async () => {
    type Page = { total: number; list: { id: number }[] };
    const listed = async (query: string): Promise<Page> => (await call<Page>(fx.app, 'GET', `/fxTally/list?${query}`)).body.data;
    const expected = async (column: string | null, value: number | null, order: 'asc' | 'desc', offset: number, size: number) => {
      let q = fx.db.selectFrom('fx_tally').where('delete_status', '=', 0);
      if (column) q = q.where(column, '=', value);
      const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const page = (await q.select('id').orderBy('id', order).limit(size).offset(offset).execute()).map((r) => Number(r.id));
      return { total, ids: page };
    };
    const check = async (step: string) => {
      for (const [column, values] of [[null, [null]], ['status', [0, 1, 2]], ['kind', [0, 3]]] as const) {
        for (const value of values) {
          for (const order of ['desc', 'asc'] as const) {
            for (const pageNum of [1, 2, 7]) {
              const filter = column ? `&${column}=${value}` : '';
              const answer = await listed(`pageNum=${pageNum}&pageSize=4&sort=id&order=${order}${filter}`);
              const want = await expected(column, value, order, (pageNum - 1) * 4, 4);
              expect({ total: answer.total, ids: answer.list.map((r) => r.id) }, `${step}: ${column}=${value} ${order} page ${pageNum}`).toEqual(want);
            }
          }
        }
      }
    };
    await check('after the random writes');
    // Seen again with no write between: the pages kept since (their ids, under the table's version).
    await check('again, with no write since');
    // A write the API did not make (another process, psql) shows in the very next list.
    await sql`update fx_tally set status = 2 where id in (select id from fx_tally where delete_status = 0 and status = 0 order by id limit 3)`.execute(fx.db);
    await sql`update fx_tally set delete_status = 1 where id = (select max(id) from fx_tally where delete_status = 0)`.execute(fx.db);
    await check('after raw writes');
    await check('after raw writes, again');
    // A write that leaves every page's ids as they were but changes a row on one: shown at once.
    const [first] = (await listed('pageNum=1&pageSize=4&sort=id&order=desc')).list;
    await sql`update fx_tally set name = 'renamed behind the cache' where id = ${first!.id}`.execute(fx.db);
    const renamed = (await call<{ list: { id: number; name: string }[] }>(fx.app, 'GET', '/fxTally/list?pageNum=1&pageSize=4&sort=id&order=desc')).body.data.list[0]!;
    expect(renamed).toMatchObject({ id: first!.id, name: 'renamed behind the cache' });
    // Lists the counts cannot answer (two filters, a text filter) still answer right.
    const two = await listed('pageNum=1&pageSize=50&status=1&kind=0');
    const twoWant = await fx.db.selectFrom('fx_tally').select('id').where('delete_status', '=', 0).where('status', '=', 1).where('kind', '=', 0).execute();
    expect(two.total).toBe(twoWant.length);
  });

  it('are repaired by recountCounters after writes the triggers did not see', async () => {
    const spec = counterSpecOf(entity)!;
    if (dialect === 'postgres') {
      // How the bench loads a million orders: triggers off for the session.
      await fx.db.connection().execute(async (conn) => {
        await sql`set session_replication_role = replica`.execute(conn);
        await conn.insertInto('fx_tally').values({ name: 'bulk', shop_id: 2, status: 1, kind: 1, delete_status: 0 }).execute();
        await sql`set session_replication_role = origin`.execute(conn);
      });
    } else {
      await fx.db.deleteFrom('fx_tally_counts').where('field', '=', 'status').execute();
    }
    expect(await kept(fx.db)).not.toEqual(await truth(fx.db));
    await recountCounters(fx.db, spec);
    await same('after the recount');
  });

  it.runIf(dialect === 'postgres')('stay exact under parallel writers of several shops, and TRUNCATE empties them', async () => {
    const live = await ids('live');
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2
      ? call(fx.app, 'POST', '/fxTally/create', { body: { name: `P${i}`, shopId: SHOPS[i % 4], status: i % 3, kind: i % 2 } })
      : fx.db.updateTable('fx_tally').set({ shop_id: SHOPS[(i + 1) % 4]!, status: (i + 2) % 3 })
        .where('id', 'in', live.filter((_, k) => k % 7 === i % 7).slice(0, 5).concat([0])).execute())));
    await same('after the parallel writes');
    await sql`truncate fx_tally`.execute(fx.db);
    expect(await kept(fx.db)).toEqual({});
    await fx.db.insertInto('fx_tally').values({ name: 'again', shop_id: 1, status: 0, kind: null, delete_status: 0 }).execute();
    expect(await kept(fx.db)).toEqual({ 'status|1|0': 1, 'kind|1|': 1 });
  });

  it('stops the start when a declared entity has no counters, and refuses what cannot be counted', async () => {
    const spec: CounterSpec = counterSpecOf(entity)!;
    await dropCounters(fx.db, 'fx_tally');
    await expect(fx.second()).rejects.toThrow(/fxTally declares counters but fx_tally has no counter triggers/);
    await createCounters(fx.db, spec);
    await same('after re-creating them');
    const base = { path: '/fxBad', table: 'fx_bad', tenant: 'shop_id', display: 'name', menu: { route: 'fxBad' } } as const;
    expect(() => counterSpecOf(defineEntity({ ...base, name: 'fxBad1', fields: { name: text() }, counters: { by: ['name'] } }) as unknown as Entity))
      .toThrow(/number values/);
    expect(() => counterSpecOf(defineEntity({
      ...base, name: 'fxBad2', tenant: null, owner: 'adminId', display: 'level',
      fields: { adminId: reference('admin', 'username', { serverManaged: true }), level: int() }, counters: { by: ['level'] },
    }) as unknown as Entity)).toThrow(/owned by an account/);
  });
});
