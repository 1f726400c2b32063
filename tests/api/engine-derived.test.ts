// Protects: the engine's derived values (FieldOptions.derived + the area's `derive` hook): worked out on create from the record and the rows it points at, again on an update that sends a source (and only then), never taken from a body, the default standing when the area derives nothing, and a declaration that would leave one stale or unset refused at start. SQLite and PostgreSQL.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, enumeration, flag, int, money, reference, text } from '../../src/schema/engine/entity';
import type { EntityHooks } from '../../server/crud/hooks';
import { registerEntityRoutes } from '../../server/crud/routes';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture, fixtureDb } from '../fixtures/engine';

const shelf = defineEntity({
  name: 'fxShelf', path: '/fxShelf', table: 'fx_shelf', tenant: null, display: 'name',
  menu: { route: 'fxShelf' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    // Whether what is put on the shelf is open at once or waits for a check.
    openAtOnce: flag({ default: 0, list: true }),
    unitPrice: money({ required: true, min: 0, list: true }),
  },
});

const STATES = [{ value: 0, label: 'waiting' }, { value: 1, label: 'open' }] as const;

const item = defineEntity({
  name: 'fxItem', path: '/fxItem', table: 'fx_item', tenant: null, display: 'label',
  menu: { route: 'fxItem' },
  fields: {
    label: text({ required: true, length: [1, 40], list: true }),
    shelfId: reference('fxShelf', 'name', { required: true, list: true }),
    count: int({ required: true, min: 1, list: true }),
    state: enumeration(STATES, { serverManaged: true, derived: { from: ['shelfId'] }, default: 0, list: true }),
    total: money({ serverManaged: true, derived: { from: ['shelfId', 'count'] }, list: true }),
  },
});

type Item = { id: number; label: string; shelfId: number; count: number; state: number; total: number | null };

const hooks: Record<string, EntityHooks> = {
  fxItem: {
    derive: {
      state: async ({ trx, record }) => {
        const row = await fixtureDb(trx).selectFrom('fx_shelf').select('open_at_once').where('id', '=', record.shelfId as number).executeTakeFirst() as { open_at_once: number } | undefined;
        // Waiting shelves derive nothing: the declared default stands.
        return row && Number(row.open_at_once) === 1 ? 1 : undefined;
      },
      total: async ({ trx, record }) => {
        const row = await fixtureDb(trx).selectFrom('fx_shelf').select('unit_price').where('id', '=', record.shelfId as number).executeTakeFirstOrThrow() as { unit_price: number };
        // Cents in the column, major units in the record.
        return (Number(row.unit_price) * Number(record.count)) / 100;
      },
    },
  },
};

describe.each(testDialects())('derived values (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [shelf, item] as unknown as Entity[], hooks); });
  afterAll(async () => { await fx?.close(); });

  const newShelf = async (openAtOnce: 0 | 1, unitPrice: number): Promise<number> => {
    const answer = await call<{ id: number }>(fx.app, 'POST', '/fxShelf/create', { body: { name: `Shelf ${openAtOnce}`, openAtOnce, unitPrice } });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data.id;
  };
  const stored = async (id: number) => (await call<Item>(fx.app, 'GET', `/fxItem/${id}`)).body.data;

  it('works the values out on create from the rows the record points at; the default stands where the area derives none', async () => {
    const open = await newShelf(1, 2.5);
    const waiting = await newShelf(0, 4);
    const a = await call<Item>(fx.app, 'POST', '/fxItem/create', { body: { label: 'A', shelfId: open, count: 3 } });
    const b = await call<Item>(fx.app, 'POST', '/fxItem/create', { body: { label: 'B', shelfId: waiting, count: 2 } });
    expect(a.status, a.raw).toBe(200);
    expect(a.body.data).toMatchObject({ state: 1, total: 7.5 });
    expect(b.body.data).toMatchObject({ state: 0, total: 8 });
    expect(await stored(a.body.data.id)).toMatchObject({ state: 1, total: 7.5 });
  });

  it('never takes a derived value from a body', async () => {
    const waiting = await newShelf(0, 1);
    const answer = await call<Item>(fx.app, 'POST', '/fxItem/create', { body: { label: 'C', shelfId: waiting, count: 1, state: 1, total: 999 } });
    // mall's forms post whole records back: server-managed keys are dropped (lenient body), not trusted.
    expect(answer.status, answer.raw).toBe(200);
    expect(await stored(answer.body.data.id)).toMatchObject({ state: 0, total: 1 });
    const rows = await fx.db.selectFrom('fx_item').select(['state', 'total']).where('label', '=', 'C').execute() as { state: number; total: number }[];
    expect(rows.map((r) => [Number(r.state), Number(r.total)])).toEqual([[0, 100]]);
  });

  it('derives again on an update that sends a source, and only then', async () => {
    const waiting = await newShelf(0, 2);
    const open = await newShelf(1, 5);
    const created = (await call<Item>(fx.app, 'POST', '/fxItem/create', { body: { label: 'D', shelfId: waiting, count: 2 } })).body.data;
    expect(created).toMatchObject({ state: 0, total: 4 });

    // The shelf's price changes; an update sending no source keeps what was worked out.
    await call(fx.app, 'POST', `/fxShelf/update/${waiting}`, { body: { unitPrice: 3 } });
    expect((await call(fx.app, 'POST', `/fxItem/update/${created.id}`, { body: { label: 'D2' } })).status).toBe(200);
    expect(await stored(created.id)).toMatchObject({ label: 'D2', state: 0, total: 4 });

    // A new count: the total follows the shelf as it is now.
    expect((await call(fx.app, 'POST', `/fxItem/update/${created.id}`, { body: { count: 3 } })).status).toBe(200);
    expect(await stored(created.id)).toMatchObject({ state: 0, total: 9 });

    // Another shelf: both values follow it.
    expect((await call(fx.app, 'POST', `/fxItem/update/${created.id}`, { body: { shelfId: open } })).status).toBe(200);
    expect(await stored(created.id)).toMatchObject({ state: 1, total: 15 });
  });

  it('refuses at start a declaration that would leave a derived value stale or unset', () => {
    const register = (entity: Entity, entityHooks: Record<string, EntityHooks>) => () =>
      registerEntityRoutes(Fastify(), { db: fx.db as never, entities: [shelf as unknown as Entity, entity], hooks: entityHooks });
    const withField = (field: object, extra: object = {}) => ({ ...item, fields: { ...item.fields, ...field }, ...extra }) as unknown as Entity;
    expect(register(item as unknown as Entity, {})).toThrow(/no area's hooks derive it/);
    expect(register(withField({ state: enumeration(STATES, { derived: { from: ['shelfId'] } }) }), hooks)).toThrow(/serverManaged/);
    expect(register(withField({ total: money({ serverManaged: true, derived: { from: ['shelf'] } }) }), hooks)).toThrow(/does not declare/);
    expect(register(withField({}, { batch: [{ kind: 'set', path: '/update/count', field: 'count' }] }), hooks)).toThrow(/batch switch/);
    expect(register(item as unknown as Entity, { fxItem: { derive: { ...hooks.fxItem!.derive, label: () => 'x' } } })).toThrow(/not declared derived/);
  });
});
