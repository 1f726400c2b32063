// Protects: products on mall's paths: create/update/updateInfo with SKUs and price lists in one transaction, batch status, recycle bin, transfer, verify, SKU edits, bad input refused naming the field, special topics and preference areas as mall's relation rows (a topic counting its live products), and the seller's shop scope.
/**
 * The product (src/schema/pms/product.ts) end to end through the API, as mall's admin calls it. If
 * this fails, a seller's product form loses data, a bad body half-saves, a batch or the recycle
 * bin does not do what the list says, or one seller touches another's catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';
import { login } from '../helpers/api';
import type { Page } from '../helpers/tenancy';
import { adminIdOf, client, shopIdsOf, withoutQuotas } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Rec = Record<string, unknown> & { id: number };
type Product = Rec & { skuStockList: Rec[]; memberPriceList: Rec[]; productLadderList: Rec[]; productFullReductionList: Rec[]; productAttributeValueList: Rec[] };

const CHILD_TABLES = ['pms_product', 'pms_sku_stock', 'pms_member_price', 'pms_product_ladder', 'pms_product_full_reduction', 'pms_product_attribute_value',
  'cms_subject_product_relation', 'cms_prefrence_area_product_relation', 'cms_subject'];

describe.each(testDialects())('products (%s)', (dialect) => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let seller: ReturnType<typeof client>;
  let seller2: ReturnType<typeof client>;
  let shopId: number;
  let otherShopId: number;
  let brandId: number;
  let topId: number;
  let catA: number;
  let catB: number;
  let levelId: number;
  let attrId: number;

  const ok = <T>(answer: { status: number; body: { data: T } }): T => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const tables = async () => Object.fromEntries(await Promise.all(CHILD_TABLES.map(async (table) =>
    [table, await t.db.selectFrom(table as never).selectAll().orderBy('id' as never).execute()])));
  const count = async (table: 'pms_brand' | 'pms_product_category', id: number) =>
    Number((await t.db.selectFrom(table as never).select('product_count' as never).where('id' as never, '=', id as never).executeTakeFirstOrThrow() as { product_count: number }).product_count);

  const body = (extra: Record<string, unknown> = {}) => ({
    shopId, productCategoryId: catA, brandId, name: 'Trail tent 2P', subTitle: 'Two people, 1.9 kg', description: 'A light tent.',
    productSn: `SN-${Math.random().toString(36).slice(2, 10)}`, price: 199.9, originalPrice: 249, stock: 40, lowStock: 5, unit: 'pcs', weight: 1900,
    promotionType: 4, promotionStartTime: '2026-01-01T00:00:00.000Z', promotionEndTime: '2026-02-01T00:00:00.000Z',
    skuStockList: [
      { skuCode: '', price: 199.9, stock: 10, lowStock: 2, spData: '[{"key":"Color","value":"Green"}]' },
      { skuCode: 'TENT-ORANGE', price: 209.9, promotionPrice: 189, stock: -1, spData: '[{"key":"Color","value":"Orange"}]' },
    ],
    memberPriceList: [{ memberLevelId: levelId, memberPrice: 189, memberLevelName: 'Gold' }],
    productLadderList: [{ count: 2, discount: 0.9, price: 0 }],
    productFullReductionList: [{ fullPrice: 300, reducePrice: 20 }, { fullPrice: 500, reducePrice: 50 }],
    productAttributeValueList: [{ productAttributeId: attrId, value: 'Green,Orange' }],
    albumPics: ['/uploads/a.png', '/uploads/b.png'],
    detailHtml: '<p>Light <strong>tent</strong></p>',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = client(t.app, await login(t.app, DEMO.admin));
    seller = client(t.app, await login(t.app, DEMO.seller));
    seller2 = client(t.app, await login(t.app, DEMO.seller2));
    const sellerId = await adminIdOf(t.db, 'seller');
    const seller2Id = await adminIdOf(t.db, 'seller2');
    await withoutQuotas(t.db, [sellerId, seller2Id]);
    [shopId] = await shopIdsOf(t.db, sellerId) as [number];
    [otherShopId] = await shopIdsOf(t.db, seller2Id) as [number];
    brandId = ok<Rec>(await admin.post('/brand/create', { name: 'Northwind', logo: '/uploads/logo.png' })).id;
    topId = ok<Rec>(await admin.post('/productCategory/create', { name: 'Outdoor', parentId: 0 })).id;
    catA = ok<Rec>(await admin.post('/productCategory/create', { name: 'Tents', parentId: topId })).id;
    catB = ok<Rec>(await admin.post('/productCategory/create', { name: 'Backpacks', parentId: topId })).id;
    levelId = ok<Rec>(await admin.post('/memberLevel/create', { name: 'Gold' })).id;
    const typeId = ok<Rec>(await admin.post('/productAttribute/category/create?name=Tents')).id
      ?? Number((await t.db.selectFrom('pms_product_attribute_category' as never).select('id' as never).executeTakeFirstOrThrow() as { id: number }).id);
    attrId = ok<Rec>(await admin.post('/productAttribute/create', { productAttributeCategoryId: typeId, name: 'Color', type: 0 })).id;
  });
  afterAll(async () => t?.close());

  it('creates a product with its SKUs and price lists, answers them on updateInfo as mall does, and counts it', async () => {
    const created = ok<Product>(await seller.post('/product/create', body()));
    const info = ok<Product & { cateParentId: number }>(await seller.get(`/product/updateInfo/${created.id}`));
    expect(info).toMatchObject({ name: 'Trail tent 2P', price: 199.9, stock: 40, deleteStatus: 0, verifyStatus: 0, cateParentId: topId, brandName: 'Northwind', productCategoryName: 'Tents' });
    expect(info.skuStockList).toHaveLength(2);
    // An empty SKU code is generated as mall does: yyyyMMdd + product id (4) + index (3).
    expect(info.skuStockList[0]!.skuCode).toMatch(new RegExp(`^\\d{8}${String(created.id).padStart(4, '0')}001$`));
    expect(info.skuStockList[1]).toMatchObject({ skuCode: 'TENT-ORANGE', promotionPrice: 189, stock: -1 });
    expect(info.memberPriceList).toMatchObject([{ memberLevelId: levelId, memberPrice: 189 }]);
    expect(info.productFullReductionList).toHaveLength(2);
    expect(info.productAttributeValueList).toMatchObject([{ productAttributeId: attrId, value: 'Green,Orange' }]);
    expect(await count('pms_brand', brandId)).toBe(1);
    expect(await count('pms_product_category', catA)).toBe(1);
  });

  it('links special topics and preference areas as mall\'s relation rows, counts a topic\'s live products, and only staff write topics', async () => {
    const topic = ok<Rec>(await admin.post('/subject/create', { title: 'Summer trails', showStatus: 1 }));
    const other = ok<Rec>(await admin.post('/subject/create', { title: 'Winter camp' }));
    const area = ok<Rec>(await admin.post('/prefrenceArea/create', { name: 'Outdoor picks', sort: 3 }));
    // Sellers pick them from listAll; they neither list nor write them otherwise.
    expect(ok<Rec[]>(await seller.get('/subject/listAll')).map((r) => r.id)).toEqual(expect.arrayContaining([topic.id, other.id]));
    expect(ok<Rec[]>(await seller.get('/prefrenceArea/listAll')).map((r) => r.id)).toContain(area.id);
    expect((await seller.post('/subject/create', { title: 'Mine' })).status).toBe(403);
    expect((await seller.get('/subject/list')).status).toBe(403);

    const created = ok<Product>(await seller.post('/product/create', body({
      subjectProductRelationList: [{ subjectId: topic.id }, { subjectId: other.id, productId: 0 }],
      prefrenceAreaProductRelationList: [{ prefrenceAreaId: area.id }],
    })));
    const info = ok<Product & { subjectProductRelationList: Rec[]; prefrenceAreaProductRelationList: Rec[] }>(await seller.get(`/product/updateInfo/${created.id}`));
    expect(info.subjectProductRelationList).toEqual([
      { id: expect.any(Number), productId: created.id, subjectId: topic.id },
      { id: expect.any(Number), productId: created.id, subjectId: other.id },
    ]);
    expect(info.prefrenceAreaProductRelationList).toEqual([{ id: expect.any(Number), productId: created.id, prefrenceAreaId: area.id }]);
    const productCount = async (id: number) => Number(ok<Rec>(await admin.get(`/subject/${id}`)).productCount);
    expect([await productCount(topic.id), await productCount(other.id)]).toEqual([1, 1]);

    // mall's form posts the rows it read back; a topic left out is unlinked and stops counting it.
    ok(await seller.post(`/product/update/${created.id}`, { subjectProductRelationList: info.subjectProductRelationList.slice(0, 1) }));
    expect([await productCount(topic.id), await productCount(other.id)]).toEqual([1, 0]);
    ok(await seller.post(`/product/update/deleteStatus?ids=${created.id}&deleteStatus=1`));
    expect(await productCount(topic.id)).toBe(0);
    ok(await seller.post(`/product/restore?ids=${created.id}`));
    expect(await productCount(topic.id)).toBe(1);

    // Bad picks are refused naming the list, and nothing changes.
    const before = await tables();
    const refused = await seller.post(`/product/update/${created.id}`, { name: 'Changed', subjectProductRelationList: [{ subjectId: 2_000_000_000 }] });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors?: { field: string; messageKey: string }[] }).errors).toEqual([expect.objectContaining({ field: 'subjectProductRelationList', messageKey: 'invalid_reference' })]);
    expect(await tables()).toEqual(before);
  });

  it('updates the product and replaces its lists in one write, keeping SKUs posted back with their ids (mall\'s productId in rows is taken)', async () => {
    const created = ok<Product>(await seller.post('/product/create', body()));
    const info = ok<Product>(await seller.get(`/product/updateInfo/${created.id}`));
    const [first] = info.skuStockList;
    ok(await seller.post(`/product/update/${created.id}`, {
      name: 'Trail tent 3P', productCategoryId: catB,
      skuStockList: [{ ...first, stock: 7 }, { price: 10, stock: 1 }],
      productLadderList: [],
    }));
    const after = ok<Product>(await seller.get(`/product/updateInfo/${created.id}`));
    expect(after.name).toBe('Trail tent 3P');
    expect(after.skuStockList.map((s) => [s.id === first!.id, s.stock])).toEqual([[true, 7], [false, 1]]);
    expect(after.productLadderList).toEqual([]);
    expect(after.memberPriceList).toHaveLength(1);
    expect(await count('pms_product_category', catB)).toBe(1);
  });

  it('refuses each bad body with the field named and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ productCategoryId: 2_000_000 }, 'productCategoryId'],
      [{ productCategoryId: topId }, 'productCategoryId'],
      [{ skuStockList: [{ price: -1 }] }, 'skuStockList.0.price'],
      [{ productFullReductionList: [1, 2, 3, 4].map((n) => ({ fullPrice: n * 100, reducePrice: n })) }, 'productFullReductionList'],
      [{ productLadderList: [1, 2, 3, 4].map((n) => ({ count: n, discount: 0.9 })) }, 'productLadderList'],
      [{ productFullReductionList: [] }, 'productFullReductionList'],
      [{ promotionEndTime: '2025-12-01T00:00:00.000Z' }, 'promotionEndTime'],
      [{ name: 'x' }, 'name'],
    ];
    const before = await tables();
    for (const [extra, field] of cases) {
      const answer = await seller.post('/product/create', body(extra));
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect((answer.body as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
    }
    expect(await tables()).toEqual(before);
  });

  it('batch status switches (recommendStatus writes recommandStatus), verify with a note, transfer to a second-level category only', async () => {
    const ids = [ok<Rec>(await seller.post('/product/create', body())).id, ok<Rec>(await seller.post('/product/create', body())).id];
    expect(ok(await seller.post(`/product/update/publishStatus?ids=${ids.join(',')}&publishStatus=1`))).toBe(2);
    expect(ok(await seller.post(`/product/update/newStatus?ids=${ids.join(',')}&newStatus=1`))).toBe(2);
    expect(ok(await seller.post(`/product/update/recommendStatus?ids=${ids.join(',')}&recommendStatus=1`))).toBe(2);
    expect(ok(await admin.post(`/product/update/verifyStatus?ids=${ids.join(',')}&verifyStatus=1&detail=Looks%20good`))).toBe(2);
    const row = ok<Product>(await seller.get(`/product/${ids[0]}`));
    expect(row).toMatchObject({ publishStatus: 1, newStatus: 1, recommandStatus: 1, verifyStatus: 1 });
    const records = await t.db.selectFrom('pms_product_vertify_record' as never).selectAll().where('product_id' as never, 'in', ids as never).execute();
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ status: 1, detail: 'Looks good', vertify_man: 'admin' });

    const level1 = await seller.post(`/product/update/productCategory?ids=${ids.join(',')}&productCategoryId=${topId}`);
    expect(level1.status).toBe(400);
    expect(JSON.stringify(level1.body)).toContain('productCategoryId');
    const beforeB = await count('pms_product_category', catB);
    ok(await seller.post(`/product/update/productCategory?ids=${ids.join(',')}&productCategoryId=${catB}`));
    expect(ok<Product>(await seller.get(`/product/${ids[1]}`)).productCategoryId).toBe(catB);
    expect(await count('pms_product_category', catB)).toBe(beforeB + 2);
  });

  it('moves products to the recycle bin by mall\'s deleteStatus batch and back, and deletes them for good', async () => {
    const id = ok<Rec>(await seller.post('/product/create', body())).id;
    const counted = await count('pms_brand', brandId);
    expect(ok(await seller.post(`/product/update/deleteStatus?ids=${id}&deleteStatus=1`))).toBe(1);
    expect((await seller.get(`/product/${id}`)).status).toBe(404);
    const list = ok<Page<Rec>>(await seller.get('/product/list?pageSize=200'));
    expect(list.list.map((p) => p.id)).not.toContain(id);
    expect(ok<Page<Rec>>(await seller.get('/product/list?deleteStatus=1&pageSize=200')).list.map((p) => p.id)).toContain(id);
    expect(await count('pms_brand', brandId)).toBe(counted - 1);
    expect(ok(await seller.post(`/product/update/deleteStatus?ids=${id}&deleteStatus=0`))).toBe(1);
    expect(await count('pms_brand', brandId)).toBe(counted);
    ok(await seller.post(`/product/delete/${id}`));
    ok(await seller.post(`/product/purge?ids=${id}`));
    expect(await t.db.selectFrom('pms_sku_stock' as never).selectAll().where('product_id' as never, '=', id as never).execute()).toEqual([]);
  });

  it('lists with mall\'s filters, and answers simpleList by name or SN', async () => {
    const sn = `FIND-${dialect}`;
    const id = ok<Rec>(await seller.post('/product/create', body({ name: 'Findable kettle', productSn: sn, productCategoryId: catB }))).id;
    for (const query of ['keyword=findable', `productSn=${sn}`, `productCategoryId=${catB}&keyword=kettle`, `brandId=${brandId}&keyword=kettle`, 'publishStatus=0&keyword=kettle', 'verifyStatus=0&keyword=kettle']) {
      const page = ok<Page<Rec>>(await seller.get(`/product/list?${query}`));
      expect(page.list.map((p) => p.id), query).toEqual([id]);
      expect(page.list[0]!.description).toBeNull();
    }
    expect(ok<Rec[]>(await seller.get(`/product/simpleList?keyword=${sn}`)).map((p) => p.id)).toEqual([id]);
  });

  it('edits SKU stock through /sku/update/{pid} with mall\'s array body, and lists SKUs by code', async () => {
    const id = ok<Rec>(await seller.post('/product/create', body())).id;
    const skus = ok<Rec[]>(await seller.get(`/sku/${id}`));
    expect(skus).toHaveLength(2);
    expect(ok<Rec[]>(await seller.get(`/sku/${id}?keyword=ORANGE`)).map((s) => s.skuCode)).toEqual(['TENT-ORANGE']);
    ok(await seller.post(`/sku/update/${id}`, skus.map((s) => ({ ...s, stock: 99, lowStock: 3 }))));
    expect(ok<Rec[]>(await seller.get(`/sku/${id}`)).map((s) => [s.stock, s.lowStock])).toEqual([[99, 3], [99, 3]]);
    const negative = await seller.post(`/sku/update/${id}`, [{ ...skus[0], price: -5 }]);
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('skuStockList.0.price');
    const foreign = await seller.post(`/sku/update/${id}`, [{ id: 2_000_000, stock: 1 }]);
    expect(foreign.status).toBe(400);
    expect(ok<Rec[]>(await seller.get(`/sku/${id}`)).map((s) => s.stock)).toEqual([99, 99]);
  });

  it('keeps sellers to their own shop\'s products; the admin sees every shop', async () => {
    const mine = ok<Rec>(await seller.post('/product/create', body())).id;
    const theirs = await seller.post('/product/create', body({ shopId: otherShopId }));
    expect(theirs.status).toBe(400);
    const other = ok<Rec>(await seller2.post('/product/create', body({ shopId: otherShopId }))).id;
    expect((await seller.get(`/product/${other}`)).status).toBe(404);
    expect((await seller.get(`/product/updateInfo/${other}`)).status).toBe(404);
    expect((await seller.get(`/sku/${other}`)).status).toBe(404);
    expect((await seller.post(`/product/update/publishStatus?ids=${other}&publishStatus=1`)).status).toBe(404);
    expect((await seller.post(`/product/update/deleteStatus?ids=${other}&deleteStatus=1`)).status).toBe(404);
    expect((await seller.post(`/product/update/${other}`, { name: 'Taken over' })).status).toBe(404);
    const sellerList = ok<Page<Rec>>(await seller.get('/product/list?pageSize=200')).list.map((p) => p.id);
    expect(sellerList).toContain(mine);
    expect(sellerList).not.toContain(other);
    const adminList = ok<Page<Rec>>(await admin.get('/product/list?pageSize=200')).list.map((p) => p.id);
    expect(adminList).toEqual(expect.arrayContaining([mine, other]));
  });
});
