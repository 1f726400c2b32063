// Protects: who gets in and where each path leads (anonymous -> /login,
// / -> /home, unknown -> /404, section paths, hidden helper routes, access denied; a record's `#show=` link survives the sign-in).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { authProvider, endSession } from '../../src/providers/authProvider';
import {
  answerInfo, currentPath, currentState, findSidebar, menusFor, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, seller, superAdmin,
} from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens({ entities: true }), PRELOAD_TIMEOUT_MS);

describe('admin routing', () => {
  it('should send an anonymous visitor to /login, keeping the target path', async () => {
    renderAdmin('/oms/order?status=1', { token: null });
    expect(await screen.findByText('public login page')).toBeInTheDocument();
    expect(currentState()).toEqual({ from: '/oms/order?status=1' });
  });

  it('should keep a record\'s link (`#show=<id>`) in the target path', async () => {
    renderAdmin('/ums/auditLog#show=7', { token: null });
    expect(await screen.findByText('public login page')).toBeInTheDocument();
    expect(currentState()).toEqual({ from: '/ums/auditLog#show=7' });
  });

  it('should send / to /home, which shows the username and roles', async () => {
    answerInfo(superAdmin());
    renderAdmin('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, admin' })).toBeInTheDocument();
    expect(currentPath()).toBe('/home');
    expect(screen.getByText('Super admin')).toBeInTheDocument();
  });

  it('should send an unknown path to the public 404 page', async () => {
    answerInfo(superAdmin());
    renderAdmin('/no/such/page');
    expect(await screen.findByText('public not found page')).toBeInTheDocument();
    expect(currentPath()).toBe('/404');
  });

  it('should open a section path at its first allowed page', async () => {
    answerInfo(seller());
    const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });
    server.use(
      http.get('*/api/mold/list', () => ok({ pageNum: 1, pageSize: 10, totalPage: 1, total: 1, list: [{ id: 1, code: 'SP-BOX-001', name: 'Mailer box', shopId: 1, status: 0, usageCount: 1, ratedLife: 10 }] })),
      http.get('*/api/shop/listAll', () => ok([{ id: 1, shopName: 'Sunrise Packaging' }])),
    );
    renderAdmin('/mold');
    expect(await screen.findByText('SP-BOX-001')).toBeInTheDocument();
    expect(currentPath()).toBe('/mold/kmold');
  });

  it('should open a hidden helper route of a granted section by link', async () => {
    answerInfo(seller());
    renderAdmin('/oms/orderDetail');
    expect(await screen.findByRole('heading', { name: 'Order detail' })).toBeInTheDocument();
    // Without an id it says where orders are opened from.
    expect(screen.getByText('Open an order from the order list to see its details.')).toBeInTheDocument();
    // Reachable, yet never in the menu.
    const sidebar = await findSidebar();
    expect(within(sidebar).queryByText('Order detail')).not.toBeInTheDocument();
  });

  it('should show access denied inside the layout for a page of a section the user lacks', async () => {
    answerInfo(seller());
    renderAdmin('/ums/admin');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(await findSidebar()).toBeInTheDocument();
    expect(currentPath()).toBe('/ums/admin');
  });

  it('should show access denied for a page of a granted section that the menus leave out', async () => {
    answerInfo(seller());
    renderAdmin('/oms/orderSetting');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });

  it('should refuse an account without roles with mall\'s message and forget its token', async () => {
    answerInfo({ username: 'norole', icon: null, menus: [] });
    renderAdmin('/home');
    const alerts = await screen.findAllByText('roles must be a non-null array');
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.getByText('No role is assigned to this account yet')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('loginToken')).toBeNull());
  });

  it('should treat an empty roles array like missing roles', async () => {
    answerInfo({ username: 'norole', icon: null, roles: [], menus: [] });
    renderAdmin('/home');
    expect((await screen.findAllByText('roles must be a non-null array')).length).toBeGreaterThan(0);
  });
});

// The first entity screen of a run loads (and Vitest transforms) the whole entity engine.

describe('entity screens', () => {
  it('should mount a declared entity at its route, reading through the data provider', async () => {
    server.use(http.get('*/api/brand/list', () => HttpResponse.json({
      code: 200, message: 'Operation succeeded',
      data: { pageNum: 1, pageSize: 10, totalPage: 1, total: 1, list: [{ id: 7, name: 'Acme Tools', firstLetter: 'A', sort: 1, factoryStatus: 1, showStatus: 1, productCount: 3, productCommentCount: 0, logo: null, bigPic: null, brandStory: null }] },
    })));
    answerInfo(superAdmin());
    renderAdmin('/pms/brand');
    expect(await screen.findByText('Acme Tools')).toBeInTheDocument();
    expect(currentPath()).toBe('/pms/brand');
  });

  it('should show access denied, keeping the session, when the server forbids a call of a screen', async () => {
    server.use(http.get('*/api/brand/list', () => HttpResponse.json(
      { code: 403, message: 'You do not have permission to do this', messageKey: 'forbidden', data: null }, { status: 403 },
    )));
    answerInfo(superAdmin());
    renderAdmin('/pms/brand');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    // Denied in place: the screen's own URL stays, so reloading or sharing it asks again.
    expect(currentPath()).toBe('/pms/brand');
    expect(localStorage.getItem('loginToken')).not.toBeNull();
  });

  it('should answer react-admin access questions about an entity from the route that covers the action', async () => {
    answerInfo({ ...superAdmin(), menus: menusFor({ pms: ['brand'] }) });
    endSession();
    localStorage.setItem('loginToken', 'Bearer can-access');
    const ask = (resource: string, action: string) => authProvider.canAccess?.({ resource, action });
    expect(await ask('brand', 'list')).toBe(true);
    // addBrand / updateBrand are hidden helpers of the granted pms section.
    expect(await ask('brand', 'create')).toBe(true);
    expect(await ask('brand', 'edit')).toBe(true);
    expect(await ask('returnReason', 'list')).toBe(false);
    expect(await ask('no-such-thing', 'list')).toBe(false);
  });
});
