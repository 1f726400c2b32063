// Protects: every route fits its window and names its buttons: at 1280×720 and 390×844, in English and Chinese, no screen of the demo (its lists filled) is wider than the viewport, and no visible button or link lacks an accessible name.
// Coverage, kept small for CI (every route × every role × both sizes × both languages took five
// minutes): the super admin, who sees every route, opens every route of the table (menu routes,
// plus the order, return, shop and product pages opened with a record) at both sizes in both
// languages; the seller, whose screens differ most (shop-scoped lists, its own home, the VIP
// purchase page), opens each of its menu routes on the phone in Chinese. The other demo roles'
// screens are the admin's, scoped to their sections (a sign-in each would add ten seconds).
// One server, one browser, one page per role, size and language; routes are opened inside the
// running app (as a menu link does) and measured once the network is quiet.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';
import type { AdminInfo, Envelope } from '../../src/schema/api';
import { ALL_ROUTES } from '../../src/schema/routes';
import type { DemoRole } from '../helpers/accounts';
import type { Viewport } from './harness';
import { browserSuite, PHONE, trackNetwork } from './harness';

const suite = browserSuite({ DEMO_CONTENT: 'true' });

const LAPTOP: Viewport = { width: 1280, height: 720 };

const get = async <T>(role: DemoRole, path: string): Promise<T> => {
  const response = await fetch(`${suite.baseUrl}/api${path}`, { headers: { Authorization: await suite.tokenOf(role) } });
  return (await response.json() as Envelope<T>).data;
};

/** The paths the role's menu offers (the admin's own rules), plus pages of one record where given. */
const pathsOf = async (role: DemoRole, withRecords: boolean): Promise<string[]> => {
  const info = await get<AdminInfo>(role, '/admin/info');
  const model = buildMenuModel(info.menus, apiMatcher(info.resources));
  const shown = new Set(model.sections.flatMap((s) => s.children.map((c) => c.name)));
  const paths = ALL_ROUTES.filter((r) => r.name === 'home' || shown.has(r.name)).map((r) => r.path);
  if (!withRecords) return paths;
  const firstId = async (list: string) => (await get<{ list: { id: number }[] }>(role, `${list}?pageNum=1&pageSize=1`)).list[0]?.id;
  const records: [string, string][] = [
    ['/order/list', '/oms/orderDetail'], ['/returnApply/list', '/oms/returnApplyDetail'],
    ['/shop/list', '/shop/updateShop'], ['/product/list', '/pms/updateProduct'],
  ];
  for (const [list, page] of records) {
    const id = await firstId(list);
    expect(id, `a demo record of ${list}`).toBeDefined();
    paths.push(`${page}?id=${id}`);
  }
  return paths;
};

const openInApp = (page: Page, path: string) => page.evaluate((to) => {
  window.history.pushState({}, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}, path);

type Audit = { width: number; viewport: number; wide: string[]; unnamed: string[] };

/**
 * The document's width against the viewport (and the outermost elements that stick out, to say
 * where), and the visible buttons and links without an accessible name: no text, aria-label,
 * aria-labelledby, title or labelled image. A string, so the bundler adds nothing to it.
 */
const AUDIT = `(() => {
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const named = (el) => {
    if ((el.getAttribute('aria-label') || '').trim()) return true;
    const by = (el.getAttribute('aria-labelledby') || '').split(' ').filter(Boolean);
    if (by.some((id) => (document.getElementById(id)?.textContent || '').trim())) return true;
    if ((el.innerText || '').trim() || (el.getAttribute('title') || '').trim()) return true;
    return el.querySelector('img[alt]:not([alt=""]), svg[aria-label], svg title') !== null;
  };
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + String(el.className).split(' ').slice(0, 3).join('.');
  const unnamed = [...document.querySelectorAll('button, [role="button"], a[href]')]
    .filter((el) => visible(el) && !named(el)).map((el) => el.outerHTML.slice(0, 200));
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return true; return false; };
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => visible(el) && el.getBoundingClientRect().right > window.innerWidth + 1 && !scrolls(el))
    .slice(-3).map((el) => describe(el) + ' ends at ' + Math.round(el.getBoundingClientRect().right));
  return { width: document.documentElement.scrollWidth, viewport: window.innerWidth, wide, unnamed };
})()`;

/** Opens every path on one page of the role, size and language; answers the problems found. */
const auditPaths = async (role: DemoRole, viewport: Viewport, lang: Lang, paths: readonly string[]): Promise<string[]> => {
  const context = await suite.context({ as: role, viewport, lang });
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    const quiet = trackNetwork(page);
    await page.goto('/home');
    for (const path of paths) {
      const name = ALL_ROUTES.find((r) => r.path === path.split('?')[0])?.name;
      if (path.includes('?')) {
        // A record's page may hand over to another route at once (order detail: the order list's
        // show view), so it gets a load of its own and any screen counts as arrived.
        await page.goto(path);
        await page.locator('[data-route-screen][data-route-state]').first().waitFor({ state: 'attached', timeout: 30_000 });
      } else {
        if (path !== '/home') await openInApp(page, path);
        await page.locator(`[data-route-screen="${name}"]`).waitFor({ state: 'attached', timeout: 30_000 });
      }
      await quiet(250);
      const audit = await page.evaluate(AUDIT) as Audit;
      const where = `${role} ${lang} ${viewport.width}×${viewport.height} ${path}`;
      if (audit.width > audit.viewport) problems.push(`${where}: ${audit.width} px wide (${audit.wide.join('; ')})`);
      for (const button of audit.unnamed) problems.push(`${where}: unnamed ${button}`);
    }
  } finally {
    await context.close();
  }
  return problems;
};

describe('every screen fits its window and names its buttons', () => {
  describe.each([['en', LAPTOP], ['en', PHONE], ['zh', LAPTOP], ['zh', PHONE]] as const)('the super admin, %s at %o', (lang, viewport) => {
    it('opens every route, record pages included', async () => {
      const paths = await pathsOf('admin', true);
      expect(paths.length).toBeGreaterThan(40);
      expect(await auditPaths('admin', viewport, lang, paths)).toEqual([]);
    }, 240_000);
  });

  it('the seller opens each menu route at 390×844 in Chinese', async () => {
    const paths = await pathsOf('seller', false);
    expect(paths).toContain('/pay/index');
    expect(await auditPaths('seller', PHONE, 'zh', paths)).toEqual([]);
  }, 240_000);

});
