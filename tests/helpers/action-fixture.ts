/**
 * A small fixture entity with one action of every shape (row by path id or by a named parameter,
 * selection, collection; reads and writes; every parameter kind that matters), declared here and
 * plugged into the app the way an area plugs in (`buildApp(config, { entities, areas })`), so the
 * engine's action mechanism is tested without any real area. Gadgets belong to shops (tenant
 * `shop_id`), so shop scope applies to them as to molds.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import { expect } from 'vitest';
import { dateTime, defineEntity, flag, int, json, name, reference, references, text } from '../../src/schema/engine/entity';
import type { Entity } from '../../src/schema/engine/entity';
import { defineArea } from '../../server/areas/area';
import { bumpPermissionVersion } from '../../server/auth/permissions';
import { entityActions } from '../../server/crud/actions';
import { scopeWhere } from '../../server/crud/repository';
import type { AnyKysely } from '../../server/db/index';
import { idColumn } from '../../server/db/migrations/columns';
import type { Database } from '../../server/db/schema';
import { toDbTime } from '../../server/db/time';
import { fieldInvalid } from '../../server/http/errors';

export const gadget = defineEntity({
  name: 'gadget', path: '/gadget', table: 'test_gadget', tenant: 'shop_id', display: 'name',
  menu: { route: 'gadget' },
  fields: {
    shopId: reference('shop', 'shopName', { required: true, list: true }),
    name: name({ list: true }),
    status: int({ default: 0, min: 0, max: 3, list: true }),
    note: text({ length: [0, 200] }),
    updateTime: dateTime({ auto: 'update' }),
  },
  // Transitions of the status (0 new, 1 working, 2 in repair, 3 retired), with a history.
  states: {
    field: 'status',
    history: { entity: 'gadgetHistory', record: 'gadgetId', from: 'fromStatus', to: 'toStatus', note: 'note', operator: 'operatorId', time: 'createTime' },
  },
  actions: {
    rename: { on: 'row', path: '/rename/{id}', writes: true, summary: 'Rename a gadget', params: { name: name() } },
    // The JSON body as a whole is one parameter (mall's `POST /sku/update/{pid}` takes an array).
    notes: {
      on: 'row', path: '/notes/{id}', writes: true, button: false, bodyParam: 'lines', summary: 'Set the note from a list of lines',
      params: { lines: json(z.array(z.string().min(1).max(20)).max(3), { required: true }), joiner: text({ length: [1, 1] }) },
    },
    retag: {
      on: 'selection', path: '/retag', writes: true, maxIds: 3, summary: 'Set the note of several gadgets',
      params: { note: text({ required: true, length: [1, 20] }) },
    },
    link: {
      on: 'row', path: '/link', idParam: 'gadgetId', writes: true, summary: 'Note the gadgets this one goes with',
      params: {
        others: references('gadget', 'name', { required: true, maxCount: 3 }),
        level: int({ min: 1, max: 5, default: 1 }),
        urgent: flag({ default: 0 }),
      },
    },
    count: { on: 'collection', path: '/count', writes: false, summary: 'Count the gadgets in a status', params: { status: int({ min: 0, max: 3 }) } },
    resetAll: { on: 'collection', path: '/resetAll', writes: true, summary: 'Put every gadget the caller may see back to status 0' },
    peek: { on: 'row', path: '/peek/{gadgetId}', writes: false, summary: 'Read one gadget' },
    // A partner from the gadget's own shop only (sameAs): the picker lists those, the server refuses another.
    pair: {
      on: 'row', path: '/pair/{id}', writes: true, summary: 'Pair a gadget with another of its shop',
      params: { partner: reference('gadget', 'name', { required: true, sameAs: 'shopId' }) },
    },
    explode: { on: 'row', path: '/explode/{id}', writes: true, summary: 'Writes, then refuses (the write must not stay)' },
    start: {
      on: 'row', path: '/start/{id}', writes: true, summary: 'Put a new gadget to work',
      transition: { from: [0], to: 1 }, params: { note: text({ required: true, length: [1, 50] }) },
    },
    repair: {
      on: 'row', path: '/repair', idParam: 'gadgetId', writes: true, summary: 'Send a working gadget to repair (a handler checks it)',
      transition: { from: [1], to: 2 }, params: { note: text({ length: [0, 50] }) },
    },
    retire: { on: 'selection', path: '/retire', writes: true, summary: 'Retire gadgets that are not retired yet', transition: { from: [0, 1, 2], to: 3 } },
    // A JSON array of rows, each gadget with its own note (mall's `POST /order/update/delivery` shape).
    dispatch: {
      on: 'selection', path: '/dispatch', idParam: 'gadgetId', bodyRows: true, maxIds: 3, writes: true, button: false,
      selectMessage: 'select_orders', summary: 'Send working gadgets to repair, each with its own note',
      transition: { from: [1], to: 2 }, params: { note: text({ required: true, requiredMessage: 'note_required', length: [1, 20] }) },
    },
  },
});

/** Where the gadgets' transitions are written down, one row each (read-only). */
export const gadgetHistory = defineEntity({
  name: 'gadgetHistory', path: '/gadgetHistory', table: 'test_gadget_history', tenant: 'shop_id', display: 'id',
  menu: { route: 'gadgetHistory' },
  routes: { create: false, update: false, delete: false },
  fields: {
    gadgetId: int({ serverManaged: true, list: true, filter: true }),
    shopId: int({ serverManaged: true }),
    fromStatus: int({ serverManaged: true, list: true }),
    toStatus: int({ serverManaged: true, list: true }),
    note: text({ serverManaged: true, length: [0, 50], list: true }),
    operatorId: int({ serverManaged: true, list: true }),
    createTime: dateTime({ auto: 'create', list: true }),
  },
});

