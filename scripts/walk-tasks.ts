/**
 * The eight-task walk (`npx tsx scripts/walk-tasks.ts [--url http://host:port] [--out /work/walk]`):
 * on a demo server (a fresh one with the demo content, the built admin rebuilt when stale as the
 * browser tests do, unless `--url` names a running one), Chromium does eight operator tasks end to
 * end at 1366×768 and at 390×844: ship an order, handle a return, set a flash price and check the
 * price, create a coupon, merge two members, close an order with cashier money bound to it, switch
 * the language in the middle of an edit, and open another seller's record by its URL. Every step
 * saves a screenshot into the output folder (outside the repository) and runs the fit walk's page
 * audit (tests/e2e/route-walk.ts: page wider than the window, unnamed buttons, clipped text,
 * covered cells) and a raw-id check (a record shown by a bare number: "Order id 286", "#28",
 * "Pay record 4"). Prints each task's screenshots and findings and writes them to findings.json;
 * exits non-zero when a task could not be done. The screenshots are for a person to look at: the
 * audits catch what a machine can, not everything.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import type { Envelope } from '../src/schema/api';
import { LANG_KEY } from '../src/i18n/lang';
import { TOKEN_KEY } from '../src/providers/api';
import setup from '../tests/e2e/global-setup';
import type { Viewport } from '../tests/e2e/harness';
import { launchBrowser, startServer } from '../tests/e2e/harness';
import type { PageAudit } from '../tests/e2e/route-walk';
import { PAGE_AUDIT, RAW_ID_AUDIT } from '../tests/e2e/route-walk';
import type { DemoRole } from '../tests/helpers/accounts';
import { DEMO } from '../tests/helpers/accounts';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, out: { type: 'string', default: '/work/walk' }, only: { type: 'string' } } });
const OUT = args.out!;
const SIZES: readonly (Viewport & { tag: string })[] = [{ width: 1366, height: 768, tag: 'desktop' }, { width: 390, height: 844, tag: 'phone' }];

type Row = Record<string, unknown> & { id: number };
type Shot = { file: string; findings: string[] };
type TaskResult = { task: string; size: string; shots: Shot[]; error?: string };

const tokens = new Map<DemoRole, string>();

/** A demo role's session token, from the login API (as the browser suites sign in). */
const tokenOf = async (base: string, role: DemoRole): Promise<string> => {
  const known = tokens.get(role);
  if (known) return known;
  const { username, password } = DEMO[role];
  const response = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const answer = await response.json() as Envelope<{ token: string; tokenHead: string }>;
  if (answer.code !== 200) throw new Error(`${role} could not sign in: ${answer.message}`);
  const token = `${answer.data.tokenHead}${answer.data.token}`;
  tokens.set(role, token);
  return token;
};

