// Protects: the engine's list create (`createMany`, mall's `POST /flashProductRelation/create` with an array), on a fixture: every record checked and written as a single create would be (declared rules, references, unique combinations, the area's `validate` hook seeing the rows written before it, audit rows), all in one transaction: one bad record (named by its index) refuses them all and nothing is stored; the answer is how many were added; an empty or too long list is refused; parallel lists cannot together pass a rule. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, reference, referenceName, text } from '../../src/schema/engine/entity';
import type { EntityHooks } from '../../server/crud/hooks';
import { DEFAULT_MAX_ROWS } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture, fixtureDb } from '../fixtures/engine';

const shelf = defineEntity({
  name: 'fxShelf', path: '/fxShelf', table: 'fx_shelf', tenant: null, display: 'name',
  menu: { route: 'fxShelf' },
  fields: { name: text({ required: true, length: [1, 40], list: true }), capacity: int({ required: true, min: 0 }) },
});

const item = defineEntity({
  name: 'fxItem', path: '/fxItem', table: 'fx_item', tenant: null, display: 'name',
  menu: { route: 'fxItem' },
  createMany: { pick: 'shelfId' },
  fields: {
    shelfId: reference('fxShelf', 'name', { required: true, filter: { op: 'eq' } }),
    shelfName: referenceName('shelfId'),
    name: text({ required: true, length: [1, 40], list: true }),
    size: int({ min: 1, max: 10 }),
  },
  unique: [{ fields: ['shelfId', 'name'] }],
});

/** A shelf holds items up to its capacity in total size (a rule over other rows, under the shelf's lock). */
const hooks: Record<string, EntityHooks> = {
  fxItem: {
    validate: async ({ trx, record, lock }) => {
      const found = await lock(fixtureDb(trx).selectFrom('fx_shelf').select('capacity').where('id', '=', record.shelfId as number)).executeTakeFirst();
      const used = await fixtureDb(trx).selectFrom('fx_item').select((eb) => eb.fn.sum('size').as('n')).where('shelf_id', '=', record.shelfId as number).executeTakeFirst();
      const left = Number(found?.capacity ?? 0) - Number(used?.n ?? 0);
      return Number(record.size ?? 1) > left ? [{ field: 'size', messageKey: 'too_big', params: { max: left } }] : [];
    },
  },
};

describe.each(testDialects())('list create (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [shelf, item] as unknown as Entity[], hooks); });
  afterAll(async () => { await fx?.close(); });

  const newShelf = async (capacity: number): Promise<number> => {
    const answer = await call<{ id: number }>(fx.app, 'POST', '/fxShelf/create', { body: { name: 'Shelf', capacity } });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data.id;
  };
  const items = () => fx.db.selectFrom('fx_item').select(['shelf_id', 'name', 'size']).orderBy('id').execute();
  const audits = async () => Number((await fx.db.selectFrom('sys_audit_log').select((eb) => eb.fn.countAll().as('n')).where('entity', '=', 'fx_item').executeTakeFirstOrThrow()).n);
  const add = (body: unknown) => call<number>(fx.app, 'POST', '/fxItem/create', { body });

  it('adds every record of the list in one go, answers how many, and writes an audit row for each', async () => {
    const shelfId = await newShelf(10);
    const before = await audits();
    // mall's lenient bodies: numbers as strings, a posted-back id ignored.
    const answer = await add([{ shelfId, name: 'Cup', size: 2 }, { shelfId: String(shelfId), name: 'Bowl', size: '3', id: 99 }]);
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.data).toBe(2);
    expect((await items()).filter((row) => Number(row.shelf_id) === shelfId).map((row) => [row.name, Number(row.size)])).toEqual([['Cup', 2], ['Bowl', 3]]);
    expect(await audits()).toBe(before + 2);
  });

  it('refuses the whole list for one bad record, naming it by index, and stores nothing', async () => {
    const shelfId = await newShelf(10);
    const before = await items();
    const cases: [unknown[], string, string][] = [
      [[{ shelfId, name: 'Plate', size: 1 }, { shelfId, name: '', size: 1 }], '1.name', 'length_between'],
      [[{ shelfId, name: 'Plate', size: 1 }, { shelfId: 2_000_000, name: 'Fork' }], '1.shelfId', 'invalid_reference'],
      [[{ shelfId, name: 'Plate', size: 1 }, { shelfId, name: 'Knife', unknown: 1 }], '1.unknown', 'unknown_field'],
      // The second of the same name on one shelf: the unique combination, checked after the first was written.
      [[{ shelfId, name: 'Plate', size: 1 }, { shelfId, name: 'Plate', size: 1 }], '1.name', 'not_unique'],
      // The area's rule sees the records written before it in the same list: 6 + 5 > 10.
      [[{ shelfId, name: 'Pot', size: 6 }, { shelfId, name: 'Pan', size: 5 }], '1.size', 'too_big'],
    ];
    for (const [body, field, messageKey] of cases) {
      const answer = await add(body);
      expect(answer.status, answer.raw).toBeGreaterThanOrEqual(400);
      expect(answer.body.errors, answer.raw).toEqual([expect.objectContaining({ field, messageKey })]);
    }
    expect(await items()).toEqual(before);
  });

  it('refuses an empty list and a list longer than the most one call may add; one record as an object is a plain create', async () => {
    const shelfId = await newShelf(1000);
    const before = await items();
    for (const [body, messageKey] of [[[], 'select_record'],
      [Array.from({ length: DEFAULT_MAX_ROWS + 1 }, (_v, i) => ({ shelfId, name: `N${i}`, size: 1 })), 'too_many_rows']] as const) {
      const answer = await add(body);
      expect(answer.status, answer.raw).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: '_', messageKey })]);
    }
    expect(await items()).toEqual(before);
    const one = await call<{ id: number; name: string }>(fx.app, 'POST', '/fxItem/create', { body: { shelfId, name: 'Alone' } });
    expect(one.status, one.raw).toBe(200);
    expect(one.body.data).toMatchObject({ name: 'Alone', shelfId });
  });

  it('lets parallel lists together take no more than the rule allows', async () => {
    const shelfId = await newShelf(10);
    const answers = await Promise.all([0, 1, 2].map((n) => add([{ shelfId, name: `A${n}`, size: 2 }, { shelfId, name: `B${n}`, size: 2 }])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400]);
    const sizes = (await items()).filter((row) => Number(row.shelf_id) === shelfId).map((row) => Number(row.size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(8);
  });
});
