// Protects: the engine's generic action buttons (src/engine/ActionButton.tsx) on a fixture entity: hidden without access, params dialog from the field inputs with the declared rules, server field errors under the input, "Done" only after success, confirm for actions without params, selection cleared after a bulk action, a row offering only the transitions its state allows, and skipped rows reported.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { AuthProvider, DataProvider } from 'react-admin';
import { AdminContext, ListContextProvider, memoryStore, Notification, RecordContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { CollectionActionButtons, RowActionButtons, SelectionActionButtons } from '../../src/engine/ActionButton';
import { entityEn } from '../../src/i18n/entities/en';
import { ApiError } from '../../src/providers/api';
import type { ActionRequest } from '../../src/providers/entityDataProvider';
import { MESSAGES } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import { muiTheme } from '../../src/theme/muiTheme';
import { gadget } from '../helpers/action-fixture';

const entity = gadget as unknown as Entity;

const errors = Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')]));
const messages = {
  ...englishMessages, ...entityEn, errors,
  resources: {
    gadget: {
      name: 'Gadget |||| Gadgets',
      actions: {
        rename: { name: 'Rename', fields: { name: 'New name' } },
        retag: { name: 'Retag', fields: { note: 'Note' } },
        explode: { name: 'Explode', confirm: 'Blow "%{record}" up for good?', done: 'Blew up %{pieces} pieces' },
        resetAll: { name: 'Reset all' },
        start: { name: 'Start', fields: { note: 'Note' } },
        repair: { name: 'Repair', fields: { note: 'Note' } },
        retire: { name: 'Retire' },
      },
    },
  },
};
const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

type ActionFn = (resource: string, request: ActionRequest) => Promise<{ data: unknown }>;

const renderWith = (action: ActionFn, ui: React.ReactNode, canAccess: (action: string) => boolean = () => true) => {
  const dataProvider = { action } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
    getPermissions: async () => undefined, canAccess: async ({ action: asked }) => canAccess(asked),
  };
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={muiTheme}>
      {ui}
      <Notification />
    </AdminContext>,
  );
};

const record = { id: 3, name: 'Alpha', shopId: 1, status: 1, note: null };
const inRow = <RecordContextProvider value={record}><RowActionButtons entity={entity} /></RecordContextProvider>;
const refusedName = () => new ApiError('Validation failed', 404, 400, 'validation_failed', [{ field: 'name', messageKey: 'not_unique', message: MESSAGES.not_unique }]);

