/**
 * The opened screen's first data request, started by the entry as soon as the route is
 * known, before the admin's code arrives, from the route -> first-request table generated from the
 * declarations (src/admin/screenRequestTable.ts): neither the declarations nor react-admin are
 * loaded for it. It is the call the data provider makes (src/providers/entityDataProvider.ts
 * `getList`/`getOne`: tests/unit/shell-screen-request-table.test.ts holds the two to the same URLs), so the
 * screen takes its answer (src/providers/api.ts) instead of asking again. What the table cannot
 * settle (a list opened with a filter, whose query the field declarations shape; a list whose path
 * takes a filter) is not started: the screen asks as always.
 */
import type { Envelope } from '../schema/api';
import { startEarlyGet } from '../providers/api';
import { firstListParamsOf, storedListItem } from './listParams';
import type { ListRequestPlan } from './screenRequestTypes';
import { LIST_DEFAULTS, SCREEN_REQUEST_TABLE } from './screenRequestTable';

type ScreenLocation = { readonly pathname: string; readonly search: string; readonly hash: string };
type Query = Record<string, string | number>;
/** A GET to start, or null when the screen reads nothing first or the table cannot tell what. */
type EarlyPlan = { readonly path: string; readonly query?: Query } | null;

/** react-admin's sort of a list whose declaration gives none. */
const ID_DESC = { field: 'id', order: 'DESC' } as const;

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

const fillId = (url: string, id: string): string => url.replace(/\{id\}/g, encodeURIComponent(id));

/**
 * The dialog a hash opens, as src/engine/routing.ts `parseDialogHash` reads it: `show` with the
 * record's id as its path text (a number's digits as that number), another dialog, or none.
 */
const dialogOf = (hash: string): { mode: 'show'; id: string } | 'other' | null => {
  const text = decodeURIComponent(hash.replace(/^#/, ''));
  if (text === 'create') return 'other';
  const match = /^(edit|show)=(.+)$/.exec(text);
  if (!match) return null;
  const raw = match[2]!;
  return match[1] === 'show' ? { mode: 'show', id: /^\d+$/.test(raw) ? String(Number(raw)) : raw } : 'other';
};

const listPlan = (list: ListRequestPlan, search: string): EarlyPlan => {
  const params = firstListParamsOf(storedListItem(LIST_DEFAULTS.adminStoreKey, list.storeKey), list.defaultSort ?? ID_DESC, search, LIST_DEFAULTS.perPage);
  if (Object.values(params.filter).some((value) => !isEmpty(value))) return null;
  const sorted = list.sortable.includes(params.sort.field) ? params.sort : list.defaultSort;
  return {
    path: list.url,
    query: {
      pageNum: params.pagination.page,
      pageSize: Math.min(params.pagination.perPage, LIST_DEFAULTS.maxPerPage),
      ...(sorted ? { sort: sorted.field, order: sorted.order === 'ASC' ? 'asc' : 'desc' } : {}),
    },
  };
};

/** The first call of the screen at `location`, from the table alone. */
export const earlyPlanOf = ({ pathname, search, hash }: ScreenLocation): EarlyPlan => {
  const entry = SCREEN_REQUEST_TABLE[pathname];
  if (!entry) return null;
  if (entry.kind === 'edit') {
    const id = new URLSearchParams(search).get('id');
    return id && entry.get ? { path: fillId(entry.get, id) } : null;
  }
  const dialog = dialogOf(hash);
  if (dialog === 'other') return null;
  if (dialog) return entry.get ? { path: fillId(entry.get, dialog.id) } : null;
  return entry.list ? listPlan(entry.list, search) : null;
};

/**
 * Starts the screen's first call for `location`, if the table knows it (failures are the screen's to
 * see). Answers a list's first page (for its first draw, ./firstDraw.ts), else null.
 */
export const startScreenRequestsEarly = (location: ScreenLocation): Promise<Envelope<unknown>> | null => {
  const plan = earlyPlanOf(location);
  if (!plan) return null;
  const answer = startEarlyGet(plan.path, plan.query);
  answer.catch(() => undefined);
  return plan.query ? answer : null;
};
