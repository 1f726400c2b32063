// Protects: the engine's declared time stamps (`dateTime({ auto })`): `create` is stamped once on create and never moves, `update` on create and on every later write (update, batch set); a posted value cannot set either; a server-managed time without `auto` is not stamped, whatever its name. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { dateTime, defineEntity, flag, text } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import type { EngineFixture } from '../fixtures/engine';
import { engineFixture } from '../fixtures/engine';

const stamped = defineEntity({
  name: 'fxStamped', path: '/fxStamped', table: 'fx_stamped', tenant: null, display: 'name',
  menu: { route: 'fxStamped' },
  fields: {
    name: text({ required: true, length: [1, 40], list: true }),
    status: flag({ default: 1, list: true }),
    madeAt: dateTime({ auto: 'create', list: true }),
    changedAt: dateTime({ auto: 'update', list: true }),
    // The old convention stamped a server-managed `createTime` by its name: it is only a name now.
    createTime: dateTime({ serverManaged: true, list: true }),
  },
  batch: [{ kind: 'set', path: '/update/status', field: 'status' }],
});

type Stamped = { id: number; name: string; status: number; madeAt: string | null; changedAt: string | null; createTime: string | null };

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(testDialects())('declared time stamps (%s)', (dialect) => {
  let fx: EngineFixture;
  beforeAll(async () => { fx = await engineFixture(dialect, [stamped] as unknown as Entity[]); });
  afterAll(async () => { await fx?.close(); });

  const get = async (id: number): Promise<Stamped> => (await call<Stamped>(fx.app, 'GET', `/fxStamped/${id}`)).body.data;

  it('stamps both on create, and only the update stamp on later writes', async () => {
    const before = new Date().toISOString();
    const created = await call<Stamped>(fx.app, 'POST', '/fxStamped/create', { body: { name: 'A' } });
    expect(created.status, created.raw).toBe(200);
    const record = created.body.data;
    expect(record.madeAt! >= before).toBe(true);
    expect(record.changedAt).toBe(record.madeAt);
    expect(record.createTime).toBeNull();

    await tick();
    expect((await call(fx.app, 'POST', `/fxStamped/update/${record.id}`, { body: { name: 'B' } })).status).toBe(200);
    const updated = await get(record.id);
    expect(updated.madeAt).toBe(record.madeAt);
    expect(updated.changedAt! > record.changedAt!).toBe(true);

    await tick();
    expect((await call(fx.app, 'POST', `/fxStamped/update/status?ids=${record.id}&status=0`)).status).toBe(200);
    const switched = await get(record.id);
    expect(switched.madeAt).toBe(record.madeAt);
    expect(switched.changedAt! > updated.changedAt!).toBe(true);
    expect(switched.createTime).toBeNull();
  });

  it('keeps the stamps out of the client\'s hands', async () => {
    const start = new Date().toISOString();
    const created = await call<Stamped>(fx.app, 'POST', '/fxStamped/create', { body: { name: 'C', madeAt: '2000-01-01T00:00:00.000Z' } });
    expect(created.status, created.raw).toBe(200);
    expect(created.body.data.madeAt! >= start).toBe(true);
    const id = created.body.data.id;
    await call(fx.app, 'POST', `/fxStamped/update/${id}`, { body: { name: 'D', madeAt: '2000-01-01T00:00:00.000Z', changedAt: '2000-01-01T00:00:00.000Z' } });
    const after = await get(id);
    expect(after.madeAt).toBe(created.body.data.madeAt);
    expect(after.changedAt! >= start).toBe(true);
  });
});
