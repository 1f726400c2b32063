// Protects: the engine's inputs of child rows (a table of the engine's field inputs, add/remove within the declared counts with the declared messages, kept row ids sent back, a server error on `tiers.2.price` shown under that row's price) and of reference lists (a searchable multi-select).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { AdminContext, Edit, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/schema/engine/entity';
import { ENTITIES } from '../../src/schema/entities';
import { EntityForm } from '../../src/engine/EntityForm';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { muiTheme } from '../../src/theme/muiTheme';
import { fxPlan, fxTag } from '../fixtures/lists';
import { envelope, page, serve, testI18nProvider } from './entity-harness';

const plan = fxPlan as unknown as Entity;
const tags = [{ id: 1, name: 'Red', kind: 1 }, { id: 2, name: 'Green', kind: 1 }];
const stored = {
  id: 9, shopId: 1, name: 'Plan', tagIds: [1],
  tiers: [
    { id: 11, count: 1, price: 10, note: null, tagId: null, sold: 3 },
    { id: 12, count: 5, price: 8, note: 'bulk', tagId: null, sold: 0 },
  ],
};

const label = (field: string) => `resources.fxPlan.children.tiers.fields.${field}`;

const renderEdit = () => render(
  <MemoryRouter>
    <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={testI18nProvider} store={memoryStore()} theme={muiTheme}>
      <Edit resource={plan.name} id={stored.id} mutationMode="pessimistic" redirect={false}>
        <EntityForm entity={plan} options={{}} mode="edit" />
      </Edit>
    </AdminContext>
  </MemoryRouter>,
);

/**
 * The child rows: the table rows holding a number input. Found by selector, not by role: a waitFor
 * runs its check again on every change of the page, and a role query over the whole form (each
 * element's role, visibility and name) made this file's edit case slow enough to miss 30 s on a
 * loaded machine; the inputs inside a row are still found by role and label.
 */
const bodyRows = () => [...document.querySelectorAll<HTMLElement>('tr')].filter((row) => row.querySelector('input[type="number"]') !== null);

describe('child rows and reference lists in the engine form', () => {
  // The fixture entities are served like declared ones for the length of this file.
  const registry = ENTITIES as Record<string, Entity>;
  beforeAll(() => { registry.fxPlan = plan; registry.fxTag = fxTag as unknown as Entity; });
  afterAll(() => { delete registry.fxPlan; delete registry.fxTag; });

  it('edits the rows within the declared counts, sends kept ids back and shows a row error under its cell', async () => {
    serve('get', '/fxPlan/9', () => envelope(stored));
    serve('get', '/fxTag/list', () => envelope(page(tags)));
    const updates = serve('post', '/fxPlan/update/9', () => HttpResponse.json({
      code: 404, message: 'Validation failed', messageKey: 'validation_failed', data: null,
      errors: [{ field: 'tiers.2.price', messageKey: 'invalid_value', message: 'Not an allowed value' }],
    }, { status: 400 }));
    renderEdit();

    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    // Server-managed values show read-only in their row.
    expect(within(bodyRows()[0]!).getByText('3')).toBeInTheDocument();
    expect(within(bodyRows()[1]!).getByRole('textbox', { name: label('note') })).toHaveValue('bulk');

    const add = screen.getByRole('button', { name: 'Add a row' });
    await userEvent.click(add);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    // Three is the most: no fourth row, and the declared message says why.
    expect(add).toBeDisabled();
    expect(screen.getByText('Up to three can be added')).toBeInTheDocument();

    const third = bodyRows()[2]!;
    await userEvent.type(within(third).getByRole('spinbutton', { name: label('count') }), '7');
    await userEvent.type(within(third).getByRole('spinbutton', { name: label('price') }), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toEqual({
      tiers: [
        { id: 11, count: 1, price: 10, note: null, tagId: null },
        { id: 12, count: 5, price: 8, note: 'bulk', tagId: null },
        { count: 7, price: 6 },
      ],
    });
    // The server named row 3's price: the message is under that cell, not the other rows' prices.
    expect(await within(bodyRows()[2]!).findByText('Not an allowed value')).toBeInTheDocument();
    expect(within(bodyRows()[0]!).queryByText('Not an allowed value')).toBeNull();
  });

  it('keeps the fewest rows: the last row cannot be removed, with the declared message', async () => {
    serve('get', '/fxPlan/9', () => envelope({ ...stored, tiers: [stored.tiers[0]] }));
    serve('get', '/fxTag/list', () => envelope(page(tags)));
    renderEdit();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const remove = screen.getByRole('button', { name: 'Remove row 1' });
    expect(remove).toBeDisabled();
    await userEvent.hover(remove.parentElement!);
    expect(await screen.findByText('At least one must be left')).toBeInTheDocument();
  });

  it('checks the rows in the form before sending, naming the row', async () => {
    serve('get', '/fxPlan/9', () => envelope(stored));
    serve('get', '/fxTag/list', () => envelope(page(tags)));
    const updates = serve('post', '/fxPlan/update/9', () => envelope(1));
    renderEdit();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    // The declared row rule: a discount never reaches the whole price.
    const price = within(bodyRows()[1]!).getByRole('spinbutton', { name: label('price') });
    // The value is what the rule checks, not the typing: one change instead of a render per key.
    fireEvent.change(price, { target: { value: '1000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(bodyRows()[1]!).findByText('Not an allowed value')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });

  it('picks records for a reference list with a searchable multi-select', async () => {
    serve('get', '/fxPlan/9', () => envelope(stored));
    const lookups = serve('get', '/fxTag/list', () => envelope(page(tags)));
    const updates = serve('post', '/fxPlan/update/9', () => envelope(1));
    renderEdit();
    const picker = await screen.findByRole('combobox', { name: 'resources.fxPlan.fields.tagIds' });
    expect(await screen.findByRole('button', { name: 'Red' })).toBeInTheDocument();
    await userEvent.type(picker, 'Gre');
    await userEvent.click(await screen.findByRole('option', { name: 'Green' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toEqual({ tagIds: [1, 2] });
    // The declared condition reaches the target's list where it can filter on it (the rows' own tag inputs ask without).
    expect(lookups.some((call) => call.query.get('kind') === '1')).toBe(true);
  });
});
