// Protects: column-comparison filters (an entity's `compareFilters`, src/schema/engine/entity.ts): `?<param>=1` or `true` keeps exactly the live rows whose two columns compare as declared (rows holding an excluded value and NULLs never), `0`/`false`/absent filter nothing, anything else is refused naming the parameter; they combine with other filters and a seller's scope, follow raw writes; bad declarations stop the start; the parameter is in OpenAPI; the engine keeps partial indexes of the matching rows (made at start, a second start changing nothing) and the filtered list reads them. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import type { Entity } from '../../src/schema/engine/entity';
import { compareFiltersOf, dateTime, int } from '../../src/schema/engine/entity';
import { declaredIndexesOf, ensureDeclaredIndexes } from '../../server/crud/indexes';
import { parseListQuery } from '../../server/crud/list-params';
import type { Repository } from '../../server/crud/repository';
import { scopeWhere } from '../../server/crud/repository';
import { registerEntityRoutes } from '../../server/crud/routes';
import type { Scope } from '../../server/crud/scope';
import { ALL_SHOPS } from '../../server/crud/scope';
import type { AnyKysely } from '../../server/db/index';
import { listParameters } from '../../server/openapi/entity-schemas';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';
import { fxStock } from '../fixtures/compare';
import { seededRandom } from '../helpers/random';

const entity = fxStock as unknown as Entity;
const TABLE = 'fx_stock';

type Row = { id: number; shop_id: number; kind: number; stock: number | null; reorder: number | null; delete_status: number };

/** What `low` means, row by row: live, stock at or below the level, never unlimited, never NULL. */
const isLow = (r: Row) => r.delete_status === 0 && r.stock !== null && r.reorder !== null && r.stock !== -1 && r.stock <= r.reorder;
const isPlenty = (r: Row) => r.delete_status === 0 && r.stock !== null && r.reorder !== null && r.stock > r.reorder;

/** A whole number in [0, n) from a seeded sequence, so a failure names the seed that reproduces it. */
const randomOf = (seed: number) => seededRandom(seed).int;

describe('declaring a column-comparison filter', () => {
  const withFilters = (compareFilters: unknown, fields: Entity['fields'] = entity.fields): Entity => ({ ...entity, fields, compareFilters } as Entity);

  it('resolves the parameter and the two columns', () => {
    expect(compareFiltersOf(entity).map((f) => [f.param, f.column, f.op, f.thanColumn, f.except, f.alwaysOn])).toEqual([
      ['low', 'stock', 'lte', 'reorder', [-1], false],
      ['plenty', 'stock', 'gt', 'reorder', [], true],
    ]);
  });

  it('refuses what cannot be compared: a missing or virtual field, text, two kinds, an excluded value off an int, a taken parameter', () => {
    expect(() => compareFiltersOf(withFilters({ a: { field: 'stock', op: 'lte', than: 'nothing' } }))).toThrow(/nothing is not a stored field/);
    expect(() => compareFiltersOf(withFilters({ a: { field: 'name', op: 'lte', than: 'stock' } }))).toThrow(/name is text/);
    const dated = { ...entity.fields, at: dateTime({}) };
    expect(() => compareFiltersOf(withFilters({ a: { field: 'stock', op: 'lte', than: 'at' } }, dated))).toThrow(/do not compare/);
    expect(() => compareFiltersOf(withFilters({ a: { field: 'at', op: 'lte', than: 'at', except: [1] } }, dated))).toThrow(/except takes whole numbers/);
    expect(() => compareFiltersOf(withFilters({ a: { field: 'stock', op: 'lte', than: 'reorder', except: [0.5] } }))).toThrow(/except takes whole numbers/);
    expect(() => compareFiltersOf(withFilters({ kind: { field: 'stock', op: 'lte', than: 'reorder' } }))).toThrow(/already takes the parameter kind/);
    expect(() => compareFiltersOf(withFilters({ a: { field: 'stock', op: 'lte', than: 'reorder' } }, { ...entity.fields, reorder: int({ virtual: true }) }))).toThrow(/reorder is not a stored field/);
  });

  it('derives partial indexes of the matching rows: in list order, and by shop', () => {
    const partial = declaredIndexesOf(entity).filter((i) => i.where);
    expect(partial.map((i) => [i.reason, i.columns.join(','), i.where])).toEqual([
      ['compare:low', 'delete_status,id', '"stock" <= "reorder" and "stock" <> -1'],
      ['compare:low', 'shop_id,delete_status,id', '"stock" <= "reorder" and "stock" <> -1'],
      ['compare:plenty', 'delete_status,id', '"stock" > "reorder"'],
      ['compare:plenty', 'shop_id,delete_status,id', '"stock" > "reorder"'],
    ]);
    expect(new Set(partial.map((i) => i.name)).size).toBe(4);
    for (const index of partial) expect(index.name.length).toBeLessThanOrEqual(63);
  });

  it('documents the parameter in OpenAPI', () => {
    const params = listParameters(entity);
    expect(params.find((p) => p.name === 'low')).toMatchObject({ in: 'query', required: false, schema: { enum: ['1', 'true', '0', 'false'] } });
    expect(params.find((p) => p.name === 'low')!.description).toMatch(/stock is at or below reorder.*-1/);
  });
});

