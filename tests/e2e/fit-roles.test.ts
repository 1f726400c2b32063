// Protects: every menu route of every demo role other than the super admin opens its screen for that role and fits: never Access denied, a refused (403) API call or a jump to another URL; no page wider than the window, no button without a name.
// The seller, whose screens differ most (shop-scoped lists, its own home, the VIP purchase page),
// walks its menu on the phone in Chinese; every other role on the laptop in English (every route ×
// every role × both sizes × both languages took five minutes). The walk: ./route-walk.ts.
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../helpers/accounts';
import { browserSuite, PHONE } from './harness';
import { LAPTOP, routeWalk } from './route-walk';

const suite = browserSuite({ DEMO_CONTENT: 'true' });
const { pathsOf, auditPaths } = routeWalk(suite);

describe('every menu route opens for the role it is offered to, and fits', () => {
  it('the seller opens each menu route at 390×844 in Chinese', async () => {
    const paths = await pathsOf('seller', false);
    expect(paths).toContain('/pay/index');
    expect(await auditPaths('seller', PHONE, 'zh', paths)).toEqual([]);
  }, 240_000);

  it.each(DEMO_ROLES.filter((role) => role !== 'admin' && role !== 'seller'))('%s opens each menu route at 1280×720 in English', async (role) => {
    const paths = await pathsOf(role, false);
    expect(paths.length).toBeGreaterThan(1);
    expect(await auditPaths(role, LAPTOP, 'en', paths)).toEqual([]);
  }, 240_000);
});
