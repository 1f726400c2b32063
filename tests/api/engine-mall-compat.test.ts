// Protects: mall's admin paths, parameter styles and lenient bodies are answered in mall's shapes without opening holes (unknown keys, foreign shopId).
/**
 * `mall` clients are welcome: the paths, methods and parameter styles `mall`'s admin uses
 * answer in `mall`'s shapes (reference sections 4.1, 4.2 and 7), and the harmless liberties of
 * its bodies are accepted: read-only fields posted back are ignored, numeric strings are
 * numbers, `""` is an empty optional image. Unknown keys stay refused, and a seller's `shopId`
 * never reaches another seller's shop. If this fails, mall's admin (or a client written
 * against mall) breaks on this server, or a liberty became a hole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import { columnFields, date, dateTime, image, int, text } from '../../src/schema/engine/entity';
import { brand, productCategory } from '../../src/schema/pms/entities';
import { lenientValue } from '../../server/crud/lenient';
import { endpointsOf } from '../../src/schema/engine/endpoints';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { login } from '../helpers/api';
import { snapshotData } from '../helpers/entity-bodies';
import { adminIdOf, client, moldBody, moldTable, shopIdsOf, withoutQuotas } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Row = Record<string, unknown> & { id: number };
type Page<T> = { list: T[]; total: number };

const LOGO = '/uploads/2026/01/logo.png';

const expectOk = <T>(answer: Answer<T>): T => {
  expect(answer.status, answer.raw).toBe(200);
  expect(answer.body.code, answer.raw).toBe(200);
  return answer.body.data;
};

const expectRefused = (answer: Answer, field: string, messageKey?: string) => {
  expect(answer.status, answer.raw).toBe(400);
  expect(answer.body.errors?.map((e) => e.field), answer.raw).toContain(field);
  if (messageKey) expect(answer.body.errors?.find((e) => e.field === field)?.messageKey, answer.raw).toBe(messageKey);
};

describe.each(testDialects())('mall clients (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = client(t.app, await login(t.app, DEMO.admin));
  });
  afterAll(async () => t?.close());

  let seq = 0;
  const newBrand = async (extra: Record<string, unknown> = {}): Promise<Row> => {
    seq += 1;
    return expectOk(await admin.post<Row>('/brand/create', { name: `Compat brand ${seq}`, logo: LOGO, ...extra }));
  };
  const getBrand = async (id: number) => (await admin.get<Row>(`/brand/${id}`));
  const newAttributeCategory = async (): Promise<Row> => {
    seq += 1;
    return expectOk(await admin.post<Row>('/productAttribute/category/create', { name: `Compat type ${seq}` }));
  };
  const newAttribute = async (categoryId: number, type: 0 | 1): Promise<Row> => {
    seq += 1;
    return expectOk(await admin.post<Row>('/productAttribute/create', { productAttributeCategoryId: categoryId, name: `Compat attr ${seq}`, type }));
  };

  describe('paths and methods of mall\'s admin', () => {
    it('GET /brand/delete/{id} deletes the brand and answers data null; a missing id is 404', async () => {
      const made = await newBrand();
      const answer = await admin.get(`/brand/delete/${made.id}`);
      expect(expectOk(answer)).toBeNull();
      expect((await getBrand(made.id)).status).toBe(404);
      expect((await admin.get('/brand/delete/2000000000')).status).toBe(404);
    });

    it('POST /productAttribute/category/create?name= creates a product type from the query', async () => {
      const created = expectOk(await admin.post<Row>('/productAttribute/category/create?name=Compat%20phones'));
      expect(created).toMatchObject({ name: 'Compat phones', attributeCount: 0, paramCount: 0 });
      expect(expectOk(await admin.get<Row>(`/productAttribute/category/${created.id}`)).name).toBe('Compat phones');
      // Still refused: a bad name, and any other query parameter.
      expectRefused(await admin.post('/productAttribute/category/create?name=x'), 'name');
      expectRefused(await admin.post('/productAttribute/category/create?name=Fine%20name&color=red'), 'color', 'unknown_field');
    });

    it('POST /productAttribute/category/update/{id}?name= renames it (it used to answer 200 and change nothing)', async () => {
      const made = await newAttributeCategory();
      expect(expectOk(await admin.post(`/productAttribute/category/update/${made.id}?name=Compat%20renamed`))).toBe(1);
      expect(expectOk(await admin.get<Row>(`/productAttribute/category/${made.id}`)).name).toBe('Compat renamed');
    });

    it('GET /productAttribute/category/delete/{id} deletes the product type and answers the count', async () => {
      const made = await newAttributeCategory();
      expect(expectOk(await admin.get(`/productAttribute/category/delete/${made.id}`))).toBe(1);
      expect((await admin.get(`/productAttribute/category/${made.id}`)).status).toBe(404);
    });

    it('POST /home/advertise/update/status/{id}?id=&status= switches that advertisement only (the path id wins)', async () => {
      const body = (n: number) => ({
        name: `Compat ad ${n}`, type: 0, pic: LOGO, url: 'https://example.com/', status: 0,
        startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-02-01T00:00:00.000Z',
      });
      const one = expectOk(await admin.post<Row>('/home/advertise/create', body(1)));
      const two = expectOk(await admin.post<Row>('/home/advertise/create', body(2)));
      expect(expectOk(await admin.post(`/home/advertise/update/status/${one.id}?id=${two.id}&status=1`))).toBe(1);
      expect(expectOk(await admin.get<Row>(`/home/advertise/${one.id}`)).status).toBe(1);
      expect(expectOk(await admin.get<Row>(`/home/advertise/${two.id}`)).status).toBe(0);
      expectRefused(await admin.post(`/home/advertise/update/status/${one.id}?status=7`), 'status');
    });

    it('GET /productCategory/list/withChildren: every top category with its children, only id and name filled', async () => {
      seq += 1;
      const parent = expectOk(await admin.post<Row>('/productCategory/create', { name: `Compat top ${seq}` }));
      const child = expectOk(await admin.post<Row>('/productCategory/create', { name: `Compat child ${seq}`, parentId: parent.id, productUnit: 'pcs' }));
      const lonely = expectOk(await admin.post<Row>('/productCategory/create', { name: `Compat lonely ${seq}` }));
      const tree = expectOk(await admin.get<(Row & { children: Row[] })[]>('/productCategory/list/withChildren'));
      expect(Array.isArray(tree)).toBe(true);
      expect(tree.every((c) => c.level === null && c.parentId === null)).toBe(true);
      const nulls = Object.fromEntries(columnFields(productCategory).map(([n]) => [n, null]));
      expect(tree.find((c) => c.id === parent.id)).toEqual({ ...nulls, id: parent.id, name: parent.name, children: [{ ...nulls, id: child.id, name: child.name }] });
      expect(tree.find((c) => c.id === lonely.id)?.children).toEqual([]);
      expect(tree.some((c) => c.id === child.id), 'children are not top categories').toBe(false);
    });

    it('GET /productAttribute/category/list/withAttr: every product type with its parameters (type 1 only), id and name filled', async () => {
      const category = await newAttributeCategory();
      const spec = await newAttribute(category.id, 0);
      const param = await newAttribute(category.id, 1);
      const list = expectOk(await admin.get<(Row & { productAttributeList: Row[] })[]>('/productAttribute/category/list/withAttr'));
      const found = list.find((c) => c.id === category.id)!;
      expect(found).toMatchObject({ id: category.id, name: category.name, attributeCount: null, paramCount: null });
      expect(found.productAttributeList.map((a) => a.id)).toEqual([param.id]);
      expect(found.productAttributeList[0]).toMatchObject({ id: param.id, name: param.name, type: null, productAttributeCategoryId: null });
      expect(found.productAttributeList.some((a) => a.id === spec.id)).toBe(false);
    });

    it('GET /productAttribute/attrInfo/{productCategoryId}: the filter attributes with their product types', async () => {
      const category = await newAttributeCategory();
      const [p1, p2] = [await newAttribute(category.id, 1), await newAttribute(category.id, 1)];
      seq += 1;
      const productCat = expectOk(await admin.post<Row>('/productCategory/create', { name: `Compat filtered ${seq}`, productAttributeIdList: [p1!.id, p2!.id] }));
      expect(expectOk(await admin.get(`/productAttribute/attrInfo/${productCat.id}`))).toEqual([
        { attributeId: p1!.id, attributeCategoryId: category.id }, { attributeId: p2!.id, attributeCategoryId: category.id },
      ]);
      const bare = expectOk(await admin.post<Row>('/productCategory/create', { name: `Compat bare ${seq}` }));
      expect(expectOk(await admin.get(`/productAttribute/attrInfo/${bare.id}`))).toEqual([]);
      expect((await admin.get('/productAttribute/attrInfo/2000000000')).status).toBe(404);
      expectRefused(await admin.get('/productAttribute/attrInfo/abc'), 'productCategoryId');
    });

    it('GET /memberLevel/list?defaultStatus=0 answers a plain array of the matching levels; with other parameters, a page', async () => {
      seq += 1;
      const plain = expectOk(await admin.post<Row>('/memberLevel/create', { name: `Compat level ${seq}`, defaultStatus: 0 }));
      const dflt = expectOk(await admin.post<Row>('/memberLevel/create', { name: `Compat default ${seq}`, defaultStatus: 1 }));
      const levels = expectOk(await admin.get<Row[]>('/memberLevel/list?defaultStatus=0'));
      expect(Array.isArray(levels)).toBe(true);
      expect(levels.map((l) => l.id)).toContain(plain.id);
      expect(levels.every((l) => l.defaultStatus === 0)).toBe(true);
      expect(levels.map((l) => l.id)).not.toContain(dflt.id);
      // Any other list request answers a page, as every list does.
      const page = expectOk(await admin.get<Page<Row>>('/memberLevel/list?defaultStatus=0&pageNum=1&pageSize=5'));
      expect(page.total).toBe(levels.length);
      expect(expectOk(await admin.get<Page<Row>>(`/memberLevel/list?defaultStatus=0&ids=${plain.id}`)).list.map((l) => l.id)).toEqual([plain.id]);
      expect(Array.isArray(expectOk(await admin.get('/memberLevel/list')))).toBe(false);
      expectRefused(await admin.get('/memberLevel/list?defaultStatus=x'), 'defaultStatus');
    });
  });

  it('every variant route answers junk ids and query parameters with a clear refusal, never a 5xx, and changes nothing', async () => {
    const before = await snapshotData(t.db, entityList);
    // The declared variants, and the routes that read mall's parameter styles (paramsBody, lookupBy).
    const variants = [...entityList.flatMap((entity) => endpointsOf(entity).filter((e) => e.variant)),
      { method: 'POST', url: '/productAttribute/category/create' }, { method: 'POST', url: '/productAttribute/category/update/{id}' },
      { method: 'GET', url: '/memberLevel/list' }];
    expect(variants.length).toBeGreaterThanOrEqual(9);
    for (const route of variants) {
      for (const id of ['abc', '0', '-1', '1.5', '2147483648', '%00', '%F0%9F%98%80', '2000000000']) {
        for (const query of ['', '?junk=1', '?name=%00', '?status=%ED%A0%80', '?defaultStatus=1e9']) {
          const url = `${route.url.replace(/\{\w+\}/g, id)}${query}`;
          const answer = route.method === 'GET' ? await admin.get(url) : await admin.post(url);
          expect(answer.status, `${route.method} ${url} ${answer.raw.slice(0, 200)}`).toBeLessThan(500);
          if (answer.status >= 400) expect(answer.body?.messageKey, `${route.method} ${url}`).toBeTruthy();
        }
      }
    }
    expect(await snapshotData(t.db, entityList)).toEqual(before);
  });

  describe('bodies as mall clients send them', () => {
    it('ignores the id, createTime and counters posted back with a whole record; unknown keys stay refused', async () => {
      const made = await newBrand();
      const record = expectOk(await getBrand(made.id));
      // mall's edit form posts the record it read back, with the change.
      const posted = { ...record, id: 999_999, productCount: 77, productCommentCount: 5, name: `${String(record.name)} edited` };
      expect(expectOk(await admin.post(`/brand/update/${made.id}`, posted))).toBe(1);
      const after = expectOk(await getBrand(made.id));
      expect(after).toEqual({ ...record, name: posted.name });
      expect((await getBrand(999_999)).status).toBe(404);
      // On create as well: a new id is chosen and counters start at zero.
      seq += 1;
      const created = expectOk(await admin.post<Row>('/brand/create', { id: made.id, name: `Compat posted ${seq}`, logo: LOGO, productCount: 9 }));
      expect(created.id).not.toBe(made.id);
      expect(created.productCount).toBe(0);
      // A role's adminCount posted back is ignored too.
      seq += 1;
      const role = expectOk(await admin.post<Row>('/role/create', { name: `Compat role ${seq}`, adminCount: 40, createTime: '2020-01-01T00:00:00.000Z' }));
      expect(role.adminCount).toBe(0);
      expect(role.createTime).not.toBe('2020-01-01T00:00:00.000Z');
      // Still refused: keys the record does not have.
      expectRefused(await admin.post(`/brand/update/${made.id}`, { ...record, cateParentId: 3 }), 'cateParentId', 'unknown_field');
      expectRefused(await admin.post('/brand/create', { name: 'Compat shop brand', logo: LOGO, shopId: 1 }), 'shopId', 'unknown_field');
    });

    it('ignores an immutable field posted back unchanged (an attribute\'s type), and refuses a change of it', async () => {
      const category = await newAttributeCategory();
      const attribute = await newAttribute(category.id, 1);
      const record = expectOk(await admin.get<Row>(`/productAttribute/${attribute.id}`));
      expect(expectOk(await admin.post(`/productAttribute/update/${attribute.id}`, { ...record, type: '1', name: 'Compat kept type' }))).toBe(1);
      expect(expectOk(await admin.get<Row>(`/productAttribute/${attribute.id}`))).toEqual({ ...record, name: 'Compat kept type' });
      expectRefused(await admin.post(`/productAttribute/update/${attribute.id}`, { ...record, type: 0 }), 'type', 'unknown_field');
      expect(expectOk(await admin.get<Row>(`/productAttribute/${attribute.id}`)).type).toBe(1);
    });

    it('reads strictly numeric strings as numbers in int, flag, money, enum and reference fields', async () => {
      const made = await newBrand({ sort: '61', showStatus: '1', factoryStatus: '0' });
      expect(made).toMatchObject({ sort: 61, showStatus: 1, factoryStatus: 0 });
      seq += 1;
      const level = expectOk(await admin.post<Row>('/memberLevel/create', { name: `Compat money ${seq}`, freeFreightPoint: '12.50', growthPoint: '300' }));
      expect(level).toMatchObject({ freeFreightPoint: 12.5, growthPoint: 300 });
      const category = await newAttributeCategory();
      seq += 1;
      const attribute = expectOk(await admin.post<Row>('/productAttribute/create', {
        productAttributeCategoryId: String(category.id), name: `Compat typed ${seq}`, type: '1', selectType: '2',
      }));
      expect(attribute).toMatchObject({ productAttributeCategoryId: category.id, type: 1, selectType: 2 });
      expect(expectOk(await admin.post(`/brand/update/${made.id}`, { sort: '7' }))).toBe(1);
      expect(expectOk(await getBrand(made.id)).sort).toBe(7);
    });

    it('refuses strings that are not strictly numeric, and numbers out of the field\'s range, naming the field', async () => {
      const made = await newBrand();
      const before = expectOk(await getBrand(made.id));
      for (const sort of [' 61', '61 ', '6e1', '0x3d', '061', '+61', '-0', '', '61abc', '1,5', 'NaN', 'Infinity']) {
        expectRefused(await admin.post(`/brand/update/${made.id}`, { sort }), 'sort', 'invalid_type');
      }
      expectRefused(await admin.post(`/brand/update/${made.id}`, { sort: '-1' }), 'sort', 'too_small');
      expectRefused(await admin.post(`/brand/update/${made.id}`, { showStatus: '2' }), 'showStatus', 'invalid_value');
      expectRefused(await admin.post('/productAttribute/create', { productAttributeCategoryId: '2000000000', name: 'Compat ghost', type: 0 }),
        'productAttributeCategoryId', 'invalid_reference');
      expect(expectOk(await getBrand(made.id))).toEqual(before);
    });

    it('reads "" as empty for an optional image, and refuses it for a required one', async () => {
      const made = await newBrand({ bigPic: '' });
      expect(made.bigPic).toBeNull();
      expect(expectOk(await admin.post(`/brand/update/${made.id}`, { bigPic: LOGO }))).toBe(1);
      expect(expectOk(await admin.post(`/brand/update/${made.id}`, { bigPic: '' }))).toBe(1);
      expect(expectOk(await getBrand(made.id)).bigPic).toBeNull();
      expectRefused(await admin.post('/brand/create', { name: 'Compat no logo', logo: '' }), 'logo');
      // Text fields keep "" as text: an empty first letter is still defaulted from the name.
      expect((await newBrand({ firstLetter: '' })).firstLetter).toBe('C');
      expect(brand.fields.bigPic.required).toBeUndefined();
    });

    it('reads "" as empty in every optional image, URL and date field kind, and leaves other text alone', () => {
      for (const decl of [image(), text({ url: true }), date(), dateTime()]) expect(lenientValue(decl, ''), decl.kind).toBeNull();
      for (const decl of [image({ required: true }), text({ url: true, required: true }), text(), int()]) expect(lenientValue(decl, ''), decl.kind).toBe('');
    });

    it('a seller\'s shopId, as a number or a numeric string, never names another seller\'s shop', async () => {
      const sellerToken = await login(t.app, DEMO.seller);
      const seller = client(t.app, sellerToken);
      const sellerId = await adminIdOf(t.db, 'seller');
      const [otherShop] = await shopIdsOf(t.db, await adminIdOf(t.db, 'seller2'));
      const [ownShop] = await shopIdsOf(t.db, sellerId);
      await withoutQuotas(t.db, [sellerId]);
      const before = await moldTable(t.db);
      expectRefused(await seller.post('/mold/create', moldBody(otherShop!)), 'shopId', 'invalid_reference');
      expectRefused(await seller.post('/mold/create', moldBody(String(otherShop) as unknown as number)), 'shopId', 'invalid_reference');
      const own = before.find((m) => Number(m.shop_id) === ownShop)!;
      expectRefused(await seller.post(`/mold/update/${own.id}`, { shopId: String(otherShop) }), 'shopId', 'invalid_reference');
      expect(await moldTable(t.db)).toEqual(before);
      // In its own shop a numeric string is fine.
      const created = expectOk(await seller.post<Row>('/mold/create', moldBody(String(ownShop) as unknown as number)));
      expect(created.shopId).toBe(ownShop);
    });
  });
});
