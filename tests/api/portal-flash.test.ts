// Protects: a flash sale under parallel buyers on PostgreSQL (many connections at once): every unit sold exactly once and none lost (sold + left = offered, orders = units sold), the per-member limit held when one buyer orders many times at once, and the SKU stock held matching; a sold-out attempt changes nothing, even one that reads the sale as sold out before it starts (refused, never sold at list price). Also on SQLite (one writer) when PostgreSQL is not configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOrder } from '../../server/areas/portal/orders/place';
import { toDbTime } from '../../server/db/time';
import { DEMO } from '../helpers/accounts';
import { RECEIVER, flashSale, productOnSale, skuFigures } from '../helpers/shop-world';
import { adminIdOf, shopIdsOf } from '../helpers/tenancy';
import type { TestApp } from '../helpers/test-db';
import { createTestApp, testDialects } from '../helpers/test-db';

/** PostgreSQL is where the race is real; without it, SQLite. */
const dialects = testDialects().includes('postgres') ? ['postgres' as const] : testDialects();

describe.each(dialects)('shop front: flash sale under parallel buyers (%s)', (dialect) => {
  let t: TestApp;
  let shop: number;

  const members = async (prefix: string, n: number): Promise<number[]> => {
    const rows = await t.db.insertInto('ums_member').values(Array.from({ length: n }, (_, i) => ({
      shop_id: shop, username: `${prefix}${i}`, apply_status: 1, create_time: toDbTime(),
    }))).returning('id').execute();
    return rows.map((r) => Number(r.id));
  };
  const attempt = (memberId: number, line: { productId: number; skuId: number }, quantity = 1) =>
    generateOrder(t.db, { shopId: shop, memberId }, { lines: [{ key: 1, ...line, quantity }], couponId: null, useIntegration: 0, receiver: RECEIVER })
      .then(() => 'ok' as const, (error: { problem?: { messageKey: string } }) => {
        if (!error.problem) throw error;
        return error.problem.messageKey;
      });
  const relationSold = async (id: number) => Number((await t.db.selectFrom('sms_flash_promotion_product_relation').select('flash_promotion_sold').where('id', '=', id).executeTakeFirstOrThrow()).flash_promotion_sold);
  const flashOrders = async (relation: number) => (await t.db.selectFrom('oms_order_item').select('product_quantity').where('flash_relation_id', '=', relation).execute())
    .reduce((a, r) => a + Number(r.product_quantity), 0);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = (await shopIdsOf(t.db, await adminIdOf(t.db, DEMO.seller.username)))[0]!;
  });
  afterAll(async () => t?.close());

  it('sells exactly the units offered to many buyers at once: none twice, none lost', async () => {
    const OFFERED = 25;
    const BUYERS = 80;
    const phone = await productOnSale(t.db, shop, { name: 'Flash phone', price: 200_000, stock: 200 });
    const relation = await flashSale(t.db, phone.productId, { price: 99_900, count: OFFERED, limit: 1 });
    const ids = await members('flash_', BUYERS);
    const outcomes = await Promise.all(ids.map((id) => attempt(id, phone)));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(OFFERED);
    expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set(['flash_sold_out']));
    expect(await relationSold(relation)).toBe(OFFERED);
    expect(await flashOrders(relation)).toBe(OFFERED);
    expect(await skuFigures(t.db, phone.skuId)).toEqual({ stock: 200, locked: OFFERED, sold: 0 });
    // A buyer who comes once it is sold out is refused, not sold the phone at its list price instead.
    const [late] = await members('late_', 1);
    expect(await attempt(late!, phone)).toBe('flash_sold_out');
    expect(await skuFigures(t.db, phone.skuId)).toEqual({ stock: 200, locked: OFFERED, sold: 0 });
  }, 60_000);

  it('holds the per-member limit when one buyer orders many times at once', async () => {
    const watch = await productOnSale(t.db, shop, { name: 'Flash watch', price: 50_000, stock: 100 });
    const relation = await flashSale(t.db, watch.productId, { price: 20_000, count: 50, limit: 2 });
    const [greedy] = await members('greedy_', 1);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => attempt(greedy!, watch)));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(2);
    expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set(['flash_limit_reached']));
    expect(await relationSold(relation)).toBe(2);
    expect(await flashOrders(relation)).toBe(2);
    expect((await skuFigures(t.db, watch.skuId)).locked).toBe(2);
  }, 60_000);
});
