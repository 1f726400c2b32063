/**
 * `npm run bench:open`: how fast a screen opens in the browser, as a person sees it, against a floor
 * measured beside it in the same run.
 *
 * Starts the real server with the demo content (as `npm start`; the built admin, rebuilt when stale
 * as the browser tests do) over a copy of the build that also holds the floor pages
 * (./browser-floor.ts): a bare document that reads the token, fetches the screen's own first data
 * request and writes its rows; a plain sign-in form that posts and fetches the home summary. Signs in
 * as the super admin once in Debian Chromium and keeps that session (storage state). Then per screen,
 * after one uncounted warm-up of each (the server's caches), LOADS rounds of the screen and its floor,
 * alternating (which goes first swaps each round), each load in a fresh browser context (its own
 * empty HTTP cache: a cold open), measured inside the page on its own clock (performance.now(),
 * 0 = navigation start, or the click for sign-in and list -> list):
 * - request: when the screen's first data request was sent (its resource entry's startTime);
 * - painted: when the screen's rows (or its form, or the home figures) are in the document, plus two
 *   animation frames (laid out and painted);
 * - JS: bytes (as sent: encodedBodySize, the server's brotli) and number of JS files fetched until painted;
 * - long tasks: the main thread's tasks over 50 ms until painted (count and total ms).
 * The ratio is the screen's median over its floor's median. Absolute times are printed, never checked:
 * on a shared machine they measure the machine; the ratio to a floor under the same noise does not.
 *
 * Then one more load of each screen (not counted) under a Chrome trace (./trace.ts): where the main
 * thread's time goes between the data arriving (the data request's responseEnd) and the rows painted,
 * by package and chunk (CPU samples through the build's source maps), chunk evaluation, style, layout,
 * paint, GC and idle.
 *
 * Usage: npx tsx bench/open.ts [--check] [--loads N] [--only name,name] [--no-trace]
 * `--check` exits 1 when a ratio is missed (medians): every list screen painted <= 3x its floor and its
 * data request sent <= 2x the floor's; sign-in -> home figures <= 3x the plain form's; the login form
 * visible <= 2x a plain form page. OPEN_TRACE=1 prints each load's requests and long tasks.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO } from '../tests/helpers/accounts';
import setup from '../tests/e2e/global-setup';
import { DESKTOP, launchBrowser, signIn, startServer } from '../tests/e2e/harness';
import { LANG_KEY } from '../src/i18n/lang';
import { FLOOR_LIST_PATH, FLOOR_LOGIN_PATH, writeFloorPages } from './browser-floor';
import { breakdown, formatBreakdown, startTrace } from './trace';

const RATIO = { listPainted: 3, listRequest: 2, signInHome: 3, loginForm: 2 } as const;
const PAINTED_MARK = 'open-bench-painted';
const DIST = join(import.meta.dirname, '..', 'dist');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * What "painted" waits for: a selector and how many of it; `admin`: the admin's own rows, timed apart
 * when the screen's first draw (src/admin/firstDraw.ts, homeFirstDraw.ts) shows them before the admin has drawn them.
 */
type Ready = { selector: string; count: number; admin?: string };

type Kind = 'list' | 'open' | 'listToList' | 'signIn' | 'loginForm';

type Screen = {
  name: string;
  url: string;
  /** The screen's first data request (an API path, compared with the request's path). */
  request: string;
  ready: Ready;
  kind: Kind;
};

/** A list's rows: the first draw's (its host says `rows` once they are in), or the admin's. */
const ADMIN_ROWS = '#main-content tbody tr.RaDataTable-row';
const ROWS: Ready = { selector: `${ADMIN_ROWS}, [data-first-draw="rows"]`, count: 1, admin: ADMIN_ROWS };
const FLOOR_ROWS: Ready = { selector: '#main-content tbody tr', count: 1 };
/** Home's figures: its first draw's (src/admin/homeFirstDraw.ts: its host says `figures` once they are in), or the admin's dashboard. */
const ADMIN_HOME = '[data-testid="home-dashboard"]';
const HOME: Ready = { selector: `${ADMIN_HOME}, [data-first-draw="figures"]`, count: 1, admin: ADMIN_HOME };
const LOGIN_FORM: Ready = { selector: 'input[name="username"]', count: 1 };

const list = (name: string, url: string, request: string): Screen => ({ name, url, request: `/api${request}`, ready: ROWS, kind: 'list' });

