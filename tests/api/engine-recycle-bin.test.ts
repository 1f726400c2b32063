// Protects: the engine's recycle bin (an entity's `softDelete`): delete moves records into the bin; get, list, `ids`, listAll, updates, batch sets and reference checks see live records only; `?deleteStatus=1` lists the bin; restore and purge (delete for good) work on the bin's records only, each with its audit row; a restore meets unique combinations again; bad input is refused by name and changes nothing. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, flag, int, reference, text } from '../../src/schema/engine/entity';
import { entityActionPath } from '../../src/schema/engine/actionPaths';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const item = defineEntity({
  name: 'fxItem', path: '/fxItem', table: 'fx_item', tenant: null, display: 'name',
  menu: { route: 'fxItem' },
  search: { param: 'keyword', fields: ['name'] },
  listAll: true,
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    sort: int({ default: 0, list: true }),
    deleteStatus: flag({ serverManaged: true }),
  },
  softDelete: { field: 'deleteStatus' },
  // A name is free again once its record is in the bin, and taken again by a restore.
  unique: [{ fields: ['name'], where: { deleteStatus: 0 } }],
  batch: [
    { kind: 'delete', path: '/delete' }, { kind: 'set', path: '/update/sort', field: 'sort' },
    // mall's product style: the bin's flag set by a batch moves records in (1) and out (0).
    { kind: 'set', path: '/update/deleteStatus', field: 'deleteStatus' },
  ],
  // The single read under another path (mall's `GET /product/updateInfo/{id}`), with a view's fields joined.
  variants: [{ kind: 'alias', method: 'GET', path: '/info/{id}', of: 'get', extra: 'info' }],
});

const link = defineEntity({
  name: 'fxLink', path: '/fxLink', table: 'fx_link', tenant: null, display: 'id',
  menu: { route: 'fxLink' },
  fields: { itemId: reference('fxItem', 'name', { required: true, list: true }) },
});

type Item = { id: number; name: string; sort: number; deleteStatus: number };
type Page = { list: Item[]; total: number };

