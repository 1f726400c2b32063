// Protects: a session already loaded reaches react-admin's auth hooks on the shell's first draw
// (src/admin/queryClient.ts): usePermissions (the layout's session reads), the route
// guard's useAuthState and the user menu's useGetIdentity answer at once instead of a turn later,
// under the query keys react-admin 5 reads them by.
import { render, waitFor } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { CoreAdminContext, useAuthState, useGetIdentity, usePermissions } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/admin/queryClient';
import type { AdminSession } from '../../src/providers/authProvider';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';

const session: AdminSession = {
  username: 'admin', icon: null, nickName: 'Ada', email: null, note: null, roles: ['super'], menus: [],
  model: buildMenuModel([]), resources: undefined, canCall: apiMatcher(undefined),
};

type Seen = { permissions: unknown; authenticated: boolean | undefined; name: unknown };

const draws: Seen[] = [];
const Probe = () => {
  const { permissions } = usePermissions<AdminSession>();
  const { authenticated } = useAuthState();
  const { identity } = useGetIdentity();
  draws.push({ permissions, authenticated, name: identity?.fullName });
  return null;
};

// Answers like ours, a moment later: the first draw must not need them.
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 50));
const authProvider: AuthProvider = {
  login: async () => undefined, logout: async () => undefined, checkError: async () => undefined,
  checkAuth: () => later(undefined), getPermissions: () => later(session), getIdentity: () => later({ id: 'admin', fullName: 'Ada' }),
};

describe('a session loaded before the shell draws', () => {
  it('is what react-admin reads on the first draw', async () => {
    draws.length = 0;
    render(<CoreAdminContext authProvider={authProvider} queryClient={createQueryClient(session)}><Probe /></CoreAdminContext>);
    await waitFor(() => expect(draws.length).toBeGreaterThan(0));
    expect(draws[0]).toEqual({ permissions: session, authenticated: true, name: 'Ada' });
  });

  it('leaves the reads to react-admin when none is loaded', async () => {
    draws.length = 0;
    render(<CoreAdminContext authProvider={authProvider} queryClient={createQueryClient()}><Probe /></CoreAdminContext>);
    await waitFor(() => expect(draws.at(-1)).toEqual({ permissions: session, authenticated: true, name: 'Ada' }));
    expect(draws[0]?.permissions).toBeUndefined();
  });
});
