// Protects: every endpoint of mall's admin reference that we serve answers in the documented shape on demo data (marketing dates and times as date-times its lists parse), and mall's own form bodies are taken (product, return status, flash sale, session, coupon, add admin).
/**
 * The wire contract of `mall`'s admin, as its API reference documents it (envelope, paging,
 * answers): each `GET` endpoint it documents is in CONTRACT below (called on the demo data, its
 * answer checked: pages where mall pages, plain arrays where it answers arrays, comma-joined
 * strings where it has them, nested lists such as `historyList` as `[]` when empty) or in
 * NOT_SERVED, and where we differ on purpose the difference is in DIFFERENCES, which
 * docs/mall-compatibility.md repeats. Every GET endpoint mall's admin API has (tests/fixtures/mall-admin-gets.ts)
 * must be in one of those lists. The bodies mall's pages
 * send (the four-step product form, the return page's status form) are sent exactly and must be
 * stored right. If this fails, a mall client breaks on a page of this admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outletShopId } from '../../server/seed/demo-products';
import type { AnyKysely } from '../../server/db/index';
import { wallClockAt } from '../../server/db/time';
import { MALL_ADMIN_GETS } from '../fixtures/mall-admin-gets';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { login } from '../helpers/api';
import { client } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Row = Record<string, unknown> & { id: number };
type Ids = Record<string, number>;

const isPage = (data: unknown): data is { pageNum: number; pageSize: number; totalPage: number; total: number; list: Row[] } =>
  data !== null && typeof data === 'object' && !Array.isArray(data)
  && ['pageNum', 'pageSize', 'totalPage', 'total', 'list'].every((key) => key in data) && Array.isArray((data as { list: unknown }).list);

/** A date or time as mall's lists read it: text a date-time parser takes (mall's dayjs; Date here). */
const expectDateTime = (value: unknown, what: string) => {
  expect(typeof value, what).toBe('string');
  expect(Number.isNaN(Date.parse(value as string)), `${what} ${String(value)} is no date-time`).toBe(false);
};

/** A comma-joined URL list as mall stores and answers it (`albumPics`, `proofPics`): a string (or null), never an array. */
const expectJoined = (value: unknown, what: string) => {
  expect(Array.isArray(value), `${what} is an array; mall answers a comma-joined string`).toBe(false);
  if (value === null) return;
  expect(typeof value, what).toBe('string');
  for (const part of (value as string).split(',').filter(Boolean)) expect(part, what).toMatch(/^(https?:\/\/|\/)\S+$/);
};

/** A child list of a record answer: `[]` when empty, never null or missing. */
const expectList = (record: Row, key: string): Row[] => {
  expect(Array.isArray(record[key]), `${key}: ${JSON.stringify(record[key])}`).toBe(true);
  return record[key] as Row[];
};

type Shape = 'page' | 'array' | 'object';
type Check = { path: string; url: (ids: Ids) => string; shape: Shape; rows?: (row: Row) => void; record?: (record: Row) => void };

