// Protects: admin accounts and roles screens: search, create and edit dialogs (password optional on edit), enable switch, delete, role assignment pre-checked, each account's roles by name in the list; no account saved without a role (create, assign roles, edit), in en and zh.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

beforeAll(async () => {
  await import('../../src/engine/screens');
});

const admins = [
  { id: 1, username: 'admin', nickName: 'Root', email: 'root@example.com', note: null, createTime: '2024-05-01T00:00:00.000Z', loginTime: null, status: 1,
    roles: [{ id: 5, name: 'Super admin', code: 'super_admin' }, { id: 2, name: 'Order admin', code: null }] },
  { id: 4, username: 'productAdmin', nickName: 'Products', email: 'p@example.com', note: null, createTime: '2024-05-01T00:00:00.000Z', loginTime: null, status: 0,
    roles: [{ id: 1, name: 'Product admin', code: null }] },
];
const roles = [
  { id: 1, name: 'Product admin', description: '', adminCount: 0, createTime: null, status: 1, sort: 0 },
  { id: 2, name: 'Order admin', description: '', adminCount: 0, createTime: null, status: 1, sort: 0 },
  { id: 5, name: 'Super admin', description: '', adminCount: 0, createTime: null, status: 0, sort: 0 },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

const serveAdmins = () => serve('get', '/admin/list', () => envelope(page(admins)));
const serveRoles = () => serve('get', '/role/listAll', () => envelope(roles));

describe('admin list', () => {
  it('should list accounts without passwords and search by keyword', async () => {
    const lists = serveAdmins();
    renderAt('/ums/admin');
    expect(await screen.findByText('productAdmin')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['Actions', 'Username', 'Nickname', 'Email', 'Roles', 'Added at', 'Last sign-in', 'Enabled']);

    await userEvent.type(screen.getByPlaceholderText('Search'), 'prod');
    await waitFor(() => expect(lists.at(-1)?.query.get('keyword')).toBe('prod'));
  });

  it('should enable an account through /admin/updateStatus/{id}', async () => {
    serveAdmins();
    const toggles = serve('post', '/admin/updateStatus/4', () => envelope(1));
    renderAt('/ums/admin');
    await screen.findByText('productAdmin');
    await userEvent.click(within(rowOf('productAdmin')).getByRole('switch', { name: 'Enabled: productAdmin' }));
    await waitFor(() => expect(toggles).toHaveLength(1));
    expect(toggles[0]?.query.get('status')).toBe('1');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('should create an account with its password and roles in a dialog', async () => {
    serveAdmins();
    serveRoles();
    const creates = serve('post', '/admin/create', ({ body }) => envelope({ ...(body as object), id: 9 }));
    renderAt('/ums/admin');
    await screen.findByText('productAdmin');

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add admin' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'orders1');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'secret12');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Order admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]?.body).toEqual({ username: 'orders1', password: 'secret12', status: 1, roleIds: [2] });
    expect(await screen.findByText('Added')).toBeInTheDocument();
  });

  it('should refuse a short password before sending', async () => {
    serveAdmins();
    serveRoles();
    const creates = serve('post', '/admin/create', () => envelope({ id: 9 }));
    renderAt('/ums/admin');
    await screen.findByText('productAdmin');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add admin' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'orders1');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/length must be between 8 and 128/)).toBeInTheDocument();
    expect(creates).toHaveLength(0);
  });

  it('should edit an account in a dialog, keeping the password when left empty', async () => {
    serveAdmins();
    serveRoles();
    serve('get', '/admin/4', () => envelope(admins[1]));
    const updates = serve('post', '/admin/update/4', () => envelope(1));
    renderAt('/ums/admin');
    await userEvent.click(await screen.findByText('productAdmin'));

    const dialog = await screen.findByRole('dialog', { name: 'Edit admin' });
    expect(within(dialog).getByText('Leave empty to keep the current password')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Order admin' })).not.toBeInTheDocument();
    const nick = within(dialog).getByRole('textbox', { name: 'Nickname' });
    await userEvent.clear(nick);
    await userEvent.type(nick, 'Catalogue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ nickName: 'Catalogue' });
  });

  it('should delete an account only after confirming', async () => {
    serveAdmins();
    const deletes = serve('post', '/admin/delete/4', () => envelope(1));
    renderAt('/ums/admin');
    await screen.findByText('productAdmin');
    await userEvent.click(within(rowOf('productAdmin')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete "productAdmin"?' });
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit admin' })).not.toBeInTheDocument();
  });
});

describe.each<Lang>(['en', 'zh'])('roles in the admin list (%s)', (lang) => {
  const ROLES_HEADER = { en: 'Roles', zh: '角色' } as const;
  // Seeded roles read in the chosen language.
  const ROLE_NAMES = {
    en: { admin: 'Super adminOrder admin', productAdmin: 'Product admin' },
    zh: { admin: '超级管理员订单管理员', productAdmin: '商品管理员' },
  } as const;

  it('should show each account\'s roles by name in their own column', async () => {
    serveAdmins();
    renderAt('/ums/admin', { lang });
    await screen.findByText('productAdmin');
    const headers = screen.getAllByRole('columnheader');
    const column = headers.findIndex((h) => h.textContent?.trim() === ROLES_HEADER[lang]);
    expect(column).toBeGreaterThan(0);
    const cellOf = (username: string) => within(rowOf(username)).getAllByRole('cell')[column]!;
    expect(cellOf('admin')).toHaveTextContent(ROLE_NAMES[lang].admin);
    expect(cellOf('productAdmin')).toHaveTextContent(ROLE_NAMES[lang].productAdmin);
  });
});

describe('assign roles dialog', () => {
  it('should pre-check the account roles and save the new set', async () => {
    const lists = serveAdmins();
    serveRoles();
    serve('get', '/admin/role/4', () => envelope([roles[0]]));
    const saves = serve('post', '/admin/role/update', () => envelope(2));
    renderAt('/ums/admin');
    await screen.findByText('productAdmin');
    const listedBefore = lists.length;

    await userEvent.click(within(rowOf('productAdmin')).getByRole('button', { name: 'Assign roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of productAdmin' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Product admin' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Order admin' })).not.toBeChecked();
    // A disabled role is still offered, marked as such.
    expect(within(dialog).getByRole('checkbox', { name: /Super admin/ }).closest('label')).toHaveTextContent('Disabled');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Order admin' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Product admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.query.get('adminId')).toBe('4');
    expect(saves[0]?.query.get('roleIds')).toBe('2');
    expect(await screen.findByText('Roles saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Roles of productAdmin' })).not.toBeInTheDocument());
    // The list is read again: its roles column shows the new set.
    await waitFor(() => expect(lists.length).toBeGreaterThan(listedBefore));
    expect(screen.queryByRole('dialog', { name: 'Edit admin' })).not.toBeInTheDocument();
  });

  it('should not offer to save an account without any role', async () => {
    serveAdmins();
    serveRoles();
    serve('get', '/admin/role/4', () => envelope([roles[0]]));
    const saves = serve('post', '/admin/role/update', () => envelope(0));
    renderAt('/ums/admin');
    await screen.findByText('productAdmin');
    await userEvent.click(within(rowOf('productAdmin')).getByRole('button', { name: 'Assign roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of productAdmin' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Product admin' }));
    expect(within(dialog).getByText('Choose at least one role: an account without a role can open nothing.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Order admin' }));
    expect(within(dialog).queryByText(/Choose at least one role/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.query.get('roleIds')).toBe('2');
  });
});

describe.each<Lang>(['en', 'zh'])('an account needs a role (%s)', (lang) => {
  const T = {
    en: { add: 'Add', addDialog: 'Add admin', editDialog: 'Edit admin', username: 'Username', password: /^Password/, save: 'Save',
      pick: 'Choose at least one role', none: 'This account has no role. Give it one with "Assign roles" before saving.' },
    zh: { add: '添加', addDialog: '添加用户', editDialog: '编辑用户', username: '账号', password: /^密码/, save: '保存',
      pick: '请至少选择一个角色', none: '该账号没有角色，请先通过"分配角色"为其分配角色再保存。' },
  }[lang];

  it('should refuse a new account without a role under the Roles boxes, sending nothing', async () => {
    serveAdmins();
    serveRoles();
    const creates = serve('post', '/admin/create', () => envelope({ id: 9 }));
    renderAt('/ums/admin', { lang });
    await screen.findByText('productAdmin');
    await userEvent.click(screen.getByRole('button', { name: T.add }));
    const dialog = await screen.findByRole('dialog', { name: T.addDialog });
    await userEvent.type(within(dialog).getByRole('textbox', { name: T.username }), 'orders1');
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Or7-night-pass');
    await within(dialog).findAllByRole('checkbox');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText(T.pick)).toBeInTheDocument();
    expect(creates).toHaveLength(0);
  });

  it('should say an account without a role (imported) needs one before it is saved', async () => {
    const roleless = { ...admins[1], id: 6, username: 'imported', roles: [] };
    serve('get', '/admin/list', () => envelope(page([...admins, roleless])));
    serveRoles();
    serve('get', '/admin/6', () => envelope(roleless));
    renderAt('/ums/admin', { lang });
    await userEvent.click(await screen.findByText('imported'));
    const dialog = await screen.findByRole('dialog', { name: T.editDialog });
    expect(await within(dialog).findByText(T.none)).toBeInTheDocument();
  });
});

describe('role list', () => {
  it('should toggle the status through /role/updateStatus/{id} and link to menu and resource allocation', async () => {
    serve('get', '/role/list', () => envelope(page(roles)));
    const toggles = serve('post', '/role/updateStatus/2', () => envelope(1));
    renderAt('/ums/role');
    await screen.findByText('Order admin');

    expect(within(rowOf('Order admin')).getByRole('link', { name: 'Allocate menus' })).toHaveAttribute('href', '/ums/allocMenu?roleId=2&name=Order+admin');
    expect(within(rowOf('Order admin')).getByRole('link', { name: 'Allocate resources' })).toHaveAttribute('href', '/ums/allocResource?roleId=2&name=Order+admin');

    await userEvent.click(within(rowOf('Order admin')).getByRole('switch', { name: 'Enabled: Order admin' }));
    await waitFor(() => expect(toggles).toHaveLength(1));
    expect(toggles[0]?.query.get('status')).toBe('0');
    expect(toggles[0]?.query.has('ids')).toBe(false);
  });
});