type Db = AnyKysely;

/** The handlers, as an area would give them. */
export const gadgetArea = defineArea({
  name: 'test-gadgets',
  actions: () => [entityActions(gadget, {
    rename: async ({ trx, records, params }) => {
      const [record] = records;
      await (trx as Db).updateTable('test_gadget').set({ name: params.name }).where('id', '=', record!.id).execute();
      return { data: 1, changes: [{ id: record!.id, before: { name: record!.name }, after: { name: params.name } }] };
    },
    notes: async ({ trx, records, params }) => {
      const note = (params.lines as string[]).join(params.joiner ?? ',');
      await (trx as Db).updateTable('test_gadget').set({ note }).where('id', '=', records[0]!.id).execute();
      return { data: note };
    },
    retag: async ({ trx, records, params }) => {
      await (trx as Db).updateTable('test_gadget').set({ note: params.note }).where('id', 'in', records.map((r) => r.id)).execute();
      return { data: records.length };
    },
    link: async ({ trx, records, params }) => {
      await (trx as Db).updateTable('test_gadget').set({ note: params.others.join(',') }).where('id', '=', records[0]!.id).execute();
      return { data: { others: params.others, level: params.level, urgent: params.urgent } };
    },
    count: async ({ trx, entity, params, actor }) => {
      const row = await (trx as Db).selectFrom('test_gadget').select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.and([scopeWhere(entity, eb, actor.scope), ...(params.status === null ? [] : [eb('status', '=', params.status)])]))
        .executeTakeFirstOrThrow();
      return { data: Number(row.n) };
    },
    resetAll: async ({ trx, entity, actor }) => {
      const result = await (trx as Db).updateTable('test_gadget').set({ status: 0 })
        .where((eb) => eb.and([scopeWhere(entity, eb, actor.scope), eb('status', '<>', 0)])).executeTakeFirst();
      return { data: Number(result.numUpdatedRows) };
    },
    peek: async ({ records }) => ({ data: records[0] }),
    pair: async ({ trx, records, params }) => {
      await (trx as Db).updateTable('test_gadget').set({ note: `pair ${params.partner}` }).where('id', '=', records[0]!.id).execute();
      return { data: 1 };
    },
    explode: async ({ trx, records }) => {
      await (trx as Db).updateTable('test_gadget').set({ name: 'Exploded' }).where('id', '=', records[0]!.id).execute();
      throw fieldInvalid('name', 'invalid_value');
    },
    // Each row's own note, from the row's parameters: written by the engine in the transition's UPDATE.
    dispatch: async ({ records, rowParams }) => ({
      data: records.length,
      rowSets: new Map(records.map((record) => [record.id, { note: rowParams.get(record.id)!.note }])),
    }),
    // A transition's own check and write, before the engine changes the state (start and retire have none).
    repair: async ({ trx, records: [record], params }) => {
      if (String(record!.name).startsWith('Broken')) throw fieldInvalid('note', 'invalid_value');
      await (trx as Db).updateTable('test_gadget').set({ note: params.note ?? 'repair' }).where('id', '=', record!.id).execute();
      return { data: 1 };
    },
  })],
});

