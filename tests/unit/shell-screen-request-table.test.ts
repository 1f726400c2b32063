// Protects: the route -> first-request table the entry reads without loading the declarations
// is what the declarations give (declared once: it is generated, and stale when they change), and the
// request it starts for each screen is the one the declarations' data provider makes, to the URL;
// what it cannot settle (a list opened with a filter) it leaves to the screen.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from '../../src/providers/api';
import type { ApiRequest } from '../../src/providers/api';

const started = vi.hoisted(() => [] as string[]);
vi.mock('../../src/providers/api', async (importOriginal) => {
  const original = await importOriginal<typeof Api>();
  return {
    ...original,
    startEarlyGet: (path: string, query?: ApiRequest['query']) => {
      started.push(original.buildUrl(path, query));
      return Promise.resolve({ code: 200, message: '', data: null });
    },
  };
});

const { screenRequestTableSource, buildScreenRequestTable, listDefaults } = await import('../../src/admin/screenRequestPlan');
const { LIST_DEFAULTS, SCREEN_REQUEST_TABLE } = await import('../../src/admin/screenRequestTable');
const { earlyPlanOf, startScreenRequestsEarly } = await import('../../src/admin/earlyStart');
const { ALL_ROUTES } = await import('../../src/schema/routes');
const { entityOfRoute } = await import('../../src/schema/entities');
const { createEntityDataProvider } = await import('../../src/providers/entityDataProvider');
const { parseDialogHash } = await import('../../src/engine/routing');
const { firstListParamsOf, storedListItem } = await import('../../src/admin/listParams');
const { listStoreKey } = await import('../../src/admin/screenRequestPlan');
const { ADMIN_STORE_KEY } = await import('../../src/admin/storeKey');
const { PAGE_SIZE } = await import('../../src/schema/rules');
const { startEarlyGet } = await import('../../src/providers/api');

type Location = { pathname: string; search: string; hash: string };

/**
 * What the screen at `location` asks first, by the declarations: their data provider's `getList` (the
 * first parameters as react-admin works them out) or `getOne`, over a fetcher that records the URL.
 */
const declarationsRequest = (location: Location): void => {
  const provider = createEntityDataProvider((path: string, request: ApiRequest = {}) => startEarlyGet(path, request.query));
  const route = ALL_ROUTES.find((r) => r.path === location.pathname);
  const entity = route && entityOfRoute(route.name);
  if (!route || !entity) return;
  const ignore = () => undefined;
  if (entity.menu.route === route.name) {
    const link = parseDialogHash(location.hash);
    if (link?.mode === 'show') void provider.getOne(entity.name, { id: link.id }).catch(ignore);
    else if (!link) {
      const params = firstListParamsOf(storedListItem(ADMIN_STORE_KEY, listStoreKey(entity)), entity.defaultSort ?? { field: 'id', order: 'DESC' }, location.search, PAGE_SIZE.choices[0]);
      void provider.getList(entity.name, params).catch(ignore);
    }
    return;
  }
  const id = new URLSearchParams(location.search).get('id');
  if (id) void provider.getOne(entity.name, { id }).catch(ignore);
};

/** The URLs each way starts for `location`. */
const startedBy = async (start: (location: Location) => unknown, location: Location): Promise<string[]> => {
  started.length = 0;
  await start(location);
  return [...started];
};

describe('screen request table', () => {
  beforeEach(() => {
    started.length = 0;
  });

  it('is the generated text of the declarations (run `npm run gen:screen-requests` after changing them)', () => {
    const file = readFileSync(new URL('../../src/admin/screenRequestTable.ts', import.meta.url), 'utf8');
    expect(file).toBe(screenRequestTableSource());
    expect(SCREEN_REQUEST_TABLE).toEqual(buildScreenRequestTable());
    expect(LIST_DEFAULTS).toEqual(listDefaults());
  });

  it('covers the entity screens, and the list of the product and order screens without the declarations', () => {
    expect(earlyPlanOf({ pathname: '/pms/product', search: '', hash: '' })).toMatchObject({ path: '/product/list' });
    expect(earlyPlanOf({ pathname: '/oms/order', search: '', hash: '' })).toMatchObject({ path: '/order/list' });
    expect(Object.keys(SCREEN_REQUEST_TABLE).length).toBeGreaterThan(10);
  });

  it('starts for every route the same request as the declarations\' data provider', async () => {
    let compared = 0;
    for (const route of ALL_ROUTES) {
      const entry = SCREEN_REQUEST_TABLE[route.path];
      const sortable = entry?.list?.sortable[0] ?? 'id';
      const locations: Location[] = [
        { pathname: route.path, search: '', hash: '' },
        { pathname: route.path, search: `?page=2&perPage=20&sort=${sortable}&order=ASC`, hash: '' },
        { pathname: route.path, search: '?sort=notAField&order=ASC&perPage=500', hash: '' },
        { pathname: route.path, search: `?filter=${encodeURIComponent('{"keyword":""}')}`, hash: '' },
        { pathname: route.path, search: '', hash: '#show=007' },
        { pathname: route.path, search: '', hash: '#show=a%20b' },
        { pathname: route.path, search: '', hash: '#create' },
        { pathname: route.path, search: '', hash: '#edit=3' },
        { pathname: route.path, search: '?id=12', hash: '' },
      ];
      for (const location of locations) {
        const plan = earlyPlanOf(location);
        // A list whose path takes a filter: the table does not settle it, the screen asks.
        if (plan === null && entry?.kind === 'list' && entry.list === null && !location.hash) continue;
        expect(await startedBy(startScreenRequestsEarly, location), JSON.stringify(location)).toEqual(await startedBy(declarationsRequest, location));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('leaves a list opened with a filter to the screen', async () => {
    const location = { pathname: '/pms/brand', search: `?filter=${encodeURIComponent('{"keyword":"x"}')}`, hash: '' };
    expect(earlyPlanOf(location)).toBeNull();
    expect(await startedBy(startScreenRequestsEarly, location)).toEqual([]);
  });
});
