// Protects: shipping a batch in the real browser: the admin picks the "Pending shipment" tab of the order list, selects two demo orders, ships them from the shipping screen with a company and a number each in one step, and finds them under the "Shipped" tab; the server holds them as shipped with those numbers. On a phone the shipping screen starts where the work is: each order a card whose company and number inputs lie inside the 390 px window (no sideways scrolling).
import { describe, expect, it } from 'vitest';
import { apiAs } from '../helpers/browser-api';
import { browserSuite, PHONE } from './harness';

const suite = browserSuite();

type Order = { id: number; orderSn: string; status: number; deliverySn: string | null; deliveryCompany: string | null };

const { call: api } = apiAs(suite);

describe('order shipping', () => {
  it('ships two demo orders as a batch and shows them under the shipped tab', async () => {
    // The list's default order (newest first) puts these two at the top of the "Pending shipment" tab.
    const { list } = await api<{ list: Order[] }>('/order/list?status=1&pageSize=2&sort=id&order=desc');
    expect(list).toHaveLength(2);
    const [first, second] = list as [Order, Order];
    await suite.withPage(async (page) => {
      await page.goto('/oms/order');
      await page.getByRole('tab', { name: /^Pending shipment \(\d+\)$/ }).click();
      const rowOf = (sn: string) => page.locator('#main-content tbody tr').filter({ hasText: sn });
      for (const order of [first, second]) await rowOf(order.orderSn).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Ship selected' }).click();
      await page.waitForURL((url) => url.pathname === '/oms/deliverOrderList');

      for (const [order, company, sn] of [[first, 'SF Express', 'E2E-SF-1'], [second, 'YTO Express', 'E2E-YT-2']] as const) {
        await page.getByRole('combobox', { name: `Logistics company ${order.orderSn}` }).click();
        await page.getByRole('option', { name: company }).click();
        await page.getByRole('textbox', { name: `Logistics number ${order.orderSn}` }).fill(sn);
      }
      await page.getByRole('button', { name: 'Confirm shipment' }).click();
      await page.getByText('2 orders shipped').waitFor();
      await page.waitForURL((url) => url.pathname === '/oms/order');

      await page.getByRole('tab', { name: /^Shipped \(\d+\)$/ }).click();
      await page.getByRole('tab', { name: /^Shipped/, selected: true }).waitFor();
      await rowOf(first.orderSn).first().waitFor();
      await rowOf(second.orderSn).first().waitFor();
    }, { as: 'admin' });

    const shipped = await Promise.all([first, second].map((o) => api<Order>(`/order/${o.id}`)));
    expect(shipped.map((o) => [o.status, o.deliveryCompany, o.deliverySn])).toEqual([[2, '顺丰快递', 'E2E-SF-1'], [2, '圆通快递', 'E2E-YT-2']]);
  }, 180_000);

  it('on a phone, each order of the shipping screen is a card with its inputs inside the window', async () => {
    const { list } = await api<{ list: Order[] }>('/order/list?status=1&pageSize=2&sort=id&order=desc');
    expect(list).toHaveLength(2);
    await suite.withPage(async (page) => {
      await page.goto(`/oms/deliverOrderList?ids=${list.map((o) => o.id).join(',')}`);
      for (const order of list) {
        const card = page.getByRole('listitem').filter({ hasText: order.orderSn });
        for (const input of [card.getByRole('combobox', { name: `Logistics company ${order.orderSn}` }), card.getByRole('textbox', { name: `Logistics number ${order.orderSn}` })]) {
          const box = await input.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${order.orderSn}: ${JSON.stringify(box)}`).toBe(true);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }, { as: 'admin', viewport: PHONE });
  }, 60_000);
});
