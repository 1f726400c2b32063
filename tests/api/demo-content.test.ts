// Protects: the demo seed keeps every money rule an area declares, fills every declared entity list for the super admin and the seller, its images are served, and it hangs together: every product in its shop's trade and made by a brand of that trade, orders of the shop's own products placed by the shop's own members and sent to the buyer's address by carriers of the shop's country, returns with their reason's proof photos and the shop's own addresses, names in one language.
/**
 * The demo seed fills every screen: after `seed(..., { demo: true, content: true })` (what
 * `npm start` does on a fresh data folder) every declared entity's list answers at least one row
 * to the super admin, the shop-scoped lists answer rows to the demo seller, and the seeded image
 * URLs are served from the upload storage. The entities come from `entityList`, so a new
 * declaration without demo content fails here.
 */
import { marketOf } from '../../server/areas/member/demo-buyers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import type { Page } from '../../src/schema/api';
import { DEMO_SELLER } from '../../server/seed/index';
import { AREAS } from '../../server/areas/index';
import type { AnyKysely } from '../../server/db/index';
import { DEMO_BRANDS } from '../../server/seed/demo-content';
import { DEMO_OWN_LABELS, DEMO_TRADES } from '../../server/seed/demo-products';
import { DEMO_PROOFS } from '../../server/areas/oms/demo-returns';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import { listPathFields, routeOf, urlOf } from '../helpers/entity-bodies';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

type Row = Record<string, unknown> & { id: number };

const listed = entityList.filter((entity) => routeOf(entity, 'list') !== undefined);

