// Protects: while a session is loaded, react-admin's access questions (its sign-in check,
// useCanAccess, useCanAccessResources, the list rows' shared answer) are answered from it as the
// query is made, as the auth provider answers them, and the answer holds while that session does
// (src/admin/queryClient.ts; otherwise a list's access checks answer a turn later and draw the
// whole list again). Without a loaded session, or once another is, the provider is asked.
import { QueryObserver } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, sessionAnswerOf } from '../../src/admin/queryClient';
import type { AdminSession } from '../../src/providers/authProvider';
import { sessionCanAccess } from '../../src/providers/authProvider';
import { buildMenuModel } from '../../src/providers/menus';
import { apiMatcher } from '../../src/schema/access';
import { menusFor, SELLER_GRANT } from './admin-harness';

const sessionOf = (username: string): AdminSession => {
  const menus = menusFor(SELLER_GRANT);
  return { username, icon: null, nickName: null, email: null, note: null, roles: ['Seller'], menus, model: buildMenuModel(menus), resources: undefined, canCall: apiMatcher(undefined) };
};

const asked: QueryKey[] = [];
const observe = (client: ReturnType<typeof createQueryClient>, queryKey: QueryKey) =>
  new QueryObserver(client, { queryKey, queryFn: async () => { asked.push(queryKey); return 'asked'; } });

describe('access questions', () => {
  it('are answered from the loaded session as the query is made', () => {
    const session = sessionOf('seller');
    const client = createQueryClient(session, () => session);
    const cases: [QueryKey, unknown][] = [
      [['auth', 'checkAuth', {}], true],
      [['auth', 'canAccess', { action: 'list', resource: 'order' }], sessionCanAccess(session, 'order', 'list')],
      [['auth', 'canAccess', { action: 'list', resource: 'adminAccount', recordId: 3 }], sessionCanAccess(session, 'adminAccount', 'list')],
      [['auth', 'canAccess', ['order', 'member'], 'list', undefined], { order: sessionCanAccess(session, 'order', 'list'), member: sessionCanAccess(session, 'member', 'list') }],
      [['auth', 'canAccessRows', { resource: 'order', actions: ['delete', 'edit'] }], { delete: sessionCanAccess(session, 'order', 'delete'), edit: sessionCanAccess(session, 'order', 'edit') }],
    ];
    for (const [key, answer] of cases) {
      const result = observe(client, key).getCurrentResult();
      expect(result.data, JSON.stringify(key)).toEqual(answer);
      expect(result.isStale).toBe(false);
    }
    // Answers differ by grant: the case list is not all one value.
    expect(new Set(cases.slice(1, 3).map(([, answer]) => answer)).size).toBe(2);
    expect(sessionAnswerOf(session, ['auth', 'getIdentity'])).toBeUndefined();
    expect(sessionAnswerOf(session, ['order', 'getList'])).toBeUndefined();
  });

  it('are asked of the provider when no session is loaded', async () => {
    asked.length = 0;
    const client = createQueryClient(null, () => null);
    const observer = observe(client, ['auth', 'canAccess', { action: 'edit', resource: 'order' }]);
    expect(observer.getCurrentResult().data).toBeUndefined();
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toBe('asked');
    stop();
  });

  it('are asked again once another session is loaded', () => {
    let current: AdminSession | null = sessionOf('seller');
    const client = createQueryClient(current, () => current);
    const key = ['auth', 'canAccess', { action: 'edit', resource: 'order' }];
    expect(observe(client, key).getCurrentResult().isStale).toBe(false);
    current = sessionOf('other');
    expect(observe(client, key).getCurrentResult().isStale).toBe(true);
    current = null;
    expect(observe(client, ['auth', 'checkAuth', {}]).getCurrentResult().isStale).toBe(true);
  });
});