describe.each(testDialects())('recycle bin (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => {
    fx = await engineFixture(dialect, [item, link] as unknown as Entity[], { fxItem: { views: { info: async (_db, { id }) => ({ seen: id }) } } });
  });
  afterAll(async () => { await fx?.close(); });

  let counter = 0;
  const newItem = async (name = `Item ${++counter}`): Promise<Item> => {
    const answer = await call<Item>(fx.app, 'POST', '/fxItem/create', { body: { name } });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const stored = async (id: number) => fx.db.selectFrom('fx_item').selectAll().where('id', '=', id).executeTakeFirst();
  const table = async () => fx.db.selectFrom('fx_item').selectAll().orderBy('id').execute();
  const list = async (query = '') => (await call<Page>(fx.app, 'GET', `/fxItem/list?pageSize=200${query}`)).body.data;
  const ids = (records: { id: number }[]) => records.map((r) => r.id);
  const auditOf = async (id: number) => (await fx.db.selectFrom('sys_audit_log').select(['action', 'before_json', 'after_json'])
    .where('entity', '=', 'fx_item').where('entity_id', '=', String(id)).orderBy('id').execute()).map((row) => row.action);

  it('creates records live, and delete moves them into the bin instead of removing them', async () => {
    const kept = await newItem();
    const one = await newItem();
    const two = await newItem();
    const three = await newItem();
    expect(kept.deleteStatus).toBe(0);
    expect((await call(fx.app, 'POST', `/fxItem/delete/${one.id}`)).body.data).toBe(1);
    expect((await call(fx.app, 'POST', `/fxItem/delete?ids=${two.id},${three.id}`)).body.data).toBe(2);
    for (const id of [one.id, two.id, three.id]) expect(Number((await stored(id))?.delete_status)).toBe(1);
    expect(Number((await stored(kept.id))?.delete_status)).toBe(0);
    expect(await auditOf(one.id)).toEqual(['create', 'recycle']);
  });

  it('hides the bin from get, list, ids, listAll, updates, batch sets, deletes and references', async () => {
    const live = await newItem();
    const gone = await newItem();
    await call(fx.app, 'POST', `/fxItem/delete/${gone.id}`);
    const before = await table();

    expect((await call(fx.app, 'GET', `/fxItem/${gone.id}`)).status).toBe(404);
    expect(ids((await list()).list)).toContain(live.id);
    expect(ids((await list()).list)).not.toContain(gone.id);
    expect(ids((await list(`&ids=${live.id},${gone.id}`)).list)).toEqual([live.id]);
    expect(ids((await call<Item[]>(fx.app, 'GET', '/fxItem/listAll')).body.data)).not.toContain(gone.id);
    expect((await call(fx.app, 'POST', `/fxItem/update/${gone.id}`, { body: { name: 'Back?' } })).status).toBe(404);
    expect((await call(fx.app, 'POST', `/fxItem/update/sort?ids=${gone.id}&sort=5`)).status).toBe(404);
    expect((await call(fx.app, 'POST', `/fxItem/delete/${gone.id}`)).status).toBe(404);
    expect(await table()).toEqual(before);

    const refused = await call(fx.app, 'POST', '/fxLink/create', { body: { itemId: gone.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'itemId', messageKey: 'invalid_reference' })]);
    expect((await call(fx.app, 'POST', '/fxLink/create', { body: { itemId: live.id } })).status).toBe(200);
  });

  it('lists the bin with ?deleteStatus=1, with the other parameters as usual', async () => {
    const live = await newItem('Bin search live');
    const gone = await newItem('Bin search gone');
    await call(fx.app, 'POST', `/fxItem/delete/${gone.id}`);
    const bin = await list('&deleteStatus=1');
    expect(bin.list.every((r) => r.deleteStatus === 1)).toBe(true);
    expect(ids(bin.list)).toContain(gone.id);
    expect(ids(bin.list)).not.toContain(live.id);
    expect(ids((await list('&deleteStatus=1&keyword=Bin search')).list)).toEqual([gone.id]);
    expect(ids((await list('&deleteStatus=0&keyword=Bin search')).list)).toEqual([live.id]);
    for (const bad of ['2', 'yes', '-1']) {
      const answer = await call(fx.app, 'GET', `/fxItem/list?deleteStatus=${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'deleteStatus', messageKey: 'invalid_value' })]);
    }
  });

  it('restores records of the bin only, and a restored record is live again', async () => {
    const live = await newItem();
    const a = await newItem();
    const b = await newItem();
    await call(fx.app, 'POST', `/fxItem/delete?ids=${a.id},${b.id}`);
    const before = await table();
    // Nothing of these is in the bin: 404, nothing changed.
    expect((await call(fx.app, 'POST', `/fxItem/restore?ids=${live.id},999999`)).status).toBe(404);
    expect(await table()).toEqual(before);
    // A live id among bin ids is skipped, as the other batches skip ids they do not see.
    expect((await call(fx.app, 'POST', `/fxItem/restore?ids=${a.id},${b.id},${live.id}`)).body.data).toBe(2);
    expect((await call<Item>(fx.app, 'GET', `/fxItem/${a.id}`)).body.data.deleteStatus).toBe(0);
    expect(ids((await list()).list)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await auditOf(a.id)).toEqual(['create', 'recycle', 'restore']);
  });

  it('deletes records of the bin for good, and only those', async () => {
    const live = await newItem();
    const gone = await newItem();
    await call(fx.app, 'POST', `/fxItem/delete/${gone.id}`);
    const before = await table();
    expect((await call(fx.app, 'POST', `/fxItem/purge?ids=${live.id}`)).status).toBe(404);
    expect(await table()).toEqual(before);
    expect((await call(fx.app, 'POST', `/fxItem/purge?ids=${gone.id}`)).body.data).toBe(1);
    expect(await stored(gone.id)).toBeUndefined();
    expect(await stored(live.id)).toBeDefined();
    expect(await auditOf(gone.id)).toEqual(['create', 'recycle', 'purge']);
    expect((await call(fx.app, 'POST', `/fxItem/restore?ids=${gone.id}`)).status).toBe(404);
  });

  it('refuses a restore that would take a name a live record holds, changing nothing', async () => {
    const first = await newItem('Twin');
    await call(fx.app, 'POST', `/fxItem/delete/${first.id}`);
    const second = await newItem('Twin'); // the name is free while the first is in the bin
    const before = await table();
    const answer = await call(fx.app, 'POST', `/fxItem/restore?ids=${first.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'name', messageKey: 'not_unique' })]);
    expect(await table()).toEqual(before);
    await call(fx.app, 'POST', `/fxItem/delete/${second.id}`);
    expect((await call(fx.app, 'POST', `/fxItem/restore?ids=${first.id}`)).status).toBe(200);
  });

  it('refuses restore and purge without good ids, by name', async () => {
    const before = await table();
    for (const operation of ['restore', 'purge']) {
      const none = await call(fx.app, 'POST', `/fxItem/${operation}`);
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual([expect.objectContaining({ field: 'ids' })]);
      const bad = await call(fx.app, 'POST', `/fxItem/${operation}?ids=1,x`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'ids', messageKey: 'invalid_ids' })]);
    }
    expect(await table()).toEqual(before);
  });

  it('a batch set of the bin\'s flag recycles (1) and restores (0) as delete and restore do; other values and hidden ids are refused', async () => {
    const one = await newItem();
    const two = await newItem();
    expect((await call(fx.app, 'POST', `/fxItem/update/deleteStatus?ids=${one.id},${two.id}&deleteStatus=1`)).body.data).toBe(2);
    expect(ids((await list('&deleteStatus=1')).list)).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(await auditOf(one.id)).toEqual(['create', 'recycle']);
    // Already in the bin: nothing live to recycle.
    expect((await call(fx.app, 'POST', `/fxItem/update/deleteStatus?ids=${one.id}&deleteStatus=1`)).status).toBe(404);
    const before = await table();
    const bad = await call(fx.app, 'POST', `/fxItem/update/deleteStatus?ids=${one.id}&deleteStatus=2`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'deleteStatus' })]);
    expect(await table()).toEqual(before);
    expect((await call(fx.app, 'POST', `/fxItem/update/deleteStatus?ids=${one.id}&deleteStatus=0`)).body.data).toBe(1);
    expect(await auditOf(one.id)).toEqual(['create', 'recycle', 'restore']);
    expect(Number((await stored(one.id))?.delete_status)).toBe(0);
    expect(Number((await stored(two.id))?.delete_status)).toBe(1);
  });

  it('answers the single read under an alias path with the extra view\'s fields, live records only', async () => {
    const live = await newItem();
    const got = await call<Item>(fx.app, 'GET', `/fxItem/info/${live.id}`);
    expect(got.body.data).toEqual({ ...(await call<Item>(fx.app, 'GET', `/fxItem/${live.id}`)).body.data, seen: live.id });
    await call(fx.app, 'POST', `/fxItem/delete/${live.id}`);
    expect((await call(fx.app, 'GET', `/fxItem/info/${live.id}`)).status).toBe(404);
    expect((await call(fx.app, 'GET', '/fxItem/info/x')).status).toBe(400);
  });

  it('has no restore or purge route without a recycle bin', async () => {
    expect((await call(fx.app, 'POST', '/fxLink/restore?ids=1')).status).toBe(404);
    expect((await call(fx.app, 'GET', '/fxLink/list?deleteStatus=1')).status).toBe(400);
  });
});

describe('recycle bin in the contract', () => {
  it('lists restore and purge among the endpoints, for OpenAPI and the access checks alike', () => {
    const document = buildOpenApiDocument({ apiPrefix: '/api', entities: [item, link] as unknown as Entity[], routes: [] }) as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(Object.keys(document.paths['/fxItem/restore'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/fxItem/purge'] ?? {})).toEqual(['post']);
    expect(document.paths['/fxItem/list']?.get?.parameters?.map((p) => p.name)).toContain('deleteStatus');
    expect(document.paths['/fxLink/restore']).toBeUndefined();
    expect(entityActionPath(item as unknown as Entity, 'restore')).toBe('/fxItem/restore');
    expect(entityActionPath(item as unknown as Entity, 'purge')).toBe('/fxItem/purge');
    expect(entityActionPath(link as unknown as Entity, 'purge')).toBeNull();
  });
});
