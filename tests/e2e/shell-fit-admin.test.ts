// Protects: every route fits its window and names its buttons, and every route the super admin's menu offers opens its screen: at 1280×720 (and, resizing the same page, 1366×768 and 1920×1080) and 390×844, in English and Chinese, no screen of the demo (its lists filled) is wider than the viewport, no visible button or link lacks an accessible name, and a menu route never shows Access denied, a refused (403) API call or a jump to another URL; every menu route shows its title as its heading, and every entity list a fresh demo fills shows rows (at the laptop sizes).
// The super admin sees every route: it opens every route of the table (menu routes, plus the
// order, return, shop and product pages opened with a record) at both sizes in both languages,
// one page per language walking the phone size, then the laptop's (./route-walk.ts). The other roles walk in ./shell-fit-roles.test.ts,
// a file of its own so the two run side by side.
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../src/schema/routes';
import { browserSuite, PHONE } from './harness';
import { demoFilledPaths, LAPTOP, routeWalk, WIDER_DESKTOPS } from './route-walk';

const suite = browserSuite({ DEMO_CONTENT: 'true' });
const { pathsOf, auditPaths } = routeWalk(suite);

describe('every screen fits its window and names its buttons, and every menu route opens', () => {
  it('offers the super admin every visible route of the table', async () => {
    const offered = (await pathsOf('admin', false)).map((path) => ALL_ROUTES.find((r) => r.path === path)?.name);
    expect(offered).toEqual(ALL_ROUTES.filter((r) => !r.hidden).map((r) => r.name));
  });

  it.each(['en', 'zh'] as const)('opens every route, record pages included, at 390×844 and then at the desktop sizes, in %s', async (lang) => {
    const paths = await pathsOf('admin', true);
    expect(paths.length).toBeGreaterThan(40);
    // The laptop walk resizes each screen to the wider desktops too (1366×768, 1920×1080).
    expect(await auditPaths('admin', lang, paths, [{ viewport: PHONE }, { viewport: LAPTOP, alsoAt: WIDER_DESKTOPS, filled: demoFilledPaths(false) }])).toEqual([]);
  }, 480_000);
});
