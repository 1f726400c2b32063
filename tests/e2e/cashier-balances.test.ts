// Protects: binding orders to a cashier balance in the real browser, in English and Chinese: on /oms/balanceList the admin opens "Bind orders" of a balance, finds three unpaid orders of its shop by searching their numbers, and binding all three is refused under the third order's amount with "exceed balance limit" (nothing bound); without it the two fill the balance, the row lists them, and the server holds the balance used up and both orders paid.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/schema/api';
import { errorsZh } from '../../src/i18n/errors';
import { strings } from '../../src/resources/cashier/strings';
import { fromCents, sumCents, toCents } from '../../src/schema/engine/money';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

// Many demo orders per shop, so every shop has unpaid ones to bind.
const suite = browserSuite({ DEMO_CONTENT: 'true' });

type OpenOrder = { id: number; orderSn: string; createTime: string | null; openAmount: number };
type Balance = { id: number; amount: number; boundAmount: number; orders: { orderId: number }[] };
type Order = { id: number; status: number };

const { call: api } = apiAs(suite);

/** A new balance in a shop with three unpaid orders (the most recent, which the order time-out job leaves alone for a while); its amount is what the first two still owe. */
const balanceWithOrders = async (shopIndex: number, note: string) => {
  const shops = await api<{ id: number }[]>('/shop/listAll');
  for (const shop of shops.slice(shopIndex)) {
    const { id } = await api<{ id: number }>('/balance/create', { shopId: shop.id, amount: 1, payChannel: 'bank', note });
    const open = (await api<OpenOrder[]>(`/balance/openOrders/${id}`))
      .sort((a, b) => String(b.createTime).localeCompare(String(a.createTime))).slice(0, 3);
    if (open.length < 3) {
      await api(`/balance/delete/${id}`, {});
      continue;
    }
    const amount = fromCents(sumCents([toCents(open[0]!.openAmount), toCents(open[1]!.openAmount)]));
    await api(`/balance/update/${id}`, { amount });
    return { id, orders: open as [OpenOrder, OpenOrder, OpenOrder] };
  }
  throw new Error('no shop with three unpaid orders');
};

describe('cashier balances', () => {
  it.each([['en', 0], ['zh', 1]] as const)('binds orders up to the balance; one more is refused with "exceed balance limit" (%s)', async (lang, shopIndex) => {
    const t = strings[lang].entity.cashier;
    const exceed = lang === 'en' ? MESSAGES.exceed_balance_limit : errorsZh.exceed_balance_limit;
    const note = `E2E balance ${lang} ${Date.now()}`;
    const { id, orders } = await balanceWithOrders(shopIndex, note);
    const [first, second, third] = orders;

    await suite.withPage(async (page) => {
      await page.goto('/oms/balanceList');
      const row = page.locator('#main-content tbody tr').filter({ hasText: note });
      await row.getByRole('button', { name: t.bind }).click();
      const dialog = page.getByRole('dialog');
      const search = dialog.getByRole('textbox', { name: t.bind_search });
      // Each order found by its number; picked ones stay listed while searching for the next.
      for (const order of orders) {
        await search.fill(order.orderSn);
        const pick = dialog.getByRole('checkbox', { name: `${t.bind_pick} ${order.orderSn}` });
        await pick.check();
        await expect.poll(() => pick.isChecked()).toBe(true);
      }
      // The balance is used up by the first two: the third gets no amount of its own; give it one.
      const amountOf = (sn: string) => dialog.getByRole('spinbutton', { name: `${t.bind_amount} ${sn}` });
      await expect.poll(() => amountOf(first.orderSn).inputValue()).toBe(String(first.openAmount));
      await expect.poll(() => amountOf(second.orderSn).inputValue()).toBe(String(second.openAmount));
      await amountOf(third.orderSn).fill('1');
      await dialog.getByRole('button', { name: t.bind_submit, exact: true }).click();
      // Refused under the third order's amount; nothing is bound.
      await dialog.locator('tr').filter({ hasText: third.orderSn }).getByText(exceed).waitFor();
      expect((await api<Balance>(`/balance/${id}`)).boundAmount).toBe(0);

      await dialog.getByRole('checkbox', { name: `${t.bind_pick} ${third.orderSn}` }).uncheck();
      await dialog.getByRole('button', { name: t.bind_submit, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      // The row lists the two orders it paid.
      await row.getByText(first.orderSn).waitFor();
      await row.getByText(second.orderSn).waitFor();
    }, { as: 'admin', lang });

    await expect.poll(async () => { const b = await api<Balance>(`/balance/${id}`); return toCents(b.amount) - toCents(b.boundAmount); }).toBe(0);
    const balance = await api<Balance>(`/balance/${id}`);
    expect(balance.orders.map((o) => o.orderId).sort()).toEqual([first.id, second.id].sort());
    for (const order of [first, second]) expect((await api<Order>(`/order/${order.id}`)).status).toBe(1);
    expect((await api<Order>(`/order/${third.id}`)).status).toBe(0);
  }, 180_000);
});
