// Protects: the permission screens beyond plain lists: menu and resource allocation, group members, capacity warning, audit before/after, mold wear bar.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_MENU_TITLES } from '../../src/schema/builtins';
import { envelope, page, renderAt, serve } from './entity-harness';

/** The seeded titles, looked up by any menu name. */
const MENU_TITLES: Readonly<Record<string, string>> = SEEDED_MENU_TITLES;

beforeAll(async () => {
  await import('../../src/engine/screens');
});

/** A menu as seeded: titled with its seeded English title. */
const menuNode = (id: number, parentId: number, name: string, children: unknown[] = []) =>
  ({ id, parentId, createTime: null, title: MENU_TITLES[name], level: parentId ? 1 : 0, sort: 0, name, icon: 'list', hidden: 0, children });

const tree = [
  menuNode(1, 0, 'pms', [menuNode(2, 1, 'product'), menuNode(6, 1, 'brand')]),
  menuNode(7, 0, 'oms', [menuNode(8, 1, 'order')]),
];

describe('allocate menus', () => {
  it('should pre-check the role menus with tri-state parents and save leaves with their parents', async () => {
    serve('get', '/menu/treeList', () => envelope(tree));
    serve('get', '/role/listMenu/1', () => envelope([{ id: 1 }, { id: 2 }]));
    const saves = serve('post', '/role/allocMenu', () => envelope(3));
    serve('get', '/role/list', () => envelope(page([])));
    renderAt('/ums/allocMenu?roleId=1&name=Product%20admin');

    // The section and its first page are both titled "Products": the section comes first.
    const [products, productList] = await screen.findAllByRole('checkbox', { name: 'Products' });
    if (!products || !productList) throw new Error('missing checkboxes');
    expect(screen.getByText('Role: Product admin')).toBeInTheDocument();
    expect(products).toHaveAttribute('data-indeterminate', 'true');
    expect(productList).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Brands' })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox', { name: 'Orders' })[0]).not.toBeChecked();

    // Checking the half-checked parent checks all its children.
    await userEvent.click(products);
    expect(screen.getByRole('checkbox', { name: 'Brands' })).toBeChecked();
    expect(products).toBeChecked();
    await userEvent.click(screen.getAllByRole('checkbox', { name: 'Orders' })[1]!);
    await userEvent.click(productList);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.query.get('roleId')).toBe('1');
    expect(saves[0]?.query.get('menuIds')).toBe('1,6,7,8');
    expect(await screen.findByText('Menus saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ums/role'));
  });

  it('should say so when the URL names no role', async () => {
    renderAt('/ums/allocMenu');
    expect(await screen.findByText('Open this list from its parent record')).toBeInTheDocument();
  });
});

const categories = [{ id: 4, name: 'Permissions', sort: 20 }, { id: 1, name: 'Products', sort: 90 }];
const resources = [
  { id: 10, name: 'Brands', url: '/brand/**', categoryId: 1, description: '' },
  { id: 11, name: 'Products', url: '/product/**', categoryId: 1, description: '' },
  { id: 20, name: 'Roles', url: '/role/**', categoryId: 4, description: '' },
  { id: 30, name: 'Stray', url: '/stray/**', categoryId: 99, description: '' },
];