export const GADGET_BUILD = { entities: [gadget as unknown as Entity, gadgetHistory as unknown as Entity], areas: [gadgetArea] };

/** The fixture's table, and a resource granting `/gadget/**` to the seller role (sellers then reach it inside their shops). */
export const createGadgetTable = async (db: Kysely<Database>): Promise<void> => {
  const any = db as unknown as Db;
  await any.schema.createTable('test_gadget')
    .addColumn('id', 'integer', idColumn(any))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('name', 'varchar(140)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(200)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await any.schema.createTable('test_gadget_history')
    .addColumn('id', 'integer', idColumn(any))
    .addColumn('gadget_id', 'integer', (c) => c.notNull().references('test_gadget.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(50)')
    .addColumn('operator_id', 'integer')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  const category = await db.selectFrom('ums_resource_category').select('id').orderBy('id').executeTakeFirstOrThrow();
  const seller = await db.selectFrom('ums_role').select('id').where('code', '=', 'seller').executeTakeFirstOrThrow();
  for (const url of ['/gadget/**', '/gadgetHistory/**']) {
    const resource = await db.insertInto('ums_resource').values({
      name: `Gadgets (test) ${url}`, url, description: null, category_id: category.id, create_time: toDbTime(),
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('ums_role_resource_relation').values({ role_id: seller.id, resource_id: resource.id }).execute();
  }
  await bumpPermissionVersion(db);
};

/** A gadget row in a shop, straight into the table. */
export const insertGadget = async (db: Kysely<Database>, shopId: number, gadgetName: string, status = 0): Promise<number> => {
  const row = await (db as unknown as Db).insertInto('test_gadget').values({ shop_id: shopId, name: gadgetName, status, note: null })
    .returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
};

/** Every gadget history row, ordered. */
export const gadgetHistoryTable = (db: Kysely<Database>) =>
  (db as unknown as Db).selectFrom('test_gadget_history').selectAll().orderBy('id').execute();

/** Every gadget row, ordered: what a refused request must leave exactly as it was. */
export const gadgetTable = (db: Kysely<Database>) =>
  (db as unknown as Db).selectFrom('test_gadget').selectAll().orderBy('id').execute();

export const auditCount = async (db: Kysely<Database>): Promise<number> =>
  Number((await db.selectFrom('sys_audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/**
 * A gadget's row and history, and a check that work changed no gadget, history or audit row, over
 * the database `db()` answers (a test file's, made in its beforeAll).
 */
export const gadgetReads = (db: () => Kysely<Database>) => {
  const row = async (id: number) => (await gadgetTable(db())).find((r) => Number(r.id) === id)!;
  const historyOf = async (id: number) => (await gadgetHistoryTable(db())).filter((r) => Number(r.gadget_id) === id);
  const snapshot = async () => ({ rows: await gadgetTable(db()), history: await gadgetHistoryTable(db()), audit: await auditCount(db()) });
  const unchanged = async (work: () => Promise<void>) => {
    const before = await snapshot();
    await work();
    expect(await snapshot()).toEqual(before);
  };
  return { row, historyOf, snapshot, unchanged };
};
