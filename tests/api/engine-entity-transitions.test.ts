// Protects: declared transitions (server/crud/transitions.ts) on a fixture entity: allowed-from states, JSON row bodies (bodyRows: each record its own parameters, one bad row refuses all), a handler's per-row sets written in the state's one UPDATE, wrong state refused changing nothing, selections keep the eligible rows and report the skipped ones, history and audit rows in the same transaction, scope, and 100 parallel runs on one record change it once, server code (a job) performing one without a request, and the state change conditional on the state it leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { actionPerformer } from '../../server/crud/actions';
import { ALL_SHOPS } from '../../server/crud/scope';
import { applyTransition } from '../../server/crud/transitions';
import type { AnyKysely } from '../../server/db/index';
import { auditCount, createGadgetTable, gadget, GADGET_BUILD, gadgetArea, gadgetReads, insertGadget } from '../helpers/action-fixture';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testDialects())('declared transitions on a fixture entity (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let sellerToken: string;
  let shopA: number;
  let shopForeign: number;
  let sellerId: number;

  const post = (url: string, body?: unknown, headers?: Record<string, string>, as = token) =>
    call(t.app, 'POST', `/api${url}`, { token: as, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const { row, historyOf, unchanged } = gadgetReads(() => t.db);

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, GADGET_BUILD);
    await createGadgetTable(t.db);
    sellerId = await adminIdOf(t.db, DEMO.seller.username);
    [shopA] = await shopIdsOf(t.db, sellerId) as [number];
    [shopForeign] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username)) as [number];
    token = await login(t.app, DEMO.admin);
    sellerToken = await login(t.app, DEMO.seller);
  });
  afterAll(async () => t?.close());

  it('a row transition from an allowed state sets the state, stamps the update time, writes one history row and one audit row', async () => {
    const id = await insertGadget(t.db, shopA, 'Fresh', 0);
    const answer = await post(`/gadget/start/${id}?note=First%20job`, undefined, undefined, sellerToken);
    expect(answer.body).toMatchObject({ code: 200, data: 1 });
    expect(answer.body).not.toHaveProperty('skipped');
    const after = await row(id);
    expect(Number(after.status)).toBe(1);
    expect(after.update_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await historyOf(id)).toEqual([expect.objectContaining({
      shop_id: shopA, from_status: 0, to_status: 1, note: 'First job', operator_id: sellerId, create_time: expect.stringMatching(/^\d{4}-/),
    })]);
    const audit = await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'start', entity: 'test_gadget', entity_id: String(id), admin_id: sellerId,
      before_json: JSON.stringify({ status: 0 }), after_json: JSON.stringify({ status: 1, note: 'First job' }) });
  });

  it('refuses a row in a state the transition is not allowed from, with a clear message on the state field, changing nothing', async () => {
    const working = await insertGadget(t.db, shopA, 'Working', 1);
    const retired = await insertGadget(t.db, shopA, 'Retired', 3);
    await unchanged(async () => {
      for (const url of [`/gadget/start/${working}?note=x`, `/gadget/start/${retired}?note=x`, `/gadget/repair?gadgetId=${retired}`]) {
        const answer = await post(url);
        expect(answer.status, url).toBe(409);
        expect(answer.body, url).toMatchObject({ messageKey: 'wrong_state', message: 'Not possible in its current state' });
        expect(fields(answer), url).toEqual(['status:wrong_state']);
      }
      // Parameters are checked before the state: a missing note is named, whatever the state.
      expect(fields(await post(`/gadget/start/${working}`))).toEqual(['note:required']);
    });
  });

  it('runs the transition\'s own handler first: its refusal leaves the state, history and audit as they were; its writes stay with the transition', async () => {
    const broken = await insertGadget(t.db, shopA, 'Broken press', 1);
    await unchanged(async () => {
      const answer = await post('/gadget/repair', `gadgetId=${broken}&note=Belt`, FORM);
      expect(answer.status).toBe(400);
      expect(fields(answer)).toEqual(['note:invalid_value']);
    });
    const fine = await insertGadget(t.db, shopA, 'Press', 1);
    expect((await post('/gadget/repair', `gadgetId=${fine}&note=Belt`, FORM)).body).toMatchObject({ code: 200, data: 1 });
    expect(await row(fine)).toMatchObject({ status: 2, note: 'Belt' });
    expect((await historyOf(fine)).map((h) => [h.from_status, h.to_status, h.note])).toEqual([[1, 2, 'Belt']]);
  });

  it('a selection keeps its eligible rows, answers the skipped ids, and writes history only for what changed', async () => {
    const ids = [await insertGadget(t.db, shopA, 'New one', 0), await insertGadget(t.db, shopA, 'Retired one', 3),
      await insertGadget(t.db, shopA, 'In repair', 2), await insertGadget(t.db, shopA, 'Retired two', 3)];
    const audits = await auditCount(t.db);
    const answer = await post(`/gadget/retire?ids=${ids.join(',')}`, undefined, undefined, sellerToken);
    expect(answer.body).toMatchObject({ code: 200, data: 2, skipped: [ids[1], ids[3]] });
    expect(await Promise.all(ids.map(async (id) => Number((await row(id)).status)))).toEqual([3, 3, 3, 3]);
    expect((await historyOf(ids[0]!)).map((h) => [h.from_status, h.to_status])).toEqual([[0, 3]]);
    expect((await historyOf(ids[2]!)).map((h) => [h.from_status, h.to_status])).toEqual([[2, 3]]);
    expect(await historyOf(ids[1]!)).toEqual([]);
    expect(await auditCount(t.db)).toBe(audits + 2);
  });

  it('refuses a selection where no record is eligible, changing nothing', async () => {
    const retired = [await insertGadget(t.db, shopA, 'Old one', 3), await insertGadget(t.db, shopA, 'Old two', 3)];
    await unchanged(async () => {
      const answer = await post(`/gadget/retire?ids=${retired.join(',')}`);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ messageKey: 'none_eligible' });
    });
  });

  it('stays inside the caller\'s shops: another seller\'s record is missing, and spoils a selection', async () => {
    const foreign = await insertGadget(t.db, shopForeign, 'Not mine', 0);
    const mine = await insertGadget(t.db, shopA, 'Mine', 0);
    await unchanged(async () => {
      expect((await post(`/gadget/start/${foreign}?note=x`, undefined, undefined, sellerToken)).status).toBe(404);
      expect((await post(`/gadget/retire?ids=${mine},${foreign}`, undefined, undefined, sellerToken)).status).toBe(404);
    });
    // The super admin's scope is every shop; the history row carries the record's shop.
    expect((await post(`/gadget/start/${foreign}?note=Lent`)).body).toMatchObject({ code: 200, data: 1 });
    expect((await historyOf(foreign)).map((h) => h.shop_id)).toEqual([shopForeign]);
    const list = await call(t.app, 'GET', `/api/gadgetHistory/list?gadgetId=${foreign}`, { token: sellerToken });
    expect(list.body).toMatchObject({ code: 200, data: { total: 0 } });
  });

  it('100 parallel runs of one transition on one record change it exactly once (the targets are locked while the state is read)', async () => {
    const id = await insertGadget(t.db, shopA, 'Contested', 0);
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(`/gadget/start/${id}?note=Race`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.messageKey === 'wrong_state')).toHaveLength(99);
    expect(await historyOf(id)).toHaveLength(1);
    expect(Number((await row(id)).status)).toBe(1);
  });

  it('a body of JSON rows (bodyRows) gives each record its own parameters: its own handler values, history note and audit row; ineligible rows are skipped', async () => {
    const [a, b, idle] = [await insertGadget(t.db, shopA, 'Row A', 1), await insertGadget(t.db, shopA, 'Row B', 1), await insertGadget(t.db, shopA, 'Row idle', 0)];
    const answer = await post('/gadget/dispatch', [{ gadgetId: a, note: 'Left wheel' }, { gadgetId: String(b), note: 'Right wheel' }, { gadgetId: idle, note: 'Idle' }], undefined, sellerToken);
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, data: 2, skipped: [idle] });
    expect([await row(a), await row(b), await row(idle)].map((r) => [Number(r.status), r.note])).toEqual([[2, 'Left wheel'], [2, 'Right wheel'], [0, null]]);
    expect((await historyOf(a)).map((h) => h.note)).toEqual(['Left wheel']);
    expect((await historyOf(b)).map((h) => h.note)).toEqual(['Right wheel']);
    expect(await historyOf(idle)).toEqual([]);
    const audits = await t.db.selectFrom('sys_audit_log').selectAll().where('action', '=', 'dispatch').orderBy('id').execute();
    expect(audits.map((r) => [r.entity_id, r.after_json])).toEqual([
      [String(a), JSON.stringify({ status: 2, note: 'Left wheel' })], [String(b), JSON.stringify({ status: 2, note: 'Right wheel' })],
    ]);
    // Nothing eligible: refused with the transition's message, nothing changed.
    await unchanged(async () => {
      const none = await post('/gadget/dispatch', [{ gadgetId: idle, note: 'x' }], undefined, sellerToken);
      expect(none.status).toBe(409);
      expect(none.body).toMatchObject({ messageKey: 'none_eligible' });
    });
  });

  it('refuses a body of JSON rows with any bad row as a whole, naming the row and field; foreign records are missing', async () => {
    const [a, b] = [await insertGadget(t.db, shopA, 'Whole A', 1), await insertGadget(t.db, shopA, 'Whole B', 1)];
    const foreign = await insertGadget(t.db, shopForeign, 'Whole foreign', 1);
    await unchanged(async () => {
      for (const [body, url, expected] of [
        [[{ gadgetId: a, note: 'fine' }, { gadgetId: b, note: '' }], '', ['1.note:note_required']],
        [[{ gadgetId: a, note: 'fine' }, { gadgetId: b }], '', ['1.note:note_required']],
        [[{ gadgetId: a, note: 'x'.repeat(21) }], '', ['0.note:length_between']],
        [[{ gadgetId: a, note: 'ok', extra: 1 }], '', ['0.extra:unknown_field']],
        [[{ note: 'ok' }, { gadgetId: 'x', note: 'ok' }], '', ['0.gadgetId:required', '1.gadgetId:invalid_type']],
        [[{ gadgetId: a, note: 'ok' }, { gadgetId: a, note: 'again' }], '', ['1.gadgetId:duplicate_row']],
        [[{ gadgetId: a, note: 'ok' }, 'b'], '', ['1:invalid_type']],
        [[], '', ['gadgetId:select_orders']],
        [{ gadgetId: a, note: 'ok' }, '', ['_:invalid_type']],
        [[{ gadgetId: a, note: 'ok' }], '?note=x', ['note:unknown_field']],
        [[1, 2, 3, 4].map((n) => ({ gadgetId: n, note: 'ok' })), '', ['gadgetId:too_many_ids']],
      ] as const) {
        const answer = await post(`/gadget/dispatch${url}`, body, undefined, sellerToken);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(fields(answer), JSON.stringify(body)).toEqual(expected);
      }
      // The declared "missing" message reads as the action's own words.
      const missing = await post('/gadget/dispatch', [{ gadgetId: a }], undefined, sellerToken);
      expect(missing.body.errors?.[0]?.message).toBe('Operation note cannot be empty');
      expect((await post('/gadget/dispatch', [{ gadgetId: a, note: 'ok' }, { gadgetId: foreign, note: 'ok' }], undefined, sellerToken)).status).toBe(404);
    });
  });

  it('server code performs a transition without a request, through the same path: state, history and audit rows with no admin', async () => {
    const entities = [...entityList, ...GADGET_BUILD.entities];
    const perform = actionPerformer({ db: t.db, entities, actions: gadgetArea.actions!({} as never) });
    const system = { adminId: null, ip: null, scope: ALL_SHOPS };
    const id = await insertGadget(t.db, shopForeign, 'Scheduled', 1);
    // The area's handler runs too (repair writes the note).
    expect(await perform(gadget as unknown as Entity, 'repair', { ids: [id], params: { note: 'Nightly' }, actor: system })).toEqual({ data: 1, skipped: [] });
    expect(await row(id)).toMatchObject({ status: 2, note: 'Nightly' });
    expect(await historyOf(id)).toEqual([expect.objectContaining({ from_status: 1, to_status: 2, operator_id: null, shop_id: shopForeign })]);
    const audit = await t.db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'repair', entity: 'test_gadget', entity_id: String(id), admin_id: null });
    // The same refusals as over HTTP: the state moved on.
    await unchanged(async () => {
      await expect(perform(gadget as unknown as Entity, 'repair', { ids: [id], params: { note: 'Again' }, actor: system }))
        .rejects.toMatchObject({ problem: { status: 409, messageKey: 'wrong_state' } });
    });
  });

  it('writes a handler\'s per-row sets in the UPDATE that changes the state: one statement, each row its own values, a row without one keeps its own', async () => {
    const [a, b, c] = [await insertGadget(t.db, shopA, 'Set A', 0), await insertGadget(t.db, shopA, 'Set B', 0), await insertGadget(t.db, shopA, 'Set C', 0)];
    await (t.db as unknown as AnyKysely).updateTable('test_gadget').set({ note: 'kept' }).where('id', '=', c).execute();
    const records = [a, b, c].map((id) => ({ id, status: 0, shopId: shopA }));
    const rowSets = new Map<number, Record<string, unknown>>([
      [a, { note: 'North', name: 'Same name', shopId: shopForeign }],
      [b, { note: 'South', name: 'Same name', shopId: shopA }],
      [c, { name: 'Same name', shopId: shopA }],
    ]);
    const entities = [...entityList, ...GADGET_BUILD.entities];
    const updates: string[] = [];
    const counted = t.db.withPlugin({
      transformQuery: ({ node }) => { if (node.kind === 'UpdateQueryNode') updates.push(node.kind); return node; },
      transformResult: async ({ result }) => result,
    });
    await counted.transaction().execute((trx) => applyTransition(
      trx, gadget as unknown as Entity, gadget.actions!.start.transition, records, () => ({ note: 'x' }), { adminId: null, ip: null, scope: ALL_SHOPS }, entities, rowSets,
    ));
    expect(updates).toHaveLength(1);
    expect([await row(a), await row(b), await row(c)].map((r) => [Number(r.status), r.note, r.name, Number(r.shop_id)])).toEqual([
      [1, 'North', 'Same name', shopForeign], [1, 'South', 'Same name', shopA], [1, 'kept', 'Same name', shopA],
    ]);
    // The state field, or no field of the entity: a programming error, nothing written.
    for (const bad of [{ status: 2 }, { colour: 'red' }]) {
      const id = await insertGadget(t.db, shopA, 'Set bad', 0);
      await expect(t.db.transaction().execute((trx) => applyTransition(
        trx, gadget as unknown as Entity, gadget.actions!.start.transition, [{ id, status: 0, shopId: shopA }], () => ({ note: 'x' }),
        { adminId: null, ip: null, scope: ALL_SHOPS }, entities, new Map([[id, bad]]),
      ))).rejects.toThrow(/no stored field besides the state/);
      expect(Number((await row(id)).status)).toBe(0);
    }
  });

  it('changes the state only of rows still in a state it leaves: a stale read is refused whole, changing nothing', async () => {
    const moved = await insertGadget(t.db, shopA, 'Moved', 0);
    const still = await insertGadget(t.db, shopA, 'Still', 0);
    const stale = [{ id: moved, status: 0, shopId: shopA }, { id: still, status: 0, shopId: shopA }];
    // Another writer started `moved` after these records were read.
    await (t.db as unknown as AnyKysely).updateTable('test_gadget').set({ status: 1 }).where('id', '=', moved).execute();
    const entities = [...entityList, ...GADGET_BUILD.entities];
    await unchanged(async () => {
      await expect(t.db.transaction().execute((trx) => applyTransition(
        trx, gadget as unknown as Entity, gadget.actions!.start.transition, stale, () => ({ note: 'x' }), { adminId: null, ip: null, scope: ALL_SHOPS }, entities,
      ))).rejects.toMatchObject({ problem: { status: 409, messageKey: 'wrong_state' } });
    });
  });
});