/** The API as `role`: GET without a body, POST with one; the answer's data (any other code throws). */
const apiOf = (base: string) => async <T>(role: DemoRole, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: await tokenOf(base, role), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json() as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path} as ${role}: ${answer.code} ${answer.message}`);
  return answer.data;
};

const listOf = (data: unknown): Row[] => (Array.isArray(data) ? data : (data as { list: Row[] }).list) as Row[];

type Ctx = {
  page: Page; size: Viewport & { tag: string }; api: ReturnType<typeof apiOf>;
  /** Screenshot of the page now (after the network calmed down), audited. */
  shot: (name: string) => Promise<void>;
};

type Task = { name: string; role: DemoRole; lang?: 'en' | 'zh'; run: (ctx: Ctx) => Promise<void> };

const QUIET = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Two frames for the last answer's render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
};

const rowOf = (page: Page, text: string) => page.locator('#main-content tbody tr, #main-content li').filter({ hasText: text }).first();

const TASKS: readonly Task[] = [
  {
    name: 'ship', role: 'admin', run: async ({ page, api, shot }) => {
      const order = listOf(await api('admin', '/order/list?status=1&pageSize=1&sort=id&order=desc'))[0]!;
      const sn = String(order.orderSn);
      await page.goto('/oms/order');
      await page.getByRole('tab', { name: /^Pending shipment/ }).click();
      await rowOf(page, sn).waitFor();
      await shot('pending-list');
      await rowOf(page, sn).getByRole('button', { name: /^Ship/ }).first().click();
      await page.waitForURL((url) => url.pathname === '/oms/deliverOrderList');
      await page.getByRole('combobox', { name: `Logistics company ${sn}` }).click();
      await page.getByRole('option', { name: 'SF Express' }).click();
      await page.getByRole('textbox', { name: `Logistics number ${sn}` }).fill(`WALK-${Date.now()}`);
      await shot('shipping-filled');
      await page.getByRole('button', { name: 'Confirm shipment' }).click();
      await page.waitForURL((url) => url.pathname === '/oms/order');
      await page.goto(`/oms/order#show=${order.id}`);
      await page.getByText(sn).first().waitFor();
      await shot('order-shipped');
    },
  },
  {
    name: 'return', role: 'admin', run: async ({ page, api, shot }) => {
      const request = listOf(await api('admin', '/returnApply/list?status=0&pageSize=1&sort=id&order=desc'))[0]!;
      await page.goto('/oms/returnApply');
      await page.locator('#main-content tbody tr, #main-content li').first().waitFor();
      await shot('return-list');
      await page.goto(`/oms/returnApplyDetail?id=${request.id}`);
      const toolbar = page.getByRole('toolbar');
      await toolbar.getByRole('button', { name: 'Confirm return' }).click();
      const dialog = page.getByRole('dialog');
      // Above what the buyer paid first: the refusal, then what was paid.
      await dialog.getByLabel('Refund amount').fill('999999');
      await dialog.getByLabel('Return address').click();
      await page.getByRole('option').first().click();
      await dialog.getByRole('button', { name: 'Confirm return' }).click();
      await page.getByRole('alert').or(dialog.locator('.Mui-error')).first().waitFor();
      await shot('over-refund-refused');
      await dialog.getByLabel('Refund amount').fill('1');
      await dialog.getByRole('button', { name: 'Confirm return' }).click();
      await dialog.waitFor({ state: 'detached' });
      await toolbar.getByRole('button', { name: 'Confirm receipt' }).waitFor();
      await shot('return-confirmed');
    },
  },
  {
    name: 'flash-price-check', role: 'admin', run: async ({ page, api, shot }) => {
      // A demo sale's session that has products.
      let found: { sale: Row; session: Row; relation: Row } | undefined;
      for (const sale of listOf(await api('admin', '/flash/list?pageSize=20'))) {
        for (const session of listOf(await api('admin', '/flashSession/list'))) {
          const relation = listOf(await api('admin', `/flashProductRelation/list?flashPromotionId=${sale.id}&flashPromotionSessionId=${session.id}&pageSize=1`))[0];
          if (relation) { found = { sale, session, relation }; break; }
        }
        if (found) break;
      }
      if (!found) throw new Error('no demo flash session with products');
      const { sale, session, relation } = found;
      const product = await api<Row>('admin', `/product/${relation.productId}`);
      const name = String(product.name);
      await page.goto(`/sms/flashProductRelation?flashPromotionId=${sale.id}&flashPromotionSessionId=${session.id}`);
      const count = page.getByRole('spinbutton', { name: `Number of flash units · ${name}` }).or(page.getByRole('spinbutton', { name: new RegExp(`· ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })).first();
      await count.waitFor();
      await shot('flash-products');
      const price = page.getByRole('spinbutton', { name: `Flash price · ${name}` });
      const newPrice = Math.max(0.01, Math.round((Number(relation.flashPromotionPrice) - 0.5) * 100) / 100);
      await price.fill(String(newPrice));
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Save changes', disabled: true }).waitFor();
      await shot('flash-saved');
      await page.goto('/sms/priceCheck');
      const box = page.getByRole('combobox', { name: /^Product/ }).first();
      await box.click();
      await box.fill(name);
      await page.getByRole('option').filter({ hasText: name }).first().waitFor();
      await shot('price-check-picker');
      await page.getByRole('option').filter({ hasText: name }).first().click();
      await page.getByRole('button', { name: 'Check price' }).click();
      await page.getByRole('region', { name: /Result|result/ }).first().waitFor();
      await shot('price-check-result');
    },
  },
  {
    name: 'coupon', role: 'admin', run: async ({ page, shot }) => {
      const name = `Walk coupon ${Date.now()}`;
      await page.goto('/sms/addCoupon');
      await page.getByLabel('Coupon name').fill(name);
      await page.getByLabel('Coupon type').click();
      await page.getByRole('option', { name: 'Purchase gift' }).click();
      await page.getByLabel('Amount').fill('20');
      await page.getByLabel('Minimum spend').fill('100');
      await page.getByLabel('Total count').fill('100');
      await page.getByRole('textbox', { name: 'Start time' }).click();
      await page.keyboard.type('050220271000A');
      await page.getByRole('textbox', { name: 'End time' }).click();
      await page.keyboard.type('060120271000A');
      await page.getByLabel('Use scope').click();
      await page.getByRole('option', { name: 'Specific products' }).click();
      const products = page.getByRole('combobox', { name: 'Products', exact: true });
      await products.click();
      await products.fill('tent');
      await page.getByRole('option').first().waitFor();
      await shot('coupon-product-picker');
      await page.getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await shot('coupon-form');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/sms/coupon');
      await rowOf(page, name).waitFor();
      await shot('coupon-list');
      await rowOf(page, name).click();
      await QUIET(page);
      await shot('coupon-after-save');
    },
  },
  {
    name: 'merge', role: 'admin', run: async ({ page, api, shot }) => {
      const members = listOf(await api('admin', '/admin/listMember?pageSize=50&sort=id&order=desc'));
      const first = members[0]!;
      const other = members.find((m) => m.id !== first.id && m.shopId === first.shopId);
      if (!other) throw new Error('no two members of one shop');
      await page.goto('/member/memberList');
      await rowOf(page, String(first.username)).waitFor();
      await shot('member-list');
      await page.getByRole('button', { name: `Merge with… · ${String(first.username)}` }).first().click();
      const dialog = page.getByRole('dialog');
      const search = dialog.getByRole('combobox');
      await search.fill(String(other.username));
      await page.getByRole('option').filter({ hasText: String(other.username) }).first().click();
      await page.getByRole('dialog').filter({ hasText: 'Merge two members' }).waitFor();
      await shot('merge-dialog');
      await page.getByRole('radio').first().check();
      await page.getByRole('dialog').getByRole('button', { name: 'Merge', exact: true }).click();
      await page.getByText(/Members merged/).waitFor();
      await shot('merged');
    },
  },
  {
    name: 'close-bound', role: 'admin', run: async ({ page, api, shot }) => {
      // An unpaid order with part of its amount bound to a new cashier balance of its shop.
      const shops = listOf(await api('admin', '/shop/listAll'));
      let bound: { order: Row } | undefined;
      for (const shop of shops) {
        const balance = await api<Row>('admin', '/balance/create', { shopId: shop.id, amount: 5, payChannel: 'bank', note: `Walk ${Date.now()}` });
        const open = listOf(await api('admin', `/balance/openOrders/${balance.id}`)).filter((o) => Number(o.openAmount) > 5);
        if (!open[0]) { await api('admin', `/balance/delete/${balance.id}`, {}); continue; }
        await api('admin', `/balance/bind/${balance.id}`, [{ orderId: open[0].id, amount: 5 }]);
        bound = { order: open[0] };
        break;
      }
      if (!bound) throw new Error('no shop with an unpaid order to bind');
      const sn = String(bound.order.orderSn);
      await page.goto(`/oms/order?filter=${encodeURIComponent(JSON.stringify({ orderSn: sn }))}`);
      await rowOf(page, sn).waitFor();
      await shot('order-list');
      await rowOf(page, sn).getByRole('button', { name: /^Close order/ }).first().click();
      await page.getByRole('dialog').waitFor();
      await shot('list-close-dialog');
      await page.keyboard.press('Escape');
      await page.goto(`/oms/orderDetail?id=${bound.order.id}`);
      await page.getByText(sn).first().waitFor();
      await QUIET(page);
      await shot('order-detail');
      await page.getByRole('button', { name: /^Close order/ }).first().click();
      await page.getByRole('dialog').waitFor();
      await shot('detail-close-dialog');
    },
  },
  {
    name: 'language-mid-edit', role: 'admin', run: async ({ page, api, shot }) => {
      const shop = listOf(await api('admin', '/shop/list?pageSize=1'))[0]!;
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`/shop/updateShop?id=${shop.id}`);
      const name = page.getByRole('textbox', { name: /Shop name/ });
      await name.waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value !== ''));
      await name.fill(`${String(shop.shopName ?? 'Shop')} (walk)`);
      await shot('edit-en');
      await page.getByRole('button', { name: /^(Language|语言)$/ }).click();
      await page.getByRole('menuitem', { name: '中文' }).click();
      await page.getByRole('textbox', { name: /店铺名称/ }).waitFor();
      await QUIET(page);
      await shot('after-switch-zh');
    },
  },
  {
    name: 'other-seller-url', role: 'seller', run: async ({ page, api, shot }) => {
      const order = listOf(await api('seller2', '/order/list?pageSize=1'))[0]!;
      const product = listOf(await api('seller2', '/product/list?pageSize=1'))[0]!;
      await page.goto(`/oms/orderDetail?id=${order.id}`);
      await page.locator('[data-route-screen]').first().waitFor();
      await QUIET(page);
      await shot('order-of-seller2');
      await page.goto(`/pms/updateProduct?id=${product.id}`);
      await page.locator('[data-route-screen]').first().waitFor();
      await QUIET(page);
      await shot('product-of-seller2');
    },
  },
];

const runTask = async (browser: Browser, base: string, task: Task, size: Viewport & { tag: string }): Promise<TaskResult> => {
  const api = apiOf(base);
  const lang = task.lang ?? 'en';
  const context = await browser.newContext({
    baseURL: base, viewport: { width: size.width, height: size.height }, locale: 'en-US',
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: TOKEN_KEY, value: await tokenOf(base, task.role) }, { name: LANG_KEY, value: lang }] }] },
  });
  const result: TaskResult = { task: task.name, size: `${size.width}×${size.height}`, shots: [] };
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  // A refused or failed API call is a finding of the step it happened in (the task may still go on).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() < 400 || !response.url().includes('/api/')) return;
    void response.text().then((body) => refused.push(`${response.request().method()} ${new URL(response.url()).pathname}${new URL(response.url()).search} answered ${response.status()}: ${body.slice(0, 160)}`), () => undefined);
  });
  let step = 0;
  const shot = async (name: string) => {
    await QUIET(page);
    step += 1;
    const file = join(OUT, `${task.name}-${size.tag}-${String(step).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const audit = await page.evaluate(PAGE_AUDIT) as PageAudit;
    const raw = await page.evaluate(RAW_ID_AUDIT) as string[];
    const findings = [
      ...(audit.width > audit.viewport ? [`${audit.width} px wide (${audit.wide.join('; ')})`] : []),
      ...audit.unnamed.map((b) => `unnamed ${b}`), ...audit.clipped.map((c) => `clipped ${c}`), ...audit.covered, ...raw.map((r) => `raw id ${r}`),
      ...refused.splice(0).map((r) => `request ${r}`),
    ];
    result.shots.push({ file, findings });
  };
  try {
    await task.run({ page, size, api, shot });
  } catch (error) {
    result.error = (error as Error).message.split('\n')[0];
    await shot('failed').catch(() => undefined);
  } finally {
    await context.close();
  }
  return result;
};

const main = async () => {
  mkdirSync(OUT, { recursive: true });
  let stop = async () => {};
  let base = args.url;
  if (!base) {
    await setup();
    const server = await startServer({ DEMO_CONTENT: 'true' });
    base = server.baseUrl;
    stop = server.stop;
  }
  const browser = await launchBrowser();
  const results: TaskResult[] = [];
  try {
    for (const size of SIZES) {
      for (const task of TASKS.filter((t) => !args.only || args.only.split(',').includes(t.name))) {
        const result = await runTask(browser, base, task, size);
        results.push(result);
        console.info(`${task.name} ${result.size}${result.error ? ` FAILED: ${result.error}` : ''}`);
        for (const s of result.shots) console.info(`  ${s.file}${s.findings.map((f) => `\n    - ${f}`).join('')}`);
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
  writeFileSync(join(OUT, 'findings.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (results.some((r) => r.error)) process.exitCode = 1;
};

await main();
