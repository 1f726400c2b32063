// Protects: every menu route of every demo role other than the super admin opens its screen for that role and fits: never Access denied, a refused (403) API call or a jump to another URL; no page wider than the window at 1280×720, 1366×768 and 1920×1080 and at 390×844, in English and Chinese, no button without a name.
// Each role and language gets one page that walks the menu at 390×844, then again at 1280×720,
// resizing each screen to the two wider windows (the super admin's walk, every route of the table,
// is ./shell-fit-admin.test.ts). One page for both walks: the second finds the screens' chunks loaded
// and the session started, so it costs its screens only. The walk: ./route-walk.ts.
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../helpers/accounts';
import { browserSuite, PHONE } from './harness';
import { demoFilledPaths, LAPTOP, routeWalk, WIDER_DESKTOPS } from './route-walk';

const suite = browserSuite({ DEMO_CONTENT: 'true' });
const { pathsOf, auditPaths } = routeWalk(suite);

describe('every menu route opens for the role it is offered to, and fits', () => {
  it.each(DEMO_ROLES.filter((role) => role !== 'admin').flatMap((role) => (['en', 'zh'] as const).map((lang) => [role, lang] as const)))(
    '%s opens each menu route at 390×844, then at 1280×720, 1366×768 and 1920×1080, in %s', async (role, lang) => {
      const paths = await pathsOf(role, false);
      expect(paths.length).toBeGreaterThan(1);
      if (role === 'seller') expect(paths).toContain('/pay/index');
      // The seller's shop-scoped lists are filled in a fresh demo, as the super admin's all are (shell-fit-admin).
      const filled = role === 'seller' ? demoFilledPaths(true) : undefined;
      expect(await auditPaths(role, lang, paths, [{ viewport: PHONE }, { viewport: LAPTOP, alsoAt: WIDER_DESKTOPS, filled }])).toEqual([]);
    }, 400_000);
});
