// A real server on a fresh database per test file and a real Chromium per test worker (browserSuite),
// with one sign-in per demo role whose stored state every later page of that role reuses.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { LANG_KEY } from '../../src/i18n/lang';
import { TOKEN_KEY } from '../../src/providers/api';
import type { Envelope } from '../../src/schema/api';
import type { Credentials, DemoRole } from '../helpers/accounts';
import { DEMO } from '../helpers/accounts';
import { removeRunFolders, runTag, sourceFingerprint } from '../helpers/db-templates';

const root = join(import.meta.dirname, '..', '..');
const E2E_TEMPLATES = join(tmpdir(), 'admin-e2e-templates');

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Chromium 156.0.8078.108 (Debian, 2026-11) loads the address bar's popup as two WebUI pages
  // (chrome://omnibox-popup.top-chrome/, its AI-mode page) in a renderer of their own for every new
  // window, that is every browser context here: they ran beside each measured load on the two
  // cores (bench:open's cold list 3.1 s painted against 0.86 s with the .73 build a day before), and
  // a new page took 0.5-0.9 s against 0.3 s without them. No test uses the browser's own UI.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
  });
});

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

type Started = { child: ChildProcess; baseUrl: string; stop: () => Promise<void> };

/** Runs `server/main.ts --demo` on a free port over `dataDir` until it answers its health check. */
const spawnServer = async (dataDir: string, env: Record<string, string>): Promise<Started> => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), '--demo'], {
    cwd: root,
    env: {
      // The demo seed as `npm start` makes it: the accounts of DEMO (tests/helpers/accounts.ts).
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: '',
      // Tests start from empty lists (their own records, empty states); demo-content tests pass DEMO_CONTENT=true.
      LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '', DEMO_CONTENT: 'false', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${output}`); }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { child, baseUrl, stop };
};

/**
 * Under vitest, the data folder a first start with `env` leaves (migrated, seeded, indexed), made
 * once per run and copied for each file: a browser file then starts its server without seeding.
 * Keyed by the server's sources and `env`; removed by ./global-setup.ts when the run ends. A server
 * on PostgreSQL (DATABASE_URL) keeps its data there and starts afresh.
 */
const seededDataDir = async (env: Record<string, string>): Promise<string | undefined> => {
  if (!process.env.VITEST || env.DATABASE_URL) return undefined;
  const home = join(E2E_TEMPLATES, runTag(), createHash('sha256').update(sourceFingerprint()).update(JSON.stringify(env)).digest('hex').slice(0, 16));
  if (existsSync(join(home, 'ready'))) return home;
  const work = `${home}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const first = await spawnServer(work, env);
  await first.stop();
  writeFileSync(join(work, 'ready'), '');
  try {
    renameSync(work, home);
  } catch {
    rmSync(work, { recursive: true, force: true });
  }
  return home;
};

/** Starts `server/main.ts --demo` on a free port with its own data folder (SQLite unless `databaseUrl`). */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-e2e-'));
  const seeded = await seededDataDir(env);
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const server = await spawnServer(dataDir, env);
  return {
    baseUrl: server.baseUrl,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Removes the seeded data folders of `tag`'s run and of runs that died. */
export const removeSeededDataDirs = (tag: string): void => removeRunFolders(E2E_TEMPLATES, tag);

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

let workerBrowser: Promise<Browser> | undefined;
/**
 * The Chromium this test worker's files share (the e2e project keeps a worker's modules between
 * its files): launched on first use, and again if it went away. A launch and the first context's
 * start-up were ~2 s of a loaded core per file. Each test still gets a fresh context (own storage,
 * cookies, cache); Playwright ends the browser when the worker exits.
 */
const sharedBrowser = async (): Promise<Browser> => {
  const current = workerBrowser && await workerBrowser.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
};

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** Signs in through the real login form and waits for the home page. */
export const signIn = async (page: Page, user: Credentials): Promise<void> => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/home');
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export type PageOptions = {
  /** Signed in as this demo role (its stored state; no login form), or anonymous when absent. */
  as?: DemoRole;
  viewport?: Viewport;
  /** The admin's language, set in local storage before every page load. */
  lang?: Lang;
};

export type BrowserSuite = {
  readonly baseUrl: string;
  /** The server's data folder (its SQLite database `admin.sqlite`), for counts made directly in the database. */
  readonly dataDir: string;
  /** A fresh browser context (own storage) with `options`; the caller closes it. */
  context: (options?: PageOptions) => Promise<BrowserContext>;
  /** Runs `run` on a page of a fresh context, closed afterwards whatever happens. */
  withPage: (run: (page: Page) => Promise<void>, options?: PageOptions) => Promise<void>;
  /** The session token of the role's stored state (for API calls beside the browser: tests/helpers/browser-api.ts). */
  tokenOf: (role: DemoRole) => Promise<string>;
};

/**
 * Starts the server (with `env`) before the file's tests and stops it after; the pages are the
 * worker's shared Chromium's, each in a fresh context.
 * Each demo role signs in once, on first use (through the login API); later pages of the role
 * start from that stored state. A test that ends its session (logout, a password change) or
 * that is about signing in uses `signIn` on an anonymous page instead, so the shared session lives on.
 */
export const browserSuite = (env: Record<string, string> = {}): BrowserSuite => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const states = new Map<DemoRole, Promise<StorageState>>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), sharedBrowser()]);
  });
  afterAll(async () => {
    // A context a test left open (a failed test's) goes with its file, not into the next one's.
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
    await server?.stop();
  });

  const running = () => {
    if (!server || !browser) throw new Error('browserSuite: the server and browser start in beforeAll; use them inside tests');
    return { server, browser };
  };

  /**
   * The role's session as the login page leaves it: its token in local storage. Asked of the login
   * API, not typed into the form: the form is what ./shell-foundation.test.ts and the journeys test with
   * `signIn`, and two page loads per role and file were most of what a stored state cost.
   */
  const signInOnce = async (role: DemoRole): Promise<StorageState> => {
    const { server: s } = running();
    const { username, password } = DEMO[role];
    const response = await fetch(`${s.baseUrl}/api/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
    });
    const answer = await response.json() as Envelope<{ token: string; tokenHead: string }>;
    if (answer.code !== 200) throw new Error(`${role} could not sign in: ${answer.code} ${answer.message}`);
    return { cookies: [], origins: [{ origin: s.baseUrl, localStorage: [{ name: TOKEN_KEY, value: `${answer.data.tokenHead}${answer.data.token}` }] }] };
  };

  const stateOf = (role: DemoRole): Promise<StorageState> => {
    let state = states.get(role);
    if (!state) {
      state = signInOnce(role);
      states.set(role, state);
      // A failed sign-in is not cached: the next test tries again.
      state.catch(() => states.delete(role));
    }
    return state;
  };

  const context = async ({ as, viewport = DESKTOP, lang }: PageOptions = {}): Promise<BrowserContext> => {
    const { server: s, browser: b } = running();
    const storageState = as ? await stateOf(as) : undefined;
    const created = await b.newContext({ baseURL: s.baseUrl, viewport, locale: 'en-US', ...(storageState ? { storageState } : {}) });
    if (lang) await created.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANG_KEY, lang] as const);
    return created;
  };

  return {
    get baseUrl() {
      return running().server.baseUrl;
    },
    get dataDir() {
      return running().server.dataDir;
    },
    context,
    withPage: async (run, options) => {
      const created = await context(options);
      try {
        await run(await created.newPage());
      } finally {
        await created.close();
      }
    },
    tokenOf: async (role) => {
      const token = (await stateOf(role)).origins.flatMap((o) => o.localStorage).find((e) => e.name === TOKEN_KEY)?.value;
      if (!token) throw new Error(`no ${TOKEN_KEY} in the stored state of ${role}`);
      return token;
    },
  };
};

/**
 * Counts the page's requests in flight; the returned function resolves once none has been in flight
 * for `quietMs` (a screen's chunk and its first calls are done).
 */
export const trackNetwork = (page: Page) => {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => { inFlight += delta; lastChange = Date.now(); };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async (quietMs = 600) => {
    await expect.poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { timeout: 30_000, interval: 50 }).toBe(true);
  };
};
