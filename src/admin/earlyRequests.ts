/**
 * The opened screen's first data request, sent before its code arrives (issue 23). The entry loads
 * this small chunk beside the admin shell and calls `startScreenRequests` with the page's URL; it
 * works out the call the screen will make first and starts it (`startEarlyGet`, src/providers/api.ts;
 * the home page's figures need no declaration: the entry starts them itself):
 * - an entity's list route: its first page, with the parameters react-admin will ask for (its
 *   `getQuery` over the URL's query and the list's stored parameters, the declaration's default
 *   sort, the first page size; react-admin itself is not loaded here, it would hold the request back);
 * - the same route with `#show=<id>`, or the entity's edit route with `?id=`: the record.
 * The request is built by the same data provider the screen uses, over a fetcher that only starts
 * it, so it is the screen's call to the byte; the screen's call then takes the answer (same URL and
 * token) instead of asking again. A guess that misses (a list pinned by its route's query, an
 * area's list that asks otherwise) costs one unused request and nothing else: the screen asks
 * for what it needs as always. Permissions are unchanged: the server answers these calls as any.
 */
import type { GetListParams } from 'react-admin';
import type { Envelope } from '../schema/api';
import { ALL_ROUTES } from '../schema/routes';
import { screenEntityList } from '../schema/screenEntities';
import type { ApiRequest } from '../providers/api';
import { startEarlyGet } from '../providers/api';
import { createEntityDataProvider } from '../providers/entityDataProvider';
import type { Entity } from '../schema/entity';
import { parseDialogHash } from '../engine/routing';
import { firstListParamsOf, storedListItem } from './listParams';
import { PAGE_SIZE } from '../schema/rules';
import { ADMIN_STORE_KEY } from './storeKey';
import { listStoreKey } from './screenRequestPlan';

export type ScreenLocation = { readonly pathname: string; readonly search: string; readonly hash: string };

/** A data provider whose calls are only started (and kept for the screen), never read here. */
const starter = createEntityDataProvider(<T>(path: string, request: ApiRequest = {}): Promise<Envelope<T>> => {
  if ((request.method ?? 'GET') !== 'GET' || request.body !== undefined) return Promise.reject(new Error('early requests only read'));
  return startEarlyGet<T>(path, request.query);
});

/**
 * The first `getList` parameters of an entity's unpinned list at `search`, worked out as
 * react-admin's `useListParams` (`getQuery`) and `useListController` do: the URL's query when it
 * has one, else the stored parameters when the user changed any, else the defaults (the
 * declaration's sort, the first page size). tests/ui/early-requests.test.tsx holds it to react-admin's own.
 */
export const firstListParams = (entity: Entity, search: string): GetListParams => firstListParamsOf(
  storedListItem(ADMIN_STORE_KEY, listStoreKey(entity)), entity.defaultSort ?? { field: 'id', order: 'DESC' }, search, PAGE_SIZE.choices[0],
);

/** Starts the screen's first call for `location`; resolves when started (failures are the screen's to see). */
export const startScreenRequests = (location: ScreenLocation): void => {
  const { pathname, search, hash } = location;
  const route = ALL_ROUTES.find((r) => r.path === pathname);
  if (!route) return;
  const ignore = () => undefined;
  // The screen table assigns entity by entity: a later entity's route wins (src/engine/screens.tsx).
  const entity = screenEntityList.findLast((e) => e.menu.route === route.name || e.menu.edit === route.name);
  if (!entity) return;
  if (entity.menu.route === route.name) {
    const link = parseDialogHash(hash);
    if (link?.mode === 'show') {
      starter.getOne(entity.name, { id: link.id }).catch(ignore);
    } else if (!link) {
      // A list of a parent's rows (`{parentId}` in its path) refuses without the pin its route's query supplies: no request.
      starter.getList(entity.name, firstListParams(entity, search)).catch(ignore);
    }
    return;
  }
  const id = new URLSearchParams(search).get('id');
  if (id) starter.getOne(entity.name, { id }).catch(ignore);
};
