// Protects: screens beside the generic engine: categories per parent with filter attributes, product types and attributes, dialog editing, the single order-settings record.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const phones = { id: 1, parentId: 0, name: 'Phones', level: 0, productCount: 4, productUnit: 'pcs', navStatus: 1, showStatus: 1, sort: 5, icon: null, keywords: null, description: null };
const laptops = { id: 2, parentId: 0, name: 'Laptops', level: 0, productCount: 0, productUnit: 'pcs', navStatus: 0, showStatus: 1, sort: 1, icon: null, keywords: null, description: null };
const smartphones = { id: 7, parentId: 1, name: 'Smartphones', level: 1, productCount: 4, productUnit: 'pcs', navStatus: 0, showStatus: 1, sort: 0, icon: null, keywords: null, description: null };

const types = [{ id: 3, name: 'Phone', attributeCount: 2, paramCount: 2 }, { id: 4, name: 'Laptop', attributeCount: 0, paramCount: 1 }];
const phoneParams = [{ id: 30, productAttributeCategoryId: 3, name: 'Screen size', type: 1 }, { id: 31, productAttributeCategoryId: 3, name: 'Battery', type: 1 }];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('product categories', () => {
  it('should list level 1, open the next level, and come back', async () => {
    const level1 = serve('get', '/productCategory/list/0', () => envelope(page([phones, laptops])));
    const level2 = serve('get', '/productCategory/list/1', () => envelope(page([smartphones])));
    serve('get', '/productCategory/1', () => envelope(phones));
    renderAt('/pms/productCate');

    expect(await screen.findByText('Phones')).toBeInTheDocument();
    expect(within(rowOf('Phones')).getByText('Level 1')).toBeInTheDocument();
    expect(level1[0]?.query.has('parentId')).toBe(false);

    await userEvent.click(within(rowOf('Phones')).getByRole('link', { name: 'View next level' }));
    expect(await screen.findByText('Smartphones')).toBeInTheDocument();
    expect(level2).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/pms/productCate?parentId=1');
    expect(within(rowOf('Smartphones')).queryByRole('link', { name: 'View next level' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/pms/addProductCate?parentId=1');

    await userEvent.click(screen.getByRole('link', { name: 'Back to level 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pms\/productCate$/));
  });

  it('should keep between one and three filter attribute rows', async () => {
    serve('get', '/productCategory/list/0', () => envelope(page([phones, laptops])));
    serve('get', '/productAttribute/category/list', () => envelope(page(types)));
    renderAt('/pms/addProductCate');

    await userEvent.click(await screen.findByRole('button', { name: 'Remove 1' }));
    expect(await screen.findByText('At least one must be left')).toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Add a filter attribute' });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(screen.getByRole('combobox', { name: 'Product type 3' })).toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByText('Up to three can be added')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Product type 4' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove 2' }));
    expect(screen.queryByRole('combobox', { name: 'Product type 3' })).toBeNull();
  });

  it('should create a category under a level-1 parent with a parameter as filter attribute', async () => {
    serve('get', '/productCategory/list/0', () => envelope(page([phones, laptops])));
    serve('get', '/productAttribute/category/list', () => envelope(page(types)));
    serve('get', '/productAttribute/list/3', () => envelope(page(phoneParams)));
    const creates = serve('post', '/productCategory/create', ({ body }) => envelope({ ...(body as object), id: 9 }));
    // Saved, the form returns to the parent's children, titled with the parent's name.
    serve('get', '/productCategory/1', () => envelope(phones));
    serve('get', '/productCategory/list/1', () => envelope(page([])));
    renderAt('/pms/addProductCate?parentId=1');

    await userEvent.type(await screen.findByRole('textbox', { name: /Category name/ }), 'Feature phones');
    expect(await screen.findByRole('combobox', { name: 'Parent category' })).toHaveTextContent('Phones');

    await userEvent.click(screen.getByRole('combobox', { name: 'Product type 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Parameter 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Battery' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]?.body).toMatchObject({ parentId: 1, name: 'Feature phones', productAttributeIdList: [31] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pms/productCate?parentId=1'));
  });

  it('should show the saved filter attributes with their product types when editing', async () => {
    serve('get', '/productCategory/7', () => envelope({ ...smartphones, productAttributeIdList: [30] }));
    serve('get', '/productCategory/list/0', () => envelope(page([phones, laptops])));
    serve('get', '/productAttribute/category/list', () => envelope(page(types)));
    serve('get', '/productAttribute/30', () => envelope(phoneParams[0]));
    serve('get', '/productAttribute/list/3', () => envelope(page(phoneParams)));
    renderAt('/pms/updateProductCate?id=7');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Product type 1' })).toHaveTextContent('Phone'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Parameter 1' })).toHaveTextContent('Screen size'));
    expect(screen.getByRole('combobox', { name: 'Parent category' })).toHaveTextContent('Phones');
  });

  it('should toggle the navigation flag with one id', async () => {
    serve('get', '/productCategory/list/0', () => envelope(page([phones, laptops])));
    const toggles = serve('post', '/productCategory/update/navStatus', () => envelope(1));
    renderAt('/pms/productCate');
    await userEvent.click(within(await waitFor(() => rowOf('Laptops'))).getByRole('switch', { name: 'In navigation bar: Laptops' }));
    await waitFor(() => expect(toggles).toHaveLength(1));
    expect(toggles[0]?.query.get('ids')).toBe('2');
    expect(toggles[0]?.query.get('navStatus')).toBe('1');
  });
});

describe('product types', () => {
  it('should link each type to its specification and parameter lists', async () => {
    serve('get', '/productAttribute/category/list', () => envelope(page(types)));
    renderAt('/pms/productAttr');
    const row = await waitFor(() => rowOf('Phone'));
    expect(within(row).getByRole('link', { name: 'Specification list' })).toHaveAttribute('href', '/pms/productAttrList?cid=3&type=0');
    expect(within(row).getByRole('link', { name: 'Parameter list' })).toHaveAttribute('href', '/pms/productAttrList?cid=3&type=1');
  });

  it('should edit a type in a dialog and create one the same way', async () => {
    serve('get', '/productAttribute/category/list', () => envelope(page(types)));
    serve('get', '/productAttribute/category/3', () => envelope(types[0]));
    const updates = serve('post', '/productAttribute/category/update/3', () => envelope(1));
    const creates = serve('post', '/productAttribute/category/create', ({ body }) => envelope({ ...(body as object), id: 5 }));
    renderAt('/pms/productAttr');

    await userEvent.click(await screen.findByText('Phone'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product type' });
    const name = await within(dialog).findByRole('textbox', { name: /Type name/ });
    await waitFor(() => expect(name).toHaveValue('Phone'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Phones');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ name: 'Phones' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const createDialog = await screen.findByRole('dialog', { name: 'Add product type' });
    await userEvent.type(within(createDialog).getByRole('textbox', { name: /Type name/ }), 'T');
    await userEvent.click(within(createDialog).getByRole('button', { name: 'Save' }));
    expect(await within(createDialog).findByText('length must be between 2 and 140 characters')).toBeInTheDocument();
    await userEvent.type(within(createDialog).getByRole('textbox', { name: /Type name/ }), 'V');
    await userEvent.click(within(createDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]?.body).toEqual({ name: 'TV' });
  });
});

describe('product attributes', () => {
  it('should list the parameters of one type and carry the type to the create screen', async () => {
    const lists = serve('get', '/productAttribute/list/3', () => envelope(page(phoneParams)));
    serve('get', '/productAttribute/category/3', () => envelope(types[0]));
    renderAt('/pms/productAttrList?cid=3&type=1');

    expect(await screen.findByText('Battery')).toBeInTheDocument();
    expect(lists[0]?.query.get('type')).toBe('1');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/pms/addProductAttr?cid=3&type=1');
  });

  it('should say where to open the list from when the type is missing', async () => {
    renderAt('/pms/productAttrList');
    expect(await screen.findByText('Open this list from its parent record')).toBeInTheDocument();
  });
});

describe('order settings', () => {
  it('should edit the one settings record in place', async () => {
    const setting = { id: 1, flashOrderOvertime: 60, normalOrderOvertime: 120, confirmOvertime: 15, finishOvertime: 7, commentOvertime: 7, receiveOnDelivered: 0 };
    serve('get', '/orderSetting/1', () => envelope(setting));
    const updates = serve('post', '/orderSetting/update/1', () => envelope(1));
    renderAt('/oms/orderSetting');

    const confirm = await screen.findByRole('spinbutton', { name: /confirm receipt after/ });
    await waitFor(() => expect(confirm).toHaveValue(15));
    await userEvent.clear(confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(updates).toHaveLength(0);

    await userEvent.type(confirm, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ confirmOvertime: 10 });
    expect(screen.getByTestId('location')).toHaveTextContent('/oms/orderSetting');
  });
});
