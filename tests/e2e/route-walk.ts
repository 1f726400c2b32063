// The route walk the fit tests share: one page of a role, size and language opens each path inside
// the running app (as a menu link does) and reports what does not fit, has no name, or does not open.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREEN_ROUTES } from '../../src/admin/screenRoutes';
import { en } from '../../src/i18n/en';
import type { Lang } from '../../src/i18n/lang';
import { zh } from '../../src/i18n/zh';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';
import type { AdminInfo } from '../../src/schema/api';
import { entityList } from '../../src/schema/entities';
import { ALL_ROUTES } from '../../src/schema/routes';
import type { DemoRole } from '../helpers/accounts';
import { listPathFields, routeOf } from '../helpers/entity-bodies';
import { callApi } from '../helpers/browser-api';
import type { BrowserSuite, Viewport } from './harness';
import { trackNetwork } from './harness';

export const LAPTOP: Viewport = { width: 1280, height: 720 };
const EMPTY_STATE = { en: /^No .* yet$/, zh: /^暂无/ } as const;

/**
 * The entity list screens a fresh demo fills, for `auditPaths`' `filled`: visible menu routes whose
 * list needs no URL parameter; with `scopedOnly`, the shop-scoped ones (what a seller sees filled).
 */
export const demoFilledPaths = (scopedOnly: boolean): ReadonlySet<string> => new Set(entityList.flatMap((entity) => {
  const route = ALL_ROUTES.find((r) => r.name === entity.menu.route && !r.hidden);
  const listed = routeOf(entity, 'list') && listPathFields(entity).every((f) => entity.fields[f]?.default !== undefined);
  return route && listed && (!scopedOnly || entity.tenant !== null) ? [route.path] : [];
}));
/** The other common desktop windows, checked on the same page by resizing it (no new load). */
export const WIDER_DESKTOPS: readonly Viewport[] = [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }];
const MESSAGES = { en, zh } as const;

export type PageAudit = { width: number; viewport: number; wide: string[]; unnamed: string[]; clipped: string[]; covered: string[]; rawIds: string[] };

/**
 * The document's width against the viewport (and the outermost elements that stick out, to say
 * where), and the visible buttons and links without an accessible name: no text, aria-label,
 * aria-labelledby, title or labelled image; clipped text, covered cells and bare "#123" ids in cells
 * and cards (below). A string, so the bundler adds nothing to it; scripts/walk-tasks.ts runs it on
 * every screenshot of its walk.
 */
export const PAGE_AUDIT = `(() => {
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
  const width = document.documentElement.scrollWidth;
  // Which elements stick out is only said when the page is too wide: a walk over every element's
  // ancestors, most of an audit's time on a filled list.
  const wide = width <= window.innerWidth ? [] : [...document.querySelectorAll('body *')]
    .filter((el) => visible(el) && el.getBoundingClientRect().right > window.innerWidth + 1 && !scrolls(el))
    .slice(-3).map((el) => describe(el) + ' ends at ' + Math.round(el.getBoundingClientRect().right));
  // Clipped text: a box that hides what it cannot fit (overflow hidden or clip) and holds more text
  // than it shows. A deliberate ellipsis passes when it or a near ancestor says the whole text
  // (a title, or the aria-label a tooltip gives its child). Inputs scroll their own text.
  const told = (el) => { for (let p = el, i = 0; p && i < 4; p = p.parentElement, i += 1) if ((p.getAttribute('title') || p.getAttribute('aria-label') || '').trim()) return true; return false; };
  const clipped = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth <= 2 || /^(INPUT|TEXTAREA|SELECT|svg|path)$/.test(el.tagName)) continue;
    const style = getComputedStyle(el);
    if (!/(hidden|clip)/.test(style.overflowX) || style.visibility === 'hidden') continue;
    const text = (el.innerText || '').trim();
    if (!text || (style.textOverflow === 'ellipsis' && told(el))) continue;
    clipped.push(describe(el) + ' "' + text.replace(/\\s+/g, ' ').slice(0, 30) + '" shows ' + el.clientWidth + ' of ' + el.scrollWidth + ' px');
    if (clipped.length >= 5) break;
  }
  // A sticky cell (the row actions' column) lying over another cell's content in its row, at the
  // table's resting scroll: the text or button under it is covered.
  const covered = [];
  for (const cell of document.querySelectorAll('th, td')) {
    if (covered.length >= 5 || getComputedStyle(cell).position !== 'sticky' || !visible(cell)) continue;
    const s = cell.getBoundingClientRect();
    for (const other of cell.parentElement.children) {
      if (other === cell || getComputedStyle(other).position === 'sticky') continue;
      const range = document.createRange();
      range.selectNodeContents(other);
      const under = [...range.getClientRects()].some((r) => r.width > 0 && r.height > 0
        && r.left < s.right - 1 && r.right > s.left + 1 && r.top < s.bottom - 1 && r.bottom > s.top + 1);
      if (under) { covered.push(describe(cell) + ' covers "' + (other.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 30) + '"'); break; }
    }
  }
  // A record shown by a bare "#123" in a table cell or a phone card where its name or number
  // belongs. Order numbers are long digit strings with no "#" and pass; only a whole text that is
  // "#" and digits counts, so a name holding "#3" among words passes too.
  const rawIds = [];
  for (const el of document.querySelectorAll('td *, li *, [role="cell"] *')) {
    if (rawIds.length >= 5) break;
    if (el.children.length || !visible(el)) continue;
    const text = (el.textContent || '').trim();
    if (/^#\\d+$/.test(text)) rawIds.push(describe(el) + ' "' + text + '"');
  }
  return { width, viewport: window.innerWidth, wide, unnamed, clipped, covered, rawIds };
})()`;

