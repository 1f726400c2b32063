// Protects: view overrides and the generated show view (src/engine/EntityShow.tsx, screens.tsx) on a fixture entity: an area's view replaces exactly the view it names (list, show, create, edit; a create/edit view without its route stops the start), and an edit view may keep the routed page with a form of its own laid out from the blocks, still checked by the declaration's rules; the show view at the list's `#show=<id>` shows the fields by section, references by name, whether a secret is set, child rows as a table, the state's history newest first with operator and time, and only the transitions the record's state allows, one of which runs from the page; lists with states offer a "View" button, plain lists do not; a screen's list top (inside the list's context: it filters the list) and extra bulk buttons (they see the selection); a missing record says so.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, memoryStore, Notification, useListContext, useRecordContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { ADMIN_MESSAGES } from '../../src/admin/i18n';
import { entityEn } from '../../src/i18n/entities/en';
import type { EntityFormProps, EntityScreenOptions, ShowViewProps, ViewProps } from '../../src/engine/blocks';
import { EntityEdit, FormFieldCell, ShowHeading, ShowRecord, useEntityFormProps } from '../../src/engine/blocks';
import { Form } from 'react-admin';
import { routePath } from '../../src/engine/routing';
import { entityRouteScreens } from '../../src/engine/screens';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { MESSAGES } from '../../src/schema/api';
import type { Entity } from '../../src/schema/engine/entity';
import { ENTITIES } from '../../src/schema/entities';
import { muiTheme } from '../../src/theme/muiTheme';
import { VIEW_FIXTURE_MESSAGES, VIEW_FIXTURES } from '../fixtures/views';
import { envelope, page, renderAt, serve } from './entity-harness';

const job = VIEW_FIXTURES.fxJob;
const LIST = routePath(job.menu.route);

const errors = Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')]));
const messages = {
  ...englishMessages, ...entityEn, menu: en.menu, errors,
  resources: { ...(ADMIN_MESSAGES.en.resources as object), ...VIEW_FIXTURE_MESSAGES },
};
const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

const stored = {
  id: 3, title: 'Pack boxes', ownerId: 1, ownerName: 'alice', status: 1, budget: 12.5, payKeySet: true,
  steps: [{ id: 1, name: 'Fold', minutes: 5 }, { id: 2, name: 'Tape', minutes: 2 }],
  createTime: '2026-01-01T09:00:00.000Z',
};
// Answered oldest first: the page shows the newest first whatever the order.
const history = [
  { id: 1, jobId: 3, fromStatus: null, toStatus: 0, note: 'queued by hand', operatorId: 1, operatorName: 'alice', createTime: '2026-01-01T09:00:00.000Z' },
  // A note the server wrote as a message key: shown through the translations (here worded unlike its English `note`).
  { id: 2, jobId: 3, fromStatus: 0, toStatus: 1, note: 'Started by carol', noteKey: 'started_by', noteParams: { who: 'carol' }, operatorId: 2, operatorName: 'bob', createTime: '2026-01-02T10:00:00.000Z' },
];

const LocationProbe = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
};
const location = () => screen.getByTestId('location').textContent ?? '';

/** The fixture's screens as the shell mounts an entity's (route table paths), with `options`. */
const renderJob = (path: string, options: EntityScreenOptions = {}) => {
  const screens = entityRouteScreens(job, options);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={i18nProvider} store={memoryStore()} theme={muiTheme}>
        <Routes>
          {Object.entries(screens).map(([name, Screen]) => <Route key={name} path={routePath(name)} element={<Screen />} />)}
        </Routes>
        <Notification />
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
};

const serveJob = () => ({
  reads: serve('get', '/fxJob/3', () => envelope(stored)),
  lists: serve('get', '/fxJob/list', () => envelope(page([stored]))),
  history: serve('get', '/fxJobHistory/list', () => envelope(page(history))),
  // The history names its operators (an admin account) by their names.
  admins: serve('get', '/admin/list', () => envelope(page([{ id: 1, username: 'admin', nickName: 'Admin' }]))),
});

/** An area's show view built from the engine's blocks. */
const CustomShow = ({ entity, id }: ShowViewProps) => (
  <ShowRecord entity={entity} id={id}>
    <ShowHeading entity={entity} title="Job sheet" />
    <CustomBody />
  </ShowRecord>
);
const CustomBody = () => <p>{`Sheet of ${String(useRecordContext()?.title)}`}</p>;
const CustomList = ({ entity }: ViewProps) => <p>{`Board of ${entity.name}`}</p>;

