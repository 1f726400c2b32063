// Protects: the generated list of an entity with a recycle bin (fixture declaration): delete says it moves records into the bin, a toolbar button shows the bin (`?deleteStatus=1`) and leads back, in the bin rows and the selection offer restore and delete for good (after a confirmation), each calling its endpoint and saying so only after success; no create in the bin; buttons hidden without access.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { EntityList } from '../../src/engine/EntityList';
import { HttpFeedback } from '../../src/layout/HttpFeedback';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import type { Entity } from '../../src/schema/engine/entity';
import type * as Entities from '../../src/schema/entities';
import { muiTheme } from '../../src/theme/muiTheme';
import { envelope, page, serve, testI18nProvider } from './entity-harness';

const { binEntity } = await vi.hoisted(async () => {
  const { defineEntity, flag, text } = await import('../../src/schema/engine/entity');
  return {
    binEntity: defineEntity({
      // An existing route: the list needs one to link to; its screens are not involved.
      name: 'fxBin', path: '/fxBin', table: 'fx_bin', tenant: null, display: 'name', menu: { route: 'returnReason' },
      fields: { name: text({ required: true, list: true }), deleteStatus: flag({ serverManaged: true }) },
      softDelete: { field: 'deleteStatus' },
      deleteStyle: 'batch',
      batch: [{ kind: 'delete', path: '/delete' }],
    }),
  };
});

// The data provider and the access checks find the fixture among the screen entities.
vi.mock('../../src/schema/entities', async (importOriginal) => {
  const original = await importOriginal<typeof Entities>();
  // The fixture takes the return reasons' route over: the real entity gives its screens up (one entity has screens on a route).
  const { returnReason } = original.ENTITIES;
  const ENTITIES: Readonly<Record<string, Entity>> = {
    ...original.ENTITIES, returnReason: { ...returnReason, menu: { ...returnReason.menu, screens: false } }, fxBin: binEntity as unknown as Entity,
  };
  return { ...original, ENTITIES, entityList: Object.values(ENTITIES), findEntity: (name: string) => ENTITIES[name] };
});

const entity = binEntity as unknown as Entity;

const live = [{ id: 1, name: 'Alpha', deleteStatus: 0 }, { id: 2, name: 'Beta', deleteStatus: 0 }];
const binned = [{ id: 7, name: 'Gamma', deleteStatus: 1 }, { id: 8, name: 'Delta', deleteStatus: 1 }];

const serveLists = () => serve('get', '/fxBin/list', ({ query }) => envelope(page(query.get('deleteStatus') === '1' ? binned : live)));

const allowAllBut = (denied: readonly string[]): AuthProvider => ({
  login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
  getPermissions: async () => undefined, canAccess: async ({ action }) => !denied.includes(action),
});

const renderList = (authProvider?: AuthProvider) => render(
  <MemoryRouter initialEntries={['/oms/returnReason']}>
    <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={testI18nProvider} store={memoryStore()} authProvider={authProvider} theme={muiTheme}>
      <EntityList entity={entity} options={{}} />
      <Notification />
      <HttpFeedback />
    </AdminContext>
  </MemoryRouter>,
);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

const openBin = async () => {
  await screen.findByText('Alpha');
  await userEvent.click(screen.getByRole('button', { name: 'Recycle bin' }));
  await screen.findByText('Gamma');
};

describe('recycle bin in the generated list', () => {
  it('says a delete moves the record into the bin', async () => {
    serveLists();
    const deletes = serve('post', '/fxBin/delete', () => envelope(1));
    renderList();
    await userEvent.click(within(await rowOf('Alpha')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This record will be moved to the recycle bin, from where it can be restored.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Moved to the recycle bin')).toBeInTheDocument();
    expect(deletes[0]?.query.get('ids')).toBe('1');
  });

  it('shows the bin, without create, and leads back to the list', async () => {
    const lists = serveLists();
    renderList();
    await screen.findByText('Alpha');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(lists.at(-1)?.query.has('deleteStatus')).toBe(false);
    await openBin();
    expect(lists.at(-1)?.query.get('deleteStatus')).toBe('1');
    expect(screen.getByText('Recycle bin: deleted records')).toBeInTheDocument();
    expect(screen.queryByText('Alpha')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(await rowOf('Gamma')).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(within(await rowOf('Gamma')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByText('Alpha')).toBeInTheDocument();
    await waitFor(() => expect(lists.at(-1)?.query.has('deleteStatus')).toBe(false));
  });

  it('restores a row and deletes one for good after a confirmation, saying so after success', async () => {
    const lists = serveLists();
    const restores = serve('post', '/fxBin/restore', () => envelope(1));
    const purges = serve('post', '/fxBin/purge', () => envelope(1));
    renderList();
    await openBin();

    const reads = lists.length;
    await userEvent.click(within(await rowOf('Gamma')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored')).toBeInTheDocument();
    expect(restores.map((c) => c.query.get('ids'))).toEqual(['7']);
    // The list is read again, to show the bin without the restored record.
    await waitFor(() => expect(lists.length).toBeGreaterThan(reads));

    await userEvent.click(within(await rowOf('Delta')).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Delete "Delta" for good?')).toBeInTheDocument();
    expect(purges).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted for good')).toBeInTheDocument();
    expect(purges.map((c) => c.query.get('ids'))).toEqual(['8']);
  });

  it('restores and deletes for good the selected rows in one call each', async () => {
    serveLists();
    const restores = serve('post', '/fxBin/restore', () => envelope(2));
    const purges = serve('post', '/fxBin/purge', () => envelope(2));
    renderList();
    await openBin();
    const selectAll = () => userEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);

    await selectAll();
    // The selection's toolbar, apart from the rows' own buttons.
    const toolbar = () => screen.getByText(/items? selected/).closest('[class*="RaBulkActionsToolbar-toolbar"]') as HTMLElement;
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored')).toBeInTheDocument();
    expect(restores.map((c) => c.query.get('ids'))).toEqual(['7,8']);

    await selectAll();
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Delete the selected records for good?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted for good')).toBeInTheDocument();
    expect(purges.map((c) => c.query.get('ids'))).toEqual(['7,8']);
  });

  it('says nothing went well when the server refuses', async () => {
    serveLists();
    serve('post', '/fxBin/restore', () => HttpResponse.json(
      { code: 500, message: 'This value is already used', messageKey: 'not_unique', data: null, errors: [{ field: 'name', messageKey: 'not_unique', message: 'This value is already used' }] },
      { status: 409 },
    ));
    renderList();
    await openBin();
    await userEvent.click(within(await rowOf('Gamma')).getByRole('button', { name: 'Restore' }));
    // The shell's one error toast says why; no success toast follows.
    expect(await screen.findByText(/This value is already used/)).toBeInTheDocument();
    expect(screen.queryByText('Restored')).not.toBeInTheDocument();
  });

  it('hides what the user may not call', async () => {
    serveLists();
    renderList(allowAllBut(['purge']));
    await openBin();
    const row = await rowOf('Gamma');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Restore' })).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: 'Delete for good' })).not.toBeInTheDocument();
  });
});
