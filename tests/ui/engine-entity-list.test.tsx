// Protects: entity list screens (brand, advertisements): declared columns, filters, sorting, inline toggles, bulk delete.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const brands = [
  { id: 1, name: 'Nike', firstLetter: 'N', sort: 9, factoryStatus: 1, showStatus: 1, productCount: 7, productCommentCount: 0, logo: 'http://img/nike.png', bigPic: null, brandStory: null },
  { id: 2, name: 'Adidas', firstLetter: 'A', sort: 5, factoryStatus: 0, showStatus: 1, productCount: 3, productCommentCount: 0, logo: 'http://img/adidas.png', bigPic: null, brandStory: null },
  { id: 3, name: 'Puma', firstLetter: 'P', sort: 1, factoryStatus: 0, showStatus: 0, productCount: 0, productCommentCount: 0, logo: 'http://img/puma.png', bigPic: null, brandStory: null },
];

const serveBrands = () => serve('get', '/brand/list', () => envelope(page(brands)));

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('brand list', () => {
  it('should show the declared list columns and the rows', async () => {
    const lists = serveBrands();
    renderAt('/pms/brand');

    expect(await screen.findByText('Nike')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['Brand name', 'First letter', 'Sort', 'Manufacturer', 'Shown', 'Products', 'Logo']);
    expect(within(rowOf('Puma')).getByRole('img', { name: 'Puma' })).toHaveAttribute('src', 'http://img/puma.png');
    expect(lists[0]?.query.get('pageNum')).toBe('1');
    expect(lists[0]?.query.get('pageSize')).toBe('10');
    expect(lists[0]?.query.get('sort')).toBe('sort');
    expect(lists[0]?.query.get('order')).toBe('desc');
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/pms/addBrand');
  });

  it('should send the keyword search as `keyword`', async () => {
    const lists = serveBrands();
    renderAt('/pms/brand');
    await screen.findByText('Nike');

    await userEvent.type(screen.getByPlaceholderText('Search'), 'ni');
    await waitFor(() => expect(lists.at(-1)?.query.get('keyword')).toBe('ni'));
  });

  it('should sort by a sortable column and offer no sorting on the others', async () => {
    const lists = serveBrands();
    renderAt('/pms/brand');
    await screen.findByText('Nike');

    expect(within(screen.getByRole('columnheader', { name: 'Products' })).queryByRole('button')).toBeNull();
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Brand name' })).getByRole('button'));
    await waitFor(() => expect(lists.at(-1)?.query.get('sort')).toBe('name'));
    expect(lists.at(-1)?.query.get('order')).toBe('asc');
  });

  it('should flip the shown flag through its toggle endpoint without opening the row', async () => {
    serveBrands();
    const toggles = serve('post', '/brand/update/showStatus', () => envelope(1));
    renderAt('/pms/brand');
    await screen.findByText('Puma');

    const toggle = within(rowOf('Puma')).getByRole('switch', { name: 'Shown: Puma' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);

    await waitFor(() => expect(toggles).toHaveLength(1));
    expect(toggles[0]?.query.get('ids')).toBe('3');
    expect(toggles[0]?.query.get('showStatus')).toBe('1');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/pms/brand');
  });

  it('should keep a toggle the server refuses as it was and show the error toast', async () => {
    serveBrands();
    serve('post', '/brand/update/showStatus', () => HttpResponse500());
    renderAt('/pms/brand', { feedback: true });
    await screen.findByText('Nike');

    const toggle = within(rowOf('Nike')).getByRole('switch', { name: 'Shown: Nike' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Operation failed')).toBeInTheDocument();
    expect(screen.queryByText('Saved')).toBeNull();
    await waitFor(() => expect(within(rowOf('Nike')).getByRole('switch', { name: 'Shown: Nike' })).toBeChecked());
  });

  it('should ask for confirmation before deleting the selected rows through the batch path', async () => {
    serveBrands();
    const deletes = serve('post', '/brand/delete/batch', () => envelope(2));
    renderAt('/pms/brand');
    await screen.findByText('Nike');

    await userEvent.click(within(rowOf('Nike')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('Adidas')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete the selected records?' });
    expect(dialog).toHaveTextContent('2 records will be deleted. This cannot be undone.');
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]?.query.get('ids')).toBe('1,2');
  });

  it('should ask for a batch operation type before applying one', async () => {
    serveBrands();
    const sets = serve('post', '/brand/update/factoryStatus', () => envelope(1));
    renderAt('/pms/brand');
    await screen.findByText('Nike');

    await userEvent.click(within(rowOf('Puma')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please select a batch operation type')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Batch operation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Manufacturer: Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sets).toHaveLength(1));
    expect(sets[0]?.query.get('ids')).toBe('3');
    expect(sets[0]?.query.get('factoryStatus')).toBe('1');
  });

  it('should open the edit screen of a clicked row, mall style', async () => {
    serveBrands();
    serve('get', '/brand/2', () => envelope(brands[1]));
    renderAt('/pms/brand');
    await userEvent.click(await screen.findByText('Adidas'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pms/updateBrand?id=2'));
  });

  it('should offer a create button on an empty list', async () => {
    serve('get', '/brand/list', () => envelope(page([])));
    renderAt('/pms/brand');
    const add = await screen.findByRole('link', { name: 'Add' });
    expect(add).toHaveAttribute('href', '/pms/addBrand');
  });
});

const HttpResponse500 = () => Response.json({ code: 500, message: 'Operation failed', data: null });

const adverts = [
  { id: 11, name: 'Summer sale', type: 1, pic: 'http://img/s.png', startTime: '2024-05-01T00:00:00.000Z', endTime: '2024-06-01T00:00:00.000Z', status: 0, clickCount: 4, orderCount: 1, url: '/s', note: null, sort: 0 },
  { id: 12, name: 'Winter sale', type: 0, pic: 'http://img/w.png', startTime: '2024-11-01T00:00:00.000Z', endTime: '2024-12-01T00:00:00.000Z', status: 1, clickCount: 0, orderCount: 0, url: '/w', note: null, sort: 0 },
];

describe('advertisement list', () => {
  it('should show translated positions, filter by name and toggle the status', async () => {
    const lists = serve('get', '/home/advertise/list', () => envelope(page(adverts)));
    const toggles = serve('post', '/home/advertise/update/status', () => envelope(1));
    renderAt('/sms/homeAdvertise');

    expect(await screen.findByText('App homepage carousel')).toBeInTheDocument();
    expect(screen.getByText('PC homepage carousel')).toBeInTheDocument();
    // The column chooser (its search field has autoFocus) is drawn only while "Columns" is open
    // (src/engine/ListColumnsButton.tsx): nothing takes the keys typed into the filter.
    expect(document.querySelector('input[placeholder="Search columns"]')).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Advertisement name' }), 'sum');
    await waitFor(() => expect(lists.at(-1)?.query.get('name')).toBe('sum'));

    await userEvent.click(within(rowOf('Summer sale')).getByRole('switch', { name: 'Online: Summer sale' }));
    await waitFor(() => expect(toggles).toHaveLength(1));
    expect(toggles[0]?.query.get('ids')).toBe('11');
    expect(toggles[0]?.query.get('status')).toBe('1');
  });

  it('should filter by a range of expire days through the declared from/to parameters', async () => {
    const lists = serve('get', '/home/advertise/list', () => envelope(page(adverts)));
    renderAt('/sms/homeAdvertise');
    await screen.findByText('Summer sale');

    for (const label of ['Expire time from', 'Expire time to']) {
      await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
      await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: label }));
    }
    // Written as the English convention shows them; sent as days.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Expire time from' }), { target: { value: '05/01/2024' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Expire time to' }), { target: { value: '06/30/2024' } });
    await waitFor(() => {
      expect(lists.at(-1)?.query.get('endTimeFrom')).toBe('2024-05-01');
      expect(lists.at(-1)?.query.get('endTimeTo')).toBe('2024-06-30');
    });
    // The single day filter stays an API parameter only; the screen offers the pair.
    expect(lists.at(-1)?.query.has('endTime')).toBe(false);
  });

  it('should delete the selected adverts through the batch path after confirmation', async () => {
    serve('get', '/home/advertise/list', () => envelope(page(adverts)));
    const deletes = serve('post', '/home/advertise/delete', () => envelope(2));
    renderAt('/sms/homeAdvertise');
    await screen.findByText('Summer sale');

    await userEvent.click(within(rowOf('Summer sale')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('Winter sale')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]?.query.get('ids')).toBe('11,12');
  });
});