/**
 * Raw ids on the page: a record shown by a bare number where its name or number belongs. Catches
 * "Order id 286" or "订单 ID 12" in one text, "#28" (a phone card's title), "Pay record 4", and a
 * label naming an id ("Product id", "商品ID") whose value beside it is a short bare number, in a
 * form or a table column. Order and pay numbers are long (16+ digits) and pass. Answers what it
 * found, at most eight. A string, as PAGE_AUDIT.
 */
export const RAW_ID_AUDIT = `(() => {
  const found = [];
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const short = /^#?\\d{1,7}$/;
  const idLabel = /(\\bid|ID|Id)\\s*[*:：]?$/;
  const inline = [/\\b(id|ID)\\s*[:：#]?\\s*\\d{1,7}\\b/, /(^|[\\s(（])#\\d{1,7}\\b/, /\\brecord\\s+\\d{1,7}\\b/i, /(ID|编号)\\s*[:：]?\\s*\\d{1,7}$/];
  const leaves = [...document.querySelectorAll('body *')].filter((el) => el.children.length === 0
    && !/^(INPUT|TEXTAREA|SCRIPT|STYLE|svg|path|OPTION)$/.test(el.tagName) && (el.textContent || '').trim() && visible(el));
  for (const [i, el] of leaves.entries()) {
    if (found.length >= 8) break;
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ');
    if (text.length < 60 && inline.some((re) => re.test(text))) { found.push('"' + text + '"'); continue; }
    if (idLabel.test(text) && text.length < 30) {
      const cell = el.closest('th');
      if (cell) {
        const column = [...cell.parentElement.children].indexOf(cell);
        const table = cell.closest('table');
        const values = [...(table ? table.querySelectorAll('tbody tr') : [])].map((tr) => (tr.children[column]?.textContent || '').trim()).filter(Boolean);
        if (values.length && values.every((v) => short.test(v))) found.push('column "' + text + '": ' + values.slice(0, 3).join(', '));
      } else {
        const next = leaves[i + 1];
        const value = (next?.textContent || '').trim();
        if (next && short.test(value) && Math.abs(next.getBoundingClientRect().top - el.getBoundingClientRect().top) < 60) found.push('"' + text + '" ' + value);
      }
    }
  }
  return found;
})()`;

/** One pass over the paths at a size (and, resizing each screen, `alsoAt`), with the lists that must show rows. */
export type Walk = { readonly viewport: Viewport; readonly alsoAt?: readonly Viewport[]; readonly filled?: ReadonlySet<string> };

