// Protects: the screen option `actionInputs` (src/engine/screenOptions.ts) on a fixture entity's generated list: a selection action's parameter is asked with the screen's own input instead of the generic one (as the product transfer asks for a second-level category), the declared rule of that parameter still holds before sending, and the chosen value is sent with the selected ids; without the option the generic input is shown.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, InputHelperText, memoryStore, Notification, useInput } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/admin/i18n';
import { EntityList } from '../../src/engine/EntityList';
import type { EntityScreenOptions, FieldInputProps } from '../../src/engine/screenOptions';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { MESSAGES } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import type * as Entities from '../../src/schema/entities';
import { muiTheme } from '../../src/theme/muiTheme';
import { envelope, page, serve } from './entity-harness';

const { moveEntity } = await vi.hoisted(async () => {
  const { defineEntity, int, text } = await import('../../src/schema/engine/entity');
  return {
    moveEntity: defineEntity({
      // An existing route: the list needs one to link to; its screens are not involved.
      name: 'fxCrate', path: '/fxCrate', table: 'fx_crate', tenant: null, display: 'name', menu: { route: 'returnReason' },
      fields: { name: text({ required: true, list: true }), shelf: int({ min: 1, list: true }) },
      actions: {
        move: {
          on: 'selection', path: '/move', writes: true, summary: 'Move crates to another shelf',
          params: { shelf: int({ required: true, min: 1 }) },
        },
      },
    }),
  };
});

// The data provider and the access checks find the fixture among the screen entities.
vi.mock('../../src/schema/entities', async (importOriginal) => {
  const original = await importOriginal<typeof Entities>();
  // The fixture takes the return reasons' route over: the real entity gives its screens up (one entity has screens on a route).
  const { returnReason } = original.ENTITIES;
  const ENTITIES: Readonly<Record<string, Entity>> = {
    ...original.ENTITIES, returnReason: { ...returnReason, menu: { ...returnReason.menu, screens: false } }, fxCrate: moveEntity as unknown as Entity,
  };
  return { ...original, ENTITIES, entityList: Object.values(ENTITIES), findEntity: (name: string) => ENTITIES[name] };
});

const entity = moveEntity as unknown as Entity;
const errors = Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')]));
const messages = {
  ...englishMessages, entity: ADMIN_MESSAGES.en.entity, errors,
  resources: {
    ...(ADMIN_MESSAGES.en.resources as Record<string, unknown>),
    fxCrate: { name: 'Crate |||| Crates', fields: { name: 'Name', shelf: 'Shelf' }, actions: { move: { name: 'Move', fields: { shelf: 'Target shelf' } } } },
  },
};
const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

const SHELVES = [{ id: 1, name: 'Front shelf' }, { id: 2, name: 'Back shelf' }];

/** The screen's own input of the parameter: a choice of named shelves (the generic one is a number). */
const ShelfPicker = ({ name }: FieldInputProps) => {
  const { field, fieldState } = useInput({ source: name });
  const error = fieldState.error?.message as Parameters<typeof InputHelperText>[0]['error'];
  return (
    <MuiTextField
      select fullWidth label="Pick a shelf" value={field.value ?? ''} onChange={(event) => field.onChange(Number(event.target.value))}
      error={Boolean(error)} helperText={error ? <InputHelperText error={error} /> : ' '}
    >
      {SHELVES.map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
    </MuiTextField>
  );
};

const crates = [{ id: 1, name: 'Apples', shelf: 1 }, { id: 2, name: 'Pears', shelf: 1 }, { id: 3, name: 'Plums', shelf: 2 }];

const renderList = (options: EntityScreenOptions) => render(
  <MemoryRouter initialEntries={['/oms/returnReason']}>
    <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={i18nProvider} store={memoryStore()} theme={muiTheme}>
      <EntityList entity={entity} options={options} />
      <Notification />
    </AdminContext>
  </MemoryRouter>,
);

/** Ticks the rows of `names` and opens the Move dialog. */
const moveDialog = async (names: readonly string[]) => {
  for (const name of names) {
    const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
  }
  await userEvent.click(await screen.findByRole('button', { name: 'Move' }));
  return screen.findByRole('dialog', { name: 'Move' });
};

describe('screen option actionInputs', () => {
  it("asks a selection action's parameter with the screen's input, keeps the declared rule and sends the choice", async () => {
    serve('get', '/fxCrate/list', () => envelope(page(crates)));
    const moves = serve('post', '/fxCrate/move', () => envelope(2));
    renderList({ actionInputs: { shelf: ShelfPicker } });
    const dialog = await moveDialog(['Apples', 'Pears']);
    // The screen's input, not the generic number input.
    const picker = within(dialog).getByRole('combobox', { name: 'Pick a shelf' });
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();

    // Required by the declaration: refused before sending, said under the screen's input.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(messages.errors.required!)).toBeInTheDocument();
    expect(moves).toHaveLength(0);

    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Back shelf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('"Move" succeeded.')).toBeInTheDocument();
    expect(moves).toHaveLength(1);
    expect(moves[0]!.query.getAll('ids').join(',')).toBe('1,2');
    expect(moves[0]!.query.get('shelf')).toBe('2');
  });

  it('without the option the parameter has its generic input', async () => {
    serve('get', '/fxCrate/list', () => envelope(page(crates)));
    const moves = serve('post', '/fxCrate/move', () => envelope(1));
    renderList({});
    const dialog = await moveDialog(['Plums']);
    expect(within(dialog).queryByRole('combobox', { name: 'Pick a shelf' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Target shelf/ }), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]!.query.get('shelf')).toBe('1');
  });
});
