/**
 * react-query settings for the admin. No automatic retries: every failed call already shows a
 * toast (spec section 8), and a retried call would show it again, up to four times.
 */
import { QueryClient } from '@tanstack/react-query';
import type { AdminSession } from '../providers/authProvider';
import { identityOf } from '../providers/authProvider';

/**
 * `session`: the signed-in admin's session when it is already loaded (src/providers/authProvider.ts
 * `loadedAdminSession`). It is put where react-admin's auth hooks read it (their query keys:
 * `usePermissions`, which the layout's session reads go through, `useAuthState` of the route guard,
 * `useGetIdentity` of the user menu), so the first draw of a cold open is the layout with its screen
 * rather than a loading state, then the layout, then the user menu again, a turn apart (issue 23).
 * The guard's and the identity's answers are asked again on mount as always; the session keeps
 * usePermissions' five minutes.
 */
export const createQueryClient = (session: AdminSession | null = null) => {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  if (session) {
    client.setQueryData(['auth', 'getPermissions', {}], session);
    client.setQueryData(['auth', 'checkAuth', {}], true);
    client.setQueryData(['auth', 'getIdentity'], identityOf(session));
  }
  return client;
};
