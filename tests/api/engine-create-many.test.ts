// Protects: the engine's `createMany` (create also takes an array: rows checked as create bodies, errors named by row, one transaction, the count answered; an object still creates one), a filter on a reference name (the referenced record's current name, not list-cached), and a whole number set through its `toggle` path with one id. SQLite and PostgreSQL, on a fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, reference, referenceName, text } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const tag = defineEntity({
  name: 'fxTag', path: '/fxTag', table: 'fx_tag', tenant: null, display: 'name',
  menu: { route: 'fxTag' },
  fields: { name: text({ required: true, length: [1, 40], list: true }) },
});

/** A pick of a tag, once each, several added at once, with a sort changed one record at a time. */
const pick = defineEntity({
  name: 'fxPick', path: '/fxPick', table: 'fx_pick', tenant: null, display: 'tagName',
  menu: { route: 'fxPick' },
  defaultSort: { field: 'sort', order: 'DESC' },
  fields: {
    tagId: reference('fxTag', 'name', { required: true }),
    tagName: referenceName('tagId', { list: true, filter: { param: 'tagName', op: 'like' } }),
    sort: int({ default: 0, min: 0, max: 100, serverManaged: true, list: true, toggle: '/update/sort/{id}' }),
  },
  createMany: { pick: 'tagId' },
  unique: [{ fields: ['tagId'] }],
});

type Pick = { id: number; tagId: number; tagName: string; sort: number };

describe.each(testDialects())('several records in one create (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [tag, pick] as unknown as Entity[]); });
  afterAll(async () => { await fx?.close(); });

  const newTag = async (name: string) => (await call<{ id: number }>(fx.app, 'POST', '/fxTag/create', { body: { name } })).body.data.id;
  const picks = async (query = '') => (await call<{ list: Pick[]; total: number }>(fx.app, 'GET', `/fxPick/list?pageSize=100${query}`)).body.data;
  const count = async () => (await picks()).total;

  it('creates every row of an array in one call and answers how many; an object creates one record', async () => {
    const [red, blue, green] = [await newTag('Red'), await newTag('Blue'), await newTag('Green')];
    const many = await call<number>(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: red, sort: 9 }, { tagId: String(blue) }] });
    expect(many.status, many.raw).toBe(200);
    expect(many.body.data).toBe(2);
    const one = await call<Pick>(fx.app, 'POST', '/fxPick/create', { body: { tagId: green } });
    expect(one.body.data).toMatchObject({ tagId: green, tagName: 'Green' });
    // The server-managed sort posted with a row is ignored (mall's lenient bodies): the column's default (none here).
    expect((await picks()).list.map((p) => [p.tagName, p.sort]).sort()).toEqual([['Blue', null], ['Green', null], ['Red', null]]);
  });

  it('refuses a bad row by its index, a clash with a stored row or within the call, and saves nothing', async () => {
    const before = await count();
    const [a, b] = [await newTag('Amber'), await newTag('Black')];
    const missing = await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: a }, { tagId: 1_999_999 }, {}] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['2.tagId']);
    const unknown = await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: a }, { tagId: 1_999_999 }] });
    expect(unknown.body.errors?.map((e) => [e.field, e.messageKey])).toEqual([['1.tagId', 'invalid_reference']]);
    const twice = await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: b }, { tagId: a }, { tagId: b }] });
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.map((e) => [e.field, e.messageKey])).toEqual([['2.tagId', 'not_unique']]);
    expect((await call(fx.app, 'POST', '/fxPick/create', { body: [] })).status).toBe(400);
    expect(await count()).toBe(before);
    await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: a }] });
    const again = await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: b }, { tagId: a }] });
    expect(again.body.errors?.map((e) => e.field)).toEqual(['1.tagId']);
    expect(await count()).toBe(before + 1);
  });

  it('filters on the referenced record\'s current name, also right after it is renamed', async () => {
    const id = await newTag('Violet');
    await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: id }] });
    expect((await picks('&tagName=VIOL')).list.map((p) => p.tagId)).toEqual([id]);
    await fx.db.updateTable('fx_tag' as never).set({ name: 'Indigo' } as never).where('id' as never, '=', id as never).execute();
    expect((await picks('&tagName=viol')).total).toBe(0);
    expect((await picks('&tagName=indigo')).list.map((p) => p.tagName)).toEqual(['Indigo']);
  });

  it('sets a whole number through its toggle path, one id in the path, within its bounds', async () => {
    const id = await newTag('Silver');
    await call(fx.app, 'POST', '/fxPick/create', { body: [{ tagId: id }] });
    const row = (await picks('&tagName=Silver')).list[0]!;
    expect((await call(fx.app, 'POST', `/fxPick/update/sort/${row.id}?sort=42`)).status).toBe(200);
    expect((await picks('&tagName=Silver')).list[0]).toMatchObject({ id: row.id, sort: 42 });
    const bad = await call(fx.app, 'POST', `/fxPick/update/sort/${row.id}?sort=101`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('sort');
    expect((await picks('&tagName=Silver')).list[0]!.sort).toBe(42);
  });
});