describe('allocate resources', () => {
  it('should group resources by category, select a whole category, and save', async () => {
    serve('get', '/resourceCategory/listAll', () => envelope(categories));
    serve('get', '/resource/listAll', () => envelope(resources));
    serve('get', '/role/listResource/2', () => envelope([resources[0]]));
    const saves = serve('post', '/role/allocResource', () => envelope(3));
    serve('get', '/role/list', () => envelope(page([])));
    renderAt('/ums/allocResource?roleId=2&name=Order%20admin');

    const products = await screen.findByRole('group', { name: 'Products' });
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    const stray = screen.getByRole('group', { name: 'Uncategorised' });
    // Category order as /resourceCategory/listAll answers it, the uncategorised last.
    const order = [permissions, products, stray].map((g) => g.compareDocumentPosition(products));
    expect(order[0]).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(products).getByRole('checkbox', { name: /Brands/ })).toBeChecked();
    expect(within(products).getByRole('checkbox', { name: 'Select all of Products' })).toHaveAttribute('data-indeterminate', 'true');
    expect(within(permissions).getByText('/role/**')).toBeInTheDocument();

    await userEvent.click(within(permissions).getByRole('checkbox', { name: 'Select all of Permissions' }));
    await userEvent.click(within(products).getByRole('checkbox', { name: 'Select all of Products' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.query.get('roleId')).toBe('2');
    expect(saves[0]?.query.get('resourceIds')).toBe('10,11,20');
    expect(await screen.findByText('Resources saved')).toBeInTheDocument();
  });
});

const capacityRow = (adminId: number, username: string, items: unknown[]) => ({ adminId, username, nickName: null, groupId: 1, groupName: 'Standard sellers', warnPercent: 80, items });
const usage = (key: string, unit: string, value: number, quota: number | null) => {
  const percent = quota === null ? null : Math.round((value / quota) * 1000) / 10;
  return { key, unit, usage: value, quota, percent, warn: percent !== null && percent >= 80, over: quota !== null && value >= quota };
};

describe('capacity warning', () => {
  it('should show bars per quota and highlight members past the threshold', async () => {
    serve('get', '/userGroup/listAll', () => envelope([{ id: 1, name: 'Standard sellers' }, { id: 2, name: 'Big sellers' }]));
    const lists = serve('get', '/capacity/list', ({ query }) => envelope(page(query.get('overOnly') === '1'
      ? [capacityRow(3, 'seller', [usage('shops', 'count', 3, 3), usage('storage', 'MB', 12, null)])]
      : [
        capacityRow(3, 'seller', [usage('shops', 'count', 3, 3), usage('storage', 'MB', 12, null)]),
        capacityRow(5, 'seller2', [usage('shops', 'count', 1, 3), usage('storage', 'MB', 170, 200)]),
        capacityRow(6, 'seller3', [usage('shops', 'count', 0, 3), usage('storage', 'MB', 1, 200)]),
      ])));
    renderAt('/ums/capacity');

    const over = (await screen.findByText('seller')).closest('tr') as HTMLElement;
    const warn = screen.getByText('seller2').closest('tr') as HTMLElement;
    const fine = screen.getByText('seller3').closest('tr') as HTMLElement;
    expect(over).toHaveAttribute('data-level', 'over');
    expect(within(over).getByText('Over quota')).toBeInTheDocument();
    expect(warn).toHaveAttribute('data-level', 'warn');
    expect(within(warn).getByText('Near quota')).toBeInTheDocument();
    expect(fine).toHaveAttribute('data-level', 'ok');
    expect(within(warn).getByRole('progressbar', { name: 'Upload storage: 170 of 200 (85%)' })).toHaveAttribute('aria-valuenow', '85');
    expect(within(warn).getByText('170 / 200 MB (85%)')).toBeInTheDocument();
    expect(within(over).getByText(/12 MB · unlimited/)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Member', 'User group', 'Shops', 'Upload storage']);

    await userEvent.click(screen.getByRole('switch', { name: 'Only members past the warning threshold' }));
    await waitFor(() => expect(lists.at(-1)?.query.get('overOnly')).toBe('1'));
    await waitFor(() => expect(screen.queryByText('seller2')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('combobox', { name: 'User group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Big sellers' }));
    await waitFor(() => expect(lists.at(-1)?.query.get('groupId')).toBe('2'));
  });
});

describe('group members', () => {
  it('should show the members, add one found by search, remove one after confirming, and save', async () => {
    serve('get', '/userGroup/listAll', () => envelope([{ id: 1, name: 'Standard sellers' }]));
    serve('get', '/userGroup/members/1', () => envelope([{ id: 3, username: 'seller', nickName: 'Demo seller' }]));
    const searches = serve('get', '/admin/list', ({ query }) => envelope(page(query.get('keyword') === 'sel'
      ? [{ id: 3, username: 'seller' }, { id: 5, username: 'seller2', nickName: 'Second' }]
      : [])));
    const saves = serve('post', '/userGroup/allocMembers', () => envelope(1));
    renderAt('/ums/user_group?groupId=1');

    const table = await screen.findByRole('table', { name: 'Members' });
    expect(await within(table).findByText('seller')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Add an admin or seller' }), 'sel');
    await waitFor(() => expect(searches.at(-1)?.query.get('keyword')).toBe('sel'));
    // A member already in the group is not offered again.
    await userEvent.click(await screen.findByRole('option', { name: 'seller2 (Second)' }));
    expect(screen.queryByRole('option', { name: 'seller' })).not.toBeInTheDocument();
    expect(within(table).getByText('seller2')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Remove seller' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove members from the group?' });
    expect(confirm).toHaveTextContent('1 member will leave this group.');
    expect(saves).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.query.get('groupId')).toBe('1');
    expect(saves[0]?.query.get('adminIds')).toBe('5');
    expect(await screen.findByText('Members saved')).toBeInTheDocument();
  });

  it('should ask for a group first', async () => {
    serve('get', '/userGroup/listAll', () => envelope([{ id: 1, name: 'Standard sellers' }]));
    renderAt('/ums/user_group');
    expect(await screen.findByText('Pick a group to see its members.')).toBeInTheDocument();
  });
});

describe('audit log', () => {
  it('should open an entry on its page with its before and after side by side, changed keys marked', async () => {
    const entry = { id: 7, adminId: 1, adminName: 'admin', action: 'update', entity: 'brand', entityId: '3', ip: '127.0.0.1', createTime: '2024-05-01T00:00:00.000Z',
      beforeJson: '{"name":"Nike","sort":1}', afterJson: '{"name":"Nike Inc","sort":1}' };
    serve('get', '/auditLog/list', () => envelope(page([{ ...entry, beforeJson: undefined, afterJson: undefined }])));
    serve('get', '/auditLog/7', () => envelope(entry));
    renderAt('/ums/auditLog');

    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByText('127.0.0.1'));
    // The entry's own page (the area's show view), with a deep link.
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit entry 7' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ums/auditLog#show=7'));
    const before = await screen.findByRole('region', { name: 'Before' });
    const after = screen.getByRole('region', { name: 'After' });
    expect(within(before).getByText('"name": "Nike"')).toHaveAttribute('data-changed', 'true');
    expect(within(after).getByText('"name": "Nike Inc"')).toHaveAttribute('data-changed', 'true');
    expect(within(after).getByText('"sort": 1')).not.toHaveAttribute('data-changed');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('mold list', () => {
  it('should show the usage against the rated life as a bar that warns near the end', async () => {
    serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Sunrise Packaging' }]));
    const lists = serve('get', '/mold/list', () => envelope(page([
      { id: 1, code: 'SP-BOX-001', name: 'Mailer box', shopId: 1, shopName: 'Sunrise Packaging', size: null, material: null, location: 'A1', status: 0, usageCount: 1200, ratedLife: 50_000, image: null, createTime: null },
      { id: 2, code: 'SP-BOX-002', name: 'Pizza box', shopId: 1, shopName: 'Sunrise Packaging', size: null, material: null, location: 'A2', status: 1, usageCount: 46_500, ratedLife: 50_000, image: null, createTime: null },
      { id: 3, code: 'PS-FOLD-02', name: 'Folder', shopId: 1, shopName: 'Sunrise Packaging', size: null, material: null, location: 'B1', status: 3, usageCount: 30_000, ratedLife: 30_000, image: null, createTime: null },
    ])));
    renderAt('/mold/kmold');

    const fine = (await screen.findByText('SP-BOX-001')).closest('tr') as HTMLElement;
    const near = screen.getByText('SP-BOX-002').closest('tr') as HTMLElement;
    const done = screen.getByText('PS-FOLD-02').closest('tr') as HTMLElement;
    expect(within(fine).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(fine.querySelector('[data-wear]')).toHaveAttribute('data-wear', 'ok');
    expect(near.querySelector('[data-wear]')).toHaveAttribute('data-wear', 'warning');
    expect(within(near).getByText(/near the end of its life/)).toBeInTheDocument();
    expect(done.querySelector('[data-wear]')).toHaveAttribute('data-wear', 'worn_out');
    expect(within(near).getByText('In use')).toBeInTheDocument();
    expect(within(done).getByText('Retired')).toBeInTheDocument();
    expect(await within(fine).findByText('Sunrise Packaging')).toBeInTheDocument();

    // The shop filter picks from every shop the user may see.
    await userEvent.click(screen.getByRole('combobox', { name: 'Shop' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sunrise Packaging' }));
    await waitFor(() => expect(lists.at(-1)?.query.get('shopId')).toBe('1'));
  });
});

describe('menu list', () => {
  const menus = [
    { id: 1, parentId: 0, createTime: null, title: 'Products', level: 0, sort: 9, name: 'pms', icon: 'inventory', hidden: 0 },
    { id: 21, parentId: 0, createTime: null, title: 'Permissions', level: 0, sort: 1, name: 'ums', icon: 'security', hidden: 0 },
  ];

  it('should list level 1, lead to the next level, and hide a menu through /menu/updateHidden/{id}', async () => {
    serve('get', '/menu/list/0', () => envelope(page(menus)));
    serve('get', '/menu/list/21', () => envelope(page([{ id: 22, parentId: 21, createTime: null, title: 'Admins', level: 1, sort: 0, name: 'admin', icon: 'admin', hidden: 0 }])));
    serve('get', '/menu/21', () => envelope(menus[1]));
    const hides = serve('post', '/menu/updateHidden/21', () => envelope(1));
    renderAt('/ums/menu');

    const row = (await screen.findByText('Permissions')).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/ums/addMenu?parentId=0');
    await userEvent.click(within(row).getByRole('switch', { name: 'Hidden: Permissions' }));
    await waitFor(() => expect(hides).toHaveLength(1));
    expect(hides[0]?.query.get('hidden')).toBe('1');

    await userEvent.click(within(row).getByRole('link', { name: 'View next level' }));
    expect(await screen.findByText('Admins')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/ums/menu?parentId=21');
    expect(screen.getByRole('link', { name: 'Back to level 1' })).toBeInTheDocument();
  });

  // Menus declare a tree without a depth limit: the engine's tree screens go deeper and lead back one level at a time.
  it('should open a level-2 menu\'s children and lead back to its parent\'s list', async () => {
    const admins = { id: 22, parentId: 21, createTime: null, title: 'Admins', level: 1, sort: 0, name: 'admin', icon: 'admin', hidden: 0 };
    serve('get', '/menu/list/21', () => envelope(page([admins])));
    serve('get', '/menu/list/22', () => envelope(page([{ id: 23, parentId: 22, createTime: null, title: 'Admin roles', level: 2, sort: 0, name: 'role', icon: 'role', hidden: 0 }])));
    serve('get', '/menu/22', () => envelope(admins));
    // The list of level 2 names its parent (the title above the rows).
    serve('get', '/menu/21', () => envelope(menus[1]));
    renderAt('/ums/menu?parentId=21');

    const row = (await screen.findByText('Admins')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('link', { name: 'View next level' }));
    expect(await screen.findByText('Admin roles')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/ums/menu?parentId=22');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to the level above' }));
    expect(await screen.findByText('Admins')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/ums/menu?parentId=21');
  });
});