const screens = (orderId: number): Screen[] => [
  { name: 'home', url: '/home', request: '/api/home/summary', ready: HOME, kind: 'open' },
  list('product list', '/pms/product', '/product/list'),
  list('order list', '/oms/order', '/order/list'),
  list('member list', '/member/memberList', '/admin/listMember'),
  list('returns list', '/oms/returnApply', '/returnApply/list'),
  list('coupon list', '/sms/coupon', '/coupon/list'),
  list('flash list', '/sms/flash', '/flash/list'),
  list('admin list', '/ums/admin', '/admin/list'),
  list('brand list', '/pms/brand', '/brand/list'),
  list('role list', '/ums/role', '/role/list'),
  list('member level list', '/member/memberLevel', '/memberLevel/list'),
  list('advertisement list', '/sms/homeAdvertise', '/home/advertise/list'),
  list('return reason list', '/oms/returnReason', '/returnReason/list'),
  list('audit log', '/ums/auditLog', '/auditLog/list'),
  { name: 'order detail', url: `/oms/order#show=${orderId}`, request: `/api/order/${orderId}`, ready: { selector: '[data-testid="order-show"], #main-content [data-route-screen="order"] h2, #main-content .RaShow-main', count: 1 }, kind: 'open' },
  { name: 'brand create form', url: '/pms/addBrand', request: '/api/admin/info', ready: { selector: '#main-content form input[name="name"]', count: 1 }, kind: 'open' },
];

type Sample = {
  request: number | null; requestUrl: string | null; painted: number;
  /** On the page's clock (not from the click): the data request's responseEnd, the clock's start (0 or the click), painted. */
  arrived: number | null; startedAt: number; paintedAt: number;
  /** When the admin's own rows were in the document (from the same clock start as `painted`), where timed. */
  admin: number | null;
  jsBytes: number; jsFiles: number; longTasks: number; longTaskMs: number;
  trace?: string;
};

type BenchState = {
  clickAt?: number; readyAt?: number; painted?: number; adminAt?: number;
  longTasks: { start: number; duration: number }[];
};

/**
 * Runs in the page before its scripts: the moment `ready` is met (after a click when `afterClick`),
 * painted two frames later (and marked, so a trace can be aligned to the page's clock).
 */
const instrument = ({ ready, afterClick, mark }: { ready: Ready; afterClick: boolean; mark: string }) => {
  const state: BenchState = { longTasks: [] };
  (window as unknown as { __openBench: BenchState }).__openBench = state;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  if (afterClick) {
    document.addEventListener('click', () => { state.clickAt ??= performance.now(); }, { capture: true });
  }
  // Inline callbacks only: tsx names assigned functions with a helper the page does not have.
  new MutationObserver(() => {
    if (ready.admin && state.adminAt === undefined && (!afterClick || state.clickAt !== undefined) && document.querySelector(ready.admin)) state.adminAt = performance.now();
    if (state.readyAt !== undefined) return;
    if (afterClick && state.clickAt === undefined) return;
    if (document.querySelectorAll(ready.selector).length < ready.count) return;
    state.readyAt = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => { state.painted = performance.now(); performance.mark(mark); }));
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

/** Waits until painted (and, with `admin`, until the admin's own rows are in too), then reads the sample. */
const collect = async (page: Page, request: string, label: string, admin = false): Promise<Sample> => {
  const handle = await page.waitForFunction((admin) => {
    const s = (window as unknown as { __openBench?: BenchState }).__openBench;
    return s && s.painted !== undefined && (!admin || s.adminAt !== undefined) ? true : null;
  }, admin, { timeout: 60_000, polling: 20 }).catch(async (error: unknown) => {
    const seen = await page.evaluate(() => ({ state: (window as unknown as { __openBench?: unknown }).__openBench ?? null, url: location.href, text: document.body.innerText.slice(0, 300) }));
    throw new Error(`${label}: not painted: ${JSON.stringify(seen)}`, { cause: error });
  });
  await handle.dispose();
  return page.evaluate(({ request, trace }) => {
    const s = (window as unknown as { __openBench: BenchState }).__openBench;
    const from = s.clickAt ?? 0;
    const until = s.painted!;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const started = resources.filter((e) => e.startTime >= from && e.startTime <= until);
    const data = started.find((e) => new URL(e.name).pathname === request);
    const js = started.filter((e) => /\.js(\?|$)/.test(e.name));
    const tasks = s.longTasks.filter((t) => t.start + t.duration >= from && t.start <= until);
    return {
      request: data ? data.startTime - from : null,
      requestUrl: data ? data.name.replace(location.origin, '') : null,
      arrived: data ? data.responseEnd : null,
      painted: until - from,
      admin: s.adminAt === undefined ? null : s.adminAt - from,
      startedAt: from,
      paintedAt: until,
      jsBytes: js.reduce((sum, e) => sum + e.encodedBodySize, 0),
      jsFiles: js.length,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((sum, t) => sum + t.duration, 0),
      ...(trace ? {
        trace: `${resources.filter((e) => e.startTime <= until).map((e) => `${e.name.replace(location.origin, '').replace(/^\/assets\//, '')} ${(e.startTime - from).toFixed(0)}-${(e.responseEnd - from).toFixed(0)}`).join('\n    ')}\n    long tasks: ${tasks.map((t) => `${(t.start - from).toFixed(0)}+${t.duration.toFixed(0)}`).join(', ')}`,
      } : {}),
    };
  }, { request, trace: Boolean(process.env.OPEN_TRACE) });
};

type Options = { browser: Browser; baseUrl: string; state: StorageState | undefined };

/** CPU time (clock ticks) of every Chromium process on the machine, from /proc. */
const chromiumTicks = (): number => {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith('/usr/lib/chromium/chromium')) continue;
      // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
      const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
};

/**
 * Waits until the browser's processes are idle (at most one clock tick of CPU in 100 ms), up to 3 s:
 * a new context is a new window, and Chromium 156 spends ~0.5 s of CPU making one (its own UI, a
 * spare renderer), which ran into the measured load on the two cores. A person opening the admin
 * in a browser already running waits for none of it.
 */
const browserSettled = async (): Promise<void> => {
  const end = performance.now() + 3_000;
  let last = chromiumTicks();
  while (performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = chromiumTicks();
    if (now - last <= 1) return;
    last = now;
  }
};

/** A fresh context (empty cache) signed in with `state`, instrumented for `ready`; closed after `run`. */
const withContext = async <T>({ browser, baseUrl, state }: Options, args: { ready: Ready; afterClick: boolean },
  run: (page: Page) => Promise<T>): Promise<T> => {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'en-US', ...(state ? { storageState: state } : {}) });
  try {
    await context.addInitScript(instrument, { ...args, mark: PAINTED_MARK });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await browserSettled();
    return await run(page);
  } finally {
    await context.close();
  }
};

