// Protects: a route opens only when the menus grant it AND the API resources cover what its screen
// needs (src/schema/routeNeeds.ts), decided before anything of the screen renders; a denied route
// (or a screen whose call the server refuses later) shows "Access denied" at its own URL; the menu
// never offers an entry whose screen would be refused.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';
import { RESOURCE_CATEGORIES, SELF_SERVICE_URLS } from '../../src/schema/resources';
import { answerInfo, currentPath, menusFor, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, seller, superAdmin, SUPER_ADMIN_GRANT } from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens({ entities: true }), PRELOAD_TIMEOUT_MS);

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });

/** The demo seller's resources, as the seed grants them. */
const sellerResources = [
  ...SELF_SERVICE_URLS,
  ...RESOURCE_CATEGORIES.flatMap((c) => c.resources.filter((r) => r.seller).map((r) => r.url)),
];
const sellerWithPms = () => ({ ...seller(), resources: sellerResources });

describe('a route granted in the menu opens', () => {
  it('should open the order settings for the super admin (a single record without a list endpoint)', async () => {
    server.use(http.get('*/api/orderSetting/1', () => ok({
      id: 1, flashOrderOvertime: 60, normalOrderOvertime: 120, confirmOvertime: 15, finishOvertime: 7, commentOvertime: 7,
    })));
    answerInfo({ ...superAdmin(), resources: ['/**'] });
    renderAdmin('/oms/orderSetting');
    expect(await screen.findByDisplayValue('120')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access denied' })).not.toBeInTheDocument();
  });

  it('should open the order settings for an order admin holding only the order resources', async () => {
    server.use(http.get('*/api/orderSetting/1', () => ok({
      id: 1, flashOrderOvertime: 61, normalOrderOvertime: 121, confirmOvertime: 15, finishOvertime: 7, commentOvertime: 7,
    })));
    answerInfo({ username: 'orderAdmin', icon: null, roles: ['Order admin'], menus: menusFor({ oms: 'all' }), resources: ['/order/**', '/orderSetting/**', '/returnReason/**'] });
    renderAdmin('/oms/orderSetting');
    expect(await screen.findByDisplayValue('121')).toBeInTheDocument();
  });
});

describe('guards that agree', () => {
  it('should deny the seller the add-brand page before it renders, keeping its URL (no logo upload)', async () => {
    answerInfo(sellerWithPms());
    renderAdmin('/pms/addBrand');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(currentPath()).toBe('/pms/addBrand');
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each(['/pms/addProductCate', '/pms/addProductAttr', '/pms/updateBrand?id=1'])('should deny the seller %s in place', async (path) => {
    const calls: string[] = [];
    server.use(http.get('*/api/*', ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json({ code: 403, message: 'You do not have permission to do this', messageKey: 'forbidden', data: null }, { status: 403 });
    }));
    answerInfo(sellerWithPms());
    renderAdmin(path);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(currentPath()).toBe(path.split('?')[0]);
    // Nothing of the screen ran: no call beyond the session's own.
    expect(calls.filter((p) => !p.endsWith('/admin/info'))).toEqual([]);
  });
});

describe('menus and resources agree', () => {
  const resources = ['/brand/**', '/returnReason/**'];

  it('should leave out of the menu a granted page whose resources are missing', () => {
    const model = buildMenuModel(menusFor(SUPER_ADMIN_GRANT), apiMatcher(resources));
    const pages = (section: string) => model.sections.find((s) => s.name === section)?.children.map((c) => c.name) ?? [];
    expect(pages('oms')).toContain('returnReason');
    expect(pages('oms')).not.toContain('orderSetting');
    expect(pages('pms')).toContain('brand');
    expect(pages('pms')).not.toContain('productCate');
    expect(pages('member')).not.toContain('memberLevel');
    expect(model.allowed.has('addBrand')).toBe(true);
    expect(model.allowed.has('memberLevel')).toBe(false);
    expect(model.allowed.has('orderSetting')).toBe(false);
  });

  it('should deny such a page when opened by its URL', async () => {
    answerInfo({ ...superAdmin(), resources });
    renderAdmin('/member/memberLevel');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(currentPath()).toBe('/member/memberLevel');
  });
});
