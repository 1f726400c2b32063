// Protects: freight templates are a shop's own: a seller lists, reads and writes only its shops' templates (another's answer 404, changing nothing), staff every shop's; fees travel as yuan and are kept as cents; bad input is refused by field; a product names only a template of its own shop (even for staff; mall's 0 is none; moved to another shop it loses the old one); a template products name is not deleted (409 by name, in both languages; nor by the database), an unused one is. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsEn, errorsZh } from '../../src/i18n/errors';
import { DEMO } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import type { Page } from '../helpers/tenancy';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Template = { id: number; shopId: number; name: string; chargeType: number; firstFee: number; continmeFee: number; firstWeight: number; continueWeight: number };

describe.each(testDialects())('freight templates (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  let seller2: string;
  let productAdmin: string;
  let sellerShops: number[];
  let seller2Shops: number[];

  const get = <T>(url: string, token: string) => call<T>(t.app, 'GET', `/api${url}`, { token });
  const post = <T = unknown>(url: string, token: string, body?: unknown) => call<T>(t.app, 'POST', `/api${url}`, { token, ...(body === undefined ? {} : { body }) });
  const fields = (answer: Answer) => (answer.body.errors ?? []).map((e) => `${e.field}:${e.messageKey}`);
  const templates = async (token: string, query = '') => (await get<Page<Template>>(`/feightTemplate/list?pageSize=100${query}`, token)).body.data.list;
  const table = () => t.db.selectFrom('pms_feight_template').selectAll().orderBy('id').execute();
  const productOf = async (shopId: number) => t.db.selectFrom('pms_product').select(['id', 'feight_template_id']).where('shop_id', '=', shopId).orderBy('id').executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    admin = await login(t.app, DEMO.admin);
    seller = await login(t.app, DEMO.seller);
    seller2 = await login(t.app, DEMO.seller2);
    productAdmin = await login(t.app, DEMO.productAdmin);
    sellerShops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username));
    seller2Shops = await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller2.username));
  });
  afterAll(async () => t?.close());

  it('lists a seller\'s own shops\' templates only; staff see every shop\'s', async () => {
    const own = await templates(seller);
    expect(own.length).toBe(2 * sellerShops.length);
    expect(new Set(own.map((r) => r.shopId))).toEqual(new Set(sellerShops));
    const all = await templates(admin);
    expect(all.length).toBe((await table()).length);
    expect((await templates(productAdmin)).length).toBe(all.length);
    // The demo's rates, as yuan on the wire (cents in the table).
    const byWeight = own.find((r) => r.chargeType === 0)!;
    expect(byWeight).toMatchObject({ firstWeight: 1000, firstFee: 8, continueWeight: 500, continmeFee: 2 });
    expect(Number((await t.db.selectFrom('pms_feight_template').select('first_fee').where('id', '=', byWeight.id).executeTakeFirstOrThrow()).first_fee)).toBe(800);
  });

  it('a seller cannot read, change or delete another seller\'s template, nor create one in its shop', async () => {
    const [theirs] = await templates(seller2);
    const before = await table();
    expect((await get(`/feightTemplate/${theirs!.id}`, seller)).status).toBe(404);
    expect((await post(`/feightTemplate/update/${theirs!.id}`, seller, { name: 'Taken over' })).status).toBe(404);
    expect((await post(`/feightTemplate/delete/${theirs!.id}`, seller)).status).toBe(404);
    const create = await post('/feightTemplate/create', seller, { name: 'Not mine', shopId: seller2Shops[0], chargeType: 1 });
    expect(fields(create)).toEqual(['shopId:invalid_reference']);
    expect(await table()).toEqual(before);
    // Staff may change any shop's.
    expect((await post(`/feightTemplate/update/${theirs!.id}`, admin, { dest: 'United States' })).body.data).toBe(1);
  });

  it('creates and edits a seller\'s template with fees in yuan, and refuses bad input by field', async () => {
    const created = await post<Template>('/feightTemplate/create', seller, {
      name: 'Express', shopId: sellerShops[0], chargeType: 0, firstWeight: 500, firstFee: 12.5, continueWeight: 250, continmeFee: 3.25,
    });
    expect(created.body.data).toMatchObject({ name: 'Express', shopId: sellerShops[0], firstFee: 12.5, continmeFee: 3.25 });
    const row = await t.db.selectFrom('pms_feight_template').selectAll().where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect([Number(row.first_fee), Number(row.continme_fee)]).toEqual([1250, 325]);
    const bad = await post('/feightTemplate/create', seller, { name: '', shopId: sellerShops[0], chargeType: 3, firstFee: -1, continueWeight: 0, continmeFee: 0.001 });
    expect(bad.status).toBe(400);
    expect(fields(bad).sort()).toEqual(['chargeType:invalid_value', 'continmeFee:invalid_format', 'continueWeight:too_small', 'firstFee:too_small', 'name:length_between'].sort());
    expect((await post(`/feightTemplate/update/${created.body.data.id}`, seller, { shopId: sellerShops[1] })).status).toBe(400);
  });

  it('a product names only a template of its own shop, whoever writes; 0 is none; moved to another shop it loses the old one', async () => {
    const shopA = sellerShops[0]!;
    const shopB = sellerShops[1]!;
    const product = await productOf(shopA);
    const [ofB] = await templates(seller, `&shopId=${shopB}`);
    const [ofA] = await templates(seller, `&shopId=${shopA}`);
    for (const token of [seller, admin]) {
      const refused = await post(`/product/update/${product.id}`, token, { feightTemplateId: ofB!.id });
      expect(fields(refused)).toEqual(['feightTemplateId:invalid_reference']);
    }
    expect((await productOf(shopA)).feight_template_id).toBe(product.feight_template_id);
    expect((await post(`/product/update/${product.id}`, seller, { feightTemplateId: ofA!.id })).body.data).toBe(1);
    const read = await get<{ feightTemplateId: number; feightTemplateName: string }>(`/product/${product.id}`, seller);
    expect(read.body.data).toMatchObject({ feightTemplateId: ofA!.id, feightTemplateName: ofA!.name });
    expect((await post(`/product/update/${product.id}`, seller, { feightTemplateId: 0 })).body.data).toBe(1);
    expect((await productOf(shopA)).feight_template_id).toBeNull();
    // Moved to the seller's other shop with its template: the template stays behind.
    expect((await post(`/product/update/${product.id}`, seller, { feightTemplateId: ofA!.id })).body.data).toBe(1);
    expect((await post(`/product/update/${product.id}`, seller, { shopId: shopB })).body.data).toBe(1);
    const moved = await t.db.selectFrom('pms_product').select(['shop_id', 'feight_template_id']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(moved).toEqual({ shop_id: shopB, feight_template_id: null });
  });

  it('refuses to delete a template products name (in both languages), never cascading; deletes an unused one', async () => {
    const shopId = sellerShops[0]!;
    const [used] = (await templates(seller, `&shopId=${shopId}`)).filter((r) => r.name !== 'Express');
    const naming = await t.db.selectFrom('pms_product').select('id').where('feight_template_id', '=', used!.id).execute();
    expect(naming.length).toBeGreaterThan(0);
    const refused = await post(`/feightTemplate/delete/${used!.id}`, seller);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'feight_template_in_use', message: errorsEn.feight_template_in_use });
    expect(errorsZh.feight_template_in_use).toMatch(/运费模板/);
    expect((await t.db.selectFrom('pms_product').select('id').where('feight_template_id', '=', used!.id).execute()).length).toBe(naming.length);
    expect((await table()).some((r) => r.id === used!.id)).toBe(true);
    // The database refuses too, whatever code forgets.
    await expect(t.db.deleteFrom('pms_feight_template').where('id', '=', used!.id).execute()).rejects.toThrow();
    const unused = await post<Template>('/feightTemplate/create', seller, { name: 'Unused', shopId, chargeType: 1 });
    expect((await post(`/feightTemplate/delete/${unused.body.data.id}`, seller)).body.data).toBe(1);
  });
});
