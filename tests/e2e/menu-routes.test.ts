// Protects: every route a role's menu offers opens its screen for that role: never Access denied, a refused API call or a redirect.
// Every menu route opens for whoever the menu offers it to: the super admin and each demo role
// sign in once (stored state reused), then every route of the declared route table that their
// menu shows is opened. A route the menu offers must show its screen (or "not available yet" when
// the table declares no screen for it): never "Access denied", never a refused (403) API call,
// never a jump to another URL. So a route can no longer be granted in the menu and refused by its
// own page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '../../src/admin/screenRoutes';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';
import type { AdminInfo, Envelope } from '../../src/schema/api';
import { ALL_ROUTES } from '../../src/schema/routes';
import type { DemoRole } from '../helpers/accounts';
import { DEMO_ROLES } from '../helpers/accounts';
import { browserSuite, trackNetwork } from './harness';

const suite = browserSuite();

/** What the server tells the role's stored session about its menus and resources. */
const infoOf = async (role: DemoRole): Promise<AdminInfo> => {
  const response = await fetch(`${suite.baseUrl}/api/admin/info`, { headers: { Authorization: await suite.tokenOf(role) } });
  return (await response.json() as Envelope<AdminInfo>).data;
};

/** The routes of the route table the user's menu shows (the same rules the admin applies). */
const menuRoutes = (info: AdminInfo) => {
  const model = buildMenuModel(info.menus, apiMatcher(info.resources));
  const shown = new Set(model.sections.flatMap((s) => s.children.map((c) => c.name)));
  return ALL_ROUTES.filter((route) => route.name === 'home' || shown.has(route.name));
};

/** Opens a path inside the running single-page app (as a menu link does), without reloading it. */
const openInApp = (page: Page, path: string) => page.evaluate((to) => {
  window.history.pushState({}, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}, path);

describe('every menu route opens for whoever the menu offers it to', () => {
  it('offers the super admin every visible route of the table', async () => {
    const offered = menuRoutes(await infoOf('admin')).map((r) => r.name);
    expect(offered).toEqual(ALL_ROUTES.filter((r) => !r.hidden).map((r) => r.name));
  });

  it.each(DEMO_ROLES)('opens every menu route of %s', async (role) => {
    const info = await infoOf(role);
    const context = await suite.context({ as: role });
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
        const expected = SCREEN_ROUTES.has(route.name) ? 'open' : 'unavailable';
        // Wait for the expected state (a screen may still be settling); a wrong one is reported below.
        await page.locator(`[data-route-screen="${route.name}"][data-route-state="${expected}"]`)
          .waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
        const state = await marker.getAttribute('data-route-state');
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