/** Each documented GET endpoint we serve: how to call it on the demo data and what its answer must be. */
const CONTRACT: readonly Check[] = [
  { path: '/admin/info', url: () => '/admin/info', shape: 'object', record: (r) => { expect(Array.isArray(r.menus)).toBe(true); expect(Array.isArray(r.roles)).toBe(true); } },
  { path: '/admin/list', url: () => '/admin/list', shape: 'page' },
  { path: '/admin/{id}', url: (ids) => `/admin/${ids.admin}`, shape: 'object' },
  { path: '/admin/role/{adminId}', url: (ids) => `/admin/role/${ids.admin}`, shape: 'array' },
  { path: '/admin/refreshToken', url: () => '/admin/refreshToken', shape: 'object', record: (r) => expect(r).toMatchObject({ token: expect.any(String), tokenHead: 'Bearer ' }) },
  { path: '/role/list', url: () => '/role/list', shape: 'page' },
  { path: '/role/listAll', url: () => '/role/listAll', shape: 'array' },
  { path: '/role/listMenu/{roleId}', url: (ids) => `/role/listMenu/${ids.role}`, shape: 'array' },
  { path: '/role/listResource/{roleId}', url: (ids) => `/role/listResource/${ids.role}`, shape: 'array' },
  { path: '/menu/list/{parentId}', url: () => '/menu/list/0', shape: 'page' },
  { path: '/menu/treeList', url: () => '/menu/treeList', shape: 'array', rows: (node) => expectList(node, 'children') },
  { path: '/menu/{id}', url: (ids) => `/menu/${ids.menu}`, shape: 'object' },
  { path: '/resource/list', url: () => '/resource/list', shape: 'page' },
  { path: '/resource/listAll', url: () => '/resource/listAll', shape: 'array' },
  { path: '/resource/{id}', url: (ids) => `/resource/${ids.resource}`, shape: 'object' },
  { path: '/resourceCategory/listAll', url: () => '/resourceCategory/listAll', shape: 'array' },
  { path: '/memberLevel/list', url: () => '/memberLevel/list?defaultStatus=0', shape: 'array' },
  { path: '/brand/list', url: () => '/brand/list', shape: 'page', rows: (r) => expect(r.brandStory).toBeNull() },
  { path: '/brand/{id}', url: (ids) => `/brand/${ids.brand}`, shape: 'object' },
  { path: '/productCategory/list/{parentId}', url: () => '/productCategory/list/0', shape: 'page' },
  { path: '/productCategory/list/withChildren', url: () => '/productCategory/list/withChildren', shape: 'array', rows: (r) => expectList(r, 'children') },
  { path: '/productCategory/{id}', url: (ids) => `/productCategory/${ids.category}`, shape: 'object' },
  { path: '/productAttribute/category/list', url: () => '/productAttribute/category/list', shape: 'page' },
  { path: '/productAttribute/category/list/withAttr', url: () => '/productAttribute/category/list/withAttr', shape: 'array', rows: (r) => expectList(r, 'productAttributeList') },
  { path: '/productAttribute/category/{id}', url: (ids) => `/productAttribute/category/${ids.attributeCategory}`, shape: 'object' },
  { path: '/productAttribute/list/{cid}', url: (ids) => `/productAttribute/list/${ids.attributeCategory}?type=0`, shape: 'page', rows: (r) => expect(typeof r.inputList === 'string' || r.inputList === null).toBe(true) },
  { path: '/productAttribute/{id}', url: (ids) => `/productAttribute/${ids.attribute}`, shape: 'object' },
  { path: '/productAttribute/attrInfo/{productCategoryId}', url: (ids) => `/productAttribute/attrInfo/${ids.category}`, shape: 'array' },
  { path: '/product/list', url: () => '/product/list', shape: 'page', rows: (r) => { expectJoined(r.albumPics, 'product list albumPics'); expect(r.description).toBeNull(); } },
  { path: '/product/simpleList', url: () => '/product/simpleList?keyword=a', shape: 'array' },
  {
    path: '/product/updateInfo/{id}', url: (ids) => `/product/updateInfo/${ids.product}`, shape: 'object',
    record: (r) => {
      expectJoined(r.albumPics, 'updateInfo albumPics');
      expect(typeof r.serviceIds === 'string' || r.serviceIds === null).toBe(true);
      expect(typeof r.cateParentId).toBe('number');
      for (const key of ['productLadderList', 'productFullReductionList', 'memberPriceList', 'skuStockList', 'productAttributeValueList',
        'subjectProductRelationList', 'prefrenceAreaProductRelationList']) expectList(r, key);
      for (const sku of r.skuStockList as Row[]) expect(typeof sku.spData === 'string' || sku.spData === null).toBe(true);
    },
  },
  { path: '/sku/{pid}', url: (ids) => `/sku/${ids.product}`, shape: 'array' },
  { path: '/subject/listAll', url: () => '/subject/listAll', shape: 'array', rows: (r) => { expectJoined(r.albumPics, 'subject albumPics'); expect(r.content).toBeNull(); } },
  { path: '/subject/list', url: () => '/subject/list', shape: 'page', rows: (r) => expectJoined(r.albumPics, 'subject albumPics') },
  { path: '/prefrenceArea/listAll', url: () => '/prefrenceArea/listAll', shape: 'array' },
  { path: '/order/list', url: () => '/order/list', shape: 'page' },
  {
    path: '/order/{id}', url: (ids) => `/order/${ids.order}`, shape: 'object',
    record: (r) => {
      expectList(r, 'orderItemList');
      const history = expectList(r, 'historyList');
      expect(history.length).toBeGreaterThan(0);
      for (const row of history) expect(row).toMatchObject({ id: expect.any(Number), createTime: expect.any(String), orderStatus: expect.any(Number) });
      for (const row of history) expect(typeof row.note === 'string' || row.note === null, JSON.stringify(row)).toBe(true);
      // Newest first.
      const times = history.map((row) => String(row.createTime));
      expect(times).toEqual([...times].sort().reverse());
    },
  },
  { path: '/returnApply/list', url: () => '/returnApply/list', shape: 'page', rows: (r) => expectJoined(r.proofPics, 'return list proofPics') },
  { path: '/returnApply/{id}', url: (ids) => `/returnApply/${ids.returnApply}`, shape: 'object', record: (r) => expectJoined(r.proofPics, 'return proofPics') },
  { path: '/returnReason/list', url: () => '/returnReason/list', shape: 'page' },
  { path: '/returnReason/{id}', url: (ids) => `/returnReason/${ids.returnReason}`, shape: 'object' },
  { path: '/orderSetting/{id}', url: () => '/orderSetting/1', shape: 'object' },
  { path: '/companyAddress/list', url: () => '/companyAddress/list', shape: 'array' },
  { path: '/home/advertise/list', url: () => '/home/advertise/list', shape: 'page' },
  { path: '/home/advertise/{id}', url: (ids) => `/home/advertise/${ids.advertise}`, shape: 'object' },
  // Marketing. Dates and times of day must be what mall's lists parse as a date-time (a bare `08:00:00` is "Invalid Date").
  { path: '/flash/list', url: () => '/flash/list', shape: 'page', rows: (r) => { expectDateTime(r.startDate, 'startDate'); expectDateTime(r.endDate, 'endDate'); } },
  { path: '/flash/{id}', url: (ids) => `/flash/${ids.flash}`, shape: 'object' },
  { path: '/flashSession/list', url: () => '/flashSession/list', shape: 'array', rows: (r) => { expectDateTime(r.startTime, 'startTime'); expectDateTime(r.endTime, 'endTime'); } },
  { path: '/flashSession/selectList', url: (ids) => `/flashSession/selectList?flashPromotionId=${ids.flash}`, shape: 'array', rows: (r) => { expectDateTime(r.startTime, 'startTime'); expect(r.productCount).toEqual(expect.any(Number)); } },
  { path: '/flashSession/{id}', url: (ids) => `/flashSession/${ids.flashSession}`, shape: 'object', record: (r) => expectDateTime(r.startTime, 'startTime') },
  { path: '/flashProductRelation/list', url: (ids) => `/flashProductRelation/list?flashPromotionId=${ids.flash}&flashPromotionSessionId=${ids.flashSession}`, shape: 'page' },
  { path: '/coupon/list', url: () => '/coupon/list', shape: 'page' },
  { path: '/coupon/{id}', url: (ids) => `/coupon/${ids.coupon}`, shape: 'object', record: (r) => { expectList(r, 'productRelationList'); expectList(r, 'productCategoryRelationList'); } },
  { path: '/couponHistory/list', url: () => '/couponHistory/list', shape: 'page' },
];

