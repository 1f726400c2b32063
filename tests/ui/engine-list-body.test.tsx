// Protects: the engine's light list rows (src/engine/ListBody.tsx) and column chooser (src/engine/ListColumnsButton.tsx): declared hidden columns stay out of the rows until chosen in "Columns", a chosen column shows its values, the selection checkbox selects without opening the row, and a row click opens the edit screen.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const MEMBERS = [
  { id: 11, username: 'lily88', nickname: 'Lily', realName: '林莉', mobile: '13800138001', companyName: 'Lily Florist Studio', country: 'China', shopId: 1, shopName: 'Sunrise', applyStatus: 1, createTime: '2026-09-01T08:00:00.000Z' },
  { id: 12, username: 'bob_7', nickname: 'Bob', realName: '包博', mobile: '13800138002', companyName: null, country: 'China', shopId: 1, shopName: 'Sunrise', applyStatus: 1, createTime: '2026-10-01T08:00:00.000Z' },
];

const BRANDS = [
  { id: 3, name: 'Puma', firstLetter: 'P', sort: 1, factoryStatus: 0, showStatus: 0, productCount: 0, productCommentCount: 0, logo: null, bigPic: null, brandStory: null },
];

const serveMembers = () => {
  serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Sunrise' }]));
  serve('get', '/memberLevel/list', () => envelope(page([{ id: 1, name: 'Gold' }])));
  serve('get', '/admin/listMember', () => envelope(page(MEMBERS)));
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('engine list rows', () => {
  it('should show a hidden column once chosen in "Columns"', async () => {
    serveMembers();
    renderAt('/member/memberList', { lang: 'en' });
    const row = await rowOf('lily88');
    // Declared hidden (member screen options): neither its cells nor its value are in the rows.
    expect(row.querySelector('td.column-companyName')).toBeNull();
    expect(screen.queryByText('Lily Florist Studio')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    // The chooser is drawn when the button opens it.
    const option = await screen.findByRole('option', { name: /Company/ });
    await userEvent.click(within(option).getByRole('switch'));
    await waitFor(() => expect(within(row).getByText('Lily Florist Studio')).toHaveClass('column-companyName'));
  });

  it('should select a row by its checkbox without opening it, and open it on a click', async () => {
    serve('get', '/brand/list', () => envelope(page(BRANDS)));
    // The edit screen the row click opens reads its record.
    serve('get', '/brand/3', () => envelope(BRANDS[0]));
    renderAt('/pms/brand');
    const row = await rowOf('Puma');
    const box = within(row).getByRole('checkbox', { name: 'Select this row' });
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(screen.getByTestId('location')).toHaveTextContent('/pms/brand');

    await userEvent.click(within(row).getByText('Puma'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pms/updateBrand?id=3'));
  });
});
