// Protects: handling return requests in the real browser, from the return's page (the list's `#show=<id>`, where mall's /oms/returnApplyDetail?id= leads): one confirmed with a refund (starting at what the line cost) and a return address (only the return's shop's are offered) then completed by confirming receipt, another rejected with a note; the server holds each step.
import { describe, expect, it } from 'vitest';
import { apiAs } from '../helpers/browser-api';
import { browserSuite } from './harness';

const suite = browserSuite();

type Return = { id: number; shopId: number; status: number; productRealPrice: number; productCount: number; handleNote: string | null; returnAmount: number | null };
type Address = { id: number; shopId: number; addressName: string };

const { call: api } = apiAs(suite);

describe('return requests', () => {
  it('confirms one with a refund and an address, then its receipt; rejects another with a note', async () => {
    const pending = (await api<{ list: Return[] }>('/returnApply/list?status=0&pageSize=50')).list;
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [first, second] = pending as [Return, Return];
    const addresses = await api<Address[]>(`/companyAddress/listAll`);
    const own = addresses.filter((a) => a.shopId === first.shopId);
    const address = own[0]!;
    // The demo has addresses of other shops too: the picker must leave them out.
    expect(addresses.length).toBeGreaterThan(own.length);

    await suite.withPage(async (page) => {
      // mall's link leads to the return's page.
      await page.goto(`/oms/returnApplyDetail?id=${first.id}`);
      await page.waitForURL((url) => url.pathname === '/oms/returnApply' && url.hash === `#show=${first.id}`);
      const toolbar = page.getByRole('toolbar');
      await toolbar.getByRole('button', { name: 'Confirm return' }).click();
      const dialog = page.getByRole('dialog');
      // The refund starts at what the buyer paid for the line.
      const paid = Math.round(first.productRealPrice * 100) * first.productCount / 100;
      await expect.poll(async () => Number(await dialog.getByLabel('Refund amount').inputValue())).toBe(paid);
      await dialog.getByLabel('Refund amount').fill('1');
      await dialog.getByLabel('Return address').click();
      // Only the return's own shop's addresses are offered.
      await page.getByRole('option', { name: address.addressName }).waitFor();
      expect((await page.getByRole('option').allTextContents()).filter((t) => t.trim()).sort())
        .toEqual(own.map((a) => a.addressName).sort());
      await page.getByRole('option', { name: address.addressName }).click();
      await dialog.getByLabel('Handling note').fill('Send it back, please');
      await dialog.getByRole('button', { name: 'Confirm return' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The page reads the record again: the next step is receipt; confirming and rejecting are gone.
      await toolbar.getByRole('button', { name: 'Confirm receipt' }).waitFor();
      await page.getByText('Send it back, please').waitFor();
      expect(await toolbar.getByRole('button', { name: 'Reject' }).count()).toBe(0);
      await expect.poll(async () => (await api<Return>(`/returnApply/${first.id}`)).status).toBe(1);
      expect(await api<Return>(`/returnApply/${first.id}`)).toMatchObject({ returnAmount: 1, companyAddressId: address.id, handleMan: 'admin' });

      await toolbar.getByRole('button', { name: 'Confirm receipt' }).click();
      await dialog.getByLabel('Receipt note').fill('Arrived intact');
      await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Arrived intact').waitFor();
      await expect.poll(async () => (await api<Return>(`/returnApply/${first.id}`)).status).toBe(2);

      await page.goto(`/oms/returnApply#show=${second.id}`);
      await toolbar.getByRole('button', { name: 'Reject' }).click();
      await dialog.getByLabel('Reason for rejecting').fill('Used goods cannot be returned');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Used goods cannot be returned').waitFor();
      await expect.poll(async () => (await api<Return>(`/returnApply/${second.id}`)).status).toBe(3);
    }, { as: 'admin' });
  }, 180_000);
});
