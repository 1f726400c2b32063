/**
 * react-query settings for the admin. No automatic retries: every failed call already shows a
 * toast (src/providers/httpClient.ts), and a retried call would show it again, up to four times.
 */
import type { Query, QueryKey } from '@tanstack/react-query';
import { QueryClient } from '@tanstack/react-query';
import type { AdminSession } from '../providers/authProvider';
import { identityOf, loadedAdminSession, sessionCanAccess } from '../providers/authProvider';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is readonly string[] => Array.isArray(value) && value.every(isText);

/**
 * What src/providers/authProvider.ts answers to the access question `key` asks (react-admin's
 * `checkAuth`, `useCanAccess` and `useCanAccessResources` keys, the rows' shared answer of
 * src/engine/rowAccess.tsx), computed from the loaded `session` as the provider computes it;
 * undefined for any other key. The provider's `checkAuth` checks for a token, which a loaded
 * session implies, and its `canAccess` is `sessionCanAccess` of the session, record or not.
 */
export const sessionAnswerOf = (session: AdminSession, key: QueryKey): unknown => {
  if (key[0] !== 'auth') return undefined;
  const [, kind, params, action] = key as readonly unknown[];
  if (kind === 'checkAuth') return true;
  if (kind === 'canAccess' && isTextList(params) && isText(action)) {
    return Object.fromEntries(params.map((resource) => [resource, sessionCanAccess(session, resource, action)]));
  }
  const asked = (params ?? {}) as { resource?: unknown; action?: unknown; actions?: unknown };
  if (kind === 'canAccess' && isText(asked.resource) && isText(asked.action)) return sessionCanAccess(session, asked.resource, asked.action);
  if (kind === 'canAccessRows' && isText(asked.resource) && isTextList(asked.actions)) {
    const resource = asked.resource;
    return Object.fromEntries(asked.actions.map((name) => [name, sessionCanAccess(session, resource, name)]));
  }
  return undefined;
};

/**
 * `session`: the signed-in admin's session when it is already loaded (src/providers/authProvider.ts
 * `loadedAdminSession`). It is put where react-admin's auth hooks read it (their query keys:
 * `usePermissions`, which the layout's session reads go through, `useAuthState` of the route guard,
 * `useGetIdentity` of the user menu), so the first draw of a cold open is the layout with its screen
 * rather than a loading state, then the layout, then the user menu again, a turn apart.
 * The identity's answer is asked again on mount as always; the session keeps usePermissions' five
 * minutes.
 *
 * `current`: the session loaded now (the provider's own by default). While one is, every access
 * question (sign-in check, `canAccess`) is answered from it as the query is made, and the answer
 * holds while that session does: a list screen's access checks used to answer a turn after its
 * first draw and draw the whole list again, rows included (~530 components on the order list), and
 * the sign-in check asked again on mount drew react-admin's routes and the list again when it came
 * back. Another session (a new token, none) asks the provider again, as before.
 */
export const createQueryClient = (session: AdminSession | null = null, current: () => AdminSession | null = loadedAdminSession) => {
  const answeredFrom = new WeakMap<Query, AdminSession>();
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // 'added' is told as the query is made, before its first observer reads it.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added') return;
    const loaded = current();
    const answer = loaded ? sessionAnswerOf(loaded, event.query.queryKey) : undefined;
    if (answer === undefined || !loaded) return;
    event.query.setData(answer, { manual: true });
    answeredFrom.set(event.query, loaded);
  });
  client.setQueryDefaults(['auth'], {
    staleTime: (query) => {
      const from = answeredFrom.get(query as Query);
      return from !== undefined && from === current() ? Infinity : 0;
    },
  });
  if (session) {
    client.setQueryData(['auth', 'getPermissions', {}], session);
    client.setQueryData(['auth', 'checkAuth', {}], true);
    client.setQueryData(['auth', 'getIdentity'], identityOf(session));
  }
  return client;
};
