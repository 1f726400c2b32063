// Protects: the order's page in the real browser: mall's /oms/orderDetail?id= leads to it; one demo order followed to completed from it (ship from its own button through the shipping screen, then "Confirm receipt" there), its progress, timeline and history showing each step, and its basic information the stored payment and delivery status (paid, not shipped, then shipped); another closed with a note from its page in Chinese (first refused in its dialog while cashier money is bound, saying how much), the history showing the note. The server holds each result.
import { describe, expect, it } from 'vitest';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite();

type Order = { id: number; orderSn: string; status: number; createTime: string; payStatus: number; deliveryStatus: number };

/** How the page names each payment status (a demo order pending shipment may have a completed return: refunded). */
const PAY_LABELS = ['Unpaid', 'Paid', 'Refunded'] as const;

const { call: api, post } = apiAs(suite);
const statusOf = async (id: number) => (await api<Order>(`/order/${id}`)).status;

describe('the order page', () => {
  it('follows an order pending shipment to completed from its page', async () => {
    const { list } = await api<{ list: Order[] }>('/order/list?status=1&pageSize=1&sort=id&order=asc');
    const order = list[0]!;
    await suite.withPage(async (page) => {
      await page.goto(`/oms/orderDetail?id=${order.id}`);
      await page.waitForURL((url) => url.pathname === '/oms/order' && url.hash === `#show=${order.id}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(order.orderSn) }).waitFor();
      await page.getByRole('region', { name: 'Progress' }).getByText('Order submitted').waitFor();
      await page.getByRole('table', { name: 'Products' }).waitFor();
      // The stored payment and delivery status, each beside its label in the basic information.
      const basic = page.getByRole('region', { name: 'Basic information' });
      // Read as the page's text (each value right after its label), retried: no generated class names.
      const shows = (label: string, value: string) => expect.poll(
        async () => `${await basic.innerText()}\n`.replace(/\s+/g, ' '), { timeout: 30_000 },
      ).toContain(`${label} ${value} `);
      const { payStatus } = await api<Order>(`/order/${order.id}`);
      expect(payStatus).toBeGreaterThan(0);
      await shows('Payment status', PAY_LABELS[payStatus]!);
      await shows('Delivery status', 'Not shipped');

      await page.getByRole('toolbar').getByRole('button', { name: 'Ship' }).click();
      await page.waitForURL((url) => url.pathname === '/oms/deliverOrderList');
      await page.getByRole('combobox', { name: `Logistics company ${order.orderSn}` }).click();
      await page.getByRole('option', { name: 'ZTO Express' }).click();
      await page.getByRole('textbox', { name: `Logistics number ${order.orderSn}` }).fill('E2E-ZT-DETAIL');
      await page.getByRole('button', { name: 'Confirm shipment' }).click();
      await expect.poll(() => statusOf(order.id), { timeout: 30_000 }).toBe(2);

      await page.goto(`/oms/orderDetail?id=${order.id}`);
      const timeline = page.getByRole('region', { name: 'Logistics' });
      await timeline.getByText(/E2E-ZT-DETAIL/).waitFor();
      await timeline.getByText(/what its carrier reported/).waitFor();
      await shows('Delivery status', 'Shipped');
      await page.getByRole('toolbar').getByRole('button', { name: 'Confirm receipt' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm receipt' }).click();
      await expect.poll(() => statusOf(order.id), { timeout: 30_000 }).toBe(3);
      const history = page.getByRole('region', { name: 'History' });
      await history.getByRole('cell', { name: 'Completed' }).first().waitFor();
      await history.getByRole('cell', { name: 'admin' }).first().waitFor();
    }, { as: 'admin' });
  }, 180_000);

  it('closes an unpaid order with a note from its page, in Chinese', async () => {
    // The newest unpaid demo order: the order-settings job leaves it alone for an hour or more. The
    // demo binds part of a cashier balance to it, and an order with money bound cannot be closed
    // (order_close_bound), so the cashier takes the binding back first, as a person would.
    const { list } = await api<{ list: Order[] }>('/order/list?status=0&pageSize=1&sort=createTime&order=desc');
    const order = list[0]!;
    const bindings = await api<{ list: { balanceId: number }[] }>(`/balance/order/list?orderId=${order.id}`);
    expect(bindings.list.length).toBeGreaterThan(0);
    // Bound, the close dialog says how much and that it must be unbound first, and offers no close.
    await suite.withPage(async (page) => {
      await page.goto(`/oms/orderDetail?id=${order.id}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(order.orderSn) }).waitFor();
      await page.getByRole('toolbar').getByRole('button', { name: '关闭订单' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('alert').filter({ hasText: order.orderSn }).filter({ hasText: '请先解绑' }).waitFor();
      expect(await dialog.getByRole('button', { name: '关闭订单' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: '取消' }).click();
      await dialog.waitFor({ state: 'detached' });
    }, { as: 'admin', lang: 'zh' });
    for (const { balanceId } of bindings.list) {
      await post(`/balance/unbind/${balanceId}?orderId=${order.id}`);
    }
    await suite.withPage(async (page) => {
      await page.goto(`/oms/orderDetail?id=${order.id}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(order.orderSn) }).waitFor();
      await page.getByRole('region', { name: '订单进度' }).getByText('提交订单').waitFor();
      await page.getByRole('toolbar').getByRole('button', { name: '关闭订单' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: '操作备注' }).fill('买家要求取消');
      await dialog.getByRole('button', { name: '关闭订单' }).click();
      await expect.poll(() => statusOf(order.id), { timeout: 30_000 }).toBe(4);
      await page.getByRole('region', { name: '订单进度' }).getByText(/已关闭/).waitFor();
      await page.getByRole('cell', { name: '买家要求取消' }).waitFor();
    }, { as: 'admin', lang: 'zh' });
    const history = await api<{ list: { note: string; orderStatus: number }[] }>(`/order/history/list?orderId=${order.id}`);
    expect(history.list[0]).toMatchObject({ note: '买家要求取消', orderStatus: 4 });
  }, 180_000);
});