describe.each(testDialects())('demo content (%s)', (dialect) => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { demo: true, content: true });
    adminToken = await login(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = async (entity: Entity, token: string): Promise<Row[]> => {
    // A per-parent list (`/list/{parentId}`) is read for the first row of the entity it names, else at the top.
    const values: Record<string, unknown> = {};
    for (const field of listPathFields(entity)) {
      const target = entity.fields[field]?.reference?.entity;
      const referenced = target ? entityList.find((e) => e.name === target) : undefined;
      values[field] = referenced ? (await rowsOf(referenced, token))[0]?.id : entity.fields[field]?.default ?? 0;
    }
    const answer = await call<Page<Row>>(t.app, 'GET', `${urlOf(routeOf(entity, 'list')!, values)}?pageSize=100`, { token });
    expect(answer.status, `${entity.name}: ${answer.raw}`).toBe(200);
    return answer.body.data.list;
  };

  it.each(listed.map((entity) => [entity.name, entity] as const))('lists %s with at least one row for the super admin', async (_name, entity) => {
    expect((await rowsOf(entity, adminToken)).length).toBeGreaterThan(0);
  });

  it('lists the shop-scoped entities with rows for the demo seller', async () => {
    const token = await login(t.app, DEMO_SELLER);
    const scoped = listed.filter((entity) => entity.tenant !== null);
    expect(scoped.length).toBeGreaterThan(0);
    for (const entity of scoped) expect((await rowsOf(entity, token)).length, entity.name).toBeGreaterThan(0);
  });

  it('has second-level categories, specifications and parameters, and ads on both positions, some expiring soon', async () => {
    const byName = (name: string) => entityList.find((e) => e.name === name)!;
    const top = await rowsOf(byName('productCategory'), adminToken);
    const children = await call<Page<Row>>(t.app, 'GET', `/api/productCategory/list/${top[0]!.id}`, { token: adminToken });
    expect(children.body.data.list.length).toBeGreaterThan(0);
    expect(children.body.data.list.every((c) => c.level === 1 && typeof c.icon === 'string')).toBe(true);

    const types = await rowsOf(byName('productAttributeCategory'), adminToken);
    expect(types.every((type) => Number(type.attributeCount) > 0 && Number(type.paramCount) > 0)).toBe(true);

    const ads = await rowsOf(byName('homeAdvertise'), adminToken);
    expect(new Set(ads.map((ad) => ad.type))).toEqual(new Set([0, 1]));
    const soon = ads.filter((ad) => ad.status === 1 && Date.parse(String(ad.endTime)) - Date.now() < 3 * 24 * 3600 * 1000
      && Date.parse(String(ad.endTime)) > Date.now());
    expect(soon.length).toBeGreaterThan(0);
  });

  it('keeps every money rule an area declares (a balance bound past its amount once came from the seed)', async () => {
    const invariants = AREAS.flatMap((area) => (area.invariants ?? []).map((invariant) => ({ area: area.name, ...invariant })));
    expect(invariants.map((i) => i.rule)).toContain('the bindings of a balance never exceed its amount');
    const broken: string[] = [];
    for (const invariant of invariants) {
      const rows = await invariant.violations(t.db);
      if (rows.length) broken.push(`${invariant.area}: ${invariant.rule}: ${JSON.stringify(rows.slice(0, 3))}`);
    }
    expect(broken).toEqual([]);
    // The seed bound what it meant to: a partly bound balance exists (the rule holds because it is kept, not because nothing was bound).
    const bound = await t.db.selectFrom('oms_cashier_balance_order').select('id').where('paid_order', '=', 0).execute();
    expect(bound.length).toBeGreaterThan(0);
  });

  it('gives every shop its freight templates (products of the shop on them) and points rule, and members points equal to their history', async () => {
    const invariants = AREAS.flatMap((area) => area.invariants ?? []).map((i) => i.rule);
    expect(invariants).toContain("a member's points balance equals the sum of its points history");
    const shops = await t.db.selectFrom('shop').select('id').execute();
    for (const { id } of shops) {
      const templates = await t.db.selectFrom('pms_feight_template').select(['id', 'charge_type']).where('shop_id', '=', id).execute();
      expect(templates.map((r) => r.charge_type).sort()).toEqual([0, 1]);
      expect(await t.db.selectFrom('ums_integration_consume_setting').select('id').where('shop_id', '=', id).execute()).toHaveLength(1);
    }
    // A product names only a template of its own shop, and most name one.
    const foreign = await t.db.selectFrom('pms_product as p').innerJoin('pms_feight_template as f', 'f.id', 'p.feight_template_id')
      .select('p.id').whereRef('f.shop_id', '<>', 'p.shop_id').execute();
    expect(foreign).toEqual([]);
    const products = await t.db.selectFrom('pms_product').select('feight_template_id').execute();
    expect(products.filter((p) => p.feight_template_id !== null).length).toBe(products.length);
    // The balances are not vacuously equal: members hold points, from gifts and received orders.
    const held = await t.db.selectFrom('ums_member').select('id').where('integration', '>', 0).execute();
    expect(held.length).toBeGreaterThan(5);
    const fromOrders = await t.db.selectFrom('ums_integration_change_history').select('id').where('order_id', 'is not', null).execute();
    expect(fromOrders.length).toBeGreaterThan(0);
  });

  it('serves every seeded image URL from the upload storage', async () => {
    const urls = new Set<string>();
    for (const entity of listed) {
      const imageFields = Object.entries(entity.fields).filter(([, decl]) => decl.kind === 'image').map(([name]) => name);
      if (!imageFields.length) continue;
      for (const row of await rowsOf(entity, adminToken)) {
        for (const field of imageFields) if (typeof row[field] === 'string') urls.add(row[field]);
      }
    }
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/(png|jpeg)/);
    }
  });

  describe('hangs together', () => {
    const q = () => t.db as unknown as AnyKysely;
    /** Latin letters and CJK characters in one name: two languages in one record. */
    const mixed = (name: string) => /[A-Za-z]/.test(name) && /[\u3400-\u9fff]/.test(name);

    it('puts every product in its shop\'s trade, made by a brand that makes that kind of product', async () => {
      const rows: { name: string; shop: string; category: string; brand: string | null }[] = await q().selectFrom('pms_product as p')
        .innerJoin('shop as s', 's.id', 'p.shop_id').innerJoin('pms_product_category as c', 'c.id', 'p.product_category_id')
        .leftJoin('pms_brand as b', 'b.id', 'p.brand_id')
        .select(['p.name', 's.shop_name as shop', 'c.name as category', 'b.name as brand']).execute();
      expect(rows.length).toBe(250);
      const outOfTrade = rows.filter((r) => !(DEMO_TRADES[r.shop] ?? []).includes(r.category)).map((r) => `${r.shop}: ${r.name} (${r.category})`);
      expect(outOfTrade).toEqual([]);
      const sells = new Map<string, readonly string[]>(DEMO_BRANDS.map((b) => [b.name, b.sells]));
      const wrongBrand = rows.filter((r) => r.brand !== null && !(sells.get(r.brand) ?? []).includes(r.category)).map((r) => `${r.brand}: ${r.name} (${r.category})`);
      expect(wrongBrand).toEqual([]);
      // A seller's own label is sold in its own shops only.
      expect(rows.filter((r) => r.brand !== null && DEMO_OWN_LABELS[r.brand] && !DEMO_OWN_LABELS[r.brand]!.includes(r.shop)).map((r) => `${r.shop}: ${r.name}`)).toEqual([]);
      // A product is named after its brand: the brand's name starts it.
      expect(rows.filter((r) => r.brand !== null && !r.name.startsWith(r.brand.split(' ')[0]!)).map((r) => r.name)).toEqual([]);
      // Every demo shop sells something, the sellers' shops packaging.
      const shops = await q().selectFrom('shop').select(['shop_name', 'owner_id']).execute() as { shop_name: string; owner_id: number | null }[];
      for (const shop of shops) {
        expect(DEMO_TRADES[shop.shop_name], shop.shop_name).toBeDefined();
        expect(rows.some((r) => r.shop === shop.shop_name), shop.shop_name).toBe(true);
      }
    });

    it('sells in each shop\'s orders only that shop\'s own products, as the catalog names them', async () => {
      const lines: { shop_id: number; product_shop: number | null; product_id: number | null; name: string; catalog_name: string | null; brand: string | null; catalog_brand: string | null }[] =
        await q().selectFrom('oms_order_item as i').leftJoin('pms_product as p', 'p.id', 'i.product_id').leftJoin('pms_brand as b', 'b.id', 'p.brand_id')
          .select(['i.shop_id', 'p.shop_id as product_shop', 'i.product_id', 'i.product_name as name', 'p.name as catalog_name', 'i.product_brand as brand', 'b.name as catalog_brand'])
          .execute();
      expect(lines.length).toBeGreaterThan(100);
      expect(lines.filter((l) => l.product_id === null || Number(l.product_shop) !== Number(l.shop_id) || l.name !== l.catalog_name || (l.brand ?? '') !== (l.catalog_brand ?? ''))
        .map((l) => `${l.shop_id}: ${l.name}`)).toEqual([]);
    });

    it('gives each return its reason\'s words and proof photos, and the shop\'s own return address', async () => {
      const returns: { shop_id: number; reason: string; description: string; proof_pics: string | null; address_shop: number | null; company_address_id: number | null }[] =
        await q().selectFrom('oms_order_return_apply as r').leftJoin('oms_company_address as a', 'a.id', 'r.company_address_id')
          .select(['r.shop_id', 'r.reason', 'r.description', 'r.proof_pics', 'a.shop_id as address_shop', 'r.company_address_id']).execute();
      expect(returns.length).toBeGreaterThan(10);
      const reasons = (await q().selectFrom('oms_order_return_reason').select('name').execute() as { name: string }[]).map((r) => r.name);
      expect(returns.filter((r) => !reasons.includes(r.reason)).map((r) => r.reason)).toEqual([]);
      expect(returns.filter((r) => r.company_address_id !== null && Number(r.address_shop) !== Number(r.shop_id))).toEqual([]);
      const proofs = new Set(returns.flatMap((r) => (r.proof_pics ?? '').split(',').filter(Boolean)));
      expect([...proofs].sort()).toEqual([...DEMO_PROOFS].sort());
      for (const url of proofs) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^image\/jpeg/);
        // A photo, not a banner or a logo standing in for one, and small.
        expect(response.rawPayload.length, url).toBeLessThan(20_000);
      }
      const addresses = await q().selectFrom('oms_company_address as a').innerJoin('shop as s', 's.id', 'a.shop_id')
        .select(['a.address_name', 'a.city', 's.shop_name', 's.city as shop_city']).execute() as { address_name: string; city: string | null; shop_name: string; shop_city: string | null }[];
      expect(addresses.filter((a) => !a.address_name.startsWith(a.shop_name) || a.city !== a.shop_city)).toEqual([]);
    });

    it('has each shop\'s orders placed by members of that shop, sent to the buyer\'s own address, by carriers of the shop\'s country', async () => {
      const orders: { shop_country: string | null; member_shop: number | null; shop_id: number; username: string | null; member_username: string | null;
        receiver_name: string | null; real_name: string | null; receiver_phone: string | null; mobile: string | null; delivery_company: string | null }[] =
        await q().selectFrom('oms_order as o').innerJoin('shop as s', 's.id', 'o.shop_id').leftJoin('ums_member as m', 'm.id', 'o.member_id')
          .select(['s.country as shop_country', 'm.shop_id as member_shop', 'o.shop_id', 'm.username', 'o.member_username', 'o.receiver_name', 'm.real_name',
            'o.receiver_phone', 'm.mobile', 'o.delivery_company']).execute();
      expect(orders.length).toBeGreaterThan(100);
      expect(orders.filter((o) => Number(o.member_shop) !== Number(o.shop_id) || o.username !== o.member_username
        || o.receiver_name !== o.real_name || o.receiver_phone !== o.mobile).map((o) => `${o.shop_id}: ${o.member_username} → ${o.receiver_name}`)).toEqual([]);
      const shipped = orders.filter((o) => o.delivery_company !== null);
      expect(shipped.length).toBeGreaterThan(10);
      expect(shipped.filter((o) => !(marketOf(o.shop_country).carriers as readonly string[]).includes(o.delivery_company!))
        .map((o) => `${o.shop_country}: ${o.delivery_company}`)).toEqual([]);
    });

    it('names each record in one language', async () => {
      const names = async (table: string, column: string) =>
        (await q().selectFrom(table).select(`${column} as name`).execute() as { name: string | null }[]).map((r) => `${table}: ${r.name ?? ''}`);
      const all = [
        ...await names('pms_brand', 'name'), ...await names('pms_product_category', 'name'), ...await names('pms_product', 'name'),
        ...await names('pms_product_category', 'product_unit'), ...await names('pms_product', 'unit'),
        ...await names('shop', 'shop_name'), ...await names('cms_subject', 'title'), ...await names('cms_prefrence_area', 'name'),
        ...await names('sms_home_advertise', 'name'), ...await names('sms_flash_promotion', 'title'), ...await names('sms_flash_promotion_session', 'name'),
        ...await names('sms_coupon', 'name'), ...await names('oms_company_address', 'address_name'),
      ];
      expect(all.length).toBeGreaterThan(300);
      expect(all.filter(mixed)).toEqual([]);
    });
  });

  it('fills nothing without the content option (the API tests start from empty lists)', async () => {
    const plain = await createTestApp(dialect);
    try {
      const token = await login(plain.app, DEMO.admin);
      const brands = await call<Page<Row>>(plain.app, 'GET', '/api/brand/list', { token });
      expect(brands.body.data.total).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
