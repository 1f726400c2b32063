// Protects: buttons for actions the user's resources (Ant patterns from /admin/info) do not cover
// are hidden, through the real auth provider in the real shell; the menus still decide the routes.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerInfo, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, superAdmin } from './admin-harness';
import { server } from './msw-server';

beforeAll(async () => {
  await preloadScreens({ entities: true });
}, PRELOAD_TIMEOUT_MS);

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });
const page = (list: unknown[]) => ({ pageNum: 1, pageSize: 10, totalPage: 1, total: list.length, list });

const roles = [{ id: 1, name: 'Product admin', description: '', adminCount: 0, createTime: null, status: 1, sort: 0 }];
const admins = [{ id: 4, username: 'productAdmin', nickName: 'Products', email: null, note: null, createTime: null, loginTime: null, status: 1 }];

const serveLists = () => server.use(
  http.get('*/api/role/list', () => ok(page(roles))),
  http.get('*/api/admin/list', () => ok(page(admins))),
);

const rowOf = (cell: HTMLElement) => cell.closest('tr') as HTMLElement;

describe('buttons follow the resources', () => {
  it('should show every action to the super admin pattern', async () => {
    answerInfo({ ...superAdmin(), resources: ['/**'] });
    serveLists();
    renderAdmin('/ums/role');
    const row = rowOf(await screen.findByText('Product admin'));
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Allocate menus' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Allocate resources' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Enabled: Product admin' })).toBeEnabled());
  });

  it('should hide create, delete, allocation and status changes from a user who may only read roles', async () => {
    answerInfo({ ...superAdmin(), resources: ['/role/list', '/role/listAll', '/admin/info', '/admin/logout'] });
    serveLists();
    renderAdmin('/ums/role');
    const row = rowOf(await screen.findByText('Product admin'));
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Enabled: Product admin' })).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Allocate menus' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Allocate resources' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('should keep what a pattern covers: admin management without role assignment', async () => {
    answerInfo({ ...superAdmin(), resources: ['/admin/list', '/admin/create', '/admin/update/*', '/admin/updateStatus/*', '/role/listAll'] });
    serveLists();
    renderAdmin('/ums/admin');
    const row = rowOf(await screen.findByText('productAdmin'));
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Enabled: productAdmin' })).toBeEnabled());
    expect(within(row).queryByRole('button', { name: 'Assign roles' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('should show the access-denied page for a screen whose list the resources do not cover', async () => {
    answerInfo({ ...superAdmin(), resources: ['/brand/**'] });
    renderAdmin('/ums/role');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });
});
