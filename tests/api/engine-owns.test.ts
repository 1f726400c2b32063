// Protects: deletes follow the owned rows' rules (`owns`): restrict refuses by name and changes nothing, rules rows go through their own delete and audit, cascade parts go with the record; every cascade into a declared table is declared (the app's and a fixture's foreign keys, SQLite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { entityList } from '../../src/schema/entities';
import { MESSAGES } from '../../src/schema/api';
import { foreignKeysOf, ownershipProblems } from '../../server/crud/owns';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';
import { fxHolder, OWNS_ACTIONS, OWNS_ENTITIES, OWNS_HOOKS, ownsTables } from '../fixtures/owns';

describe.each(testDialects())('owned rows (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => {
    fx = await engineFixture(dialect, OWNS_ENTITIES, OWNS_HOOKS, { actions: OWNS_ACTIONS, tables: ownsTables() });
  });
  afterAll(async () => { await fx?.close(); });

  const holder = async (name: string, extra: { recs?: string[]; parts?: number; lines?: string[] } = {}): Promise<number> => {
    const answer = await call<{ id: number }>(fx.app, 'POST', '/fxHolder/create', { body: { name, lines: (extra.lines ?? []).map((label) => ({ label })) } });
    expect(answer.status, answer.raw).toBe(200);
    const id = answer.body.data.id;
    for (const rec of extra.recs ?? []) await fx.db.insertInto('fx_holder_rec').values({ holder_id: id, name: rec }).execute();
    for (let i = 0; i < (extra.parts ?? 0); i++) await fx.db.insertInto('fx_holder_part').values({ holder_id: id, note: `part ${i}` }).execute();
    return id;
  };
  const rows = async (table: string, id: number) => (await fx.db.selectFrom(table).select('id').where(table === 'fx_holder' ? 'id' : 'holder_id', '=', id).execute()).length;
  const audits = async (table: string) => (await fx.db.selectFrom('sys_audit_log').select(['action', 'entity_id']).where('entity', '=', table).orderBy('id').execute())
    .map((r) => `${r.action}:${r.entity_id}`);

  it('every foreign key into a declared table of the app cascades only where a declaration allows it', async () => {
    expect(ownershipProblems(entityList, await foreignKeysOf(fx.db))).toEqual([]);
  });

  it('finds an undeclared cascade, a restrict the database would cascade, and a declaration with no key', async () => {
    const keys = await foreignKeysOf(fx.db);
    expect(ownershipProblems(OWNS_ENTITIES, keys)).toEqual([]);
    const without = { ...fxHolder, owns: fxHolder.owns!.filter((o) => o.table !== 'fx_holder_part') } as unknown as Entity;
    expect(ownershipProblems([without, ...OWNS_ENTITIES.slice(1)], keys)).toEqual([
      'fx_holder_part.holder_id references fx_holder (on delete cascade) but fxHolder declares no `owns` for it',
    ]);
    const restricting = { ...fxHolder, owns: fxHolder.owns!.map((o) => (o.table === 'fx_holder_part' ? { ...o, policy: 'restrict', messageKey: 'shop_has_orders' } : o)) } as unknown as Entity;
    expect(ownershipProblems([restricting, ...OWNS_ENTITIES.slice(1)], keys)).toEqual([
      'fx_holder_part.holder_id: fxHolder restricts its delete, but the foreign key cascades (make it RESTRICT)',
    ]);
    const stray = { ...fxHolder, owns: [...fxHolder.owns!, { table: 'fx_holder_line', column: 'nope', policy: 'cascade' }] } as unknown as Entity;
    expect(ownershipProblems([stray, ...OWNS_ENTITIES.slice(1)], keys)).toEqual(['fxHolder owns fx_holder_line.nope, which has no foreign key to fx_holder']);
  });

  it('refuses to delete a record that holds money, by name, changing nothing', async () => {
    const id = await holder('With money', { recs: ['a'], parts: 2, lines: ['x'] });
    expect((await call(fx.app, 'POST', `/fxHolder/pay/${id}`, { body: { cents: 500 } })).status).toBe(200);
    const before = await audits('fx_holder');
    const answer = await call(fx.app, 'POST', `/fxHolder/delete/${id}`);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ messageKey: 'shop_has_orders', message: MESSAGES.shop_has_orders });
    for (const table of ['fx_holder', 'fx_holder_rec', 'fx_holder_line', 'fx_holder_money']) expect(await rows(table, id)).toBe(1);
    expect(await rows('fx_holder_part', id)).toBe(2);
    expect(await audits('fx_holder')).toEqual(before);
    // The database refuses too (RESTRICT), whatever code forgets.
    await expect(fx.db.deleteFrom('fx_holder').where('id', '=', id).execute()).rejects.toThrow();
  });

  it('deletes rules rows through their own delete with an audit row each, and cascade parts and child rows with the record', async () => {
    const id = await holder('Plain', { recs: ['r1', 'r2'], parts: 3, lines: ['x', 'y'] });
    const recs = (await fx.db.selectFrom('fx_holder_rec').select('id').where('holder_id', '=', id).orderBy('id').execute()).map((r) => Number(r.id));
    const answer = await call(fx.app, 'POST', `/fxHolder/delete/${id}`);
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.data).toBe(1);
    for (const table of ['fx_holder', 'fx_holder_rec', 'fx_holder_line', 'fx_holder_part']) expect(await rows(table, id)).toBe(0);
    expect((await audits('fx_holder_rec')).filter((a) => recs.some((r) => a === `delete:${r}`))).toEqual(recs.map((r) => `delete:${r}`));
    expect((await audits('fx_holder')).filter((a) => a.endsWith(`:${id}`))).toEqual([`create:${id}`, `delete:${id}`]);
  });

  it('a rules row its own rule keeps refuses the whole delete', async () => {
    const id = await holder('Keeps', { recs: ['gone', 'kept'], parts: 1 });
    const answer = await call(fx.app, 'POST', `/fxHolder/delete/${id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.messageKey).toBe('menu_has_children');
    expect(await rows('fx_holder_rec', id)).toBe(2);
    expect(await rows('fx_holder_part', id)).toBe(1);
    expect(await rows('fx_holder', id)).toBe(1);
  });
});
