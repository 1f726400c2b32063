// Protects: a dispatching action (ActionDecl `dispatch`, mall's one status route for several transitions) on a fixture entity: the named transition runs with its own rules, handler, history and audit; a wrong state, a missing parameter or an unknown target changes nothing; a declaration the engine cannot carry out stops the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDecl, Entity } from '../../src/schema/engine/entity';
import { enumeration, text } from '../../src/schema/engine/entity';
import { checkDispatch } from '../../server/crud/actions';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { createGadgetTable, gadget, gadgetArea, gadgetHistory, gadgetReads, insertGadget } from '../helpers/action-fixture';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** mall's shape: `POST /gadget/update/status/{id}` with `status` (1 starts, 2 repairs) and every field of both each time. */
const setStatus: ActionDecl = {
  on: 'row', path: '/update/status/{id}', writes: true, summary: 'Start or repair a gadget, by the status to go to',
  dispatch: 'status',
  params: {
    status: enumeration([{ value: 1, label: 'working' }, { value: 2, label: 'in_repair' }], { required: true }),
    note: text({ length: [0, 200] }),
    operator: text({ length: [0, 50] }),
  },
};
const dispatching = { ...gadget, actions: { ...gadget.actions, setStatus } } as unknown as Entity;

describe('a dispatching action\'s declaration', () => {
  const check = (decl: ActionDecl) => () => checkDispatch(dispatching, 'setStatus', decl);
  it('is accepted when each value names one row transition whose parameters it declares', () => {
    expect(check(setStatus)).not.toThrow();
  });
  it('stops the start for a value no row transition goes to, a missing parameter of a target, or a dispatch parameter that is no required enumeration', () => {
    // 3 is where `retire` goes, but on a selection: no row transition goes there.
    expect(check({ ...setStatus, params: { ...setStatus.params, status: enumeration([{ value: 1, label: 'a' }, { value: 3, label: 'b' }], { required: true }) } }))
      .toThrow(/3 must name exactly one row transition/);
    expect(check({ ...setStatus, params: { status: setStatus.params!.status! } })).toThrow(/does not declare note/);
    expect(check({ ...setStatus, params: { ...setStatus.params, status: text({ required: true }) } })).toThrow(/required enumeration/);
    expect(check({ ...setStatus, on: 'selection' })).toThrow(/on a row/);
  });
});

describe.each(testDialects())('a dispatching action on a fixture entity (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let sellerToken: string;
  let shopA: number;
  let shopForeign: number;

  const post = (url: string, body?: unknown, as = token) => call(t.app, 'POST', `/api${url}`, { token: as, ...(body === undefined ? {} : { body }) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const { row, historyOf, unchanged } = gadgetReads(() => t.db);

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, { entities: [dispatching, gadgetHistory as unknown as Entity], areas: [gadgetArea] });
    await createGadgetTable(t.db);
    [shopA] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)) as [number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
    token = await login(t.app, DEMO.admin);
    sellerToken = await login(t.app, DEMO.seller);
  });
  afterAll(async () => t?.close());

  it('runs the transition the value names, as its own route does: state, history with its note, an audit row under its name; other declared keys are ignored', async () => {
    const id = await insertGadget(t.db, shopA, 'Fresh', 0);
    const answer = await post(`/gadget/update/status/${id}`, { status: 1, note: 'First job', operator: 'someone' }, sellerToken);
    expect(answer.body).toMatchObject({ code: 200, data: 1 });
    expect(Number((await row(id)).status)).toBe(1);
    expect((await historyOf(id)).map((h) => [h.from_status, h.to_status, h.note])).toEqual([[0, 1, 'First job']]);
    const audit = await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'start', entity: 'test_gadget', entity_id: String(id), after_json: JSON.stringify({ status: 1, note: 'First job' }) });
    // Then the other transition through the same route, with its own handler's write.
    expect((await post(`/gadget/update/status/${id}`, { status: 2, note: 'Belt' })).body).toMatchObject({ code: 200, data: 1 });
    expect(await row(id)).toMatchObject({ status: 2, note: 'Belt' });
  });

  it('refuses, changing nothing: the target\'s own missing parameter, a wrong state, the target\'s handler, an unknown value or key, another seller\'s record', async () => {
    const fresh = await insertGadget(t.db, shopA, 'New', 0);
    const broken = await insertGadget(t.db, shopA, 'Broken press', 1);
    const foreign = await insertGadget(t.db, shopForeign, 'Not mine', 0);
    await unchanged(async () => {
      // start's note is required; the dispatching action's is not.
      expect(fields(await post(`/gadget/update/status/${fresh}`, { status: 1 }))).toEqual(['note:required']);
      const wrong = await post(`/gadget/update/status/${fresh}`, { status: 2, note: 'x' });
      expect(wrong.status).toBe(409);
      expect(fields(wrong)).toEqual(['status:wrong_state']);
      expect(fields(await post(`/gadget/update/status/${broken}`, { status: 2, note: 'Belt' }))).toEqual(['note:invalid_value']);
      for (const status of [0, 3, 9, 'x']) {
        const answer = await post(`/gadget/update/status/${fresh}`, { status, note: 'x' });
        expect(answer.status, String(status)).toBe(400);
        expect(fields(answer).map((f) => f.split(':')[0]), String(status)).toEqual(['status']);
      }
      expect(fields(await post(`/gadget/update/status/${fresh}`, { note: 'x' }))).toEqual(['status:required']);
      expect(fields(await post(`/gadget/update/status/${fresh}`, { status: 1, note: 'x', colour: 'red' }))).toEqual(['colour:unknown_field']);
      expect((await post(`/gadget/update/status/${foreign}`, { status: 1, note: 'x' }, sellerToken)).status).toBe(404);
    });
  });
});
