// Protects: the typed area contract (server/crud/hooks.ts, server/crud/actions.ts, server/areas/area.ts, src/engine/area.ts):
// hooks, action handlers, quota meters and screen options see the typed database and their entity's own record, so a field the entity lacks, a
// table the database lacks or a message key that does not exist fails type-checking (`npm run typecheck` runs over
// tests; each `@ts-expect-error` below fails it when the line it guards starts to compile).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEntity, int, money, name } from '../../src/schema/engine/entity';
import type { RecordOf } from '../../src/schema/engine/entity';
import type { order } from '../../src/schema/oms/entities';
import type { ScreenOptionsByEntity } from '../../src/engine/area';
import type { AreaHooks } from '../../server/areas/area';
import type { QuotaMeter } from '../../server/areas/area';
import { entityActions } from '../../server/crud/actions';
import type { Db, EntityHooks, RuleError } from '../../server/crud/hooks';

/** A small entity with a row action and a selection action. */
const fxCrate = defineEntity({
  name: 'fxCrate', path: '/fxCrate', table: 'fx_crate', tenant: null, display: 'label', menu: { route: 'brand' },
  fields: { label: name(), weight: int({ required: true }), price: money() },
  actions: {
    weigh: { on: 'row', path: '/weigh/{id}', writes: true, summary: 'Weigh a crate', params: { grams: int({ required: true }) } },
    stack: { on: 'selection', path: '/stack', writes: true, summary: 'Stack crates' },
  },
});

const orderHooks: EntityHooks<typeof order> = {
  validate: ({ record, input }) => {
    expectTypeOf(record.payAmount).toEqualTypeOf<number>();
    expectTypeOf(input.note).toEqualTypeOf<string | null | undefined>();
    // @ts-expect-error -- an order has no `price`
    void record.price;
    // @ts-expect-error -- a rule's message is a message key
    const refused: RuleError = { field: 'note', messageKey: 'no_such_message' };
    return [refused];
  },
  derive: {
    // @ts-expect-error -- derivers are keyed by the entity's field names
    notAField: () => 1,
  },
  afterGet: async (db, record) => {
    expectTypeOf(db).toEqualTypeOf<Db>();
    // @ts-expect-error -- the database is typed: no such table
    void db.selectFrom('no_such_table');
    await db.selectFrom('oms_order').select('order_sn').where('id', '=', record.id).execute();
    return record;
  },
  beforeSetField: async ({ records, field }) => {
    expectTypeOf(field).toEqualTypeOf<keyof RecordOf<typeof order> & string>();
    // @ts-expect-error -- records are orders
    void records[0]?.grams;
  },
};

/** An area's hooks are typed by the entity named: the same rules hold inline. */
const areaHooks: AreaHooks = {
  order: {
    afterList: async (_db, records) => {
      // @ts-expect-error -- an order has no `weight`
      void records.map((r) => r.weight);
      return records;
    },
  },
};

const crateActions = entityActions(fxCrate, {
  weigh: async ({ record, records, params }) => {
    expectTypeOf(record.weight).toEqualTypeOf<number>();
    expectTypeOf(params.grams).toEqualTypeOf<number>();
    // @ts-expect-error -- a crate has no `orderSn`
    void record.orderSn;
    return { data: records.length };
  },
  stack: async (ctx) => {
    // @ts-expect-error -- only a row action's context has one `record`
    void ctx.record;
    expectTypeOf(ctx.records[0]!.price).toEqualTypeOf<number | null>();
    return { data: ctx.records.length };
  },
});

const meter: QuotaMeter = {
  key: 'crates', unit: 'count', quota: 'quotaMolds', guards: ['fxCrate'], tables: ['fx_crate'],
  count: async (db) => {
    // @ts-expect-error -- meters count through the typed database too
    void db.selectFrom('fx_crate');
    return 0;
  },
};

/** Screen options are keyed by the entity's own field names. */
const screens: ScreenOptionsByEntity = {
  brand: {
    hiddenColumns: ['firstLetter'],
    // @ts-expect-error -- a brand has no `orderSn` to pin
    routeQuery: [{ param: 'sn', field: 'orderSn' }],
  },
  // @ts-expect-error -- an order has no `notAField` column to hide
  order: { hiddenColumns: ['notAField'] },
};

describe('typed area contract', () => {
  it('compiles only when handlers use what their entity has (see the @ts-expect-error lines)', () => {
    expect(Object.keys(orderHooks)).toEqual(['validate', 'derive', 'afterGet', 'beforeSetField']);
    expect(Object.keys(areaHooks)).toEqual(['order']);
    expect(Object.keys(crateActions.handlers)).toEqual(['weigh', 'stack']);
    expect(meter.key).toBe('crates');
    expect(Object.keys(screens)).toEqual(['brand', 'order']);
  });
});