/**
 * Documented GET endpoints not checked here: the home recommendation lists and a flash product
 * by id (served; tests/api/sms-recommend.test.ts and sms-flash.test.ts check them), its OSS upload policy, and `/brand/listAll` (mall's backend-only; its admin pages through
 * `/brand/list`, and the screens read brands by page and by id).
 */
const NOT_SERVED = [
  '/brand/listAll',
  '/flashProductRelation/{id}', '/home/brand/list', '/home/newProduct/list',
  '/home/recommendProduct/list', '/home/recommendSubject/list', '/aliyun/oss/policy',
];

/** Documented deletes called with GET (mall's admin does): answered and checked in tests/api/engine-mall-compat.test.ts. */
const GET_DELETES = ['/brand/delete/{id}', '/productAttribute/category/delete/{id}'];

/**
 * Where our answers differ on purpose (docs/mall-compatibility.md "Known differences" repeats
 * these). Each is still checked here, as what we answer instead.
 */
const DIFFERENCES = {
  // Security: no password hash in any answer (mall's /admin/list returns the bcrypt hash).
  noPasswordHash: '/admin/list',
  // Shops: a return names its address (`companyAddressName`) instead of embedding `companyAddress`
  // (each shop keeps its own addresses; the address is read from /companyAddress/list).
  returnAddressByName: '/returnApply/{id}',
  // react-admin needs the id: create answers the created record (mall: `1`).
  createAnswersRecord: '/product/create',
} as const;

