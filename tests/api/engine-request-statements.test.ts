// Protects: nothing is read twice — a warm list request is two statements (session with scope, page with its total and names), so PostgreSQL pays two round trips.
/**
 * What an authenticated request costs the database, counted statement by statement (every
 * statement run through Kysely; on PostgreSQL each is a round trip, which was most of what a list
 * request cost beyond the floor of bench/floor.ts):
 * - the session check reads the permission version and the caller's tenant scope in its own
 *   statement (server/auth/sessions.ts);
 * - a counted list (orders by status) reads its total from the counts in its page's statement;
 * - every list reads the names of what its rows reference (shop, brand, category…) in that same
 *   statement, on the cached path too (server/crud/reference-names.ts).
 * Answers are checked as well, so a cheaper request that answers less cannot pass.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/schema/api';
import { buildApp } from '../../server/app';
import { LIST_CACHE_LIMITS, LIST_TOTAL_LIMITS } from '../../server/crud/list-cache';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/migrate';
import type { Database } from '../../server/db/schema';
import { seed } from '../../server/seed/index';
import { DEMO } from '../helpers/accounts';
import { call, login } from '../helpers/api';
import type { ApiRecord } from '../helpers/entity-bodies';
import type { TestDatabase } from '../helpers/test-db';
import { createTestDatabase, testConfig, testDialects } from '../helpers/test-db';

describe.each(testDialects())('statements per request (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let admin: string;
  let seller: string;
  /** The statements run since the last `count` call began. */
  let statements: string[] = [];

  let config: ReturnType<typeof testConfig>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    config = testConfig(database.dir, database.target);
    db = createDb(config, { onStatement: (text) => statements.push(text) });
    await migrateToLatest(db);
    await seed(db, config, { demo: true, content: true });
    app = buildApp(config, { db });
    await app.ready();
    admin = await login(app, DEMO.admin);
    seller = await login(app, DEMO.seller);
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await database?.drop();
  });

  /** The answer of `url` asked a second time (the first fills what a warm server keeps) and the statements the second one ran. */
  const warm = async (url: string, token: string) => {
    const first = await call<Page<ApiRecord>>(app, 'GET', `/api${url}`, { token });
    expect(first.status, first.raw).toBe(200);
    statements = [];
    const answer = await call<Page<ApiRecord>>(app, 'GET', `/api${url}`, { token });
    expect(answer.status, answer.raw).toBe(200);
    return { answer: answer.body.data, statements: [...statements] };
  };

  it.each([
    ['admin', 'an order tab', '/order/list?status=1&pageNum=1&pageSize=10'],
    ['admin', 'every order, page 2', '/order/list?pageNum=2&pageSize=5'],
    ['seller', "the seller's orders by status", '/order/list?status=0&pageNum=1&pageSize=10'],
  ] as const)('%s: %s is the session, one page statement and its bound-money sums, with its exact total and shop names', async (who, _what, url) => {
    const token = who === 'admin' ? admin : seller;
    const { answer, statements: run } = await warm(url, token);
    // The third: the page's cashier money bound to its orders, one grouped read (the close dialog warns with it).
    expect(run, run.join('\n')).toHaveLength(3);
    expect(answer.list.length).toBeGreaterThan(0);
    expect(answer.list.every((order) => typeof order.shopName === 'string' && order.shopName.length > 0)).toBe(true);
    // The total the counts gave equals a plain count of what the list selects.
    const status = new URL(url, 'http://x').searchParams.get('status');
    let count = db.selectFrom('oms_order').select((eb) => eb.fn.countAll<number>().as('n')).where('delete_status', '=', 0);
    if (status !== null) count = count.where('status', '=', Number(status));
    if (who === 'seller') {
      count = count.where('shop_id', 'in', (eb) => eb.selectFrom('shop').innerJoin('ums_admin', 'ums_admin.id', 'shop.owner_id')
        .select('shop.id').where('ums_admin.username', '=', DEMO.seller.username));
    }
    expect(answer.total).toBe(Number((await count.executeTakeFirstOrThrow()).n));
  });

  it.each([
    ['admin', 'the product list', '/product/list?pageNum=1&pageSize=10'],
    ['admin', 'products of a publish status', '/product/list?publishStatus=1&pageNum=1&pageSize=10'],
    ['seller', "the seller's products", '/product/list?pageNum=1&pageSize=10'],
    ['admin', 'products by a name keyword', '/product/list?keyword=a&pageNum=1&pageSize=10'],
  ] as const)('%s: %s (a cached list) is the session and one page statement, names included', async (who, _what, url) => {
    const { answer, statements: run } = await warm(url, who === 'admin' ? admin : seller);
    expect(run, run.join('\n')).toHaveLength(2);
    expect(answer.list.length).toBeGreaterThan(0);
    for (const product of answer.list) {
      expect(product.brandName === null || typeof product.brandName === 'string').toBe(true);
      expect(typeof product.productCategoryName, JSON.stringify(product)).toBe('string');
      expect(typeof product.shopName).toBe('string');
    }
  });

  it.each([
    ['new products', '/home/newProduct/list?pageNum=1&pageSize=10'],
    ['popular products', '/home/recommendProduct/list?pageNum=1&pageSize=10'],
  ] as const)('admin: the %s recommendation list is the session and one page statement, its products\' price, stock and sale state included', async (_what, url) => {
    const { answer, statements: run } = await warm(url, admin);
    expect(run, run.join('\n')).toHaveLength(2);
    expect(answer.list.length).toBeGreaterThan(0);
    const products = new Map((await db.selectFrom('pms_product').select(['id', 'price', 'stock', 'publish_status', 'verify_status', 'delete_status']).execute())
      .map((p) => [Number(p.id), p]));
    for (const row of answer.list) {
      const product = products.get(Number(row.productId))!;
      expect(row.productPrice).toBe(Number(product.price) / 100);
      expect(row.productStock).toBe(Number(product.stock));
      const state = Number(product.delete_status) === 1 ? 'recycled' : Number(product.publish_status) !== 1 ? 'offSale' : Number(product.verify_status) !== 1 ? 'unverified' : 'forSale';
      expect(row.productSaleState, JSON.stringify(row)).toBe(state);
    }
  });

  it('admin: products by product SN is the session and one page statement', async () => {
    const [one] = await db.selectFrom('pms_product').select('product_sn').where('delete_status', '=', 0).orderBy('id').limit(1).execute();
    const { answer, statements: run } = await warm(`/product/list?productSn=${encodeURIComponent(String(one!.product_sn))}&pageNum=1&pageSize=10`, admin);
    expect(run, run.join('\n')).toHaveLength(2);
    expect(answer.list.map((product) => product.productSn)).toContain(one!.product_sn);
  });

  it('admin: the coupon list is the session and one page statement, each coupon\'s counts of picked products and categories included', async () => {
    const { answer, statements: run } = await warm('/coupon/list?pageNum=1&pageSize=20', admin);
    expect(run, run.join('\n')).toHaveLength(2);
    expect(answer.list.length).toBeGreaterThan(0);
    const counted = async (table: 'sms_coupon_product_relation' | 'sms_coupon_product_category_relation', id: number) =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('coupon_id', '=', id).executeTakeFirstOrThrow()).n);
    for (const coupon of answer.list) {
      expect(coupon.productCount, JSON.stringify(coupon)).toBe(await counted('sms_coupon_product_relation', Number(coupon.id)));
      expect(coupon.productCategoryCount, JSON.stringify(coupon)).toBe(await counted('sms_coupon_product_category_relation', Number(coupon.id)));
    }
  });

  it('the names read in the page statement are the referenced records\' own', async () => {
    const { answer } = await warm('/product/list?pageNum=1&pageSize=20', admin);
    const brands = new Map((await db.selectFrom('pms_brand').select(['id', 'name']).execute()).map((b) => [Number(b.id), b.name]));
    for (const product of answer.list) {
      expect(product.brandName).toBe(product.brandId === null ? null : brands.get(Number(product.brandId)) ?? null);
    }
  });

  it('a long list seen again after a small write counts nothing again; after as many rows as it spares, it counts', async () => {
    const saved = { exactUpTo: LIST_TOTAL_LIMITS.exactUpTo, idsPerEntry: LIST_CACHE_LIMITS.idsPerEntry };
    // Bound 3: the count goes to 7 (twice the bound, plus one), so a list of 7 or more spares 3 rows written.
    Object.assign(LIST_TOTAL_LIMITS, { exactUpTo: 3 });
    Object.assign(LIST_CACHE_LIMITS, { idsPerEntry: 2 });
    try {
      const url = '/order/list?sourceType=0&pageNum=1&pageSize=2';
      const ids = (await db.selectFrom('oms_order').select('id').where('delete_status', '=', 0).where('source_type', '=', 0)
        .orderBy('id', 'desc').execute()).map((r) => Number(r.id));
      expect(ids.length).toBeGreaterThanOrEqual(7);
      const view = async () => {
        statements = [];
        const answer = await call<Page<ApiRecord> & { totalExact?: boolean }>(app, 'GET', `/api${url}`, { token: admin });
        expect(answer.status, answer.raw).toBe(200);
        expect(answer.body.data.totalExact).toBe(false);
        expect(answer.body.data.list.map((r) => r.id)).toEqual(ids.slice(0, 2));
        return statements.filter((text) => /count\(\*\)/.test(text));
      };
      await view();
      // The writes on a connection of their own on PostgreSQL: its count of a transaction's rows also
      // holds the connection's earlier ones not yet filed (more than written, so counted again
      // sooner), and a fresh connection has none. SQLite's is the server's one connection.
      const writer = dialect === 'postgres' ? createDb(config, { connections: 1 }) : db;
      try {
        // One row written: the kept count (7, sparing 3) still holds.
        await writer.updateTable('oms_order').set({ note: 'one write' }).where('id', '=', ids[ids.length - 1]!).execute();
        expect(await view()).toEqual([]);
        // Three rows more written (four since the count): it may not hold, so the list is counted again.
        await writer.updateTable('oms_order').set({ note: 'three writes' }).where('id', 'in', ids.slice(-3)).execute();
        expect(await view()).toHaveLength(1);
      } finally {
        if (writer !== db) await writer.destroy();
      }
    } finally {
      Object.assign(LIST_TOTAL_LIMITS, { exactUpTo: saved.exactUpTo });
      Object.assign(LIST_CACHE_LIMITS, { idsPerEntry: saved.idsPerEntry });
    }
  });

  it('a page past the end of a counted list still answers the exact total', async () => {
    const all = (await warm('/order/list?status=1&pageNum=1&pageSize=10', admin)).answer.total;
    const past = await warm(`/order/list?status=1&pageNum=${Math.ceil(all / 10) + 3}&pageSize=10`, admin);
    expect(past.answer).toEqual({ ...past.answer, list: [], total: all });
  });
});
