/**
 * Shared fixtures of the admin shell tests: menu rows built from the route table, msw answers
 * for /admin/info and /admin/logout, and a render of AdminApp inside a data router the way the
 * public entry mounts it (public pages stubbed, their path visible to assertions).
 */
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { AdminApp } from '../../src/admin/AdminApp';
import { endSession } from '../../src/providers/authProvider';
import type { AdminInfo, MenuItem } from '../../src/schema/api';
import { MENU_TITLES } from '../../src/schema/builtins';
import type { HomeSummary } from '../../src/schema/home/summary';
import { HOME_API } from '../../src/schema/home/api';
import { SECTIONS } from '../../src/schema/routes';
import { answerSideCallsEmpty } from './empty-answers';
import { server } from './msw-server';

/** Which pages of which sections a fixture grants: `'all'` or a list of route names. */
export type Grant = Readonly<Record<string, 'all' | readonly string[]>>;

/** Menu rows as the server seeds them: sections at the top, pages below, titles, sort and hidden from the declarations. */
export const menusFor = (grant: Grant, overrides: Readonly<Record<string, Partial<MenuItem>>> = {}): MenuItem[] => {
  const rows: MenuItem[] = [];
  let id = 1;
  for (const section of SECTIONS) {
    const pages = grant[section.name];
    if (!pages) continue;
    const sectionId = id++;
    rows.push({ id: sectionId, parentId: 0, createTime: null, title: MENU_TITLES[section.name] ?? section.name, level: 0, sort: section.sort, name: section.name, icon: section.icon, hidden: 0, ...overrides[section.name] });
    for (const page of section.children) {
      if (pages !== 'all' && !pages.includes(page.name)) continue;
      rows.push({ id: id++, parentId: sectionId, createTime: null, title: MENU_TITLES[page.name] ?? page.name, level: 1, sort: page.sort, name: page.name, icon: page.icon, hidden: page.hidden ? 1 : 0, ...overrides[page.name] });
    }
  }
  return rows;
};

export const SUPER_ADMIN_GRANT: Grant = Object.fromEntries(SECTIONS.map((s) => [s.name, 'all']));
export const SELLER_GRANT: Grant = {
  shop: 'all',
  pms: ['product', 'addProduct', 'updateProduct'],
  oms: ['order', 'orderDetail', 'deliverOrderList', 'returnApply', 'returnApplyDetail'],
  member: ['memberList'],
  pay: 'all',
  mold: 'all',
  rms: 'all',
};

export const superAdmin = (): AdminInfo => ({ username: 'admin', icon: null, roles: ['Super admin'], menus: menusFor(SUPER_ADMIN_GRANT) });
export const seller = (): AdminInfo => ({ username: 'seller', icon: null, roles: ['Seller'], menus: menusFor(SELLER_GRANT) });

/** The home page's figures of an empty shop (the page every signed-in test lands on asks for them). */
export const EMPTY_HOME: HomeSummary = { timeZone: 'UTC', today: '2026-01-01', pending: [] };

export const answerInfo = (info: Partial<AdminInfo> | null) =>
  server.use(
    http.get('*/api/admin/info', () => HttpResponse.json({ code: 200, message: 'Operation succeeded', data: info })),
    http.get(`*/api${HOME_API.summary}`, () => HttpResponse.json({ code: 200, message: 'Operation succeeded', data: EMPTY_HOME })),
  );

const EMPTY_PAGE = { pageNum: 1, pageSize: 10, totalPage: 0, total: 0, list: [] };
const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });

/**
 * Answers what the screens behind the layout ask for with nothing (empty lists, no counts, the
 * default ratio): tests of the shell open pages for their menus and titles, not their rows.
 */
export const answerScreensEmpty = () => {
  answerSideCallsEmpty();
  server.use(http.get(/\/api\/.+\/list(\/\d+)?$/, () => ok(EMPTY_PAGE)));
};

/** Answers /admin/logout and returns the list the calls are recorded in. */
export const answerLogout = () => {
  const calls: string[] = [];
  server.use(http.post('*/api/admin/logout', ({ request }) => {
    calls.push(request.headers.get('Authorization') ?? '');
    return HttpResponse.json({ code: 200, message: 'Operation succeeded', data: null });
  }));
  return calls;
};

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>{location.pathname}</output>;
};

/**
 * Loads the lazily imported screens before a file's tests: the first import makes Vitest
 * transform MUI and react-admin, which can take longer than a `findBy` waits.
 */
export const preloadScreens = async ({ entities = false }: { entities?: boolean } = {}) => {
  await import('../../src/pages/home/HomePage');
  if (entities) await import('../../src/engine/screens');
};
export const PRELOAD_TIMEOUT_MS = 60_000;

let tokenCount = 0;

/**
 * Renders the shell at `path`, signed in unless `token` is null (a fresh token: no session cached
 * from another test). A data router, as `src/main.tsx` mounts it: forms can block navigation.
 */
export const renderAdmin = (path: string, { token = `Bearer test-${++tokenCount}` }: { token?: string | null } = {}) => {
  endSession();
  if (token) localStorage.setItem('loginToken', token);
  const router = createMemoryRouter([{
    path: '*',
    element: (
      <>
        <Routes>
          <Route path="/login" element={<p>public login page</p>} />
          <Route path="/404" element={<p>public not found page</p>} />
          <Route path="*" element={<Suspense fallback={<p>loading admin</p>}><AdminApp /></Suspense>} />
        </Routes>
        <LocationProbe />
      </>
    ),
  }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
};

export const currentPath = () => screen.getByTestId('location').textContent;
export const currentState = (): unknown => JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');

/** The sidebar (react-admin's drawer on desktop): the navigation named "Main menu". */
export const findSidebar = () => screen.findByRole('navigation', { name: 'Main menu' });
