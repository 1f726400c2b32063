// Protects: actions allowed only in some states (ActionDecl inStates, server/crud/actions.ts) on the fixture gadget: a row in another state is refused with 409 wrong_state and nothing changes, a selection keeps its eligible rows and answers the others as skipped (409 when none is eligible), the state is kept, a declaration naming a state the field does not take stops the start, and the browser's check (transitionAllows) agrees; SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { defineEntity, text, transitionAllows } from '../../src/schema/engine/entity';
import { defineArea } from '../../server/areas/area';
import { entityActions } from '../../server/crud/actions';
import type { AnyKysely } from '../../server/db/index';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { auditCount, createGadgetTable, gadget, gadgetArea, gadgetHistory, gadgetHistoryTable, gadgetTable, insertGadget } from '../helpers/action-fixture';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** The fixture gadget with two actions that keep the state: polish (a working gadget only) and label (new or working gadgets). */
const EXTRA = {
  polish: { on: 'row', path: '/polish/{id}', writes: true, summary: 'Polish a working gadget', inStates: [1], params: { note: text({ required: true, length: [1, 20] }) } },
  label: { on: 'selection', path: '/label', writes: true, summary: 'Label new or working gadgets', inStates: [0, 1], params: { note: text({ required: true, length: [1, 20] }) } },
} as const;
const polished = defineEntity({ ...gadget, actions: { ...gadget.actions, ...EXTRA } });
/** The same entity seen with the two new actions only, for their handlers (the fixture's area keeps the others). */
const extraOnly = defineEntity({ ...gadget, actions: EXTRA });

const polishArea = defineArea({
  name: 'test-polish',
  actions: () => [entityActions(extraOnly, {
    polish: async ({ trx, records: [record], params }) => {
      await (trx as AnyKysely).updateTable('test_gadget').set({ note: params.note }).where('id', '=', record!.id).execute();
      return { data: 1 };
    },
    label: async ({ trx, records, params }) => {
      await (trx as AnyKysely).updateTable('test_gadget').set({ note: params.note }).where('id', 'in', records.map((r) => r.id)).execute();
      return { data: records.length };
    },
  })],
});

const BUILD = { entities: [polished as unknown as Entity, gadgetHistory as unknown as Entity], areas: [gadgetArea, polishArea] };

describe.each(testDialects())('actions allowed only in some states (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let shopA: number;

  const post = (url: string) => call(t.app, 'POST', `/api${url}`, { token });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const row = async (id: number) => (await gadgetTable(t.db)).find((r) => Number(r.id) === id)!;
  const snapshot = async () => ({ rows: await gadgetTable(t.db), history: await gadgetHistoryTable(t.db), audit: await auditCount(t.db) });

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, BUILD);
    await createGadgetTable(t.db);
    [shopA] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    token = await login(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  it('a row action runs in an allowed state and keeps the state; in another it is refused on the state field, nothing changed', async () => {
    const working = await insertGadget(t.db, shopA, 'Working', 1);
    const fresh = await insertGadget(t.db, shopA, 'Fresh', 0);
    expect((await post(`/gadget/polish/${working}?note=Shiny`)).body).toMatchObject({ code: 200, data: 1 });
    expect(await row(working)).toMatchObject({ note: 'Shiny' });
    expect(Number((await row(working)).status)).toBe(1);
    const before = await snapshot();
    const refused = await post(`/gadget/polish/${fresh}?note=Shiny`);
    expect(refused.status).toBe(409);
    expect(refused.body.messageKey).toBe('wrong_state');
    expect(fields(refused)).toEqual(['status:wrong_state']);
    expect(await snapshot()).toEqual(before);
  });

  it('a selection keeps the rows whose state allows it and answers the others as skipped; none eligible is 409', async () => {
    const [a, b, retired] = [await insertGadget(t.db, shopA, 'A', 0), await insertGadget(t.db, shopA, 'B', 1), await insertGadget(t.db, shopA, 'R', 3)];
    const answer = await post(`/gadget/label?ids=${a},${b},${retired}&note=Tagged`);
    expect(answer.body).toMatchObject({ code: 200, data: 2, skipped: [retired] });
    expect((await row(retired)).note).toBeNull();
    const before = await snapshot();
    const none = await post(`/gadget/label?ids=${retired}&note=Tagged`);
    expect(none.status).toBe(409);
    expect(none.body.messageKey).toBe('none_eligible');
    expect(await snapshot()).toEqual(before);
  });

  it('the browser offers the action only in the allowed states; a state the field does not take stops the start', async () => {
    expect([0, 1, 2, 3].map((status) => transitionAllows(polished, 'polish', { status }))).toEqual([false, true, false, false]);
    expect(transitionAllows(polished, 'rename', { status: 3 })).toBe(true);
    const broken = defineEntity({ ...polished, actions: { ...polished.actions, polish: { ...EXTRA.polish, inStates: [9] } } });
    await expect(createTestApp(dialect, {}, { demo: false }, { entities: [broken as unknown as Entity, gadgetHistory as unknown as Entity], areas: [gadgetArea, polishArea] }))
      .rejects.toThrow(/polish: 9 is no value of status/);
  });
});