describe.each(testDialects())('column-comparison filters (%s)', (dialect) => {
  let fx: EngineFixture;
  let repository: Repository;
  let rows: Row[] = [];
  beforeAll(async () => {
    fx = await engineFixture(dialect, [entity]);
    // The repository itself, to list in a seller's scope (the fixture's routes have no guard: staff).
    const repositories = registerEntityRoutes(Fastify(), { db: fx.db as never, entities: [entity] });
    repository = repositories.get('fxStock')!;
    const random = randomOf(22);
    const values = [null, -1, 0, 1, 2, 3, 5, 8, 10];
    const inserted = Array.from({ length: 400 }, (_, i) => ({
      name: `Bin ${i}`, shop_id: 1 + random(4), kind: random(3),
      stock: values[random(values.length)]!, reorder: values.filter((v) => v !== -1)[random(values.length - 1)]!,
      delete_status: random(10) === 0 ? 1 : 0,
    }));
    await fx.db.insertInto(TABLE).values(inserted).execute();
    rows = await read(fx.db);
  });
  afterAll(async () => { await fx?.close(); });

  const read = async (db: AnyKysely): Promise<Row[]> => (await db.selectFrom(TABLE).select(['id', 'shop_id', 'kind', 'stock', 'reorder', 'delete_status']).orderBy('id', 'desc').execute())
    .map((r) => ({ id: Number(r.id), shop_id: Number(r.shop_id), kind: Number(r.kind), stock: r.stock === null ? null : Number(r.stock), reorder: r.reorder === null ? null : Number(r.reorder), delete_status: Number(r.delete_status) }));

  /** Every id of the list with this query (pages of 200), and its total. */
  const listed = async (query: string): Promise<{ ids: number[]; total: number }> => {
    const ids: number[] = [];
    let total = 0;
    for (let page = 1; ; page += 1) {
      const answer = await fx.app.inject({ method: 'GET', url: `/fxStock/list?pageSize=200&pageNum=${page}${query ? `&${query}` : ''}` });
      expect(answer.statusCode, answer.body).toBe(200);
      const data = (answer.json() as { data: { list: { id: number }[]; total: number } }).data;
      ids.push(...data.list.map((r) => r.id));
      total = data.total;
      if (data.list.length < 200) break;
    }
    return { ids, total };
  };

  it('keeps exactly the rows whose columns compare so: NULLs and the excluded value never', async () => {
    const low = rows.filter(isLow).map((r) => r.id);
    // The data has every case: low rows, unlimited ones at or below any level, NULLs, rows in the bin that would match.
    expect(low.length).toBeGreaterThan(20);
    expect(rows.some((r) => r.stock === -1 && r.delete_status === 0)).toBe(true);
    expect(rows.some((r) => r.stock === null) && rows.some((r) => r.reorder === null)).toBe(true);
    expect(rows.some((r) => r.delete_status === 1 && r.stock !== null && r.reorder !== null && r.stock >= 0 && r.stock <= r.reorder)).toBe(true);
    expect(await listed('low=1')).toEqual({ ids: low, total: low.length });
    expect(await listed('low=true')).toEqual({ ids: low, total: low.length });
    const plenty = rows.filter(isPlenty).map((r) => r.id);
    expect(await listed('plenty=1')).toEqual({ ids: plenty, total: plenty.length });
  });

  it('0, false or nothing filter nothing; another value is refused naming the parameter', async () => {
    const live = rows.filter((r) => r.delete_status === 0).map((r) => r.id);
    for (const query of ['', 'low=0', 'low=false', 'low=', 'plenty=0&low=false']) expect((await listed(query)).ids, query).toEqual(live);
    for (const bad of ['2', 'yes', 'TRUE', '-1']) {
      const answer = await fx.app.inject({ method: 'GET', url: `/fxStock/list?low=${bad}` });
      expect(answer.statusCode, bad).toBe(400);
      expect((answer.json() as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ field: 'low', messageKey: 'invalid_value' })]);
    }
  });

  it('combines with other filters and with a seller\'s shops', async () => {
    const expected = rows.filter((r) => isLow(r) && r.kind === 1).map((r) => r.id);
    expect((await listed('low=1&kind=1')).ids).toEqual(expected);
    expect((await listed('low=1&plenty=1')).ids).toEqual([]);
    const scope: Scope = { kind: 'shops', shopIds: [2, 3] };
    const mine = rows.filter((r) => isLow(r) && [2, 3].includes(r.shop_id)).map((r) => r.id);
    const page = await repository.list(parseListQuery(entity, { low: '1', pageSize: '200' }), scope);
    expect(page.total).toBe(mine.length);
    expect(page.list.map((r) => r.id)).toEqual(mine);
  });

  it('follows writes made around the engine', async () => {
    const target = rows.find((r) => r.delete_status === 0 && r.stock !== null && r.reorder !== null && !isLow(r))!;
    await fx.db.updateTable(TABLE).set({ stock: 0, reorder: 4 }).where('id', '=', target.id).execute();
    const other = rows.find((r) => isLow(r) && r.id !== target.id)!;
    await fx.db.updateTable(TABLE).set({ stock: -1 }).where('id', '=', other.id).execute();
    rows = await read(fx.db);
    const low = rows.filter(isLow).map((r) => r.id);
    expect(low).toContain(target.id);
    expect(low).not.toContain(other.id);
    expect(await listed('low=1')).toEqual({ ids: low, total: low.length });
  });

  /** The plan of the filtered list page as the repository reads it (the page's ids in list order). */
  const planOf = async (scope: Scope): Promise<string> => {
    const params = parseListQuery(entity, { low: '1' });
    const condition = params.conditions[0]!;
    const compiled = fx.db.selectFrom(TABLE).select('id')
      .where((eb) => eb.and([scopeWhere(entity, eb, scope), eb(condition.column, '<=', eb.ref(condition.than!)), eb(condition.column, '<>', sql.lit(-1))]))
      .orderBy('id', 'desc').limit(20).compile();
    if (dialect === 'sqlite') {
      const { rows: plan } = await fx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      return plan.map((r) => r.detail).join('\n');
    }
    return fx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows: plan } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      return plan.map((r) => r['QUERY PLAN']).join('\n');
    });
  };

  it('keeps partial indexes of the matching rows, made once, and the filtered list reads them', async () => {
    const partial = declaredIndexesOf(entity).filter((i) => i.where);
    const changes = await ensureDeclaredIndexes(fx.db, [entity]);
    expect(changes.created).toEqual([]);
    expect(changes.dropped).toEqual([]);
    for (const index of partial) expect(changes.kept).toContain(index.name);
    await sql.raw(dialect === 'postgres' ? `analyze ${TABLE}` : 'analyze').execute(fx.db);
    const [staff, byShop] = partial.filter((i) => i.reason === 'compare:low').map((i) => i.name);
    expect(await planOf(ALL_SHOPS)).toContain(staff);
    expect(await planOf({ kind: 'shops', shopIds: [2] })).toMatch(new RegExp(`${staff}|${byShop}`));
    // The index holds the matching live and binned rows, nothing else.
    if (dialect === 'postgres') {
      const { rows: def } = await sql<{ def: string }>`select pg_get_indexdef(${staff}::regclass) as def`.execute(fx.db);
      expect(def[0]!.def).toContain("WHERE ((stock <= reorder) AND (stock <> '-1'::integer))");
    } else {
      const { rows: def } = await sql<{ sql: string }>`select sql from sqlite_master where name = ${staff}`.execute(fx.db);
      expect(def[0]!.sql).toContain('where "stock" <= "reorder" and "stock" <> -1');
    }
  });

  it('a changed declaration makes its new index and drops the old one', async () => {
    const changed = { ...entity, compareFilters: { low: { field: 'stock', op: 'lt', than: 'reorder', except: [-1] } } } as Entity;
    const changes = await ensureDeclaredIndexes(fx.db, [changed]);
    const old = declaredIndexesOf(entity).filter((i) => i.where).map((i) => i.name).sort();
    const now = declaredIndexesOf(changed).filter((i) => i.where).map((i) => i.name).sort();
    expect(changes.created.sort()).toEqual(now);
    expect(changes.dropped.sort()).toEqual(old);
    await ensureDeclaredIndexes(fx.db, [entity]);
  });
});
