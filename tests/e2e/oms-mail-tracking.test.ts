// Protects: the mail and tracking walk in the demo, in the real browser on one running server: shipping two orders (a Chinese-market buyer's
// and another's) from the admin puts each buyer's shipped mail in /demo-mail in the buyer's language; the order's timeline then
// shows the stand-in carrier's events, and later more of them, with no server restart (the carrier's pace and the tracking job's
// interval are settings, short here); "Message the buyer" on the order is listed with its delivery state and reaches /demo-mail.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './harness';

// A parcel's events 3.3, 8.3, 13.3, 18.3, 23.3 and 28.3 s after shipping; the job asks every 2 s.
const suite = browserSuite({ DEMO_CARRIER_STEP_SECONDS: '5', TRACKING_INTERVAL_SECONDS: '2' });

type Pending = { id: number; order_sn: string; member_id: number };

/**
 * Two paid orders pending shipment of two different buyers with an email, the first buyer made a
 * Chinese speaker (`ums_member.language`, as the member form sets it): the demo's Chinese shop has
 * no order pending shipment, its other shops' buyers are English speakers.
 */
const twoBuyers = (): [Pending, Pending] => {
  const db = new Database(join(suite.dataDir, 'admin.sqlite'), { fileMustExist: true });
  try {
    const rows = db.prepare(`SELECT o.id, o.order_sn, o.member_id FROM oms_order o JOIN ums_member m ON m.id = o.member_id AND m.shop_id = o.shop_id
      WHERE o.status = 1 AND o.delete_status = 0 AND m.email IS NOT NULL ORDER BY o.id`).all() as Pending[];
    const zh = rows[0];
    const en = rows.find((r) => r.member_id !== zh?.member_id);
    if (!zh || !en) throw new Error(`two demo orders pending shipment of two buyers with an email expected: ${JSON.stringify(rows)}`);
    db.prepare('UPDATE ums_member SET language = ? WHERE id = ?').run('zh', zh.member_id);
    db.prepare('UPDATE ums_member SET language = ? WHERE id = ?').run('en', en.member_id);
    return [zh, en];
  } finally {
    db.close();
  }
};

describe('mail and tracking in the demo', () => {
  it('ships, mails each buyer in their language, tracks the parcel on the order page and messages the buyer', async () => {
    const [zh, en] = twoBuyers();
    await suite.withPage(async (page) => {
      await page.goto(`/oms/deliverOrderList?ids=${zh.id},${en.id}`);
      for (const [order, company, sn] of [[zh, 'SF Express', 'MW-SF-1'], [en, 'DHL', 'MW-DHL-2']] as const) {
        await page.getByRole('combobox', { name: `Logistics company ${order.order_sn}` }).click();
        await page.getByRole('option', { name: company, exact: true }).click();
        await page.getByRole('textbox', { name: `Logistics number ${order.order_sn}` }).fill(sn);
      }
      await page.getByRole('button', { name: 'Confirm shipment' }).click();
      await page.getByText('2 orders shipped').waitFor();

      // The order page, opened at once: carrier events come in by themselves (no reload of page or server), then more of them
      // while the inbox is read in another tab. The page asks every 10 s; the parcel is delivered 28 s after shipping.
      await page.goto(`/oms/order#show=${zh.id}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(zh.order_sn) }).waitFor();
      const carrierRows = page.getByRole('list', { name: 'Logistics' }).getByRole('listitem').filter({ hasText: 'Carrier:' });
      await carrierRows.filter({ hasText: 'Picked up · 快递员已揽收' }).waitFor({ timeout: 30_000 });
      const first = await carrierRows.count();
      // The demo inbox, as a person opens it: each shipped notice in its buyer's language.
      const inbox = await page.context().newPage();
      await inbox.goto('/demo-mail');
      const mailOf = (order: Pending) => inbox.locator('article').filter({ hasText: order.order_sn });
      await expect.poll(async () => {
        await inbox.reload();
        return (await mailOf(zh).count()) > 0 && (await mailOf(en).count()) > 0;
      }, { timeout: 30_000, interval: 500 }).toBe(true).catch(async (error: unknown) => {
        const db = new Database(join(suite.dataDir, 'admin.sqlite'), { readonly: true });
        const outbox = db.prepare('SELECT status, attempts, next_attempt_time FROM sys_outbox').all();
        const jobs = db.prepare('SELECT name, last_status, run_count, lease_owner IS NOT NULL AS leased, next_run_time, last_start_time FROM sys_job').all();
        db.close();
        throw new Error(`${String(error)}\ninbox: ${await inbox.locator('body').innerText()}\njobs: ${JSON.stringify(jobs)}\noutbox: ${JSON.stringify(outbox)}\nnow: ${new Date().toISOString()}`);
      });
      expect(await mailOf(zh).getAttribute('lang')).toBe('zh');
      await mailOf(zh).getByRole('heading', { name: `您的订单 ${zh.order_sn} 已发货` }).waitFor();
      await mailOf(zh).getByText('运单号：MW-SF-1').waitFor();
      expect(await mailOf(en).getAttribute('lang')).toBe('en');
      await mailOf(en).getByRole('heading', { name: `Your order ${en.order_sn} has shipped` }).waitFor();
      await mailOf(en).getByText('Tracking number: MW-DHL-2').waitFor();

      await page.bringToFront();
      await carrierRows.filter({ hasText: 'Delivered · 已签收' }).waitFor({ timeout: 60_000 });
      expect(await carrierRows.count()).toBeGreaterThan(first);
      expect(await carrierRows.count()).toBe(6);

      // "Message the buyer": listed with its delivery state, queued then sent, and in the inbox.
      const text = `Your parcel ${zh.order_sn} is on its way: mailwalk`;
      await page.getByRole('toolbar').getByRole('button', { name: 'Message the buyer' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('dialog').getByRole('button', { name: /^(Message the buyer|Send|Confirm|Save)$/ }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const row = () => page.getByRole('table', { name: 'Messages to the buyer' }).getByRole('row').filter({ hasText: text });
      await expect.poll(async () => {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: new RegExp(zh.order_sn) }).waitFor();
        return row().filter({ hasText: 'Sent' }).count();
      }, { timeout: 30_000, interval: 1_000 }).toBe(1);
      await inbox.reload();
      await inbox.locator('article').filter({ hasText: text }).first().waitFor();
      await inbox.close();
    }, { as: 'admin' });
  }, 120_000);
});
