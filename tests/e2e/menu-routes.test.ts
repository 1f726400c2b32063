// Protects: every route a role's menu offers opens its screen for that role: never Access denied, a refused API call or a redirect.
// Every menu route opens for whoever the menu offers it to: the super admin and each demo role
// sign in once (stored state reused), then every route of the declared route table that their
// menu shows is opened. A route the menu offers must show its screen (or "not available yet" when
// the table declares no screen for it): never "Access denied", never a refused (403) API call,
// never a jump to another URL. So a route can no longer be granted in the menu and refused by its
// own page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '../../src/admin/screenRoutes';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';
import type { AdminInfo, Envelope } from '../../src/schema/api';
import { ALL_ROUTES } from '../../src/schema/routes';
import { DEMO } from '../helpers/accounts';
import type { RunningServer } from './harness';
import { ADMIN, DESKTOP, launchBrowser, signIn, startServer } from './harness';

const ROLES = [
  { name: 'super admin', ...ADMIN },
  { name: 'seller', ...DEMO.seller },
  { name: 'seller2', ...DEMO.seller2 },
  { name: 'productAdmin', ...DEMO.productAdmin },
  { name: 'orderAdmin', ...DEMO.orderAdmin },
] as const;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Signed = { context: BrowserContext; info: AdminInfo };

/** Signs in once through the login form; the stored state (token) opens every later page. */
const signedIn = async (user: { username: string; password: string }): Promise<Signed> => {
  const first = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP, locale: 'en-US' });
  const page = await first.newPage();
  await signIn(page, user);
  const token = await page.evaluate(() => localStorage.getItem('loginToken'));
  const state = await first.storageState();
  await first.close();
  const response = await fetch(`${server.baseUrl}/api/admin/info`, { headers: { Authorization: token ?? '' } });
  const { data } = await response.json() as Envelope<AdminInfo>;
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP, locale: 'en-US', storageState: state });
  return { context, info: data };
};

/** The routes of the route table the user's menu shows (the same rules the admin applies). */
const menuRoutes = (info: AdminInfo) => {
  const model = buildMenuModel(info.menus, apiMatcher(info.resources));
  const shown = new Set(model.sections.flatMap((s) => s.children.map((c) => c.name)));
  return ALL_ROUTES.filter((route) => route.name === 'home' || shown.has(route.name));
};

/** Resolves once no request has been in flight for `quietMs` (the screen's chunk and first calls are done). */
const trackNetwork = (page: Page) => {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => { inFlight += delta; lastChange = Date.now(); };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async (quietMs = 600) => {
    await expect.poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { timeout: 30_000, interval: 100 }).toBe(true);
  };
};

/** Opens a path inside the running single-page app (as a menu link does), without reloading it. */
const openInApp = (page: Page, path: string) => page.evaluate((to) => {
  window.history.pushState({}, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}, path);

describe('every menu route opens for whoever the menu offers it to', () => {
  it('offers the super admin every visible route of the table', async () => {
    const { context, info } = await signedIn(ADMIN);
    await context.close();
    const offered = menuRoutes(info).map((r) => r.name);
    expect(offered).toEqual(ALL_ROUTES.filter((r) => !r.hidden).map((r) => r.name));
  });

  it.each(ROLES)('opens every menu route of $name', async (user) => {
    const { context, info } = await signedIn(user);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    const problems: string[] = [];
    const quiet = trackNetwork(page);
    try {
      await page.goto('/home');
      await page.locator('[data-route-screen="home"]').waitFor({ state: 'attached' });
      for (const route of menuRoutes(info)) {
        refused.length = 0;
        await openInApp(page, route.path);
        const marker = page.locator(`[data-route-screen="${route.name}"]`);
        await marker.waitFor({ state: 'attached' });
        // The screen's lazy chunk and its first calls: wait until the network is quiet.
        await quiet();
        const state = await marker.getAttribute('data-route-state');
        const expected = SCREEN_ROUTES.has(route.name) ? 'open' : 'unavailable';
        const path = new URL(page.url()).pathname;
        if (state !== expected) problems.push(`${route.path}: ${state} (expected ${expected})`);
        if (path !== route.path) problems.push(`${route.path}: went to ${path}`);
        if (refused.length > 0) problems.push(`${route.path}: refused ${refused.join(', ')}`);
        if (await page.getByRole('heading', { name: 'Access denied' }).count() > 0) problems.push(`${route.path}: Access denied`);
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
