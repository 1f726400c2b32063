// Protects: the indexes the engine derives from an entity's declared filters and sorts (server/crud/indexes.ts): the derived set of a declaration (live flag first, equality filters with the default sort, ranges and sorts, the shop's own; no keyword or prefix filter), made at start with their deterministic names, a second start changing nothing, a filter removed from the declaration dropping its index, a hand-made index on the field taking its place, and a filtered, sorted list page walking the index instead of sorting the table, and a declared filter combination (`listIndexes`) whose count reads its index alone. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import type { Entity } from '../../src/schema/engine/entity';
import type { AnyKysely } from '../../server/db/index';
import { dialectOf } from '../../server/db/index';
import { declaredIndexesOf, declaredIndexName, ensureDeclaredIndexes } from '../../server/crud/indexes';
import { registerEntityRoutes } from '../../server/crud/routes';
import { scopeWhere } from '../../server/crud/repository';
import type { Scope } from '../../server/crud/scope';
import { ALL_SHOPS } from '../../server/crud/scope';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';
import { fxShelf } from '../fixtures/indexes';

const entity = fxShelf as unknown as Entity;
const TABLE = 'fx_shelf';

/** The same declaration without the `kind` filter. */
const withoutKindFilter: Entity = { ...entity, fields: { ...entity.fields, kind: { ...entity.fields.kind!, filter: false } } };

/** Our indexes on the table, name → key columns, from the catalog. */
const declared = async (db: AnyKysely): Promise<Record<string, string[]>> => {
  const out: Record<string, string[]> = {};
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ name: string; column: string }>`select i.relname as name, a.attname as column
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      cross join lateral unnest(x.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where t.relname = ${TABLE} and i.relname like 'ix\\_decl\\_%' order by i.relname, k.ord`.execute(db);
    for (const r of rows) (out[r.name] ??= []).push(r.column);
  } else {
    const { rows } = await sql<{ name: string; column: string }>`select il.name as name, ii.name as column
      from pragma_index_list(${TABLE}) il, pragma_index_info(il.name) ii where il.name like 'ix\\_decl\\_%' escape '\\' order by il.name, ii.seqno`.execute(db);
    for (const r of rows) (out[r.name] ??= []).push(r.column);
  }
  return out;
};

/** The engine started on `db` with `entities`, as a server process starts: the indexes are ensured on ready. */
const start = async (db: AnyKysely, entities: readonly Entity[]) => {
  const app = Fastify();
  registerEntityRoutes(app, { db: db as never, entities });
  await app.ready();
  await app.close();
};

/** The plan of a statement, one line per step (PostgreSQL with seq scans priced out: without the index the planner would sort, so a small table shows what a big one does). */
const explainOf = async (db: AnyKysely, query: { compile: () => { sql: string; parameters: readonly unknown[] } }): Promise<string> => {
  const compiled = query.compile();
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
    return rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
};

/** The plan of a list page as the repository reads it (`pageAt`: the page's ids in the list order), one line per step. */
const planOf = (db: AnyKysely, scope: Scope, where: Record<string, number>, sort: string): Promise<string> => {
  let query = db.selectFrom(TABLE).select('id').where((eb) => scopeWhere(entity, eb, scope));
  for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
  return explainOf(db, query.orderBy(sort, 'desc').orderBy('id', 'desc').limit(20).offset(40));
};

/** The bounded count of a list by shop, kind and date range, as ./list-read.ts writes it. */
const countByShopKindRange = (db: AnyKysely) => db.selectFrom(db.selectFrom(TABLE).select(sql<number>`1`.as('one'))
  .where('delete_status', '=', 0).where('shop_id', '=', 2).where('kind', '=', 3)
  .where('at', '>=', '2024-03-01T00:00:00.000Z').where('at', '<', '2024-09-01T00:00:00.000Z').limit(101).as('t'))
  .select((eb) => eb.fn.countAll().as('count'));

const expectWalk = (plan: string, index: string, dialect: string) => {
  expect(plan, plan).toContain(index);
  if (dialect === 'sqlite') expect(plan, plan).not.toMatch(/TEMP B-TREE/);
  else expect(plan, plan).not.toMatch(/\bSort\b/);
};