describe('generic action buttons', () => {
  it('shows only the actions the user may call, by action:<name>', async () => {
    renderWith(vi.fn(), inRow, (asked) => asked === 'action:explode');
    expect(await screen.findByRole('button', { name: 'Explode' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
  });

  it('asks for the parameters with the declared input and rules, shows the server\'s field error there, and says "Done" only after success', async () => {
    const action = vi.fn<ActionFn>().mockRejectedValueOnce(refusedName()).mockResolvedValueOnce({ data: 1 });
    renderWith(action, inRow);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename: Alpha' });
    const input = within(dialog).getByLabelText(/New name/);
    const run = within(dialog).getByRole('button', { name: 'Rename' });

    // The declared rules run first: nothing is sent for an empty or too short name.
    await userEvent.click(run);
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await userEvent.type(input, 'Z');
    await userEvent.click(run);
    expect(await within(dialog).findByText(/length must be between 2 and 140/)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();

    // The server refuses: its message shows under the input, the dialog stays, no "Done".
    await userEvent.type(input, 'ed');
    await userEvent.click(run);
    expect(await within(dialog).findByText('This value is already used')).toBeInTheDocument();
    expect(action).toHaveBeenLastCalledWith('gadget', { name: 'rename', id: 3, ids: undefined, params: { name: 'Zed' }, fieldsShown: ['name'] });
    expect(screen.queryByText('"Rename" succeeded.')).toBeNull();

    await userEvent.click(run);
    expect(await screen.findByText('"Rename" succeeded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename: Alpha' })).toBeNull());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('asks to confirm an action without parameters, naming the record', async () => {
    const action = vi.fn<ActionFn>().mockResolvedValue({ data: 1 });
    renderWith(action, inRow, (asked) => asked === 'action:explode');
    await userEvent.click(await screen.findByRole('button', { name: 'Explode' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Explode?')).toBeInTheDocument();
    expect(within(dialog).getByText('This applies to "Alpha".')).toBeInTheDocument();
    // The confirming button is named by the action, never a bare "Confirm" or "Run".
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Explode' }));
    expect(await screen.findByText('"Explode" succeeded.')).toBeInTheDocument();
    expect(action).toHaveBeenCalledWith('gadget', { name: 'explode', id: 3, ids: undefined, params: {} });
  });

  it('runs a selection action on the selected rows and clears the selection after success', async () => {
    const action = vi.fn<ActionFn>().mockResolvedValue({ data: 2 });
    const onUnselectItems = vi.fn();
    const list = { selectedIds: [3, 4], onUnselectItems, resource: 'gadget' } as never;
    renderWith(action, <ListContextProvider value={list}><SelectionActionButtons entity={entity} /></ListContextProvider>);
    await userEvent.click(await screen.findByRole('button', { name: 'Retag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retag' });
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Spring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retag' }));
    expect(await screen.findByText('"Retag" succeeded.')).toBeInTheDocument();
    expect(action).toHaveBeenCalledWith('gadget', { name: 'retag', id: undefined, ids: [3, 4], params: { note: 'Spring' }, fieldsShown: ['note'] });
    expect(onUnselectItems).toHaveBeenCalled();
  });

  it('runs a collection action from the toolbar after confirming; a refusal says nothing of success', async () => {
    const action = vi.fn<ActionFn>().mockRejectedValueOnce(new ApiError('Operation failed', 500, 500, 'failed')).mockResolvedValueOnce({ data: 0 });
    renderWith(action, <CollectionActionButtons entity={entity} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset all' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('"Reset all" succeeded.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reset all' }));
    expect(within(await screen.findByRole('dialog')).getByText('This applies to the whole list.')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset all' }));
    expect(await screen.findByText('"Reset all" succeeded.')).toBeInTheDocument();
    expect(action).toHaveBeenLastCalledWith('gadget', { name: 'resetAll', id: undefined, ids: undefined, params: {} });
  });

  it('offers a row only the transitions its state allows', async () => {
    const inState = (status: number) => <RecordContextProvider value={{ ...record, status }}><RowActionButtons entity={entity} /></RecordContextProvider>;
    const { unmount } = renderWith(vi.fn(), inState(0));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repair' })).toBeNull();
    unmount();
    renderWith(vi.fn(), inState(1));
    expect(await screen.findByRole('button', { name: 'Repair' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('says how many rows a transition on a selection skipped', async () => {
    const action = vi.fn<ActionFn>().mockResolvedValue({ data: 1, skipped: [4] } as never);
    const list = { selectedIds: [3, 4], onUnselectItems: vi.fn(), resource: 'gadget' } as never;
    renderWith(action, <ListContextProvider value={list}><SelectionActionButtons entity={entity} /></ListContextProvider>);
    await userEvent.click(await screen.findByRole('button', { name: 'Retire' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('"Retire" succeeded for the records whose state allowed it; 1 skipped.')).toBeInTheDocument();
    expect(action).toHaveBeenCalledWith('gadget', { name: 'retire', id: undefined, ids: [3, 4], params: {} });
  });

  it('says a declared confirmation and a done message filled from the answer, where the action declares them', async () => {
    const explode = { ...entity.actions!.explode!, confirmMessage: true, doneMessage: true };
    const worded = { ...entity, actions: { ...entity.actions, explode } } as Entity;
    const action = vi.fn<ActionFn>().mockResolvedValue({ data: { pieces: 12, ignored: { deep: true } } });
    renderWith(action, <RecordContextProvider value={record}><RowActionButtons entity={worded} /></RecordContextProvider>, (asked) => asked === 'action:explode');
    await userEvent.click(await screen.findByRole('button', { name: 'Explode' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Blow "Alpha" up for good?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Explode' }));
    expect(await screen.findByText('Blew up 12 pieces')).toBeInTheDocument();
  });
});
