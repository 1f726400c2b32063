// Protects: the engine's reference names with a name for none (`referenceName(field, { none })`): an empty reference reads as the declared name in get, list and listAll answers, a set one as the referenced record's display value, a dangling one (the record is gone) as null, and a name without `none` still reads null for an empty reference. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, reference, referenceName, text } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const person = defineEntity({
  name: 'fxPerson', path: '/fxPerson', table: 'fx_person', tenant: null, display: 'name',
  menu: { route: 'fxPerson' },
  fields: { name: text({ required: true, length: [1, 40], list: true }) },
});

const entry = defineEntity({
  name: 'fxEntry', path: '/fxEntry', table: 'fx_entry', tenant: null, display: 'id',
  menu: { route: 'fxEntry' },
  listAll: true,
  fields: {
    note: text({ required: true, length: [1, 40], list: true }),
    authorId: reference('fxPerson', 'name'),
    authorName: referenceName('authorId', { none: 'the system' }),
    reviewerId: reference('fxPerson', 'name'),
    reviewerName: referenceName('reviewerId'),
  },
});

type Entry = { id: number; note: string; authorId: number | null; authorName: string | null; reviewerId: number | null; reviewerName: string | null };

describe.each(testDialects())('reference names with a name for none (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [person, entry] as unknown as Entity[]); });
  afterAll(async () => { await fx?.close(); });

  it('reads an empty reference as the declared name, a set one as its record, a dangling one as null', async () => {
    const ann = (await call<{ id: number }>(fx.app, 'POST', '/fxPerson/create', { body: { name: 'Ann' } })).body.data;
    const bob = (await call<{ id: number }>(fx.app, 'POST', '/fxPerson/create', { body: { name: 'Bob' } })).body.data;
    const byPerson = (await call<Entry>(fx.app, 'POST', '/fxEntry/create', { body: { note: 'by Ann', authorId: ann.id, reviewerId: ann.id } })).body.data;
    const bySystem = (await call<Entry>(fx.app, 'POST', '/fxEntry/create', { body: { note: 'by nobody' } })).body.data;
    const byGone = (await call<Entry>(fx.app, 'POST', '/fxEntry/create', { body: { note: 'by Bob', authorId: bob.id, reviewerId: bob.id } })).body.data;
    // Bob's account goes behind the engine's back: his entry now points at nothing.
    await fx.db.deleteFrom('fx_person').where('id', '=', bob.id).execute();

    const expected = {
      [byPerson.id]: { authorName: 'Ann', reviewerName: 'Ann' },
      [bySystem.id]: { authorName: 'the system', reviewerName: null },
      [byGone.id]: { authorName: null, reviewerName: null },
    };
    for (const id of [byPerson.id, bySystem.id, byGone.id]) {
      const got = (await call<Entry>(fx.app, 'GET', `/fxEntry/${id}`)).body.data;
      expect({ authorName: got.authorName, reviewerName: got.reviewerName }).toEqual(expected[id]);
    }
    const list = (await call<{ list: Entry[] }>(fx.app, 'GET', '/fxEntry/list?pageSize=50')).body.data.list;
    const all = (await call<Entry[]>(fx.app, 'GET', '/fxEntry/listAll')).body.data;
    for (const rows of [list, all]) {
      expect(Object.fromEntries(rows.map((r) => [r.id, { authorName: r.authorName, reviewerName: r.reviewerName }]))).toEqual(expected);
    }
    // Nothing of the name is stored: the row holds the empty reference only.
    const stored = await fx.db.selectFrom('fx_entry').selectAll().where('id', '=', bySystem.id).executeTakeFirstOrThrow();
    expect(stored.author_id).toBeNull();
    expect(stored).not.toHaveProperty('author_name');
  });
});
