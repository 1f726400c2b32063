// Protects: entity-specific rules (brands, categories, attributes, product types, ads, return reasons, order settings) that generic tests cannot see.
/**
 * The rules of particular entities (our limits and mall's semantics) that the generic tests
 * cannot see: brand names and first letters, category levels and filter attributes, attribute
 * values and the product type counters, advertisement times, return reason and order setting
 * specifics. If this fails, an admin screen can store data mall's rules forbid.
 */
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { MESSAGES } from '../../src/schema/api';
import { errorsZh } from '../../src/i18n/errors';
import { call } from '../helpers/api';
import type { ApiRecord, Body } from '../helpers/entity-bodies';
import { entityByName, snapshotData } from '../helpers/entity-bodies';
import { entityList } from '../../src/schema/entities';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

const OK = { code: 200, message: 'Operation succeeded' };

describe.each(testDialects())('entity rules (%s)', (dialect) => {
  const s = apiSuite(dialect);

  const get = <T = ApiRecord>(url: string) => call<T>(s.app, 'GET', `/api${url}`, { token: s.token });
  const post = <T = ApiRecord>(url: string, body?: unknown) => call<T>(s.app, 'POST', `/api${url}`, { token: s.token, body });
  const created = async (url: string, body: Body): Promise<ApiRecord> => {
    const answer = await post(url, body);
    if (answer.status !== 200) throw new Error(`${url} ${answer.status} ${answer.raw}`);
    return answer.body.data;
  };
  const fieldErrors = (answer: { body: { errors?: { field: string; messageKey: string }[] } }) =>
    (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  /** Refused requests leave every entity table and the audit log as they were. */
  const unchanged = async (requests: () => Promise<void>) => {
    const before = await snapshotData(s.db, entityList);
    await requests();
    expect(await snapshotData(s.db, entityList)).toEqual(before);
  };

  describe('brand', () => {
    const brand = (name: string, extra: Body = {}) => ({ name, logo: '/uploads/logo.png', ...extra });

    it('names must have 2 to 140 characters, with the length message, on create and update', async () => {
      await unchanged(async () => {
        for (const name of ['A', 'x'.repeat(141)]) {
          const answer = await post('/brand/create', brand(name));
          expect(answer.status).toBe(400);
          expect(answer.body.errors).toEqual([{ field: 'name', messageKey: 'length_between', message: 'length must be between 2 and 140 characters', params: { min: 2, max: 140 } }]);
        }
      });
      const two = await created('/brand/create', brand('Ab'));
      const long = await created('/brand/create', brand('L'.repeat(140)));
      expect(long.name).toHaveLength(140);
      await unchanged(async () => {
        expect(fieldErrors(await post(`/brand/update/${two.id}`, { name: 'B' }))).toEqual(['name:length_between']);
      });
    });

    it('refuses a name another brand has (409, not_unique), on create and on update; its own name is fine', async () => {
      const first = await created('/brand/create', brand('Unique Brand'));
      const second = await created('/brand/create', brand('Other Brand'));
      await unchanged(async () => {
        for (const answer of [await post('/brand/create', brand('Unique Brand')), await post(`/brand/update/${second.id}`, { name: 'Unique Brand' })]) {
          expect(answer.status).toBe(409);
          expect(answer.body).toMatchObject({ code: 500, messageKey: 'not_unique', data: null, errors: [{ field: 'name', messageKey: 'not_unique' }] });
        }
      });
      expect((await post(`/brand/update/${first.id}`, { name: 'Unique Brand', sort: 3 })).body).toEqual({ ...OK, data: 1 });
    });

    it('creating the same name concurrently lets exactly one through; the others get 409, never a 500', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => post('/brand/create', brand('Race Brand'))));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const rows = await s.db.selectFrom('sys_audit_log').select('entity_id').where('entity', '=', 'pms_brand').where('action', '=', 'create')
        .where('entity_id', '=', String(answers.find((a) => a.status === 200)!.body.data.id)).execute();
      expect(rows).toHaveLength(1);
    });

    it('an empty or missing first letter becomes the first letter of the name; a sent one is kept', async () => {
      expect((await created('/brand/create', brand('Zenith'))).firstLetter).toBe('Z');
      expect((await created('/brand/create', brand('Yonder', { firstLetter: '' }))).firstLetter).toBe('Y');
      expect((await created('/brand/create', brand('Xenon', { firstLetter: null }))).firstLetter).toBe('X');
      const kept = await created('/brand/create', brand('Walrus', { firstLetter: 'Q' }));
      expect(kept.firstLetter).toBe('Q');
      await post(`/brand/update/${kept.id}`, { name: 'Vortex' });
      expect((await get(`/brand/${kept.id}`)).body.data.firstLetter).toBe('Q');
      await post(`/brand/update/${kept.id}`, { firstLetter: '' });
      expect((await get(`/brand/${kept.id}`)).body.data.firstLetter).toBe('V');
    });

    it('lists show brandStory as null (mall leaves TEXT out of lists); GET by id has it', async () => {
      const record = await created('/brand/create', brand('Storied', { brandStory: '<p>Since 1900</p>' }));
      const list = await get<Page<ApiRecord>>(`/brand/list?ids=${record.id}`);
      expect(list.body.data.list[0]).toMatchObject({ id: record.id, brandStory: null });
      expect((await get(`/brand/${record.id}`)).body.data.brandStory).toBe('<p>Since 1900</p>');
    });
  });

  describe('productCategory', () => {
    const category = (name: string, extra: Body = {}) => created('/productCategory/create', { name, ...extra });

    it('level comes from the parent: 0 at the root, 1 under a level-0 category', async () => {
      const top = await category('Top Level');
      expect(top).toMatchObject({ parentId: 0, level: 0 });
      const child = await category('Child Level', { parentId: top.id });
      expect(child).toMatchObject({ parentId: top.id, level: 1 });
    });

    it('two levels only: a level-1 parent, a missing parent or the category itself is invalid_reference', async () => {
      const top = await category('Top Two');
      const child = await category('Child Two', { parentId: top.id });
      await unchanged(async () => {
        expect(fieldErrors(await post('/productCategory/create', { name: 'Grandchild', parentId: child.id }))).toEqual(['parentId:invalid_reference']);
        expect(fieldErrors(await post('/productCategory/create', { name: 'Orphan', parentId: 2_000_000_000 }))).toEqual(['parentId:invalid_reference']);
        expect(fieldErrors(await post(`/productCategory/update/${top.id}`, { parentId: top.id }))).toEqual(['parentId:invalid_reference']);
        expect(fieldErrors(await post(`/productCategory/update/${top.id}`, { parentId: child.id }))).toEqual(['parentId:invalid_reference']);
      });
    });

    it('moving a category recomputes its level', async () => {
      const a = await category('Move A');
      const b = await category('Move B');
      expect((await post(`/productCategory/update/${b.id}`, { parentId: a.id })).body).toEqual({ ...OK, data: 1 });
      expect((await get(`/productCategory/${b.id}`)).body.data).toMatchObject({ parentId: a.id, level: 1 });
      expect((await post(`/productCategory/update/${b.id}`, { parentId: 0 })).body.data).toBe(1);
      expect((await get(`/productCategory/${b.id}`)).body.data).toMatchObject({ parentId: 0, level: 0 });
    });

    it('a category with children cannot be moved or deleted', async () => {
      const parent = await category('Parent Busy');
      const other = await category('Other Top');
      await category('Kid Busy', { parentId: parent.id });
      await unchanged(async () => {
        expect((await post(`/productCategory/update/${parent.id}`, { parentId: other.id })).status).toBe(400);
        const refused = await post(`/productCategory/delete/${parent.id}`);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 500, messageKey: 'category_has_children', message: 'Delete its sub-categories first' });
      });
    });

    it('GET /productCategory/list/{parentId} lists the children of that parent only, by sort desc', async () => {
      const parent = await category('Lister');
      const kids = [await category('Kid One', { parentId: parent.id, sort: 1 }), await category('Kid Two', { parentId: parent.id, sort: 5 })];
      const answer = await get<Page<ApiRecord>>(`/productCategory/list/${parent.id}?pageSize=10`);
      expect(answer.body.data.total).toBe(2);
      expect(answer.body.data.list.map((r) => r.id)).toEqual([kids[1]!.id, kids[0]!.id]);
      expect(answer.body.data.list.every((r) => r.description === null)).toBe(true);
      const roots = await get<Page<ApiRecord>>('/productCategory/list/0?pageSize=200');
      expect(roots.body.data.list.every((r) => r.parentId === 0 && r.level === 0)).toBe(true);
    });

    describe('filter attributes (productAttributeIdList)', () => {
      let params: number[];
      let spec: number;
      beforeAll(async () => {
        const type = await s.fx.create(entityByName('productAttributeCategory'));
        const attribute = (name: string, kind: 0 | 1) => created('/productAttribute/create', { productAttributeCategoryId: type.id, name, type: kind });
        params = [];
        for (const name of ['Param A', 'Param B', 'Param C', 'Param D']) params.push((await attribute(name, 1)).id);
        spec = (await attribute('Spec A', 0)).id;
      });

      it('are stored, returned by GET, replaced on update (and kept when not sent)', async () => {
        const record = await category('With Filters', { productAttributeIdList: [params[0], params[1]] });
        expect(record.productAttributeIdList).toEqual([params[0], params[1]]);
        expect((await get(`/productCategory/${record.id}`)).body.data.productAttributeIdList).toEqual([params[0], params[1]]);
        await post(`/productCategory/update/${record.id}`, { productAttributeIdList: [params[2]] });
        expect((await get(`/productCategory/${record.id}`)).body.data.productAttributeIdList).toEqual([params[2]]);
        await post(`/productCategory/update/${record.id}`, { sort: 4 });
        expect((await get(`/productCategory/${record.id}`)).body.data.productAttributeIdList).toEqual([params[2]]);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the relation table is not in the static Database type
        const relations = async (id: number) => (s.db as unknown as Kysely<any>).selectFrom('pms_product_category_attribute_relation').selectAll()
          .where('product_category_id', '=', id).execute();
        expect(await relations(record.id)).toHaveLength(1);
      });

      it('spec 177: a category keeps at least one: emptying its list is refused (at_least_one, both languages), one without any may stay so', async () => {
        const record = await category('Keeps One', { productAttributeIdList: [params[0], params[1]] });
        await unchanged(async () => {
          const answer = await post(`/productCategory/update/${record.id}`, { productAttributeIdList: [] });
          expect(answer.status).toBe(400);
          expect(fieldErrors(answer)).toEqual(['productAttributeIdList:at_least_one']);
          expect(MESSAGES.at_least_one).toBe('At least one must be left');
          expect(errorsZh.at_least_one).toBe('至少要保留一个');
        });
        expect((await get(`/productCategory/${record.id}`)).body.data.productAttributeIdList).toEqual([params[0], params[1]]);
        // mall's form sends [] when no filter row is picked: a category without filters takes it, on create and edit.
        const none = await category('No Filters', { productAttributeIdList: [] });
        expect((await post(`/productCategory/update/${none.id}`, { productAttributeIdList: [], sort: 2 })).status).toBe(200);
        expect((await get(`/productCategory/${none.id}`)).body.data).toMatchObject({ sort: 2, productAttributeIdList: [] });
      });

      it('up to three: four are refused with up_to_three', async () => {
        const three = await category('Three Filters', { productAttributeIdList: params.slice(0, 3) });
        expect(three.productAttributeIdList).toEqual(params.slice(0, 3));
        await unchanged(async () => {
          expect(fieldErrors(await post('/productCategory/create', { name: 'Too Many', productAttributeIdList: params }))).toEqual(['productAttributeIdList:up_to_three']);
          expect(fieldErrors(await post(`/productCategory/update/${three.id}`, { productAttributeIdList: params }))).toEqual(['productAttributeIdList:up_to_three']);
        });
      });

      it('only parameter attributes (type 1) that exist; a refused list leaves no category behind', async () => {
        await unchanged(async () => {
          expect(fieldErrors(await post('/productCategory/create', { name: 'Spec Filter', productAttributeIdList: [spec] }))).toEqual(['productAttributeIdList:invalid_reference']);
          expect(fieldErrors(await post('/productCategory/create', { name: 'Ghost Filter', productAttributeIdList: [2_000_000_000] }))).toEqual(['productAttributeIdList:invalid_reference']);
        });
        const record = await category('Spec Update', { productAttributeIdList: [params[0]] });
        await unchanged(async () => {
          expect(fieldErrors(await post(`/productCategory/update/${record.id}`, { name: 'Renamed', productAttributeIdList: [spec] }))).toEqual(['productAttributeIdList:invalid_reference']);
        });
        expect((await get(`/productCategory/${record.id}`)).body.data).toMatchObject({ name: 'Spec Update', productAttributeIdList: [params[0]] });
      });
    });
  });

  describe('productAttribute', () => {
    let typeId: number;
    const counters = async (id: number) => {
      const { attributeCount, paramCount } = (await get(`/productAttribute/category/${id}`)).body.data;
      return { attributeCount, paramCount };
    };
    beforeAll(async () => {
      typeId = (await s.fx.create(entityByName('productAttributeCategory'))).id;
    });

    it('inputList values must be non-empty and distinct (attr_values_invalid), on create and update', async () => {
      await unchanged(async () => {
        for (const inputList of ['red,,blue', 'red,blue,red', ' red , red', ',', '']) {
          const answer = await post('/productAttribute/create', { productAttributeCategoryId: typeId, name: 'Colour', type: 0, inputType: 1, inputList });
          expect(fieldErrors(answer), inputList).toEqual(['inputList:attr_values_invalid']);
          expect(answer.body.errors?.[0]?.message).toBe('Attribute value cannot be empty or repeated');
        }
      });
      const ok = await created('/productAttribute/create', { productAttributeCategoryId: typeId, name: 'Colour', type: 0, inputType: 1, inputList: 'red,blue' });
      const manual = await created('/productAttribute/create', { productAttributeCategoryId: typeId, name: 'Weight', type: 1 });
      await unchanged(async () => {
        expect(fieldErrors(await post(`/productAttribute/update/${ok.id}`, { inputList: 'red,red' }))).toEqual(['inputList:attr_values_invalid']);
        // Switching to "pick from a list" with no values is refused too (the stored record is checked whole).
        expect(fieldErrors(await post(`/productAttribute/update/${manual.id}`, { inputType: 1 }))).toEqual(['inputList:attr_values_invalid']);
      });
      expect((await post(`/productAttribute/update/${manual.id}`, { inputType: 1, inputList: '1kg,2kg' })).body.data).toBe(1);
    });

    it("the product type's attributeCount/paramCount follow creates, moves and deletes", async () => {
      const type = (await s.fx.create(entityByName('productAttributeCategory'))).id;
      const other = (await s.fx.create(entityByName('productAttributeCategory'))).id;
      expect(await counters(type)).toEqual({ attributeCount: 0, paramCount: 0 });
      const make = (name: string, kind: 0 | 1) => created('/productAttribute/create', { productAttributeCategoryId: type, name, type: kind });
      const specs = [await make('Size', 0), await make('Colour', 0)];
      const param = await make('Material', 1);
      expect(await counters(type)).toEqual({ attributeCount: 2, paramCount: 1 });
      await post(`/productAttribute/update/${specs[1]!.id}`, { productAttributeCategoryId: other });
      expect(await counters(type)).toEqual({ attributeCount: 1, paramCount: 1 });
      expect(await counters(other)).toEqual({ attributeCount: 1, paramCount: 0 });
      expect((await post(`/productAttribute/delete?ids=${specs[0]!.id},${param.id},${specs[1]!.id}`)).body).toEqual({ ...OK, data: 3 });
      expect(await counters(type)).toEqual({ attributeCount: 0, paramCount: 0 });
      expect(await counters(other)).toEqual({ attributeCount: 0, paramCount: 0 });
    });

    it('GET /productAttribute/list/{cid}?type= lists one kind of one product type, by sort desc', async () => {
      const type = (await s.fx.create(entityByName('productAttributeCategory'))).id;
      const make = (name: string, kind: 0 | 1, sort: number) => created('/productAttribute/create', { productAttributeCategoryId: type, name, type: kind, sort });
      const specLow = await make('Spec Low', 0, 1);
      const specHigh = await make('Spec High', 0, 9);
      const param = await make('Param Only', 1, 5);
      const specMid = await make('Spec Mid', 0, 3);
      // Another product type's spec must not show up.
      await created('/productAttribute/create', { productAttributeCategoryId: typeId, name: 'Other Type', type: 0, sort: 4 });
      const specs = await get<Page<ApiRecord>>(`/productAttribute/list/${type}?type=0&pageSize=10`);
      expect(specs.body.data.list.map((r) => r.id)).toEqual([specHigh.id, specMid.id, specLow.id]);
      const params = await get<Page<ApiRecord>>(`/productAttribute/list/${type}?type=1`);
      expect(params.body.data).toMatchObject({ total: 1, list: [{ id: param.id, type: 1 }] });
    });
  });

  describe('homeAdvertise', () => {
    const ad = (extra: Body = {}): Body => ({
      name: 'Spring Sale', type: 0, pic: '/uploads/ad.png', url: 'https://example.com/sale',
      startTime: '2030-05-01T00:00:00.000Z', endTime: '2030-06-01T00:00:00.000Z', ...extra,
    });

    it('name, url, startTime, endTime and pic are required', async () => {
      await unchanged(async () => {
        for (const field of ['name', 'url', 'startTime', 'endTime', 'pic']) {
          const { [field]: _gone, ...body } = ad();
          expect(fieldErrors(await post('/home/advertise/create', body)), field).toEqual([`${field}:required`]);
        }
      });
    });

    it('the jump url must be an http(s) web address (invalid_url), on create and update', async () => {
      await unchanged(async () => {
        for (const url of ['javascript:alert(1)', '/relative/path', 'example.com', 'ftp://example.com/x', 'https://']) {
          expect(fieldErrors(await post('/home/advertise/create', ad({ url }))), url).toEqual(['url:invalid_url']);
        }
      });
      const record = await created('/home/advertise/create', ad({ name: 'Url Probe', url: 'http://example.com/a?b=1' }));
      await unchanged(async () => {
        expect(fieldErrors(await post(`/home/advertise/update/${record.id}`, { url: 'javascript:void(0)' }))).toEqual(['url:invalid_url']);
      });
    });

    it('endTime must be after startTime (expire_before_start), also when an update sends only one of them', async () => {
      await unchanged(async () => {
        for (const endTime of ['2030-04-01T00:00:00.000Z', '2030-05-01T00:00:00.000Z']) {
          const answer = await post('/home/advertise/create', ad({ endTime }));
          expect(fieldErrors(answer)).toEqual(['endTime:expire_before_start']);
          expect(answer.body.errors?.[0]?.message).toBe('The expire time must be after the start time');
        }
      });
      const record = await created('/home/advertise/create', ad());
      await unchanged(async () => {
        expect(fieldErrors(await post(`/home/advertise/update/${record.id}`, { endTime: '2030-04-30T00:00:00.000Z' }))).toEqual(['endTime:expire_before_start']);
        expect(fieldErrors(await post(`/home/advertise/update/${record.id}`, { startTime: '2030-06-02T00:00:00.000Z' }))).toEqual(['endTime:expire_before_start']);
      });
      expect((await post(`/home/advertise/update/${record.id}`, { startTime: '2030-05-15T00:00:00.000Z' })).body.data).toBe(1);
      expect((await post(`/home/advertise/update/${record.id}`, { endTime: '2030-05-16T00:00:00.000Z' })).body.data).toBe(1);
    });

    it('status toggles on and off through the batch status endpoint', async () => {
      const record = await created('/home/advertise/create', ad({ name: 'Toggle Me' }));
      expect(record.status).toBe(0);
      expect((await post(`/home/advertise/update/status?ids=${record.id}&status=1`)).body).toEqual({ ...OK, data: 1 });
      expect((await get(`/home/advertise/${record.id}`)).body.data.status).toBe(1);
      expect((await post(`/home/advertise/update/status?ids=${record.id}&status=0`)).body.data).toBe(1);
      expect((await get(`/home/advertise/${record.id}`)).body.data.status).toBe(0);
    });

    it('the endTime filter means "ends on that day"; name is a contains filter', async () => {
      const record = await created('/home/advertise/create', ad({ name: 'Day Ender', endTime: '2030-07-04T23:59:59.000Z' }));
      const on = await get<Page<ApiRecord>>(`/home/advertise/list?endTime=2030-07-04&name=${encodeURIComponent('day end')}`);
      expect(on.body.data.list.map((r) => r.id)).toEqual([record.id]);
      const off = await get<Page<ApiRecord>>(`/home/advertise/list?endTime=2030-07-05&name=${encodeURIComponent('day end')}`);
      expect(off.body.data.total).toBe(0);
    });
  });

  describe('returnReason', () => {
    it('batch status sets every listed reason, answers the count; only 0 or 1', async () => {
      const reasons = [await created('/returnReason/create', { name: 'Broken' }), await created('/returnReason/create', { name: 'Late' })];
      expect(reasons.map((r) => r.status)).toEqual([1, 1]);
      expect((await post(`/returnReason/update/status?ids=${reasons.map((r) => r.id).join(',')}&status=0`)).body).toEqual({ ...OK, data: 2 });
      for (const reason of reasons) expect((await get(`/returnReason/${reason.id}`)).body.data.status).toBe(0);
      await unchanged(async () => {
        expect(fieldErrors(await post(`/returnReason/update/status?ids=${reasons[0]!.id}&status=2`))).toEqual(['status:invalid_value']);
      });
    });

    it('createTime is set by the server and kept by updates', async () => {
      const reason = await created('/returnReason/create', { name: 'Wrong size' });
      expect(Date.now() - Date.parse(String(reason.createTime))).toBeLessThan(60_000);
      await post(`/returnReason/update/${reason.id}`, { name: 'Wrong size or colour' });
      expect((await get(`/returnReason/${reason.id}`)).body.data).toMatchObject({ name: 'Wrong size or colour', createTime: reason.createTime });
    });
  });

  describe('orderSetting', () => {
    it("GET /orderSetting/1 answers mall's defaults", async () => {
      expect((await get('/orderSetting/1')).body).toEqual({
        ...OK, data: { id: 1, flashOrderOvertime: 60, normalOrderOvertime: 120, confirmOvertime: 15, finishOvertime: 7, commentOvertime: 7, receiveOnDelivered: 0 },
      });
    });

    it('update validates every value (at least 1, whole numbers) and then changes only what was sent', async () => {
      await unchanged(async () => {
        for (const field of ['flashOrderOvertime', 'normalOrderOvertime', 'confirmOvertime', 'finishOvertime', 'commentOvertime']) {
          for (const [value, key] of [[0, 'too_small'], [-5, 'too_small'], [1.5, 'invalid_type'], [null, 'required'], ['seven', 'invalid_type']] as const) {
            expect(fieldErrors(await post('/orderSetting/update/1', { [field]: value })), `${field}=${value}`).toEqual([`${field}:${key}`]);
          }
        }
      });
      expect((await post('/orderSetting/update/1', { confirmOvertime: 1 })).body).toEqual({ ...OK, data: 1 });
      expect((await get('/orderSetting/1')).body.data).toMatchObject({ confirmOvertime: 1, flashOrderOvertime: 60 });
    });

    it('has no list, create or delete routes (404 route_not_found)', async () => {
      await unchanged(async () => {
        for (const [method, url] of [['GET', '/orderSetting/list'], ['POST', '/orderSetting/create'], ['POST', '/orderSetting/delete/1'], ['POST', '/orderSetting/delete?ids=1']] as const) {
          const answer = await call(s.app, method, `/api${url}`, { token: s.token, body: method === 'POST' ? {} : undefined });
          expect(answer.status, url).toBe(404);
          expect(answer.body, url).toMatchObject({ code: 404, messageKey: 'route_not_found', data: null });
        }
      });
    });
  });
});
