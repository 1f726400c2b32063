// Protects: a buyer's order placed through the shop front's API (real HTTP against the started demo server: sign-in, cart, address, confirm, generate) shows at once, without a restart, on the seller's order list and home figures in the real browser (today's orders and the pending-payment count each one more), and stays in its shop's scope: the other shop's seller does not find it.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/schema/api';
import { DEMO } from '../helpers/accounts';
import { callApi } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite({ DEMO_CONTENT: 'true' });
const WAIT = { timeout: 15_000 } as const;

let db: Database.Database;
beforeAll(() => { db = new Database(join(suite.dataDir, 'admin.sqlite'), { readonly: true, fileMustExist: true }); });
afterAll(() => db?.close());

/** mall-portal's call: query or form parameters, or a JSON body; the buyer's token when signed in. */
const portal = async <T>(shopId: number, method: 'GET' | 'POST', path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<T> => {
  const headers: Record<string, string> = { 'source-client': 'miniapp' };
  if (options.token) headers.authorization = options.token;
  let body: string | undefined;
  if (options.form) { headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8'; body = new URLSearchParams(options.form).toString(); }
  if (options.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(options.json); }
  const response = await fetch(`${suite.baseUrl}/portal/${shopId}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
};

const digits = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));

describe('a buyer\'s order reaches the admin', () => {
  it('shows on the seller\'s order list and home figures at once, and not to another shop\'s seller', async () => {
    const shop = db.prepare(`select s.id from shop s join ums_admin a on a.id = s.owner_id where a.username = ? and s.status = 1 order by s.id limit 1`).get(DEMO.seller.username) as { id: number };
    const buyer = db.prepare(`select username from ums_member where shop_id = ? and apply_status = 1 and password is not null order by id limit 1`).get(shop.id) as { username: string };
    const product = db.prepare(`select p.id product_id, k.id sku_id from pms_product p join pms_sku_stock k on k.product_id = p.id
      where p.shop_id = ? and p.publish_status = 1 and p.verify_status = 1 and p.delete_status = 0 and (k.stock = -1 or k.stock - k.lock_stock >= 1)
      and not exists (select 1 from sms_flash_promotion_product_relation r where r.product_id = p.id) order by p.id limit 1`).get(shop.id) as { product_id: number; sku_id: number };
    expect([shop, buyer, product].every(Boolean)).toBe(true);

    const figures = async (): Promise<{ today: number; unpaid: number }> => {
      let read = { today: -1, unpaid: -1 };
      await suite.withPage(async (page) => {
        await page.goto('/home');
        await page.getByTestId('home-orders-today').waitFor(WAIT);
        await page.getByTestId('pending-ordersPendingPayment-count').waitFor(WAIT);
        read = { today: digits(await page.getByTestId('home-orders-today').textContent()), unpaid: digits(await page.getByTestId('pending-ordersPendingPayment-count').textContent()) };
      }, { as: 'seller' });
      return read;
    };
    const before = await figures();

    // The buyer, through mall-portal's wire as its clients call it.
    const signIn = await portal<{ token: string; tokenHead: string }>(shop.id, 'POST', '/sso/login', { form: { username: buyer.username, password: 'buyer123' } });
    const token = signIn.tokenHead + signIn.token;
    await portal(shop.id, 'POST', '/cart/add', { token, json: { productId: product.product_id, productSkuId: product.sku_id, quantity: 1, price: 0.01 } });
    const cart = await portal<{ id: number; productSkuId: number }[]>(shop.id, 'GET', '/cart/list', { token });
    const cartIds = cart.filter((c) => c.productSkuId === product.sku_id).map((c) => c.id);
    await portal(shop.id, 'POST', '/member/address/add', { token, json: { name: 'E2E Buyer', phoneNumber: '13800000000', province: 'Guangdong', city: 'Shenzhen', region: 'Nanshan', detailAddress: '9 E2E Road', defaultStatus: 1 } });
    const confirm = await portal<{ calcAmount: { payAmount: number }; memberReceiveAddressList: { id: number; name: string }[] }>(shop.id, 'POST', '/order/generateConfirmOrder', { token, json: cartIds });
    const address = confirm.memberReceiveAddressList.find((a) => a.name === 'E2E Buyer')!;
    const placed = await portal<{ order: { id: number; orderSn: string; payAmount: number; totalAmount: number } }>(shop.id, 'POST', '/order/generateOrder', { token, json: { cartIds, memberReceiveAddressId: address.id, payType: 0 } });
    expect(placed.order.payAmount).toBe(confirm.calcAmount.payAmount);

    // The seller's home: one more order today, one more awaiting payment (the same server, no restart).
    await expect.poll(figures, { timeout: 30_000, interval: 1_000 }).toEqual({ today: before.today + 1, unpaid: before.unpaid + 1 });

    // The seller's order list shows it, unpaid, with the total the server computed (the list's amount column).
    await suite.withPage(async (page) => {
      await page.goto('/oms/order');
      const row = page.locator('#main-content tbody tr').filter({ hasText: placed.order.orderSn });
      await row.first().waitFor(WAIT);
      const text = await row.first().textContent();
      expect(text).toContain(placed.order.totalAmount.toFixed(2));
      expect(text).toContain('Pending payment');
    }, { as: 'seller' });

    // Another shop's seller does not find it; the platform's admin does.
    const theirs = await callApi<{ list: unknown[] }>(suite, 'seller2', `/order/list?pageNum=1&pageSize=5&orderSn=${placed.order.orderSn}`);
    expect(theirs.list).toEqual([]);
    const all = await callApi<{ list: { orderSn: string }[] }>(suite, 'admin', `/order/list?pageNum=1&pageSize=5&orderSn=${placed.order.orderSn}`);
    expect(all.list.map((o) => o.orderSn)).toEqual([placed.order.orderSn]);
  }, 180_000);
});