/** A load, optionally under a trace: answers the sample and, traced, the breakdown from data arrived to painted. */
type Load = (traced?: boolean) => Promise<{ sample: Sample; breakdown?: string }>;

const tracedRun = async (page: Page, traced: boolean | undefined, go: () => Promise<Sample>): Promise<{ sample: Sample; breakdown?: string }> => {
  if (!traced) return { sample: await go() };
  const trace = await startTrace(page);
  const sample = await go();
  const events = await trace.stop();
  // From the data's arrival (from the navigation or the click when a screen has no data request: the login form).
  const from = sample.arrived ?? sample.startedAt;
  const b = breakdown(events, { markName: PAINTED_MARK, markMs: sample.paintedAt, fromMs: from, toMs: sample.paintedAt, dist: DIST });
  const at = (ms: number) => (ms - sample.startedAt).toFixed(0);
  return { sample, breakdown: b ? `${sample.arrived === null ? 'start' : 'data arrived'} ${at(from)} ms -> painted ${at(sample.paintedAt)} ms\n  ${formatBreakdown(b)}` : 'no breakdown: the painted mark is not in the trace' };
};

const openLoad = (options: Options, url: string, request: string, ready: Ready): Load => (traced) =>
  withContext(options, { ready, afterClick: false }, (page) => tracedRun(page, traced, async () => {
    await page.goto(url, { waitUntil: 'commit' });
    return collect(page, request, url, ready.admin !== undefined);
  }));

const ORDER_ROWS: Ready = { selector: '#main-content [data-route-screen="order"] tbody tr.RaDataTable-row', count: 1 };

/** Product list (cold), then the sidebar's order list: click -> the order rows painted. */
const listToList = (options: Options): Load => () =>
  withContext(options, { ready: ORDER_ROWS, afterClick: true }, async (page) => {
    await page.goto('/pms/product');
    await page.locator('#main-content [data-route-screen="product"] tbody tr.RaDataTable-row').first().waitFor();
    const link = page.locator('a[href="/oms/order"]').first();
    if (!(await link.isVisible())) {
      // The order section is folded in the sidebar: open it first (not timed: the click clock starts at the list's link).
      await page.getByRole('button', { name: /^Orders$/ }).first().click();
      await page.evaluate(() => { (window as unknown as { __openBench: BenchState }).__openBench.clickAt = undefined; });
    }
    await link.click();
    return { sample: await collect(page, '/api/order/list', 'list -> list') };
  });