// A misspelt view name does not compile.
// @ts-expect-error `detail` is not a view
const misspelt: EntityScreenOptions = { views: { detail: CustomShow } };
void misspelt;

describe('views', () => {
  // The fixtures are served like declared entities for the length of this file.
  const registry = ENTITIES as Record<string, Entity>;
  beforeAll(() => { Object.assign(registry, VIEW_FIXTURES); });
  afterAll(() => { delete registry.fxJob; delete registry.fxJobHistory; });

  it('an override replaces exactly the view it names', async () => {
    serveJob();
    const { unmount } = renderJob(`${LIST}#show=3`, { views: { show: CustomShow } });
    expect(await screen.findByText('Sheet of Pack boxes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Job sheet' })).toBeInTheDocument();
    unmount();

    // The same options leave the list generated.
    const list = renderJob(LIST, { views: { show: CustomShow } });
    expect(await screen.findByText('Pack boxes')).toBeInTheDocument();
    expect(screen.queryByText(/Sheet of/)).toBeNull();
    list.unmount();

    // A list override leaves the show view generated.
    const board = renderJob(LIST, { views: { list: CustomList } });
    expect(await screen.findByText('Board of fxJob')).toBeInTheDocument();
    board.unmount();
    renderJob(`${LIST}#show=3`, { views: { list: CustomList } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Job: Pack boxes' })).toBeInTheDocument();
    expect(screen.queryByText('Board of fxJob')).toBeNull();
  });

  it('create and edit overrides replace the routed pages they name; without the route the start stops', async () => {
    // The fixture at routes with create and edit pages (their screens are built here, not the coupon's).
    const routed = { ...job, menu: { route: 'coupon', create: 'addCoupon', edit: 'updateCoupon' } } as Entity;
    const CustomCreate = ({ entity }: ViewProps) => <p>{`New ${entity.name} wizard`}</p>;
    const renderRouted = (path: string) => render(
      <MemoryRouter initialEntries={[path]}>
        <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={i18nProvider} store={memoryStore()} theme={muiTheme}>
          <Routes>
            {Object.entries(entityRouteScreens(routed, { views: { create: CustomCreate } }))
              .map(([name, Screen]) => <Route key={name} path={routePath(name)} element={<Screen />} />)}
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    serveJob();
    const create = renderRouted(routePath('addCoupon'));
    expect(await screen.findByText('New fxJob wizard')).toBeInTheDocument();
    create.unmount();
    const generated = renderRouted(`${routePath('updateCoupon')}?id=3`);
    expect(await screen.findByDisplayValue('Pack boxes')).toBeInTheDocument();
    expect(screen.queryByText(/wizard/)).toBeNull();
    generated.unmount();

    // An edit view may keep the routed page and lay out its own form from the blocks: the record,
    // the declared inputs and the declaration's rules are the engine's.
    const OwnForm = ({ entity, options, mode, toolbar }: EntityFormProps) => {
      const { sx: _sx, ...props } = useEntityFormProps(entity, mode);
      return (
        <Form {...props}>
          <p>Own layout</p>
          <FormFieldCell entity={entity} options={options} mode={mode} name="title" decl={entity.fields.title!} />
          {toolbar}
        </Form>
      );
    };
    const OwnEdit = (props: ViewProps) => <EntityEdit {...props} Form={OwnForm} />;
    const updates = serve('post', '/fxJob/update/3', () => envelope(1));
    const own = render(
      <MemoryRouter initialEntries={[`${routePath('updateCoupon')}?id=3`]}>
        <AdminContext dataProvider={createEntityDataProvider()} i18nProvider={i18nProvider} store={memoryStore()} theme={muiTheme}>
          <Routes>
            {Object.entries(entityRouteScreens(routed, { views: { edit: OwnEdit } }))
              .map(([name, Screen]) => <Route key={name} path={routePath(name)} element={<Screen />} />)}
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Own layout')).toBeInTheDocument();
    const title = await screen.findByDisplayValue('Pack boxes');
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription(/40/));
    expect(updates).toHaveLength(0);
    own.unmount();

    // The fixture itself is edited in dialogs: an edit page of its own has nowhere to go.
    expect(() => entityRouteScreens(job, { views: { edit: CustomCreate } })).toThrow(/needs an edit route/);
  });

  it('the show view has the fields by section, references by name, child rows, the history newest first and the allowed actions', async () => {
    const { reads, history: historyReads } = serveJob();
    const finishes = serve('post', '/fxJob/finish/3', () => envelope(1));
    renderJob(`${LIST}#show=3`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Job: Pack boxes' })).toBeInTheDocument();
    const general = screen.getByRole('region', { name: 'General' });
    expect(within(general).getByText('alice')).toBeInTheDocument();
    expect(within(general).getByText('Running')).toBeInTheDocument();
    expect(within(general).queryByText('Budget')).toBeNull();
    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(money).getByText('Budget')).toBeInTheDocument();
    // A secret is never read back: the page says that one is set.
    expect(within(money).getByText('Payment key')).toBeInTheDocument();
    expect(within(money).getByText('Set')).toBeInTheDocument();
    const steps = within(general).getByRole('group', { name: 'Steps' });
    expect(within(steps).getAllByRole('row').map((row) => row.textContent)).toEqual(['StepMinutes', 'Fold5', 'Tape2']);

    const historyPanel = await screen.findByRole('region', { name: 'History' });
    await waitFor(() => expect(within(historyPanel).getAllByRole('row')).toHaveLength(3));
    expect(historyReads[0]!.query.get('jobId')).toBe('3');
    const [head, newest, oldest] = within(historyPanel).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'Operator', 'From', 'To', 'Note']);
    expect(within(newest!).getByText('bob')).toBeInTheDocument();
    expect(within(newest!).getByText('Queued')).toBeInTheDocument();
    expect(within(newest!).getByText('Running')).toBeInTheDocument();
    expect(within(newest!).getByText(/2026/)).toBeInTheDocument();
    expect(within(newest!).getByText('Started for carol')).toBeInTheDocument();
    expect(within(oldest!).getByText('queued by hand')).toBeInTheDocument();

    // A running job may finish or be cancelled, not start again.
    const toolbar = screen.getByRole('toolbar');
    expect(within(toolbar).getByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Start' })).toBeNull();
    expect(within(toolbar).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${LIST}#edit=3`);
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Finish' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('"Finish" succeeded.')).toBeInTheDocument();
    expect(finishes).toHaveLength(1);
    // The page reads the record and its history again.
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(historyReads.length).toBeGreaterThanOrEqual(2));
  });

  it('a list with states offers "View" per row, leading to the show view and back', async () => {
    serveJob();
    renderJob(LIST);
    const row = (await screen.findByText('Pack boxes')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('link', { name: 'View' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Job: Pack boxes' })).toBeInTheDocument();
    expect(location()).toBe(`${LIST}#show=3`);
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(location()).toBe(LIST));
    expect(await screen.findByText('Pack boxes')).toBeInTheDocument();
  });

  it('a plain list has no "View" button', async () => {
    serve('get', '/returnReason/list', () => envelope(page([{ id: 5, name: 'Arrived damaged', sort: 1, status: 1, createTime: null }])));
    renderAt('/oms/returnReason');
    const row = (await screen.findByText('Arrived damaged')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('link', { name: 'View' })).toBeNull();
  });

  it('a screen\'s list top works inside the list\'s context and its bulk buttons see the selection', async () => {
    const lists = serve('get', '/fxJob/list', () => envelope(page([stored])));
    const Top = () => {
      const { filterValues, setFilters } = useListContext();
      return <button type="button" onClick={() => setFilters({ ...filterValues, status: 1 })}>Only running</button>;
    };
    const Bulk = () => <span>{`Picked ${useListContext().selectedIds.join(',')}`}</span>;
    renderJob(LIST, { listTop: Top, bulkActions: Bulk });
    const row = (await screen.findByText('Pack boxes')).closest('tr') as HTMLElement;
    await userEvent.click(screen.getByRole('button', { name: 'Only running' }));
    await waitFor(() => expect(lists.at(-1)?.query.get('status')).toBe('1'));
    expect(screen.queryByText('Picked 3')).toBeNull();
    await userEvent.click(within(row).getByRole('checkbox'));
    expect(await screen.findByText('Picked 3')).toBeInTheDocument();
  });

  it('a record that does not exist says so, with the way back', async () => {
    serve('get', '/fxJob/9', () => HttpResponse.json({ code: 404, message: 'Not found', messageKey: 'not_found', data: null }, { status: 404 }));
    renderJob(`${LIST}#show=9`);
    expect(await screen.findByText('This record does not exist, or it was deleted.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Job' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeInTheDocument();
  });
});