describe.each(testDialects())('mall contract (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  const ids: Ids = {};
  let outlet: number;

  const ok = <T>(answer: Answer<T>): T => {
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.code, answer.raw).toBe(200);
    return answer.body.data;
  };
  const first = async (url: string): Promise<number> => {
    const data = ok(await admin.get<{ list: Row[] } | Row[]>(url));
    const rows = Array.isArray(data) ? data : data.list;
    expect(rows.length, url).toBeGreaterThan(0);
    return rows[0]!.id;
  };

  beforeAll(async () => {
    // One demo app per dialect for the whole file; the demo's default shop is its outlet, as `npm start -- --demo` sets it.
    t = await createTestApp(dialect, {}, { demo: true, content: true }, {},
      async (db) => ({ defaultShopId: await outletShopId(db as unknown as AnyKysely) }));
    outlet = t.config.defaultShopId!;
    admin = client(t.app, await login(t.app, DEMO.admin));
    Object.assign(ids, {
      admin: await first('/admin/list'), role: await first('/role/list'), menu: await first('/menu/list/0'),
      resource: await first('/resource/list'), brand: await first('/brand/list'), attributeCategory: await first('/productAttribute/category/list'),
      product: await first('/product/list'), order: await first('/order/list?status=3'), returnApply: await first('/returnApply/list'),
      returnReason: await first('/returnReason/list'), advertise: await first('/home/advertise/list'),
      flash: await first('/flash/list'), flashSession: await first('/flashSession/list'), coupon: await first('/coupon/list'),
    });
    const categories = ok(await admin.get<Row[]>('/productCategory/list/withChildren'));
    ids.category = (categories.find((c) => (c.children as Row[]).length)!.children as Row[])[0]!.id;
    ids.attribute = await first(`/productAttribute/list/${ids.attributeCategory}?type=0`);
  });
  afterAll(async () => t?.close());

  it.each(CONTRACT.map((c) => [c.path, c] as const))('GET %s answers mall\'s shape', async (_path, check) => {
    const data = ok(await admin.get<unknown>(check.url(ids)));
    if (check.shape === 'page') expect(isPage(data), JSON.stringify(data).slice(0, 200)).toBe(true);
    if (check.shape === 'array') expect(Array.isArray(data), JSON.stringify(data).slice(0, 200)).toBe(true);
    if (check.shape === 'object') expect(data !== null && typeof data === 'object' && !Array.isArray(data) && !isPage(data), JSON.stringify(data).slice(0, 200)).toBe(true);
    const rows = check.shape === 'page' ? (data as { list: Row[] }).list : check.shape === 'array' ? data as Row[] : [];
    if (check.rows) {
      expect(rows.length, `${check.path} has rows on the demo data`).toBeGreaterThan(0);
      rows.forEach((row) => check.rows!(row));
    }
    check.record?.(data as Row);
  });

  it('a paged /companyAddress/list (our screens) still answers a page', async () => {
    expect(isPage(ok(await admin.get('/companyAddress/list?pageNum=1&pageSize=2')))).toBe(true);
  });

  it('the differences on purpose answer as documented', async () => {
    expect(DIFFERENCES.noPasswordHash).toBe('/admin/list');
    const admins = ok(await admin.get<{ list: Row[] }>('/admin/list')).list;
    for (const row of admins) expect(row).not.toHaveProperty('password');
    const read = ok(await admin.get<Row>(`/returnApply/${ids.returnApply}`));
    expect(read).toHaveProperty('companyAddressName');
    expect(read).not.toHaveProperty('companyAddress');
  });

  it('every GET endpoint of mall\'s admin API is checked here or listed as not served', () => {
    const documented = MALL_ADMIN_GETS;
    expect(documented.length).toBeGreaterThan(40);
    const known = new Set([...CONTRACT.map((c) => c.path), ...NOT_SERVED, ...GET_DELETES]);
    expect(documented.filter((path) => !known.has(path))).toEqual([]);
  });

  describe("mall's form bodies", () => {
    /** The body of mall-admin-web's four-step product form (its defaultProductParam), filled as its pages fill it. */
    const mallProductBody = async (productSn: string): Promise<Record<string, unknown>> => {
      const levels = ok(await admin.get<Row[]>('/memberLevel/list?defaultStatus=0'));
      expect(levels.length).toBeGreaterThan(0);
      return {
        albumPics: '', brandId: null, brandName: '', deleteStatus: 0, description: 'Made from the mall form', detailDesc: '', detailHtml: '',
        detailMobileHtml: '', detailTitle: '', feightTemplateId: 0, flashPromotionCount: 0, flashPromotionId: 0, flashPromotionPrice: 0,
        flashPromotionSort: 0, giftPoint: 0, giftGrowth: 0, keywords: '', lowStock: 0, name: `Mall form ${productSn}`, newStatus: 0, note: '',
        originalPrice: 0, pic: '',
        // One row per member level whatever the strategy; no price typed: that level pays the normal price.
        memberPriceList: levels.map((level) => ({ memberLevelId: level.id, memberLevelName: level.name })),
        productFullReductionList: [{ fullPrice: 0, reducePrice: 0 }], productLadderList: [{ count: 0, discount: 0, price: 0 }],
        previewStatus: 0, price: 12.5, productAttributeCategoryId: null, productAttributeValueList: [], skuStockList: [],
        subjectProductRelationList: [], prefrenceAreaProductRelationList: [], productCategoryId: ids.category, productCategoryName: '',
        productSn, promotionEndTime: '', promotionPerLimit: 0, promotionPrice: null, promotionStartTime: '', promotionType: 0,
        publishStatus: 0, recommandStatus: 0, sale: 0, serviceIds: '', sort: 0, stock: 0, subTitle: 'From mall', unit: '', usePointLimit: 0,
        verifyStatus: 0, weight: 0,
      };
    };

    it('POST /product/create with mall\'s form body is stored in the default shop, the untouched rows dropped', async () => {
      const created = ok(await admin.post<Row>('/product/create', await mallProductBody('MALL-FORM-1')));
      expect(DIFFERENCES.createAnswersRecord).toBe('/product/create');
      const read = ok(await admin.get<Row>(`/product/updateInfo/${created.id}`));
      expect(read).toMatchObject({ shopId: outlet, name: 'Mall form MALL-FORM-1', price: 12.5, albumPics: '', memberPriceList: [], productLadderList: [], productFullReductionList: [] });
    });

    it('POST /product/update/{id} takes back the updateInfo answer as mall\'s form posts it (cateParentId and all)', async () => {
      const info = ok(await admin.get<Row>(`/product/updateInfo/${ids.product}`));
      expect(info.cateParentId).toEqual(expect.any(Number));
      const album = `${String(info.albumPics)},/uploads/demo/extra.png`.replace(/^,/, '');
      const body = { ...info, name: 'Renamed by mall', albumPics: album, productLadderList: [...(info.productLadderList as Row[]), { count: 0, discount: 0, price: 0 }] };
      expect(ok(await admin.post(`/product/update/${ids.product}`, body))).toBe(1);
      const after = ok(await admin.get<Row>(`/product/updateInfo/${ids.product}`));
      expect(after).toMatchObject({ name: 'Renamed by mall', albumPics: album, productLadderList: info.productLadderList });
    });

    it('unknown keys are still refused: only the declared mall fields are ignored', async () => {
      const refused = await admin.post('/product/create', { ...await mallProductBody('MALL-FORM-2'), flashPromotionStart: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.map((e) => `${e.field}:${e.messageKey}`)).toEqual(['flashPromotionStart:unknown_field']);
    });

    it("a body without shopId goes to a seller's only shop; a seller of several shops, outside the default one, is told to choose", async () => {
      const address = { addressName: 'Mall return desk', name: 'Desk', phone: '123', detailAddress: '1 Road' };
      const single = client(t.app, await login(t.app, DEMO.seller2));
      const singleShops = ok(await single.get<Row[]>('/shop/listAll'));
      expect(singleShops).toHaveLength(1);
      expect(ok(await single.post<Row>('/companyAddress/create', address)).shopId).toBe(singleShops[0]!.id);
      const several = client(t.app, await login(t.app, DEMO.seller));
      expect(ok(await several.get<Row[]>('/shop/listAll')).length).toBeGreaterThan(1);
      const refused = await several.post('/companyAddress/create', address);
      expect(refused.body.errors?.map((e) => `${e.field}:${e.messageKey}`)).toEqual(['shopId:choose_shop']);
      // The super admin may write every shop: the default one (the demo's outlet).
      expect(ok(await admin.post<Row>('/companyAddress/create', address)).shopId).toBe(outlet);
    });

    it('return approve and reject with companyAddressId 0: reject ignores it, approve asks for an address', async () => {
      const pending = ok(await admin.get<{ list: Row[] }>('/returnApply/list?status=0&pageSize=2')).list;
      expect(pending.length).toBe(2);
      const [toReject, toApprove] = pending as [Row, Row];
      const status = (id: number, body: Record<string, unknown>) => admin.post(`/returnApply/update/status/${id}`, {
        id, companyAddressId: 0, returnAmount: 0, handleNote: 'checked', handleMan: 'someone', receiveNote: '', receiveMan: '', ...body,
      });
      expect(ok(await status(toReject.id, { status: 3 }))).toBe(1);
      expect(ok(await admin.get<Row>(`/returnApply/${toReject.id}`))).toMatchObject({ status: 3, companyAddressId: null, handleNote: 'checked' });
      const refused = await status(toApprove.id, { status: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.map((e) => `${e.field}:${e.messageKey}`)).toEqual(['companyAddressId:choose_return_address']);
      expect(ok(await admin.get<Row>(`/returnApply/${toApprove.id}`)).status).toBe(0);
    });

    // mall's date pickers post instants (a Date through JSON.stringify): a browser in Shanghai picking
    // 8 December sends 7 December 16:00 UTC. Dates and times are read on the server's wall clock.
    it('POST /flash/create and /flash/update/{id} with mall\'s ISO date-times store the wall-clock days', async () => {
      const [start, end] = ['2026-12-07T16:00:00.000Z', '2026-12-10T16:00:00.000Z'];
      const created = ok(await admin.post<Row>('/flash/create', { title: 'Mall form sale', startDate: start, endDate: end, status: 0 }));
      expect(created).toMatchObject({ startDate: wallClockAt(Date.parse(start)).date, endDate: wallClockAt(Date.parse(end)).date });
      // The record posted back whole (mall's full-replace update), its dates as answered or as instants.
      const read = ok(await admin.get<Row>(`/flash/${created.id}`));
      expect(ok(await admin.post(`/flash/update/${created.id}`, { ...read, endDate: '2026-12-12T16:00:00.000Z' }))).toBe(1);
      expect(ok(await admin.get<Row>(`/flash/${created.id}`))).toMatchObject({ startDate: read.startDate, endDate: wallClockAt(Date.parse('2026-12-12T16:00:00.000Z')).date });
    });

    it('POST /flashSession/create with mall\'s ISO times stores the time of day; the answer is a date-time mall\'s list shows', async () => {
      const [start, end] = ['2026-12-07T21:00:00.000Z', '2026-12-07T21:30:00.000Z'];
      const created = ok(await admin.post<Row>('/flashSession/create', { name: 'Mall form session', startTime: start, endTime: end, status: 0 }));
      const startClock = wallClockAt(Date.parse(start)).time;
      expect(created).toMatchObject({ startTime: `1970-01-01T${startClock}`, endTime: `1970-01-01T${wallClockAt(Date.parse(end)).time}` });
      // No offset: any browser reads the shop's wall clock (what mall's list prints with HH:mm:ss).
      const shown = new Date(String(created.startTime));
      expect([shown.getHours(), shown.getMinutes()].map((n) => String(n).padStart(2, '0')).join(':')).toBe(startClock.slice(0, 5));
      const stored = await t.db.selectFrom('sms_flash_promotion_session').select('start_time').where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(stored.start_time).toBe(startClock);
      // Posted back as answered (mall's full-replace update).
      expect(ok(await admin.post(`/flashSession/update/${created.id}`, { ...created, name: 'Renamed session' }))).toBe(1);
      expect(ok(await admin.get<Row>(`/flashSession/${created.id}`))).toMatchObject({ name: 'Renamed session', startTime: created.startTime });
    });

    it('POST /coupon/create with mall\'s form body (enableTime included) is stored; enableTime is taken, not stored', async () => {
      const body = {
        type: 0, name: 'Mall form coupon', platform: 0, amount: 5, perLimit: 1, minPoint: 50, startTime: '2026-12-07T16:00:00.000Z',
        endTime: '2026-12-31T16:00:00.000Z', useType: 0, note: 'from mall', publishCount: 100, productRelationList: [], productCategoryRelationList: [],
        enableTime: '2026-12-06T16:00:00.000Z',
      };
      const created = ok(await admin.post<Row>('/coupon/create', body));
      expect(created).toMatchObject({ name: 'Mall form coupon', amount: 5, minPoint: 50, publishCount: 100, count: 100 });
      expect(created).not.toHaveProperty('enableTime');
      const read = ok(await admin.get<Row>(`/coupon/${created.id}`));
      expect(ok(await admin.post(`/coupon/update/${created.id}`, { ...read, enableTime: null, code: null, memberLevel: null, note: 'edited' }))).toBe(1);
    });

    it("POST /admin/register with a token and mall's add form (no role field) makes the account with the seller role", async () => {
      const body = { id: null, username: 'mall-form-user', password: 'Kq7#vLp2-mall', nickName: 'Mall form', email: 'mall@example.com', note: null, status: 1 };
      const created = ok(await admin.post<Row>('/admin/register', body));
      const roles = ok(await admin.get<Row[]>(`/admin/role/${created.id}`));
      expect(roles.map((r) => r.code)).toEqual(['seller']);
    });

    it("the return detail reads as mall's page prints it: attributes as text, an address's missing region empty, not null", async () => {
      const read = ok(await admin.get<Row>(`/returnApply/${ids.returnApply}`));
      expect(typeof read.productAttr === 'string' && !read.productAttr.startsWith('['), String(read.productAttr)).toBe(true);
      const addresses = ok(await admin.get<Row[]>('/companyAddress/list'));
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) for (const key of ['province', 'city', 'region']) expect(typeof address[key], `${key} of ${address.id}`).toBe('string');
    });
  });
});