/** `path` (cold, signed out), fill the form, press Sign in -> the home figures painted. */
const signInToHome = (options: Options, path: string): Load => (traced) =>
  withContext({ ...options, state: undefined }, { ready: HOME, afterClick: true }, (page) => tracedRun(page, traced, async () => {
    await page.goto(path);
    await page.locator('input[name="username"]').fill(DEMO.admin.username);
    await page.locator('input[name="password"]').fill(DEMO.admin.password);
    await page.locator('button[type="submit"]').click();
    return collect(page, '/api/home/summary', `sign-in on ${path}`, path !== FLOOR_LOGIN_PATH);
  }));

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

type Row = { name: string; kind: Kind; samples: Sample[]; floor?: Sample[]; breakdown?: string };

const main = async () => {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const at = (flag: string) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : undefined; };
  const loads = Number(at('--loads') ?? 7);
  if (!Number.isInteger(loads) || loads < 1) throw new Error('--loads takes a whole number of 1 or more');
  const only = at('--only')?.split(',');
  const wanted = (name: string) => !only || only.includes(name);
  const tracing = !args.includes('--no-trace');

  await setup();
  // The build and the floor pages in one folder the server serves: the same server, the same answers.
  const staticDir = mkdtempSync(join(tmpdir(), 'bench-open-'));
  cpSync(DIST, staticDir, { recursive: true });
  writeFloorPages(staticDir);
  const loadBefore = load();
  const [server, browser] = await Promise.all([startServer({ DEMO_CONTENT: 'true', STATIC_DIR: staticDir }), launchBrowser()]);
  const rows: Row[] = [];
  try {
    const signInContext = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP, locale: 'en-US' });
    const signInPage = await signInContext.newPage();
    await signIn(signInPage, DEMO.admin);
    const raw = await signInContext.storageState();
    const state: StorageState = { ...raw, origins: raw.origins.map((o) => ({ ...o, localStorage: o.localStorage.filter((e) => e.name !== LANG_KEY) })) };
    const token = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'loginToken')?.value ?? '';
    const orders = await (await fetch(`${server.baseUrl}/api/order/list?pageNum=1&pageSize=1`, { headers: { Authorization: token } })).json() as { data: { list: { id: number }[] } };
    const orderId = orders.data.list[0]?.id;
    if (!orderId) throw new Error('the demo content has no order');
    await signInContext.close();
    const options: Options = { browser, baseUrl: server.baseUrl, state };

    /**
     * Warm-up of both (not counted), then `count` rounds of subject and floor, the first of each
     * round alternating; then one traced load of the subject (not counted).
     */
    const race = async (name: string, kind: Kind, subject: Load, floorOf: ((warm: Sample) => Load) | null, count: number) => {
      if (!wanted(name)) return;
      const { sample: warm } = await subject();
      const floor = floorOf?.(warm);
      if (floor) await floor();
      const samples: Sample[] = [];
      const floors: Sample[] = [];
      for (let i = 0; i < count; i += 1) {
        const order = i % 2 === 0 ? ['subject', 'floor'] as const : ['floor', 'subject'] as const;
        for (const which of order) {
          if (which === 'floor') {
            if (floor) floors.push((await floor()).sample);
            continue;
          }
          const { sample } = await subject();
          samples.push(sample);
          if (sample.trace) process.stdout.write(`${name} #${i + 1}: painted ${sample.painted.toFixed(0)}\n    ${sample.trace}\n`);
        }
      }
      const traced = tracing && kind !== 'listToList' ? (await subject(true)).breakdown : undefined;
      const series = (s: Sample[], key: 'painted' | 'request' | 'admin') => s.map((x) => x[key]?.toFixed(0) ?? '-').join(' ');
      const admin = samples.some((x) => x.admin !== null) ? `; admin rows ${series(samples, 'admin')} ms` : '';
      process.stdout.write(`${name}: painted ${series(samples, 'painted')} ms (floor ${series(floors, 'painted')}); request ${series(samples, 'request')} ms (floor ${series(floors, 'request')})${admin} (load ${load()})\n`);
      if (traced) process.stdout.write(`  trace: ${traced}\n`);
      rows.push({ name, kind, samples, ...(floor ? { floor: floors } : {}), ...(traced ? { breakdown: traced } : {}) });
    };

    /** The floor of a screen: its own first data request as the screen sent it, rows written plainly. */
    const listFloor = (request: string) => (warm: Sample): Load => {
      if (!warm.requestUrl) throw new Error(`the screen sent no ${request}`);
      return openLoad(options, `${FLOOR_LIST_PATH}?api=${encodeURIComponent(warm.requestUrl)}`, request, FLOOR_ROWS);
    };

    await race('login form', 'loginForm', openLoad({ ...options, state: undefined }, '/login', '/api/none', LOGIN_FORM),
      () => openLoad({ ...options, state: undefined }, FLOOR_LOGIN_PATH, '/api/none', LOGIN_FORM), loads);
    for (const screen of screens(orderId)) {
      await race(screen.name, screen.kind, openLoad(options, screen.url, screen.request, screen.ready), listFloor(screen.request), loads);
    }
    await race('list -> list', 'listToList', listToList(options), null, loads);
    await race('sign-in -> home', 'signIn', signInToHome(options, '/login'), () => signInToHome(options, FLOOR_LOGIN_PATH), loads);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  }

  const fmt = (v: number) => v.toFixed(0);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Infinity);
  const header = ['screen', 'painted ms (med/max)', 'floor ms', 'ratio', 'request sent ms', 'floor ms', 'ratio', 'admin rows ms', 'ratio', 'JS KB (files)', 'long tasks (ms)'];
  const measured = rows.map((row) => {
    const requests = row.samples.map((s) => s.request).filter((v): v is number => v !== null);
    const painted = median(row.samples.map((s) => s.painted));
    const sent = requests.length === row.samples.length ? median(requests) : null;
    const floorPainted = row.floor ? median(row.floor.map((s) => s.painted)) : null;
    const floorRequests = row.floor?.map((s) => s.request).filter((v): v is number => v !== null) ?? [];
    const floorSent = row.floor && floorRequests.length === row.floor.length ? median(floorRequests) : null;
    const admins = row.samples.map((s) => s.admin).filter((v): v is number => v !== null);
    const admin = admins.length === row.samples.length ? median(admins) : null;
    return { row, painted, sent, floorPainted, floorSent, admin };
  });
  const table = measured.map(({ row, painted, sent, floorPainted, floorSent, admin }) => [
    row.name,
    `${fmt(painted)} / ${fmt(Math.max(...row.samples.map((s) => s.painted)))}`,
    floorPainted === null ? '-' : fmt(floorPainted),
    floorPainted === null ? '-' : ratio(painted, floorPainted).toFixed(2),
    sent === null ? '-' : fmt(sent),
    floorSent === null ? '-' : fmt(floorSent),
    sent === null || floorSent === null ? '-' : ratio(sent, floorSent).toFixed(2),
    admin === null ? '-' : fmt(admin),
    admin === null || floorPainted === null ? '-' : ratio(admin, floorPainted).toFixed(2),
    `${(median(row.samples.map((s) => s.jsBytes)) / 1000).toFixed(0)} (${fmt(median(row.samples.map((s) => s.jsFiles)))})`,
    `${fmt(median(row.samples.map((s) => s.longTasks)))} (${fmt(median(row.samples.map((s) => s.longTaskMs)))})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  process.stdout.write(`\nbench:open, ${loads} rounds of screen and floor, alternating, fresh context each, Chromium ${browser.version()}\n`);
  for (const row of [header, ...table]) process.stdout.write(`  ${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
  process.stdout.write(`load average before ${loadBefore}, after ${load()}\n\n`);

  const verdicts: { what: string; met: boolean }[] = [];
  const verdict = (what: string, value: number | null, floor: number | null, limit: number) => {
    const r = value === null || floor === null ? Infinity : ratio(value, floor);
    verdicts.push({ what: `${what} <= ${limit}x its floor (${r.toFixed(2)}x: ${value === null ? '-' : fmt(value)} / ${floor === null ? '-' : fmt(floor)} ms)`, met: r <= limit });
  };
  for (const { row, painted, sent, floorPainted, floorSent } of measured) {
    if (row.kind === 'list') {
      verdict(`${row.name}: painted`, painted, floorPainted, RATIO.listPainted);
      verdict(`${row.name}: data request sent`, sent, floorSent, RATIO.listRequest);
    }
    if (row.kind === 'signIn') verdict('sign-in -> home figures painted', painted, floorPainted, RATIO.signInHome);
    if (row.kind === 'loginForm') verdict('login form painted', painted, floorPainted, RATIO.loginForm);
  }
  for (const v of verdicts) process.stdout.write(`${v.met ? 'met   ' : 'MISSED'} ${v.what}\n`);
  if (check && verdicts.some((v) => !v.met)) process.exitCode = 1;
};

await main();
