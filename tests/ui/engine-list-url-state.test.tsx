// Protects: a list's page, sort and filters live in the URL, so a list can be bookmarked and
// shared: opening such a URL asks the server for that state, and changing it updates the URL.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

beforeAll(async () => {
  await import('../../src/engine/screens');
});

const brand = (id: number, name: string) => ({
  id, name, firstLetter: name[0], sort: id, factoryStatus: 1, showStatus: 1, productCount: 0, productCommentCount: 0, logo: null, bigPic: null, brandStory: null,
});

const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://x');

describe('list state in the URL', () => {
  it('should open a shared URL at its page, sort and filter', async () => {
    const lists = serve('get', '/brand/list', () => envelope(page([brand(11, 'Zara')], 25)));
    renderAt(`/pms/brand?page=2&perPage=10&sort=name&order=ASC&filter=${encodeURIComponent(JSON.stringify({ keyword: 'za' }))}`);
    expect(await screen.findByText('Zara')).toBeInTheDocument();
    const last = lists.at(-1)?.query;
    expect(last?.get('pageNum')).toBe('2');
    expect(last?.get('sort')).toBe('name');
    expect(last?.get('order')).toBe('asc');
    expect(last?.get('keyword')).toBe('za');
  });

  it('should write the sort and the page the user picks into the URL', async () => {
    serve('get', '/brand/list', () => envelope(page([brand(1, 'Nike'), brand(2, 'Adidas')], 25)));
    renderAt('/pms/brand');
    await screen.findByText('Nike');
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Brand name' })).getByRole('button'));
    await waitFor(() => expect(location().searchParams.get('sort')).toBe('name'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(location().searchParams.get('page')).toBe('2'));
    expect(location().pathname).toBe('/pms/brand');
  });
});
