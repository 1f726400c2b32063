// Protects: the engine's tree option (TreeDecl) on any entity that declares it: levels follow the parent, the tree stays a tree (no missing parent, no cycle), the declared depth holds on create and on a move, a move carries the new levels down, a record with children is not deleted; refusals change nothing. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, int, text } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const treeFields = {
  parentId: int({ default: 0, min: 0, filter: { param: 'parentId', op: 'eq' } }),
  name: text({ required: true, length: [1, 40], list: true }),
  level: int({ serverManaged: true, list: true }),
};

/** Three levels at most, like a category tree with one more level. */
const shallow = defineEntity({
  name: 'fxShallow', path: '/fxShallow', table: 'fx_shallow', tenant: null, display: 'name',
  menu: { route: 'fxShallow' },
  tree: { parent: 'parentId', level: 'level', levels: 3, hasChildren: 'category_has_children' },
  fields: treeFields,
});

/** No depth limit, like the menus. */
const deep = defineEntity({
  name: 'fxDeep', path: '/fxDeep', table: 'fx_deep', tenant: null, display: 'name',
  menu: { route: 'fxDeep' },
  tree: { parent: 'parentId', level: 'level', hasChildren: 'menu_has_children' },
  fields: treeFields,
});

type Node = { id: number; parentId: number; level: number; name: string };

describe.each(testDialects())('entity trees (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [shallow, deep] as unknown as Entity[]); });
  afterAll(async () => { await fx?.close(); });

  const create = async (entity: Entity, name: string, parentId = 0) => call<Node>(fx.app, 'POST', `${entity.path}/create`, { body: { name, parentId } });
  const node = async (entity: Entity, name: string, parentId = 0): Promise<Node> => {
    const answer = await create(entity, name, parentId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const get = async (entity: Entity, id: number): Promise<Node> => (await call<Node>(fx.app, 'GET', `${entity.path}/${id}`)).body.data;
  const move = (entity: Entity, id: number, parentId: number) => call(fx.app, 'POST', `${entity.path}/update/${id}`, { body: { parentId } });
  const rows = async (entity: Entity) => fx.db.selectFrom(entity.table).selectAll().orderBy('id').execute();

  it('gives each record the level below its parent', async () => {
    const root = await node(shallow, 'Root');
    const child = await node(shallow, 'Child', root.id);
    const grandchild = await node(shallow, 'Grandchild', child.id);
    expect([root.level, child.level, grandchild.level]).toEqual([0, 1, 2]);
  });

  it('refuses a record deeper than the declared levels, a missing parent and an id out of range, storing nothing', async () => {
    const root = await node(shallow, 'R');
    const child = await node(shallow, 'C', root.id);
    const grandchild = await node(shallow, 'G', child.id);
    const before = await rows(shallow);
    for (const parentId of [grandchild.id, 999_999, 2_147_483_648]) {
      const answer = await create(shallow, 'Too deep', parentId);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'parentId' })]);
    }
    expect(await rows(shallow)).toEqual(before);
  });

  it('refuses the record itself or one of its descendants as its parent, changing nothing', async () => {
    const a = await node(deep, 'A');
    const b = await node(deep, 'B', a.id);
    const c = await node(deep, 'C', b.id);
    const before = await rows(deep);
    for (const parentId of [a.id, b.id, c.id]) {
      const answer = await move(deep, a.id, parentId);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'parentId', messageKey: 'invalid_reference' })]);
    }
    expect(await rows(deep)).toEqual(before);
  });

  it('carries a move down to every descendant', async () => {
    const a = await node(deep, 'Top A');
    const b = await node(deep, 'Top B');
    const b1 = await node(deep, 'B1', b.id);
    const b2 = await node(deep, 'B2', b1.id);
    const b3 = await node(deep, 'B3', b2.id);
    expect((await move(deep, b1.id, a.id)).status).toBe(200);
    expect([(await get(deep, b1.id)).level, (await get(deep, b2.id)).level, (await get(deep, b3.id)).level]).toEqual([1, 2, 3]);
    const a1 = await node(deep, 'A1', a.id);
    expect((await move(deep, b1.id, a1.id)).status).toBe(200);
    expect([(await get(deep, b1.id)).level, (await get(deep, b2.id)).level, (await get(deep, b3.id)).level]).toEqual([2, 3, 4]);
    expect((await move(deep, b1.id, 0)).status).toBe(200);
    expect([(await get(deep, b1.id)).level, (await get(deep, b2.id)).level, (await get(deep, b3.id)).level]).toEqual([0, 1, 2]);
  });

  it('refuses a move that would put descendants deeper than the levels, changing nothing', async () => {
    const x = await node(shallow, 'X');
    const y = await node(shallow, 'Y');
    const y1 = await node(shallow, 'Y1', y.id);
    await node(shallow, 'Y2', y1.id);
    const before = await rows(shallow);
    const answer = await move(shallow, y.id, x.id);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'parentId', messageKey: 'validation_failed' })]);
    expect(await rows(shallow)).toEqual(before);
    // A leaf may move one level down where it still fits.
    const leaf = await node(shallow, 'Leaf');
    expect((await move(shallow, leaf.id, x.id)).status).toBe(200);
    expect((await get(shallow, leaf.id)).level).toBe(1);
  });

  it('keeps a record that has children, saying why, and deletes a leaf', async () => {
    const parent = await node(shallow, 'Parent');
    const leaf = await node(shallow, 'Leaf of parent', parent.id);
    const refused = await call(fx.app, 'POST', `${shallow.path}/delete/${parent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.messageKey ?? refused.body.message).toBeTruthy();
    expect(JSON.stringify(refused.body)).toContain('category_has_children');
    expect((await get(shallow, parent.id)).id).toBe(parent.id);
    expect((await call(fx.app, 'POST', `${shallow.path}/delete/${leaf.id}`)).status).toBe(200);
    expect((await call(fx.app, 'POST', `${shallow.path}/delete/${parent.id}`)).status).toBe(200);
  });
});
