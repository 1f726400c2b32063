/**
 * An entity list's first `getList` parameters, worked out as react-admin's `useListParams`
 * (`getQuery`) and `useListController` do, without loading react-admin or the declarations: the
 * early requests (sent before the admin's code arrives) must not wait for either. tests/ui/shell-early-requests.test.tsx holds it to
 * react-admin's own.
 */
import type { SortSpec } from './screenRequestTypes';

/** The parameters of react-admin's first `getList` of a list (a `GetListParams`). */
type FirstListParams = {
  readonly pagination: { readonly page: number; readonly perPage: number };
  readonly sort: SortSpec;
  readonly filter: Record<string, unknown>;
};

type ListQuery = { sort?: unknown; order?: unknown; page?: unknown; perPage?: unknown; filter?: unknown };

/**
 * react-admin's stored list parameters (its `localStorageStore(undefined, ADMIN_STORE_KEY)`: JSON
 * under `RaStore<appKey>.<key>`, the `item` given here: `storedListItem`).
 */
const storedListParams = (item: string): ListQuery => {
  try {
    const raw = localStorage.getItem(item);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return value && typeof value === 'object' ? value as ListQuery : {};
  } catch {
    return {};
  }
};

/** The list's query in the URL, as react-admin's `parseQueryFromLocation` reads it (`filter` is JSON). */
const queryOfSearch = (search: string): ListQuery & Record<string, unknown> => {
  const query: Record<string, unknown> = Object.fromEntries(new URLSearchParams(search));
  for (const field of ['filter', 'displayedFilters']) {
    if (typeof query[field] !== 'string') continue;
    try {
      query[field] = JSON.parse(query[field] as string);
    } catch {
      delete query[field];
    }
  }
  return query;
};

/** react-admin's `hasCustomParams`: the store holds more than its initial value. */
const hasCustomParams = (params: ListQuery): boolean => {
  const filter = params.filter as Record<string, unknown> | undefined;
  return Boolean(filter && (Object.keys(filter).length > 0 || params.order != null || params.page !== 1 || params.perPage != null || params.sort != null));
};

const numberOr = (value: unknown, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = typeof value === 'string' ? parseInt(value, 10) : Number(value);
  return Number.isNaN(parsed) ? fallback : parsed;
};

/** The local storage item of a list's stored parameters (react-admin's store under `storeKey`). */
export const storedListItem = (adminStoreKey: string, storeKey: string): string => `RaStore${adminStoreKey}.${storeKey}`;

/**
 * The first parameters of the list whose parameters react-admin stores in the local storage item
 * `item` (`storedListItem`), at `search`: the URL's query when it has one, else the stored
 * parameters when the user changed any, else the defaults (`sort`, the first page size `perPage`).
 * It imports nothing: the entry's early start (./earlyStart.ts) is given what it needs by the generated table.
 */
export const firstListParamsOf = (item: string, sort: SortSpec, search: string, perPage: number): FirstListParams => {
  const fromUrl = queryOfSearch(search);
  const stored = storedListParams(item);
  const query: ListQuery = Object.keys(fromUrl).length > 0 ? fromUrl : hasCustomParams(stored) ? { ...stored } : { filter: {} };
  if (!query.sort) {
    query.sort = sort.field;
    query.order = sort.order;
  }
  return {
    pagination: { page: numberOr(query.page ?? 1, 1), perPage: numberOr(query.perPage ?? perPage, 10) },
    sort: { field: query.sort as string, order: query.order as SortSpec['order'] },
    filter: { ...(query.filter as Record<string, unknown> | undefined) },
  };
};