describe('the derived set', () => {
  it('follows the declaration: live flag first, equality filters with the default sort, ranges and sorts, the shop-owned shape', () => {
    expect(declaredIndexesOf(entity).map((i) => [i.reason, i.columns.join(','), i.name])).toEqual([
      ['sort:code', 'delete_status,code,id', 'ix_decl_fx_shelf_delete_status_code_id'],
      ['filter:kind', 'delete_status,kind,rank,id', 'ix_decl_fx_shelf_delete_status_kind_rank_id'],
      ['sort:rank', 'delete_status,rank,id', 'ix_decl_fx_shelf_delete_status_rank_id'],
      ['range:at', 'delete_status,at,id', 'ix_decl_fx_shelf_delete_status_at_id'],
      ['tenant', 'shop_id,delete_status,rank,id', 'ix_decl_fx_shelf_shop_id_delete_status_rank_id'],
      ['combined:shopId+kind+at', 'delete_status,shop_id,kind,at,id', 'ix_decl_fx_shelf_delete_status_shop_id_kind_at_id'],
    ]);
  });

  it('refuses a filter combination naming a field that is not stored', () => {
    const wrong = { ...entity, listIndexes: [['shopId', 'nothing']] } as unknown as Entity;
    expect(() => declaredIndexesOf(wrong)).toThrow(/listIndexes names nothing/);
  });

  it('keeps names within PostgreSQL\'s 63 characters, distinct and stable', () => {
    const long = declaredIndexName('a_very_long_table_name_for_the_test', ['delete_status', 'some_long_column_name', 'id']);
    const other = declaredIndexName('a_very_long_table_name_for_the_test', ['delete_status', 'some_long_column_name_2', 'id']);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^ix_decl_a_very_long_table_name/);
    expect(long).not.toBe(other);
    expect(declaredIndexName('a_very_long_table_name_for_the_test', ['delete_status', 'some_long_column_name', 'id'])).toBe(long);
  });
});

