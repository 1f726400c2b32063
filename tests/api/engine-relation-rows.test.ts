// Protects: reference lists whose picks travel as mall's relation rows (RelationDecl rows, a product's subjectProductRelationList): written as rows or bare ids, read back as rows with their row id and the owner's (null where declared, as mall's coupon) and the declared names of the pick, posted back as read without change, bad rows refused naming the row with nothing changed, audited as rows; their count (pickCount) read with every record, lists included. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { testDialects } from '../helpers/test-db';
import { fieldErrorsOf, listSuite, snapshotListTables } from '../fixtures/list-suite';

type Pick = { id: number; kitId: number; tagId: number };
type Kit = { id: number; name: string; tagRelationList: Pick[] };

describe.each(testDialects())('reference lists as relation rows (%s)', (dialect) => {
  const suite = listSuite(dialect);
  const { post } = suite;
  const get = async (id: number): Promise<Kit> => (await call<Kit>(suite.fx.app, 'GET', `/fxKit/${id}`)).body.data;
  const kit = async (body: Record<string, unknown>): Promise<Kit> => {
    const answer = await post<Kit>('/fxKit/create', { name: 'Kit', ...body });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  };
  const errorsOf = fieldErrorsOf;
  const snapshot = () => snapshotListTables(suite.fx);

  it('takes rows (as mall sends them) and answers rows with their row id and the owner, in the order given', async () => {
    const created = await kit({ tagRelationList: [{ tagId: suite.tags[1] }, { tagId: String(suite.tags[0]), kitId: 999 }] });
    expect(created.tagRelationList).toEqual([
      { id: expect.any(Number), kitId: created.id, tagId: suite.tags[1] },
      { id: expect.any(Number), kitId: created.id, tagId: suite.tags[0] },
    ]);
    expect(await get(created.id)).toEqual(created);
    expect(await suite.fx.db.selectFrom('fx_kit_tag').select(['kit_id', 'tag_id']).where('kit_id', '=', created.id).orderBy('id').execute())
      .toEqual([{ kit_id: created.id, tag_id: suite.tags[1] }, { kit_id: created.id, tag_id: suite.tags[0] }]);
    const audit = await suite.fx.db.selectFrom('sys_audit_log').selectAll().where('entity', '=', 'fx_kit').where('entity_id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ tagRelationList: created.tagRelationList });
  });

  it('takes bare ids too, and the rows it answered posted back unchanged keep the same picks', async () => {
    const created = await kit({ tagRelationList: [suite.tags[2]] });
    expect(created.tagRelationList.map((p) => p.tagId)).toEqual([suite.tags[2]]);
    expect((await post(`/fxKit/update/${created.id}`, { name: 'Again', tagRelationList: created.tagRelationList })).status).toBe(200);
    expect((await get(created.id)).tagRelationList.map((p) => p.tagId)).toEqual([suite.tags[2]]);
    expect((await post(`/fxKit/update/${created.id}`, { tagRelationList: [{ tagId: suite.tags[0] }, suite.tags[1]] })).status).toBe(200);
    expect((await get(created.id)).tagRelationList.map((p) => p.tagId)).toEqual([suite.tags[0], suite.tags[1]]);
    expect((await post(`/fxKit/update/${created.id}`, { tagRelationList: [] })).status).toBe(200);
    expect((await get(created.id)).tagRelationList).toEqual([]);
  });

  it('refuses bad rows naming the row, and changes nothing', async () => {
    const created = await kit({ tagRelationList: [{ tagId: suite.tags[0] }] });
    const before = await snapshot();
    const url = `/fxKit/update/${created.id}`;
    expect(errorsOf(await post(url, { tagRelationList: [{ tagId: suite.tags[0] }, { tagId: suite.tags[0] }] }))).toEqual(['tagRelationList.1:not_unique']);
    expect(errorsOf(await post(url, { tagRelationList: [{ tagId: suite.tags[0] }, { tagId: suite.tags[1] }, { tagId: suite.tags[2] }] }))).toEqual(['tagRelationList:too_many_ids']);
    expect(errorsOf(await post(url, { tagRelationList: [{ tagId: suite.otherKindTag }] }))).toEqual(['tagRelationList:invalid_reference']);
    expect(errorsOf(await post(url, { tagRelationList: [{ tagId: 2_000_000_000 }] }))).toEqual(['tagRelationList:invalid_reference']);
    // A row with a key it does not know, or without the pick, is no pick at all.
    expect(errorsOf(await post(url, { tagRelationList: [{ tagId: suite.tags[1], colour: 'red' }] }))).toEqual(['tagRelationList.0:invalid_type']);
    expect(errorsOf(await post(url, { tagRelationList: [{ kitId: created.id }] }))).toEqual(['tagRelationList.0:invalid_type']);
    expect(errorsOf(await post(url, { tagRelationList: [{ tagId: 'x' }] }))).toEqual(['tagRelationList.0:invalid_type']);
    expect(errorsOf(await post(url, { tagRelationList: { tagId: suite.tags[1] } }))).toEqual(['tagRelationList:invalid_type']);
    expect(await snapshot()).toEqual(before);
    expect((await get(created.id)).tagRelationList.map((p) => p.tagId)).toEqual([suite.tags[0]]);
  });

  it('answers the declared names of each pick beside it (through a reference too) and the owner null when declared so; rows posted back as read keep the picks', async () => {
    const part = async (body: Record<string, unknown>) => (await post<{ id: number }>('/fxPart/create', body)).body.data.id;
    const frame = await part({ name: 'Frame', code: 'F-1' });
    const wheel = await part({ name: 'Wheel', parentId: frame });
    const answer = await post<{ id: number; partRelationList: unknown[] }>('/fxBox/create', { name: 'Box', partRelationList: [{ partId: wheel }, frame] });
    expect(answer.status, answer.raw).toBe(200);
    const box = answer.body.data;
    expect(box.partRelationList).toEqual([
      { id: expect.any(Number), boxId: null, partId: wheel, partName: 'Wheel', partCode: null, parentPartName: 'Frame' },
      { id: expect.any(Number), boxId: null, partId: frame, partName: 'Frame', partCode: 'F-1', parentPartName: null },
    ]);
    // A name is read from the picked row: a renamed part reads renamed.
    expect((await post(`/fxPart/update/${frame}`, { name: 'Big frame' })).status).toBe(200);
    const read = (await call<typeof box>(suite.fx.app, 'GET', `/fxBox/${box.id}`)).body.data;
    expect(read.partRelationList).toMatchObject([{ partId: wheel, parentPartName: 'Big frame' }, { partId: frame, partName: 'Big frame' }]);
    expect((await post(`/fxBox/update/${box.id}`, { name: 'Box', partRelationList: read.partRelationList })).status).toBe(200);
    expect((await call<typeof box>(suite.fx.app, 'GET', `/fxBox/${box.id}`)).body.data.partRelationList).toMatchObject([{ partId: wheel }, { partId: frame }]);
    expect(errorsOf(await post(`/fxBox/update/${box.id}`, { partRelationList: [{ partId: wheel, partColour: 'red' }] })))
      .toEqual(['partRelationList.0:invalid_type']);
  });

  it('answers how many picks a record holds (pickCount) on every read, lists included, and never takes it from a body', async () => {
    type Box = { id: number; partCount: number; partRelationList?: unknown[] };
    const part = async (name: string) => (await post<{ id: number }>('/fxPart/create', { name })).body.data.id;
    const [a, b, c] = [await part('A'), await part('B'), await part('C')];
    const box = async (body: Record<string, unknown>): Promise<Box> => {
      const answer = await post<Box>('/fxBox/create', body);
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.data;
    };
    const three = await box({ name: 'Three', partRelationList: [a, b, c] });
    const none = await box({ name: 'None', partCount: 5 });
    expect(three.partCount).toBe(3);
    expect(none.partCount).toBe(0);
    const listed = async () => new Map((await call<{ list: Box[] }>(suite.fx.app, 'GET', '/fxBox/list?pageNum=1&pageSize=100')).body.data.list
      .map((row) => [row.id, row.partCount]));
    expect((await listed()).get(three.id)).toBe(3);
    expect((await listed()).get(none.id)).toBe(0);
    // A write changes the count the next list reads (the ids a list keeps are no part of it).
    expect((await post(`/fxBox/update/${three.id}`, { partRelationList: [b] })).status).toBe(200);
    expect((await listed()).get(three.id)).toBe(1);
    expect((await call<Box>(suite.fx.app, 'GET', `/fxBox/${three.id}`)).body.data.partCount).toBe(1);
  });
});
