// Protects: the generated input of a write-only secret field (fixture declaration): masked, empty, says whether a value is set (English and Chinese), sends a new value and sends nothing when left empty.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityList } from '../../src/engine/EntityList';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import type { Entity } from '../../src/schema/engine/entity';
import type * as Entities from '../../src/schema/entities';
import { muiTheme } from '../../src/theme/muiTheme';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { envelope, page, serve, testI18nProvider } from './entity-harness';

const { vaultEntity } = await vi.hoisted(async () => {
  const { defineEntity, secret, text } = await import('../../src/schema/engine/entity');
  return {
    vaultEntity: defineEntity({
      // An existing route without edit pages: rows open the edit dialog; its screens are not involved.
      name: 'fxVault', path: '/fxVault', table: 'fx_vault', tenant: null, display: 'name', menu: { route: 'returnReason' },
      fields: { name: text({ required: true, list: true }), apiKey: secret({ length: [4, 200] }) },
    }),
  };
});

vi.mock('../../src/schema/entities', async (importOriginal) => {
  const original = await importOriginal<typeof Entities>();
  // The fixture takes the return reasons' route over: the real entity gives its screens up (one entity has screens on a route).
  const { returnReason } = original.ENTITIES;
  const ENTITIES: Readonly<Record<string, Entity>> = {
    ...original.ENTITIES, returnReason: { ...returnReason, menu: { ...returnReason.menu, screens: false } }, fxVault: vaultEntity as unknown as Entity,
  };
  return { ...original, ENTITIES, entityList: Object.values(ENTITIES), findEntity: (name: string) => ENTITIES[name] };
});

const entity = vaultEntity as unknown as Entity;
const records = [{ id: 1, name: 'With key', apiKeySet: true }, { id: 2, name: 'Without key', apiKeySet: false }];

const renderList = (i18nProvider = testI18nProvider) => render(
  <MemoryRouter initialEntries={['/oms/returnReason']}>
    <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={i18nProvider} store={memoryStore()} theme={muiTheme}>
      <EntityList entity={entity} options={{}} />
    </AdminContext>
  </MemoryRouter>,
);

const serveVault = () => {
  serve('get', '/fxVault/list', () => envelope(page(records)));
  for (const record of records) serve('get', `/fxVault/${record.id}`, () => envelope(record));
};

const openEdit = async (name: string) => {
  await userEvent.click(await screen.findByText(name));
  return screen.findByRole('dialog');
};

// The form dialog loads lazily in the app; loaded here first, so the first test's wait is not spent on it.
beforeAll(async () => {
  await import('../../src/engine/EntityFormDialog');
});

describe('secret field input', () => {
  it('is masked and empty, says a value is set, and sends nothing when left empty', async () => {
    serveVault();
    const updates = serve('post', '/fxVault/update/1', () => envelope(1));
    renderList();
    const dialog = await openEdit('With key');
    const input = await within(dialog).findByLabelText(/fields\.apiKey/);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('');
    expect(within(dialog).getByText('A value is set. Leave empty to keep it, or type a new one to replace it.')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /fields\.name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ name: 'Renamed' });
  });

  it('says no value is set, and sends a typed one', async () => {
    serveVault();
    const updates = serve('post', '/fxVault/update/2', () => envelope(1));
    renderList();
    const dialog = await openEdit('Without key');
    expect(within(dialog).getByText('No value is set yet.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/fields\.apiKey/), 'key-New-1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toEqual({ apiKey: 'key-New-1234' });
  });

  it('says it in Chinese', async () => {
    serveVault();
    renderList(createI18nProvider('zh'));
    const dialog = await openEdit('With key');
    expect(await within(dialog).findByText('已设置。留空则保持不变，输入新值则替换。')).toBeInTheDocument();
  });
});
