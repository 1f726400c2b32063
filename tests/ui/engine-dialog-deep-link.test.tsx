// Protects: records edited in dialogs have a deep link: opening the list's URL with `#edit=<id>`
// opens that record's dialog, and opening a row's dialog writes the link into the URL.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

beforeAll(async () => {
  await import('../../src/engine/screens');
});

const reasons = [
  { id: 5, name: 'Arrived damaged', sort: 2, status: 1, createTime: '2026-01-02T03:04:05.000Z' },
  { id: 6, name: 'Wrong size', sort: 1, status: 1, createTime: '2026-01-02T03:04:05.000Z' },
];

const location = () => screen.getByTestId('location').textContent ?? '';

describe('deep links of dialogs', () => {
  it('should open the edit dialog of the record the URL names', async () => {
    serve('get', '/returnReason/list', () => envelope(page(reasons)));
    serve('get', '/returnReason/6', () => envelope(reasons[1]));
    renderAt('/oms/returnReason#edit=6');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('Wrong size')).toBeInTheDocument();
  });

  it('should write the link when a row opens its dialog, and drop it on close', async () => {
    serve('get', '/returnReason/list', () => envelope(page(reasons)));
    serve('get', '/returnReason/5', () => envelope(reasons[0]));
    renderAt('/oms/returnReason');
    await userEvent.click(await screen.findByText('Arrived damaged'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(location()).toBe('/oms/returnReason#edit=5'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(location()).toBe('/oms/returnReason'));
  });
});