/** The walk over `suite`'s server: the paths a role may open, and the audit of a list of them. */
export const routeWalk = (suite: BrowserSuite) => {
  const get = <T>(role: DemoRole, path: string): Promise<T> => callApi<T>(suite, role, path);

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

  /** Resolves once the document's width has stayed the same for two frames (a resize's re-layout and re-render done). */
  const SETTLED = `new Promise((resolve) => {
    let last = -1; let same = 0;
    const tick = () => { const w = document.documentElement.scrollWidth; same = w === last ? same + 1 : 0; last = w; if (same >= 2) resolve(w); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })`;

  /**
   * Opens every path on one page of the role and language, once per walk: each walk sets its size,
   * then opens the paths in turn (the later walks find the chunks loaded, so a walk costs its
   * screens, not a new page). A path without a record is one the role's menu offers: it must also
   * open its screen (or "not available yet" where the route table declares none) with no refused
   * call and no jump elsewhere. A walk's `alsoAt` sizes are audited too on each opened screen by
   * resizing it (taken in turn forth and back, so a path starts at the size the last one ended at:
   * one resize fewer); its `filled` lists must show rows. Answers the problems found.
   */
  const auditPaths = async (role: DemoRole, lang: Lang, paths: readonly string[], walks: readonly Walk[]): Promise<string[]> => {
    const context = await suite.context({ as: role, viewport: walks[0]!.viewport, lang });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      const quiet = trackNetwork(page);
      await page.goto('/home');
      for (const { viewport, alsoAt = [], filled = new Set<string>() } of walks) {
        const sizes = [viewport, ...alsoAt];
        if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
        for (const [index, path] of paths.entries()) {
          const name = ALL_ROUTES.find((r) => r.path === path.split('?')[0])?.name;
          const order = index % 2 === 0 ? sizes : [...sizes].reverse();
          const first = order[0]!;
          if (page.viewportSize()?.width !== first.width) await page.setViewportSize(first);
          const where = `${role} ${lang} ${first.width}×${first.height} ${path}`;
          refused.length = 0;
          if (path.includes('?')) {
            // A record's page may hand over to another route at once (order detail: the order list's
            // show view), so it gets a load of its own and any screen counts as arrived.
            await page.goto(path);
            await page.locator('[data-route-screen][data-route-state]').first().waitFor({ state: 'attached', timeout: 30_000 });
            await quiet(250);
          } else {
            if (new URL(page.url()).pathname !== path) await openInApp(page, path);
            await page.locator(`[data-route-screen="${name}"]`).waitFor({ state: 'attached', timeout: 30_000 });
            const expected = SCREEN_ROUTES.has(name ?? '') ? 'open' : 'unavailable';
            // Wait for the expected state (a screen may still be settling); a wrong one is reported below.
            const marker = page.locator(`[data-route-screen="${name}"]`);
            await page.locator(`[data-route-screen="${name}"][data-route-state="${expected}"]`)
              .waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
            const state = await marker.getAttribute('data-route-state');
            const at = new URL(page.url()).pathname;
            if (state !== expected) problems.push(`${where}: ${state} (expected ${expected})`);
            if (at !== path) problems.push(`${where}: went to ${at}`);
            if (await page.getByRole('heading', { name: MESSAGES[lang].app.access_denied.title }).count() > 0) problems.push(`${where}: Access denied`);
            // The screen names itself: the route table's title as its heading (the hidden routes' in tests/ui/shell-page-titles.test.tsx).
            const title = (MESSAGES[lang].menu as Readonly<Record<string, string>>)[name ?? ''];
            if (!title) problems.push(`${where}: no ${lang} title for ${name}`);
            else await marker.getByRole('heading', { level: 1, name: title, exact: true }).first().waitFor({ timeout: 10_000 })
              .catch(() => problems.push(`${where}: no heading "${title}"`));
            if (filled.has(path) && state === 'open') {
              // A fresh demo fills this list: a data row or card, and no empty state (it replaces the whole table).
              const shown = await marker.locator('tbody tr, ul > li').first().waitFor({ timeout: 30_000 }).then(() => true, () => false);
              if (!shown) problems.push(`${where}: no rows in the demo`);
              else if (await marker.getByText(EMPTY_STATE[lang]).count() > 0) problems.push(`${where}: an empty state`);
            }
            // The screen is drawn, so its own calls have left (effects run at commit): a short quiet
            // after them catches a late one and its refusal.
            await quiet(100);
          }
          if (refused.length > 0) problems.push(`${where}: refused ${refused.join(', ')}`);
          const refusedBefore = refused.length;
          for (const size of order) {
            const at = `${role} ${lang} ${size.width}×${size.height} ${path}`;
            if (size !== first) {
              await page.setViewportSize(size);
              await page.evaluate(SETTLED);
            }
            const audit = await page.evaluate(PAGE_AUDIT) as PageAudit;
            // The audit is of the window asked for (a resize that did not take would pass unseen).
            if (audit.viewport !== size.width) problems.push(`${at}: the window is ${audit.viewport} px wide, not ${size.width}`);
            if (audit.width > audit.viewport) problems.push(`${at}: ${audit.width} px wide (${audit.wide.join('; ')})`);
            for (const button of audit.unnamed) problems.push(`${at}: unnamed ${button}`);
            for (const text of audit.clipped) problems.push(`${at}: clipped ${text}`);
            for (const cell of audit.covered) problems.push(`${at}: ${cell}`);
            for (const id of audit.rawIds) problems.push(`${at}: a bare id where a name belongs ${id}`);
          }
          if (refused.length > refusedBefore) problems.push(`${where}: refused after resizing ${refused.slice(refusedBefore).join(', ')}`);
        }
      }
    } finally {
      await context.close();
    }
    return problems;
  };

  return { pathsOf, auditPaths };
};
