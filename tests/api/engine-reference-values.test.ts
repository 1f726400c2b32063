// Protects: the engine's reference values (`referenceValue(field, from, as)`): a row shows fields of the record it references (a money amount, a number, and one value derived from several flags), read in the list's one statement on every list, look-up and single-record read, following the referenced record when it changes, null for an empty or dangling reference, never stored. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, enumeration, flag, int, money, reference, referenceName, referenceValue, text } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const item = defineEntity({
  name: 'fxItem', path: '/fxItem', table: 'fx_item', tenant: null, display: 'name',
  menu: { route: 'fxItem' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    price: money({ required: true, min: 0, list: true }),
    stock: int({ default: 0, list: true }),
    live: flag({ default: 1, list: true }),
    hidden: flag({ default: 0, list: true }),
  },
});

const STATES = [{ value: 'shown', label: 'shown' }, { value: 'paused', label: 'paused' }, { value: 'hidden', label: 'hidden' }] as const;

const pick = defineEntity({
  name: 'fxPick', path: '/fxPick', table: 'fx_pick', tenant: null, display: 'id',
  menu: { route: 'fxPick' },
  listAll: true,
  fields: {
    itemId: reference('fxItem', 'name'),
    itemName: referenceName('itemId'),
    itemPrice: referenceValue('itemId', 'price', money({ list: true })),
    itemStock: referenceValue('itemId', 'stock', int({ list: true })),
    itemState: referenceValue('itemId', {
      fields: ['live', 'hidden'],
      derive: (v) => (v.hidden === 1 ? 'hidden' : v.live === 1 ? 'shown' : 'paused'),
    }, enumeration(STATES, { list: true })),
    note: text({ length: [0, 40], list: true }),
  },
});

type Pick = { id: number; itemId: number | null; itemName: string | null; itemPrice: number | null; itemStock: number | null; itemState: string | null };
const shown = (r: Pick) => ({ itemPrice: r.itemPrice, itemStock: r.itemStock, itemState: r.itemState });

describe.each(testDialects())('reference values (%s)', (dialect) => {
  let fx: EngineFixture;
  const statements: string[] = [];
  beforeAll(async () => { fx = await engineFixture(dialect, [item, pick] as unknown as Entity[], {}, { onStatement: (text) => statements.push(text) }); });
  afterAll(async () => { await fx?.close(); });

  const create = async <T>(path: string, body: object): Promise<T> => {
    const answer = await call<T>(fx.app, 'POST', path, { body });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const reads = async (ids: number[]): Promise<Record<number, ReturnType<typeof shown>>[]> => {
    const list = (await call<{ list: Pick[] }>(fx.app, 'GET', '/fxPick/list?pageSize=50')).body.data.list;
    const all = (await call<Pick[]>(fx.app, 'GET', '/fxPick/listAll')).body.data;
    const one = await Promise.all(ids.map(async (id) => (await call<Pick>(fx.app, 'GET', `/fxPick/${id}`)).body.data));
    return [list, all, one].map((rows) => Object.fromEntries(rows.map((r) => [r.id, shown(r)])));
  };

  it('reads the referenced record\'s fields and derived value on every read, null for an empty or dangling reference', async () => {
    const pen = await create<{ id: number }>('/fxItem/create', { name: 'Pen', price: 12.5, stock: 7 });
    const ink = await create<{ id: number }>('/fxItem/create', { name: 'Ink', price: 3, stock: 0, live: 0 });
    const gone = await create<{ id: number }>('/fxItem/create', { name: 'Gone', price: 1, stock: 1 });
    const a = await create<Pick>('/fxPick/create', { itemId: pen.id });
    const b = await create<Pick>('/fxPick/create', { itemId: ink.id });
    const c = await create<Pick>('/fxPick/create', { note: 'nothing picked' });
    const d = await create<Pick>('/fxPick/create', { itemId: gone.id });
    // The create answers them too.
    expect(shown(a)).toEqual({ itemPrice: 12.5, itemStock: 7, itemState: 'shown' });
    await fx.db.deleteFrom('fx_item').where('id', '=', gone.id).execute();

    const expected = {
      [a.id]: { itemPrice: 12.5, itemStock: 7, itemState: 'shown' },
      [b.id]: { itemPrice: 3, itemStock: 0, itemState: 'paused' },
      [c.id]: { itemPrice: null, itemStock: null, itemState: null },
      [d.id]: { itemPrice: null, itemStock: null, itemState: null },
    };
    for (const got of await reads([a.id, b.id, c.id, d.id])) expect(got).toEqual(expected);

    // Nothing of them is stored: the row holds the reference only.
    const stored = await fx.db.selectFrom('fx_pick').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(Object.keys(stored).sort()).toEqual(['id', 'item_id', 'note']);
  });

  it('follows the referenced record: a list seen before shows its new price, stock and state', async () => {
    const cup = await create<{ id: number }>('/fxItem/create', { name: 'Cup', price: 4.2, stock: 3 });
    const p = await create<Pick>('/fxPick/create', { itemId: cup.id });
    const first = (await reads([p.id]))[0]![p.id];
    expect(first).toEqual({ itemPrice: 4.2, itemStock: 3, itemState: 'shown' });
    const updated = await call(fx.app, 'POST', `/fxItem/update/${cup.id}`, { body: { name: 'Cup', price: 5.99, stock: 1, hidden: 1 } });
    expect(updated.status, updated.raw).toBe(200);
    for (const got of await reads([p.id])) expect(got[p.id]).toEqual({ itemPrice: 5.99, itemStock: 1, itemState: 'hidden' });
  });

  it('reads them in the page\'s one statement, also when the list is kept', async () => {
    const pot = await create<{ id: number }>('/fxItem/create', { name: 'Pot', price: 9, stock: 2 });
    await create<Pick>('/fxPick/create', { itemId: pot.id });
    const view = async () => {
      statements.length = 0;
      const answer = await call<{ list: Pick[] }>(fx.app, 'GET', '/fxPick/list?pageSize=50');
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.body.data.list.find((r) => r.itemId === pot.id)?.itemPrice).toBe(9);
      return [...statements];
    };
    // Seen after a write: the kept ids are read again; whatever reads the referenced table is a page statement.
    const first = await view();
    expect(first.filter((text) => /"fx_item"/.test(text) && !/sys_value_itemState_1/.test(text)), first.join('\n')).toEqual([]);
    // Seen again: the page, its values and names are one statement.
    const again = await view();
    expect(again, again.join('\n')).toHaveLength(1);
    expect(again[0]).toMatch(/sys_value_itemPrice_0/);
  });
});
