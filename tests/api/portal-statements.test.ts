// Protects: a flash sale's late buyers stay cheap and a buyer's request reads little — over HTTP, a sold-out flash attempt is refused after three statements (shop with buyer, cart lines, flash relations) and writes nothing; an authenticated shop-front request checks the shop and the buyer in one statement; a sold-out flash whose price is not below the list price is no flash at all (sold at the list price, as before); the placed order's answer (built from the rows its inserts return) is what its detail reads back.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb } from '../../server/db/index';
import type { Database } from '../../server/db/schema';
import { migrateToLatest } from '../../server/migrate';
import { seed } from '../../server/seed/index';
import { DEMO } from '../helpers/accounts';
import type { BuyerToken } from '../helpers/shop-world';
import { RECEIVER, asBuyer, flashSale, productOnSale, signUpBuyer, skuFigures } from '../helpers/shop-world';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestDatabase } from '../helpers/test-db';
import { createTestDatabase, testConfig, testDialects } from '../helpers/test-db';

describe.each(testDialects())('shop front: statements per buyer request (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let shop: number;
  let ann: BuyerToken;
  let addressId: number;
  let statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = testConfig(database.dir, database.target);
    db = createDb(config, { onStatement: (text) => statements.push(text) });
    await migrateToLatest(db);
    await seed(db, config, { demo: true });
    app = buildApp(config, { db });
    await app.ready();
    shop = (await shopIdsOf(db, await adminIdOf(db, DEMO.seller.username)))[0]!;
    ann = await signUpBuyer(app, db, shop, 'statements_ann', '13900000101');
    ({ id: addressId } = await db.insertInto('ums_member_receive_address').values({
      shop_id: shop, member_id: ann.memberId, name: RECEIVER.name, phone_number: RECEIVER.phone, default_status: 1, post_code: RECEIVER.postCode,
      province: RECEIVER.province, city: RECEIVER.city, region: RECEIVER.region, detail_address: RECEIVER.detailAddress,
    }).returning('id').executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await database?.drop();
  });

  /** The buyer's cart line of the product (added when absent). */
  const cartLine = async (line: { productId: number; skuId: number }): Promise<number> => {
    const listed = async () => ((await asBuyer(app, ann, 'GET', '/cart/list')).body.data as { id: number; productId: number }[]).find((l) => Number(l.productId) === line.productId);
    if (!await listed()) expect((await asBuyer(app, ann, 'POST', '/cart/add', { productId: line.productId, productSkuId: line.skuId, quantity: 1 })).body.code).toBe(200);
    return Number((await listed())!.id);
  };
  const generate = (cartId: number) => asBuyer(app, ann, 'POST', '/order/generateOrder', { cartIds: [cartId], memberReceiveAddressId: addressId, couponId: null, useIntegration: 0 });

  it('an authenticated request checks the shop and the buyer in one statement', async () => {
    await asBuyer(app, ann, 'POST', '/cart/clear');
    statements = [];
    const answer = await asBuyer(app, ann, 'GET', '/cart/list');
    expect(answer.body).toMatchObject({ code: 200, data: [] });
    // The shop with the buyer, then the cart's lines.
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect(statements[0]).toMatch(/from "shop"/);
    expect(statements[0]).toMatch(/"ums_member"/);
  });

  it('refuses a sold-out flash after three statements, writing nothing', async () => {
    const lamp = await productOnSale(db, shop, { name: 'Statements lamp', price: 20_000, stock: 100 });
    const relation = await flashSale(db, lamp.productId, { price: 9_900, count: 1, limit: 1 });
    const first = await generate(await cartLine(lamp));
    expect(first.body.code, first.raw).toBe(200);
    const cartId = await cartLine(lamp);
    const before = { sku: await skuFigures(db, lamp.skuId), orders: Number((await db.selectFrom('oms_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) };
    statements = [];
    const late = await generate(cartId);
    expect(late.body).toMatchObject({ code: 500, messageKey: 'flash_sold_out', message: expect.stringMatching(/Statements lamp/) });
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements[2]).toMatch(/from "sms_flash_promotion_product_relation"/);
    expect(await skuFigures(db, lamp.skuId)).toEqual(before.sku);
    expect(Number((await db.selectFrom('oms_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before.orders);
    expect(Number((await db.selectFrom('sms_flash_promotion_product_relation').select('flash_promotion_sold').where('id', '=', relation).executeTakeFirstOrThrow()).flash_promotion_sold)).toBe(1);
  });

  it('sells at the list price when a sold-out flash price is not below it (no flash applies)', async () => {
    const mug = await productOnSale(db, shop, { name: 'Statements mug', price: 1_000, stock: 100 });
    await flashSale(db, mug.productId, { price: 1_500, count: 0, limit: 1 });
    const placed = await generate(await cartLine(mug));
    expect(placed.body.code, placed.raw).toBe(200);
    const order = (placed.body.data as { order: { payAmount: number; orderType: number } }).order;
    expect(order).toMatchObject({ payAmount: 10, orderType: 0 });
  });

  it('answers the placed order as its detail reads it back', async () => {
    const pen = await productOnSale(db, shop, { name: 'Statements pen', price: 2_500, stock: 100 });
    const placed = await generate(await cartLine(pen));
    expect(placed.body.code, placed.raw).toBe(200);
    const answered = placed.body.data as { order: { id: number }; orderItemList: unknown[] };
    const detail = await asBuyer(app, ann, 'GET', `/order/detail/${answered.order.id}`);
    expect(detail.body.code, detail.raw).toBe(200);
    expect(answered.order).toEqual(detail.body.data);
    expect(answered.orderItemList).toEqual((detail.body.data as { orderItemList: unknown[] }).orderItemList);
  });
});
