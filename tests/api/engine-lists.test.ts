// Protects: the engine's child rows (childRows) and stored reference lists (references with a relation) on any entity that declares them: stored, read back, replaced as a whole in the write's transaction, counts and rows refused as a whole naming the row and field with nothing changed, audited, the shop carried down, deleted with the record. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import { fieldErrorsOf, listSuite, snapshotListTables } from '../fixtures/list-suite';

type Tier = { id: number; count: number; price: number; note: string | null; tagId: number | null; sold: number };
type Plan = { id: number; shopId: number; name: string; tiers: Tier[]; tagIds: number[] };
type Body = Record<string, unknown>;

const tier = (count: number, price: number, extra: Body = {}): Body => ({ count, price, ...extra });

describe.each(testDialects())('child rows and reference lists (%s)', (dialect) => {
  const suite = listSuite(dialect);
  const { post } = suite;
  const get = async (id: number): Promise<Plan> => (await call<Plan>(suite.fx.app, 'GET', `/fxPlan/${id}`)).body.data;
  const plan = async (body: Body): Promise<Plan> => {
    const answer = await post<Plan>('/fxPlan/create', { shopId: 1, name: 'Plan', ...body });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const errorsOf = fieldErrorsOf;
  const snapshot = () => snapshotListTables(suite.fx);
  /** Runs refused requests and checks that no table (audit included) changed. */
  const unchanged = async (requests: () => Promise<void>) => {
    const before = await snapshot();
    await requests();
    expect(await snapshot()).toEqual(before);
  };
  const tierRows = async (planId: number) => suite.fx.db.selectFrom('fx_plan_tier').selectAll().where('plan_id', '=', planId).orderBy('id').execute();
  const lastAudit = async (planId: number) => suite.fx.db.selectFrom('sys_audit_log').selectAll()
    .where('entity', '=', 'fx_plan').where('entity_id', '=', String(planId)).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('stores the rows and picks with the record and answers them on create and get', async () => {
    const created = await plan({ tiers: [tier(1, 9.5, { note: 'one', tagId: suite.tags[0] }), tier(5, 8.25)], tagIds: [suite.tags[1], suite.tags[0]] });
    expect(created.tiers).toEqual([
      { id: expect.any(Number), count: 1, price: 9.5, note: 'one', tagId: suite.tags[0], sold: 0 },
      { id: expect.any(Number), count: 5, price: 8.25, note: null, tagId: null, sold: 0 },
    ]);
    expect(created.tagIds).toEqual([suite.tags[1], suite.tags[0]]);
    expect(await get(created.id)).toEqual(created);
    // Stored with the owner's id and shop, money in cents.
    expect(await tierRows(created.id)).toEqual([
      expect.objectContaining({ plan_id: created.id, shop_id: 1, count: 1, price: 950 }),
      expect.objectContaining({ plan_id: created.id, shop_id: 1, count: 5, price: 825 }),
    ]);
  });

  it('replaces the rows as a whole: a row with its id is kept (server-managed values too), others are added or deleted', async () => {
    const created = await plan({ tiers: [tier(1, 10), tier(2, 9)] });
    const [first, second] = created.tiers;
    await suite.fx.db.updateTable('fx_plan_tier').set({ sold: 7 }).where('id', '=', first!.id).execute();
    expect((await post(`/fxPlan/update/${created.id}`, { tiers: [{ ...first, price: 9.9, sold: 123 }, tier(3, 8)] })).status).toBe(200);
    const after = await get(created.id);
    expect(after.tiers).toEqual([
      { id: first!.id, count: 1, price: 9.9, note: null, tagId: null, sold: 7 },
      { id: expect.any(Number), count: 3, price: 8, note: null, tagId: null, sold: 0 },
    ]);
    expect(after.tiers.map((t) => t.id)).not.toContain(second!.id);
    // An update that does not send the list leaves it alone.
    expect((await post(`/fxPlan/update/${created.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await get(created.id)).tiers).toEqual(after.tiers);
  });

  it('refuses too few or too many rows as a whole, naming the list, and changes nothing', async () => {
    const created = await plan({ tiers: [tier(1, 10)] });
    await unchanged(async () => {
      expect(errorsOf(await post('/fxPlan/create', { shopId: 1, name: 'No tiers' }))).toEqual(['tiers:required']);
      expect(errorsOf(await post('/fxPlan/create', { shopId: 1, name: 'Empty', tiers: [] }))).toEqual(['tiers:at_least_one']);
      const four = [tier(1, 1), tier(2, 1), tier(3, 1), tier(4, 1)];
      const tooMany = await post('/fxPlan/create', { shopId: 1, name: 'Four', tiers: four });
      expect(errorsOf(tooMany)).toEqual(['tiers:up_to_three']);
      expect(tooMany.body.errors?.[0]?.params).toEqual({ max: 3 });
      expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tiers: [] }))).toEqual(['tiers:at_least_one']);
      expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { name: 'Four', tiers: four }))).toEqual(['tiers:up_to_three']);
      expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tiers: null }))).toEqual(['tiers:required']);
    });
  });

  it('refuses a bad row as a whole, naming the row and the field, and changes nothing', async () => {
    const created = await plan({ tiers: [tier(1, 10), tier(2, 9)] });
    const other = await plan({ tiers: [tier(1, 10)] });
    const cases: [Body[], string[]][] = [
      [[tier(1, 10), tier(2, 9), { count: 3, price: 'cheap' }], ['tiers.2.price:invalid_type']],
      [[tier(1, 10), { price: 5 }], ['tiers.1.count:required']],
      [[tier(1, 10), tier(2, 9, { colour: 'red' })], ['tiers.1.colour:unknown_field']],
      [[tier(1, 10), tier(1, 9)], ['tiers.1.count:not_unique']],
      [[tier(1, 10), tier(2, 9.999)], ['tiers.1.price:invalid_format']],
      [[tier(1, 1000)], ['tiers.0.price:invalid_value']],
      [[tier(1, 10, { note: 'x'.repeat(21) })], ['tiers.0.note:length_between']],
      [[tier(1, 10, { note: 'a\u0000b' })], ['tiers.0.note:invalid_format']],
      [[tier(1, 10), tier(2, 9, { tagId: 2_000_000_000 })], ['tiers.1.tagId:invalid_reference']],
      [[tier(1, 10), { ...tier(2, 9), id: other.tiers[0]!.id }], ['tiers.1.id:invalid_reference']],
      [['not a row' as unknown as Body], ['tiers.0:invalid_type']],
    ];
    await unchanged(async () => {
      for (const [tiers, expected] of cases) {
        const body = { name: 'Changed', tiers };
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, body)), JSON.stringify(tiers)).toEqual(expected);
        expect(errorsOf(await post('/fxPlan/create', { shopId: 1, ...body })), JSON.stringify(tiers)).toEqual(expected);
      }
    });
  });

  it('audits the list: the audit row of the write carries the rows before and after', async () => {
    const created = await plan({ tiers: [tier(1, 10)] });
    const createAudit = await lastAudit(created.id);
    expect(JSON.parse(String(createAudit.after_json)).tiers).toEqual(created.tiers);
    await post(`/fxPlan/update/${created.id}`, { tiers: [tier(4, 6)] });
    const updateAudit = await lastAudit(created.id);
    expect(JSON.parse(String(updateAudit.before_json)).tiers).toEqual(created.tiers);
    expect(JSON.parse(String(updateAudit.after_json)).tiers).toEqual((await get(created.id)).tiers);
  });

  it('carries the shop down to the rows when the record moves to another shop', async () => {
    const created = await plan({ tiers: [tier(1, 10), tier(2, 9)] });
    expect((await post(`/fxPlan/update/${created.id}`, { shopId: 2 })).status).toBe(200);
    expect((await tierRows(created.id)).map((r) => r.shop_id)).toEqual([2, 2]);
    expect((await post(`/fxPlan/update/${created.id}`, { shopId: 3, tiers: [tier(9, 1)] })).status).toBe(200);
    expect((await tierRows(created.id)).map((r) => r.shop_id)).toEqual([3]);
  });

  it('deletes the rows and picks with the record, the audit row keeping them', async () => {
    const created = await plan({ tiers: [tier(1, 10), tier(2, 9)], tagIds: [suite.tags[2]] });
    const kept = await plan({ tiers: [tier(1, 10)], tagIds: [suite.tags[2]] });
    expect((await post(`/fxPlan/delete/${created.id}`)).status).toBe(200);
    expect(await tierRows(created.id)).toEqual([]);
    expect(await suite.fx.db.selectFrom('fx_plan_tag').selectAll().where('plan_id', '=', created.id).execute()).toEqual([]);
    const deleteAudit = await lastAudit(created.id);
    expect(deleteAudit.action).toBe('delete');
    expect(JSON.parse(String(deleteAudit.before_json))).toMatchObject({ tiers: created.tiers, tagIds: [suite.tags[2]] });
    expect(await get(kept.id)).toMatchObject({ tiers: kept.tiers, tagIds: [suite.tags[2]] });
  });

  it('answers child rows in list answers only where declared inList', async () => {
    const note = (await post<{ id: number }>('/fxNote/create', { title: 'Note', lines: [{ text: 'a' }, { text: 'b' }] })).body.data;
    const notes = (await call<Page<Body>>(suite.fx.app, 'GET', '/fxNote/list?pageSize=50')).body.data.list;
    expect(notes.find((n) => n.id === note.id)?.lines).toEqual([{ id: expect.any(Number), text: 'a' }, { id: expect.any(Number), text: 'b' }]);
    // No lines sent: a list without a minimum is empty.
    const bare = (await post<{ id: number; lines: unknown[] }>('/fxNote/create', { title: 'Bare' })).body.data;
    expect(bare.lines).toEqual([]);
    const plans = (await call<Page<Body>>(suite.fx.app, 'GET', '/fxPlan/list?pageSize=50')).body.data.list;
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => !('tiers' in p) && !('tagIds' in p))).toBe(true);
  });

  describe('reference lists', () => {
    it('are replaced on update, kept when not sent, emptied with []', async () => {
      const created = await plan({ tiers: [tier(1, 10)], tagIds: [suite.tags[0]] });
      await post(`/fxPlan/update/${created.id}`, { tagIds: [suite.tags[2], suite.tags[1]] });
      expect((await get(created.id)).tagIds).toEqual([suite.tags[2], suite.tags[1]]);
      await post(`/fxPlan/update/${created.id}`, { name: 'Other name' });
      expect((await get(created.id)).tagIds).toEqual([suite.tags[2], suite.tags[1]]);
      await post(`/fxPlan/update/${created.id}`, { tagIds: [] });
      expect((await get(created.id)).tagIds).toEqual([]);
    });

    it('refuse more than the most, repeated ids, ids that name nothing or miss the condition, changing nothing', async () => {
      const created = await plan({ tiers: [tier(1, 10)], tagIds: [suite.tags[0]] });
      await unchanged(async () => {
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tagIds: suite.tags }))).toEqual(['tagIds:too_many_ids']);
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tagIds: [suite.tags[1], suite.tags[1]] }))).toEqual(['tagIds.1:not_unique']);
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tagIds: [suite.otherKindTag] }))).toEqual(['tagIds:invalid_reference']);
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tagIds: [2_000_000_000] }))).toEqual(['tagIds:invalid_reference']);
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tagIds: [4_000_000_000] }))).toEqual(['tagIds.0:too_big']);
        expect(errorsOf(await post(`/fxPlan/update/${created.id}`, { tagIds: ['x'] }))).toEqual(['tagIds.0:invalid_type']);
        expect(errorsOf(await post('/fxPlan/create', { shopId: 1, name: 'Ghost', tiers: [tier(1, 1)], tagIds: [suite.otherKindTag] }))).toEqual(['tagIds:invalid_reference']);
      });
    });

    it('lose a picked record when it is deleted', async () => {
      const doomed = (await post<{ id: number }>('/fxTag/create', { name: 'Doomed' })).body.data;
      const created = await plan({ tiers: [tier(1, 10)], tagIds: [doomed.id, suite.tags[0]] });
      expect((await post(`/fxTag/delete/${doomed.id}`)).status).toBe(200);
      expect((await get(created.id)).tagIds).toEqual([suite.tags[0]]);
      expect(await suite.fx.db.selectFrom('fx_plan_tag').selectAll().where('tag_id', '=', doomed.id).execute()).toEqual([]);
    });
  });
});
