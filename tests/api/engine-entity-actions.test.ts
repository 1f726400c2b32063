// Protects: the engine's declared actions (server/crud/actions.ts) on a fixture entity: ids by path, named parameter and list; params with the fields' validation; scope, 404s, audit, one transaction, OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { auditCount, createGadgetTable, GADGET_BUILD, gadgetTable, insertGadget } from '../helpers/action-fixture';
import { DEMO } from '../helpers/accounts';
import { shopIdsOf, adminIdOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const MISSING = 2_000_000_000;

describe.each(testDialects())('declared actions on a fixture entity (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<'super' | 'seller' | 'seller2' | 'product', string> = { super: '', seller: '', seller2: '', product: '' };
  /** Gadgets of the first seller (two shops) and of the second seller. */
  let own: number[];
  let foreign: number;

  const as = (who: keyof typeof tokens) => ({
    get: (url: string) => call(t.app, 'GET', `/api${url}`, { token: tokens[who] }),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      call(t.app, 'POST', `/api${url}`, { token: tokens[who], ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) }),
  });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);

  /** Runs refused requests and checks they changed nothing: no row, no audit row. */
  const unchanged = async (work: () => Promise<void>) => {
    const before = { rows: await gadgetTable(t.db), audit: await auditCount(t.db) };
    await work();
    expect({ rows: await gadgetTable(t.db), audit: await auditCount(t.db) }).toEqual(before);
  };
  const lastAudit = () => t.db.selectFrom('sys_audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true }, GADGET_BUILD);
    await createGadgetTable(t.db);
    const [shopA, shopB] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username));
    const [shopC] = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username));
    own = [await insertGadget(t.db, shopA!, 'Alpha', 1), await insertGadget(t.db, shopA!, 'Beta', 0), await insertGadget(t.db, shopB!, 'Gamma', 1)];
    foreign = await insertGadget(t.db, shopC!, 'Foreign', 1);
    tokens.super = await login(t.app, DEMO.admin);
    tokens.seller = await login(t.app, DEMO.seller);
    tokens.seller2 = await login(t.app, DEMO.seller2);
    tokens.product = await login(t.app, DEMO.productAdmin);
  });
  afterAll(async () => t?.close());

  it('a row action by path id runs its handler in scope and writes the audit row the handler describes', async () => {
    const answer = await as('seller').post(`/gadget/rename/${own[1]}?name=Bravo`);
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, data: 1 });
    expect((await gadgetTable(t.db)).find((r) => r.id === own[1])).toMatchObject({ name: 'Bravo' });
    expect(await lastAudit()).toMatchObject({
      action: 'rename', entity: 'test_gadget', entity_id: String(own[1]),
      before_json: JSON.stringify({ name: 'Beta' }), after_json: JSON.stringify({ name: 'Bravo' }),
      admin_id: await adminIdOf(t.db, DEMO.seller.username),
    });
  });

  it('an action whose body is one parameter (bodyParam) takes the JSON body as it, the others from the query, and refuses a bad body by its name', async () => {
    const answer = await as('seller').post(`/gadget/notes/${own[1]}?joiner=;`, ['red', 'blue']);
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.data).toBe('red;blue');
    expect((await gadgetTable(t.db)).find((r) => r.id === own[1])).toMatchObject({ note: 'red;blue' });
    await unchanged(async () => {
      expect(fields(await as('seller').post(`/gadget/notes/${own[1]}`, ['a', 'b', 'c', 'd'])).map((f) => f.split(':')[0])).toEqual(['lines']);
      expect(fields(await as('seller').post(`/gadget/notes/${own[1]}`, { lines: ['a'] }))).toEqual(['lines:invalid_type']);
      expect(fields(await as('seller').post(`/gadget/notes/${own[1]}?lines=a`, ['a']))).toEqual(['lines:unknown_field']);
      expect((await as('seller').post(`/gadget/notes/${foreign}`, ['a'])).status).toBe(404);
    });
  });

  it('a row action by a named parameter takes query, form and JSON parameters, fills defaults, and audits the parameters by default', async () => {
    const query = await as('seller').post(`/gadget/link?gadgetId=${own[0]}&others=${own[1]},${own[2]}`);
    expect(query.body).toMatchObject({ code: 200, data: { others: [own[1], own[2]], level: 1, urgent: 0 } });
    expect((await gadgetTable(t.db)).find((r) => r.id === own[0])?.note).toBe(`${own[1]},${own[2]}`);
    expect(await lastAudit()).toMatchObject({ action: 'link', entity_id: String(own[0]), after_json: JSON.stringify({ others: [own[1], own[2]], level: 1, urgent: 0 }) });

    const form = await as('seller').post('/gadget/link', `gadgetId=${own[0]}&others=${own[2]}&level=3&urgent=1`, FORM);
    expect(form.body).toMatchObject({ code: 200, data: { others: [own[2]], level: 3, urgent: 1 } });
    const json = await as('seller').post(`/gadget/link?gadgetId=${own[0]}`, { others: [own[1]], level: 2 });
    expect(json.body).toMatchObject({ code: 200, data: { others: [own[1]], level: 2, urgent: 0 } });
    // `others=` is the empty list: "with nothing".
    expect((await as('seller').post(`/gadget/link?gadgetId=${own[0]}&others=`)).body).toMatchObject({ code: 200, data: { others: [] } });
  });

  it('a selection action changes every named row in one call, one audit row each', async () => {
    const before = await auditCount(t.db);
    const answer = await as('seller').post(`/gadget/retag?ids=${own[0]},${own[2]}&note=Spring`);
    expect(answer.body).toMatchObject({ code: 200, data: 2 });
    const rows = await gadgetTable(t.db);
    expect(rows.filter((r) => r.note === 'Spring').map((r) => r.id)).toEqual([own[0], own[2]]);
    expect(await auditCount(t.db)).toBe(before + 2);
  });

  it('reads answer inside the scope and write no audit row', async () => {
    await unchanged(async () => {
      expect((await as('seller').get('/gadget/count?status=1')).body.data).toBe(2);
      expect((await as('seller2').get('/gadget/count?status=1')).body.data).toBe(1);
      expect((await as('super').get('/gadget/count?status=1')).body.data).toBe(3);
      expect((await as('super').get('/gadget/count')).body.data).toBe(4);
      expect((await as('seller').get(`/gadget/peek/${own[2]}`)).body.data).toMatchObject({ id: own[2], name: 'Gamma' });
    });
  });

  it('refuses wrong, missing and foreign ids: 400 naming the id parameter, or 404, changing nothing', async () => {
    await unchanged(async () => {
      for (const [url, expected] of [
        ['/gadget/rename/abc?name=Zed', ['id:invalid_type']],
        ['/gadget/rename/0?name=Zed', ['id:invalid_type']],
        ['/gadget/link?others=', ['gadgetId:required']],
        ['/gadget/link?gadgetId=x&others=', ['gadgetId:invalid_type']],
        ['/gadget/retag?note=x', ['ids:select_record']],
        ['/gadget/retag?ids=&note=x', ['ids:select_record']],
        [`/gadget/retag?ids=${own[0]},x&note=x`, ['ids:invalid_ids']],
        [`/gadget/retag?ids=1,2,3,4&note=x`, ['ids:too_many_ids']],
      ] as const) {
        const answer = await as('seller').post(url);
        expect(answer.status, url).toBe(400);
        expect(fields(answer), url).toEqual(expected);
      }
      expect((await as('seller').get('/gadget/peek/abc')).status).toBe(400);
      expect(fields(await as('seller').get('/gadget/peek/abc'))).toEqual(['gadgetId:invalid_type']);
      // Missing, and another seller's: the same 404 (no oracle of what other shops hold).
      for (const id of [MISSING, foreign]) {
        expect((await as('seller').post(`/gadget/rename/${id}?name=Zed`)).status).toBe(404);
        expect((await as('seller').post(`/gadget/link?gadgetId=${id}&others=`)).status).toBe(404);
        expect((await as('seller').get(`/gadget/peek/${id}`)).status).toBe(404);
        // One bad id spoils the selection: nothing is changed for the others.
        expect((await as('seller').post(`/gadget/retag?ids=${own[0]},${id}&note=Half`)).status).toBe(404);
      }
    });
  });

  it('refuses bad parameters with field-named errors, unknown keys and unsafe text included, changing nothing', async () => {
    await unchanged(async () => {
      for (const [url, expected] of [
        [`/gadget/rename/${own[0]}`, ['name:required']],
        [`/gadget/rename/${own[0]}?name=Z`, ['name:length_between']],
        [`/gadget/rename/${own[0]}?name=Zed&colour=red`, ['colour:unknown_field']],
        [`/gadget/rename/${own[0]}?name=Z%00ed`, ['name:invalid_format']],
        [`/gadget/link?gadgetId=${own[0]}`, ['others:required']],
        [`/gadget/link?gadgetId=${own[0]}&others=1,x`, ['others:invalid_ids']],
        [`/gadget/link?gadgetId=${own[0]}&others=1,2,3,4`, ['others:too_many_ids']],
        [`/gadget/link?gadgetId=${own[0]}&others=${MISSING}`, ['others:invalid_reference']],
        [`/gadget/link?gadgetId=${own[0]}&others=${foreign}`, ['others:invalid_reference']],
        [`/gadget/link?gadgetId=${own[0]}&others=&level=9`, ['level:too_big']],
        [`/gadget/link?gadgetId=${own[0]}&others=&level=1.5`, ['level:invalid_type']],
        [`/gadget/link?gadgetId=${own[0]}&others=&urgent=2`, ['urgent:invalid_value']],
        [`/gadget/retag?ids=${own[0]}&note=${'x'.repeat(21)}`, ['note:length_between']],
        [`/gadget/link?gadgetId=&others=x&level=0`, ['gadgetId:required', 'others:invalid_ids', 'level:too_small']],
      ] as const) {
        const answer = await as('seller').post(url);
        expect(answer.status, url).toBe(400);
        expect(fields(answer), url).toEqual(expected);
      }
      expect(fields(await as('seller').get('/gadget/count?status=7'))).toEqual(['status:too_big']);
      expect(fields(await as('seller').get('/gadget/count?ids=1'))).toEqual(['ids:unknown_field']);
      // A JSON body that is no object, and a typed value of the wrong type.
      expect(fields(await as('seller').post(`/gadget/rename/${own[0]}`, [1, 2]))).toEqual(['_:invalid_type']);
      expect(fields(await as('seller').post(`/gadget/link?gadgetId=${own[0]}`, { others: 'nope' }))).toEqual(['others:invalid_ids']);
      expect(fields(await as('seller').post(`/gadget/link?gadgetId=${own[0]}`, { others: [0] }))).toEqual(['others.0:too_small']);
    });
  });

  it('the super admin\'s scope is every shop: another seller\'s gadget is a target and a reference for it', async () => {
    const answer = await as('super').post(`/gadget/link?gadgetId=${foreign}&others=${own[0]}`);
    expect(answer.body).toMatchObject({ code: 200, data: { others: [own[0]] } });
    expect(await lastAudit()).toMatchObject({ action: 'link', entity_id: String(foreign), admin_id: await adminIdOf(t.db, DEMO.admin.username) });
  });

  it('a sameAs reference parameter takes only a row sharing the acted-on record\'s value, even for the super admin', async () => {
    // Alpha and Beta share shop A; Gamma is the same seller's other shop, Foreign another seller's.
    await unchanged(async () => {
      expect(fields(await as('super').post(`/gadget/pair/${own[0]}`, { partner: own[2] }))).toEqual(['partner:invalid_reference']);
      expect(fields(await as('super').post(`/gadget/pair/${own[0]}`, { partner: foreign }))).toEqual(['partner:invalid_reference']);
      expect(fields(await as('seller').post(`/gadget/pair/${own[0]}`, { partner: own[2] }))).toEqual(['partner:invalid_reference']);
    });
    expect((await as('seller').post(`/gadget/pair/${own[0]}`, { partner: own[1] })).body).toMatchObject({ code: 200, data: 1 });
  });

  it('a collection write runs once over the caller\'s scope, audited with no record id', async () => {
    const seller2 = await adminIdOf(t.db, DEMO.seller2.username);
    const answer = await as('seller2').post('/gadget/resetAll');
    expect(answer.body).toMatchObject({ code: 200, data: 1 });
    expect((await gadgetTable(t.db)).map((r) => [r.id, r.status])).toEqual([[own[0], 1], [own[1], 0], [own[2], 1], [foreign, 0]]);
    expect(await lastAudit()).toMatchObject({ action: 'reset_all', entity: 'test_gadget', entity_id: null, admin_id: seller2, after_json: '{}' });
    await unchanged(async () => {
      expect(fields(await as('seller2').post('/gadget/resetAll?ids=1'))).toEqual(['ids:unknown_field']);
    });
  });

  it('runs the handler and its audit in one transaction: a refusal after a write leaves nothing behind', async () => {
    await unchanged(async () => {
      const answer = await as('seller').post(`/gadget/explode/${own[0]}`);
      expect(answer.status).toBe(400);
      expect(fields(answer)).toEqual(['name:invalid_value']);
    });
  });

  it('is refused (403) to a caller no resource covers the action for', async () => {
    await unchanged(async () => {
      expect((await as('product').post(`/gadget/rename/${own[0]}?name=Zed`)).status).toBe(403);
      expect((await as('product').get('/gadget/count')).status).toBe(403);
    });
  });

  it('is documented in OpenAPI from the declaration: target, parameters, body of a write', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body as unknown as { paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[]; requestBody?: unknown; summary: string }>> };
    const link = doc.paths['/gadget/link']!.post!;
    expect(link.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['gadgetId', 'query', true], ['others', 'query', true], ['level', 'query', false], ['urgent', 'query', false],
    ]);
    expect(link.requestBody).toBeDefined();
    expect(doc.paths['/gadget/peek/{gadgetId}']!.get!.parameters.map((p) => [p.name, p.in])).toEqual([['gadgetId', 'path']]);
    expect(doc.paths['/gadget/retag']!.post!.summary).toContain('several records');
    expect(doc.paths['/gadget/count']!.get!.requestBody).toBeUndefined();
  });
});
