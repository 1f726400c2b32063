// Protects: built-in records (seeded roles, resources, resource categories, menus) show translated names in the chosen language while they keep their seeded text; a renamed one shows what was typed (lists, reference cells and pickers, allocation screens).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { envelope, page, renderAt, serve } from './entity-harness';

const roles = [
  { id: 1, code: 'super_admin', name: 'Super admin', description: 'Every menu and every API', adminCount: 1, createTime: null, status: 1, sort: 100 },
  // Renamed by an administrator: the name reads as typed, the untouched description is still translated.
  { id: 2, code: 'seller', name: 'Shop owners', description: 'Shop owner: own shops, products, orders, members and molds', adminCount: 0, createTime: null, status: 1, sort: 50 },
  { id: 3, code: null, name: 'Clerk', description: 'Counter staff', adminCount: 0, createTime: null, status: 1, sort: 0 },
];
const categories = [{ id: 1, name: 'Products', sort: 90, createTime: null }, { id: 2, name: 'Sales', sort: 80, createTime: null }];
const resources = [
  { id: 10, name: 'Brands', url: '/brand/**', categoryId: 1, categoryName: 'Products', description: 'Brands', createTime: null },
  { id: 11, name: 'Order desk', url: '/order/**', categoryId: 2, categoryName: 'Sales', description: 'Orders', createTime: null },
];
const menus = [
  { id: 1, parentId: 0, createTime: null, title: 'Products', level: 0, sort: 9, name: 'pms', icon: 'inventory', hidden: 0 },
  { id: 7, parentId: 0, createTime: null, title: 'Sales desk', level: 0, sort: 8, name: 'oms', icon: 'order', hidden: 0 },
];

const TEXT = {
  en: {
    superAdmin: 'Super admin', superAdminDescription: 'Every menu and every API', sellerDescription: 'Shop owner: own shops, products, orders, members and molds',
    products: 'Products', brands: 'Brands', orders: 'Orders', category: 'Resource category', addFilter: 'Add filter', orderAdmin: 'Role: Order admin', brandMenu: 'Brands',
  },
  zh: {
    superAdmin: '超级管理员', superAdminDescription: '全部菜单和全部接口', sellerDescription: '店主：管理自己的店铺、商品、订单、会员和刀模',
    products: '商品', brands: '品牌', orders: '订单', category: '资源分类', addFilter: '添加筛选', orderAdmin: '角色：订单管理员', brandMenu: '品牌管理',
  },
} as const;

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const findRowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe.each<Lang>(['en', 'zh'])('built-in names (%s)', (lang) => {
  const t = TEXT[lang];

  it('should name seeded roles in the chosen language and renamed or new ones as stored', async () => {
    serve('get', '/role/list', () => envelope(page(roles)));
    renderAt('/ums/role', { lang });

    const seeded = await findRowOf(t.superAdmin);
    expect(within(seeded).getByText(t.superAdminDescription)).toBeInTheDocument();
    const renamed = rowOf('Shop owners');
    expect(within(renamed).getByText(t.sellerDescription)).toBeInTheDocument();
    expect(within(rowOf('Clerk')).getByText('Counter staff')).toBeInTheDocument();
  });

  it('should name seeded resources and their categories in cells and the category picker', async () => {
    serve('get', '/resource/list', () => envelope(page(resources)));
    serve('get', '/resourceCategory/listAll', () => envelope(categories));
    renderAt('/ums/resource', { lang });

    const seeded = await findRowOf('/brand/**');
    expect(within(seeded).getAllByText(t.brands)).toHaveLength(2);
    expect(await within(seeded).findByText(t.products)).toBeInTheDocument();
    const renamed = rowOf('Order desk');
    expect(within(renamed).getByText(t.orders)).toBeInTheDocument();
    expect(within(renamed).getByText('Sales')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: t.addFilter }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: t.category }));
    await userEvent.click(await screen.findByRole('combobox', { name: t.category }));
    const options = await screen.findByRole('listbox');
    await waitFor(() => expect(within(options).getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining([t.products, 'Sales'])));
  });

  it('should name seeded resource categories and menus in their lists', async () => {
    serve('get', '/resourceCategory/list', () => envelope(page(categories)));
    serve('get', '/resourceCategory/listAll', () => envelope(categories));
    const { unmount } = renderAt('/ums/resourceCategory', { lang });
    expect(await screen.findByText(t.products)).toBeInTheDocument();
    expect(screen.getByText('Sales')).toBeInTheDocument();
    unmount();

    serve('get', '/menu/list/0', () => envelope(page(menus)));
    const top = renderAt('/ums/menu', { lang });
    expect(await screen.findByText(t.products)).toBeInTheDocument();
    expect(screen.getByText('Sales desk')).toBeInTheDocument();
    top.unmount();

    // A child list names its seeded parent in the chosen language too.
    serve('get', '/menu/1', () => envelope(menus[0]));
    serve('get', '/menu/list/1', () => envelope(page([{ id: 2, parentId: 1, createTime: null, title: 'Brands', level: 1, sort: 0, name: 'brand', icon: 'brand', hidden: 0 }])));
    renderAt('/ums/menu?parentId=1', { lang });
    expect(await screen.findByText(t.brandMenu)).toBeInTheDocument();
    expect(await screen.findByText(t.products)).toBeInTheDocument();
  });

  it('should name seeded records on the allocation screens', async () => {
    serve('get', '/resourceCategory/listAll', () => envelope(categories));
    serve('get', '/resource/listAll', () => envelope(resources));
    serve('get', '/role/listResource/2', () => envelope([]));
    renderAt('/ums/allocResource?roleId=2&name=Order%20admin', { lang });

    const products = await screen.findByRole('group', { name: t.products });
    expect(within(products).getByText(t.brands)).toBeInTheDocument();
    const sales = screen.getByRole('group', { name: 'Sales' });
    expect(within(sales).getByText('Order desk')).toBeInTheDocument();
    expect(screen.getByText(t.orderAdmin)).toBeInTheDocument();
  });

  it('should title seeded menus in the chosen language on the menu allocation tree, renamed ones as named', async () => {
    serve('get', '/menu/treeList', () => envelope(menus.map((m) => ({ ...m, children: [] }))));
    serve('get', '/role/listMenu/2', () => envelope([]));
    serve('get', '/role/listResource/2', () => envelope([]));
    serve('get', '/resource/listAll', () => envelope(resources));
    renderAt('/ums/allocMenu?roleId=2&name=Clerk', { lang });

    expect(await screen.findByRole('checkbox', { name: t.products })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sales desk' })).toBeInTheDocument();
  });
});