describe.each(testDialects())('declared indexes (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [entity]); });
  afterAll(async () => { await fx?.close(); });

  const full = () => Object.fromEntries(declaredIndexesOf(entity).map((i) => [i.name, [...i.columns]]));

  it('exist after the start, with their columns', async () => {
    expect(await declared(fx.db)).toEqual(full());
  });

  it('a second start changes nothing', async () => {
    const changes = await ensureDeclaredIndexes(fx.db, [entity]);
    expect(changes.created).toEqual([]);
    expect(changes.dropped).toEqual([]);
    expect(changes.kept.sort()).toEqual(Object.keys(full()).sort());
    const second = await fx.second();
    await second.close();
    expect(await declared(fx.db)).toEqual(full());
  });

  it('a filtered, sorted list page walks an index instead of sorting the table', async () => {
    // Enough rows, with statistics, that the plans are those of a real table.
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      name: `Shelf ${i}`, code: `C${i % 500}`, shop_id: 1 + (i % 6), kind: i % 10, rank: (i * 7919) % 1000,
      at: new Date(Date.UTC(2024, 0, 1) + (i % 365) * 86_400_000).toISOString(), delete_status: i % 20 === 0 ? 1 : 0,
    }));
    for (let i = 0; i < rows.length; i += 500) await fx.db.insertInto(TABLE).values(rows.slice(i, i + 500)).execute();
    await sql.raw(dialect === 'postgres' ? `analyze ${TABLE}` : 'analyze').execute(fx.db);
    // Staff: an equality filter in the default order; a sort by a sortable field.
    expectWalk(await planOf(fx.db, ALL_SHOPS, { kind: 3 }, 'rank'), 'ix_decl_fx_shelf_delete_status_kind_rank_id', dialect);
    expectWalk(await planOf(fx.db, ALL_SHOPS, {}, 'code'), 'ix_decl_fx_shelf_delete_status_code_id', dialect);
    // A seller of one shop, in the default order.
    expectWalk(await planOf(fx.db, { kind: 'shops', shopIds: [2] }, {}, 'rank'), 'ix_decl_fx_shelf_shop_id_delete_status_rank_id', dialect);
    // The list itself answers through the engine as before.
    const answer = await fx.app.inject({ method: 'GET', url: '/fxShelf/list?kind=3&pageSize=5&pageNum=2' });
    const page = answer.json() as { data: { list: { kind: number; rank: number }[] } };
    expect(page.data.list).toHaveLength(5);
    expect(page.data.list.every((r) => r.kind === 3)).toBe(true);
  });

  it('a filter removed from the declaration drops its index at the next start; restored, it is made again', async () => {
    const name = 'ix_decl_fx_shelf_delete_status_kind_rank_id';
    await start(fx.db, [withoutKindFilter]);
    const { [name]: removed, ...rest } = full();
    expect(removed).toBeDefined();
    expect(await declared(fx.db)).toEqual(rest);
    // Without it the filtered list walks the sort's index and checks the filter.
    const plan = await planOf(fx.db, ALL_SHOPS, { kind: 3 }, 'rank');
    expect(plan, plan).not.toContain(name);
    await start(fx.db, [entity]);
    expect(await declared(fx.db)).toEqual(full());
  });

  it('without its index a sorted list sorts the table (the plan checks are not vacuous)', async () => {
    const notSortable: Entity = { ...entity, fields: { ...entity.fields, code: { ...entity.fields.code!, sortable: false } } };
    await start(fx.db, [notSortable]);
    const plan = await planOf(fx.db, ALL_SHOPS, {}, 'code');
    expect(plan, plan).toMatch(dialect === 'sqlite' ? /TEMP B-TREE/ : /\bSort\b/);
    await start(fx.db, [entity]);
    expectWalk(await planOf(fx.db, ALL_SHOPS, {}, 'code'), 'ix_decl_fx_shelf_delete_status_code_id', dialect);
  });

  it('a declared filter combination counts from its index alone; a hand index led by the same column does not replace it', async () => {
    const name = 'ix_decl_fx_shelf_delete_status_shop_id_kind_at_id';
    await sql.raw(`create index fx_shelf_shop_hand_idx on ${TABLE} (shop_id, kind)`).execute(fx.db);
    try {
      const changes = await ensureDeclaredIndexes(fx.db, [entity]);
      expect(changes.kept).toContain(name);
      expect(changes.skipped).toEqual(['ix_decl_fx_shelf_shop_id_delete_status_rank_id']);
      // PostgreSQL reads an index alone only where the visibility map says the rows are all visible.
      if (dialect === 'postgres') await sql.raw(`vacuum analyze ${TABLE}`).execute(fx.db);
      // The bounded count of a list by shop, kind and date range (./list-read.ts) reads only the index.
      const count = countByShopKindRange(fx.db);
      const plan = await explainOf(fx.db, count);
      expect(plan, plan).toMatch(dialect === 'sqlite' ? new RegExp(`COVERING INDEX ${name}`) : new RegExp(`Index Only Scan using ${name}`));
      // Without the declaration the same count reads rows (the check is not vacuous).
      await start(fx.db, [{ ...entity, listIndexes: [] } as Entity]);
      const without = await explainOf(fx.db, count);
      expect(without, without).not.toContain(name);
      expect(without, without).not.toMatch(/COVERING INDEX|Index Only Scan/);
    } finally {
      await sql.raw('drop index if exists fx_shelf_shop_hand_idx').execute(fx.db);
      await start(fx.db, [entity]);
    }
    expect(await declared(fx.db)).toEqual(full());
  });

  it('a hand-made index led by the field takes the place of the derived one', async () => {
    await sql.raw(`create index fx_shelf_code_hand_idx on ${TABLE} (code)`).execute(fx.db);
    const changes = await ensureDeclaredIndexes(fx.db, [entity]);
    expect(changes.dropped).toEqual(['ix_decl_fx_shelf_delete_status_code_id']);
    expect(changes.skipped).toEqual(['ix_decl_fx_shelf_delete_status_code_id']);
    const { ix_decl_fx_shelf_delete_status_code_id: gone, ...rest } = full();
    expect(gone).toBeDefined();
    expect(await declared(fx.db)).toEqual(rest);
    await sql.raw('drop index fx_shelf_code_hand_idx').execute(fx.db);
    await ensureDeclaredIndexes(fx.db, [entity]);
    expect(await declared(fx.db)).toEqual(full());
  });
});
