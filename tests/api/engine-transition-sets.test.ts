// Protects: a declared transition's `sets` (server/crud/transitions.ts) on a small fixture entity: the other server-managed fields it names change with the state in the same update (row and selection), their before and after go into the audit row, a refused transition changes none of them, a request body cannot set them, and a declaration naming a field the request may write, the state itself, or a value the field does not take stops the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { defineEntity, enumeration, int, name, reference } from '../../src/schema/engine/entity';
import type { ActionDecl, Entity } from '../../src/schema/engine/entity';
import { checkTransition } from '../../server/crud/transitions';
import type { AnyKysely } from '../../server/db/index';
import { idColumn } from '../../server/db/migrations/columns';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** A lamp is off (0) or on (1); switching it on marks it lit and counts nothing else; `lit` only moves with the transitions. */
const lamp = defineEntity({
  name: 'lamp', path: '/lamp', table: 'test_lamp', tenant: 'shop_id', display: 'name',
  menu: { route: 'lamp' },
  routes: { create: false },
  fields: {
    shopId: reference('shop', 'shopName', { required: true, list: true }),
    name: name({ list: true }),
    status: int({ default: 0, min: 0, max: 2, list: true }),
    lit: enumeration([{ value: 0, label: 'dark' }, { value: 1, label: 'lit' }, { value: 2, label: 'burnt' }], { serverManaged: true, list: true }),
  },
  states: { field: 'status' },
  actions: {
    switchOn: { on: 'row', path: '/on/{id}', writes: true, summary: 'Switch a lamp on', transition: { from: [0], to: 1, sets: { lit: 1 } } },
    switchOff: { on: 'selection', path: '/off', writes: true, summary: 'Switch lamps off', transition: { from: [1], to: 0, sets: { lit: 0 } } },
  },
});

describe.each(testDialects())('a transition setting other fields with the state (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let shopId: number;
  const db = () => t.db as unknown as AnyKysely;
  const post = (url: string, body?: unknown) => call(t.app, 'POST', `/api${url}`, { token, ...(body === undefined ? {} : { body }) });
  const rowOf = async (id: number) => {
    const row = await db().selectFrom('test_lamp').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { status: Number(row.status), lit: Number(row.lit) };
  };
  const insert = async (status: number, lit: number) =>
    Number((await db().insertInto('test_lamp').values({ shop_id: shopId, name: 'Lamp', status, lit }).returning('id').executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, { entities: [lamp as unknown as Entity], areas: [] });
    await db().schema.createTable('test_lamp')
      .addColumn('id', 'integer', idColumn(db()))
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(140)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lit', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    [shopId] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    token = await login(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  it('a row transition sets the declared field with the state, and the audit row has its before and after', async () => {
    const id = await insert(0, 0);
    expect((await post(`/lamp/on/${id}`)).body).toMatchObject({ code: 200 });
    expect(await rowOf(id)).toEqual({ status: 1, lit: 1 });
    const audit = await db().selectFrom('sys_audit_log').select(['before_json', 'after_json']).where('entity', '=', 'test_lamp')
      .where('entity_id', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.before_json))).toMatchObject({ status: 0, lit: 0 });
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ status: 1, lit: 1 });
  });

  it('a selection sets it on the eligible rows only; a refused transition changes neither field', async () => {
    const on = await insert(1, 1);
    const off = await insert(0, 2);
    const answer = await post(`/lamp/off?ids=${on},${off}`);
    expect(answer.body).toMatchObject({ code: 200, skipped: [off] });
    expect(await rowOf(on)).toEqual({ status: 0, lit: 0 });
    expect(await rowOf(off)).toEqual({ status: 0, lit: 2 });
    expect((await post(`/lamp/on/${on}`)).status).toBe(200);
    expect((await post(`/lamp/on/${on}`)).status).toBe(409);
    expect(await rowOf(on)).toEqual({ status: 1, lit: 1 });
  });

  it('a request body cannot set the server-managed field', async () => {
    const id = await insert(0, 0);
    const answer = await call(t.app, 'POST', `/api/lamp/update/${id}`, { token, body: { shopId, name: 'Renamed', status: 0, lit: 2 } });
    expect(answer.status).toBeLessThan(500);
    expect((await rowOf(id)).lit).toBe(0);
  });

  it('a declaration naming a writable field, the state, or a value the field does not take stops the start', () => {
    const entity = lamp as unknown as Entity;
    const withSets = (sets: Record<string, number>): ActionDecl => ({ on: 'row', path: '/on/{id}', writes: true, summary: 'Switch a lamp on', transition: { from: [0], to: 1, sets } });
    expect(() => checkTransition(entity, 'switchOn', withSets({ lit: 1 }), [entity])).not.toThrow();
    expect(() => checkTransition(entity, 'switchOn', withSets({ name: 1 }), [entity])).toThrow(/sets name/);
    expect(() => checkTransition(entity, 'switchOn', withSets({ status: 1 }), [entity])).toThrow(/sets status/);
    expect(() => checkTransition(entity, 'switchOn', withSets({ missing: 1 }), [entity])).toThrow(/sets missing/);
    expect(() => checkTransition(entity, 'switchOn', withSets({ lit: 7 }), [entity])).toThrow(/7 is no value of lit/);
  });
});
