// Protects: the menu allocation screen says what a ticked menu still needs from the API that the
// role's resources do not cover, and one click adds the narrowest resources that cover it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProvider } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMatcher } from '../../src/schema/access';
import { SEEDED_MENU_TITLES } from '../../src/schema/builtins';
import { envelope, renderAt, serve } from './entity-harness';

/** The seeded titles, looked up by any menu name. */
const MENU_TITLES: Readonly<Record<string, string>> = SEEDED_MENU_TITLES;

beforeAll(async () => {
});

const menuNode = (id: number, parentId: number, name: string, children: unknown[] = []) =>
  ({ id, parentId, createTime: null, title: MENU_TITLES[name], level: parentId ? 1 : 0, sort: 0, name, icon: 'list', hidden: 0, children });

const tree = [
  menuNode(1, 0, 'member', [menuNode(2, 1, 'memberList'), menuNode(3, 1, 'memberLevel')]),
  menuNode(4, 0, 'oms', [menuNode(5, 1, 'returnReason')]),
];

const resources = [
  { id: 10, name: 'Member levels', url: '/memberLevel/**', categoryId: 1, description: '', createTime: null },
  { id: 11, name: 'Member level look-up', url: '/memberLevel/list', categoryId: 1, description: '', createTime: null },
  { id: 12, name: 'Return reasons', url: '/returnReason/**', categoryId: 2, description: '', createTime: null },
];

/** A signed-in admin holding `held` (Ant patterns), as the shell's session reports it. */
const signedIn = (held: string[]): AuthProvider => ({
  login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
  getPermissions: async () => ({ resources: held, canCall: apiMatcher(held) }),
  canAccess: async () => true,
});

describe('menus and the resources they need', () => {
  it('should list what a ticked menu lacks and add the narrowest covering resource in one click', async () => {
    serve('get', '/menu/treeList', () => envelope(tree));
    serve('get', '/role/listMenu/1', () => envelope([{ id: 1 }, { id: 3 }]));
    let roleResources = [resources[2]];
    serve('get', '/role/listResource/1', () => envelope(roleResources));
    serve('get', '/resource/listAll', () => envelope(resources));
    const saves = serve('post', '/role/allocResource', ({ query }) => {
      roleResources = resources.filter((r) => (query.get('resourceIds') ?? '').split(',').includes(String(r.id)));
      return envelope(roleResources.length);
    });
    renderAt('/ums/allocMenu?roleId=1&name=Clerk', { authProvider: signedIn(['/**']) });

    const panel = await screen.findByRole('region', { name: 'The ticked menus need resources this role does not hold' });
    // The list screen reads /memberLevel/list: the look-up covers it with nothing beyond.
    expect(within(panel).getByText('Member levels: Member level look-up (/memberLevel/list)')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add the needed resources' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.query.get('roleId')).toBe('1');
    expect(saves[0]?.query.get('resourceIds')?.split(',').sort()).toEqual(['11', '12']);
    await waitFor(() => expect(screen.queryByRole('region', { name: /need resources/ })).not.toBeInTheDocument());
  });

  it('should follow the ticks: a newly ticked menu shows its needs, and offers only what the admin may grant', async () => {
    serve('get', '/menu/treeList', () => envelope(tree));
    serve('get', '/role/listMenu/2', () => envelope([]));
    serve('get', '/role/listResource/2', () => envelope([]));
    serve('get', '/resource/listAll', () => envelope(resources));
    renderAt('/ums/allocMenu?roleId=2&name=Clerk', { authProvider: signedIn(['/returnReason/**', '/role/**', '/resource/**', '/menu/**']) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Return reasons' }));
    const panel = await screen.findByRole('region', { name: /need resources/ });
    expect(within(panel).getByText('Return reasons: Return reasons (/returnReason/**)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Member levels' }));
    // The signed-in admin holds no member level resource: nothing to offer for it.
    expect(await within(panel).findByText('Member levels: no resource covers /memberLevel/list')).toBeInTheDocument();
  });
});
