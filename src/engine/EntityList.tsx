/**
 * The list screen of an entity: declared columns, filters, sorting, paging, bulk actions, CSV
 * export. Rows open the edit screen (`<edit path>?id=<id>`), or an edit dialog for entities
 * without edit routes; where the list offers the show view (`#show=<id>`, ./EntityShow.tsx) a
 * row has a "View" button, and rows that cannot be edited open it on click. Lists pinned to a parent by the URL (`?parentId=`, `?cid=&type=`) keep
 * that pin out of the filters and carry it to the create screen.
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ComponentType, MouseEvent, ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Identifier, RaRecord } from 'react-admin';
import {
  Button, CreateButton, DataTable, ExportButton, FilterButton, List, TopToolbar, useBasename, useCanAccess,
  useCanAccessResources, useGetResourceLabel, useTranslate,
} from 'react-admin';
import { useIsMobile } from '../theme/useIsMobile';
import type { Entity } from '../schema/engine/entity';
import { PAGE_SIZE } from '../schema/rules';
import { buttonActions, CollectionActionButtons, RowActionButtons } from './ActionButton';
import { EntityBulkActions, hasBulkActions } from './BulkActions';
import { entityColumns, narrowHiddenColumns, ONE_LINE_CLASS } from './columns';
import { EntityPagination } from './EntityPagination';
import type { DialogState } from './EntityFormDialog';
import { EntityFormDialog } from './EntityFormDialog';
import { useEntityExporter } from './exporter';
import type { CanList } from './filters';
import { entityFilters, filterTargets, hasOptionalFilters } from './filters';
import { inSentence } from './labels';
import { lazyNow } from './lazyNow';
import { NotAvailable } from './NotAvailable';
import { ScreenHeading } from './ScreenHeading';
import type { DialogLink } from './routing';
import { dialogHash, entityPaths, parseDialogHash, withQuery } from './routing';
import type { EntityScreenOptions } from './screenOptions';
import { offersShow, pinnedValues, pinQuery } from './screenOptions';
import { ShowButton, UnlessReadOnly, useShowHref } from './EntityShow';
import { isInBin, RecycleBinToggle, useInRecycleBin, withRecycleBinActions } from './RecycleBin';
import { ListBody } from './ListBody';
import { ListColumnsButton } from './ListColumnsButton';
import { RowCellContext, rowButtonSx } from './RowButton';
import { RowAccessProvider } from './rowAccess';
import { isReadOnlyRow } from '../schema/engine/readOnlyRows';
import { RowSwitchStyles } from './ToggleSwitchField';

/**
 * The phone's cards load on a phone only: a desktop's cold list does without them. Their code is
 * asked for as the list draws, beside its rows' request, so a phone waits for neither in turn.
 */
const MobileList = lazyNow(() => import('./MobileList').then((m) => m.MobileList));

type ScreenProps = { readonly entity: Entity; readonly options: EntityScreenOptions };
type Pinned = Readonly<Record<string, number | string>>;

/**
 * "Add": a link to the create route, or the create dialog for entities edited in dialogs. Both
 * are hidden when the user may not create (react-admin's CreateButton checks by itself).
 */
const CreateControl = ({ entity, createTo, onCreate }: { readonly entity: Entity; readonly createTo: string | null; readonly onCreate: (() => void) | null }) => {
  const { canAccess } = useCanAccess({ resource: entity.name, action: 'create' });
  if (createTo) return <CreateButton resource={entity.name} to={createTo} label="entity.action.create" />;
  if (onCreate && canAccess) return <Button label="entity.action.create" onClick={onCreate}><AddIcon /></Button>;
  return null;
};

type ControlsProps = { readonly entity: Entity; readonly createTo: string | null; readonly onCreate: (() => void) | null };

const ListActions = ({ entity, createTo, onCreate, hasHiddenFilters, chooser }: ControlsProps & {
  readonly hasHiddenFilters: boolean;
  /** The table's columns and default hidden ones, for the Columns chooser; null when the list offers none. */
  readonly chooser: { readonly columns: ReactNode; readonly hiddenColumns: string[] | undefined } | null;
}) => {
  // Nothing is added to the recycle bin: its view offers no create.
  const inBin = useInRecycleBin(entity);
  return (
    // Wraps onto a second line rather than pushing the page wider (react-admin's keeps one line).
    <TopToolbar sx={TOOLBAR_SX}>
      {hasHiddenFilters && <FilterButton />}
      {chooser && <ListColumnsButton columns={chooser.columns} hiddenColumns={chooser.hiddenColumns} />}
      {!inBin && <CreateControl entity={entity} createTo={createTo} onCreate={onCreate} />}
      {!inBin && <CollectionActionButtons entity={entity} />}
      <RecycleBinToggle entity={entity} />
      <ExportButton />
    </TopToolbar>
  );
};

const LIST_SX = { '& .RaList-main': { minWidth: 0 } } as const;
const TOOLBAR_SX = { flexWrap: 'wrap', whiteSpace: 'normal', rowGap: 0.5 } as const;

/** The row actions' column: its class, kept at the right edge while a wide table scrolls sideways. */
const ACTIONS_CLASS = 'engine-row-actions';

/**
 * The table scrolls inside its own box when its columns are wider than the screen, and the row
 * actions column stays in view (sticky), so "Ship" or "Close order" is always reachable without
 * scrolling the page. It is the first column after the selection box and sticks at the box's left
 * edge: at rest it has its own place and covers nothing (stuck at the right edge of a table wider
 * than its box, it lay over the cells there, cutting chips and amounts); only cells scrolled away to
 * the left pass under it. Its cells get the paper's colour for that.
 */
const TABLE_SX = {
  ...rowButtonSx,
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  [`& td.${ONE_LINE_CLASS}, & td.${ACTIONS_CLASS}`]: { whiteSpace: 'nowrap' },
  // Denser rows: react-admin's small buttons in a row need no more than their text's height.
  [`& td.${ACTIONS_CLASS} .MuiButton-root`]: { py: 0.25 },
  [`& th.${ACTIONS_CLASS}, & td.${ACTIONS_CLASS}`]: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}`,
  },
} as const;

type RowActionsComponent = ComponentType<{ readonly entity: Entity }>;

const ROW_ACTIONS_STYLE = { display: 'flex', gap: 4 } as const;
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/** A row's buttons: "View" (where offered), the declared row actions, then the screen's own (row links, delete). */
const useRowActions = (entity: Entity, custom: RowActionsComponent | undefined, showButton: boolean): RowActionsComponent | undefined =>
  useMemo(() => {
    if (buttonActions(entity, 'row', true).length === 0 && !showButton) return custom;
    const Custom = custom;
    const Row = ({ entity: shown }: { readonly entity: Entity }) => (
      <>
        {showButton && <ShowButton />}
        <RowActionButtons entity={shown} inList />
        {Custom && <Custom entity={shown} />}
      </>
    );
    return Row;
  }, [entity, custom, showButton]);

/** A row the user may only read is not selected for a batch (src/schema/engine/readOnlyRows.ts). */
const selectable = (record: RaRecord): boolean => !isReadOnlyRow(record);

const EmptyList = ({ entity, createTo, onCreate }: ControlsProps) => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  return (
    // `data-list-state`: the list answered and is empty (the first draw, src/admin/firstDraw.ts, gives way to it).
    <Box sx={{ textAlign: 'center', m: 4 }} data-list-state="empty">
      <Typography variant="h6" component="p" gutterBottom>
        {translate('entity.empty.title', { name: inSentence(getResourceLabel(entity.name, 2)) })}
      </Typography>
      {(createTo || onCreate) && <Typography color="text.secondary" gutterBottom>{translate('entity.empty.hint')}</Typography>}
      <CreateControl entity={entity} createTo={createTo} onCreate={onCreate} />
    </Box>
  );
};

/** Which entities the list's reference filters pick from the user may list (none while the answer is pending). */
const useCanList = (entity: Entity): CanList => {
  const resources = useMemo(() => filterTargets(entity), [entity]);
  const { canAccess } = useCanAccessResources({ action: 'list', resources });
  return useCallback((name: string) => canAccess?.[name] === true, [canAccess]);
};

const EntityListView = ({ entity, options, pinned }: ScreenProps & { readonly pinned: Pinned }) => {
  const translate = useTranslate();
  const basename = useBasename();
  const location = useLocation();
  const navigate = useNavigate();
  // A deep link (`#edit=3`) opens its dialog; kept in state from then on, so the list's own URL
  // updates (page, sort) never close it. Opening and closing write the hash for the next link.
  const [opened] = useState(() => parseDialogHash(location.hash));
  const [dialog, setDialogState] = useState<DialogState | null>(() => {
    if (opened?.mode === 'create') return { mode: 'create' };
    return opened?.mode === 'edit' ? { mode: 'edit', id: opened.id } : null;
  });
  const linkTo = (link: DialogLink | null) =>
    navigate({ pathname: location.pathname, search: location.search, hash: dialogHash(link) }, { replace: true });
  const setDialog = (next: DialogState | null) => {
    setDialogState(next);
    linkTo(next);
  };
  // Rows open the edit dialog only for users who may save it; a read-only detail view needs no grant.
  const { canAccess: canEdit } = useCanAccess({ resource: entity.name, action: 'edit' });
  const paths = entityPaths(entity);
  const editsInDialog = !paths.edit;
  const creatable = entity.routes?.create !== false;
  const canList = useCanList(entity);
  const filters = useMemo(() => entityFilters(entity, new Set(Object.keys(pinned)), canList), [entity, pinned, canList]);
  const columns = useMemo(() => entityColumns(entity, options.cells), [entity, options.cells]);
  const pinQueryValues = pinQuery(options, pinned);
  const createTo = creatable && paths.create ? withQuery(paths.create, pinQueryValues) : null;
  const onCreate = creatable && editsInDialog ? () => setDialog({ mode: 'create' }) : null;
  const showHref = useShowHref();
  const showable = offersShow(entity, options);
  const editable = entity.routes?.update !== false && canEdit === true;
  const rowClick = (id: Identifier, _resource?: string, record?: RaRecord): string | false => {
    // A record in the recycle bin is not edited: it is restored or deleted for good.
    // Nor one the user may only read (src/schema/engine/readOnlyRows.ts).
    if (isInBin(entity, record) || (!showable && isReadOnlyRow(record))) return false;
    // A record that cannot be edited opens its show view, where the list offers one (a new history entry: Back returns).
    if (showable && (!editable || isReadOnlyRow(record))) {
      navigate(showHref(id));
      return false;
    }
    if (editsInDialog) {
      if (canEdit && entity.routes?.update !== false) setDialog({ mode: 'edit', id });
      return false;
    }
    return `${basename}${withQuery(paths.edit ?? paths.list, { id })}`;
  };
  // A record in the recycle bin gets the bin's buttons only; a live one the declared and the screen's.
  // Rows that open the show view by a click need no button for it.
  const RowActions = withRecycleBinActions(entity, useRowActions(entity, options.rowActions, showable && editable));
  // Kept between renders of this screen: the rows (./ListBody.tsx) render again only when these change.
  const actionsLabel = translate('entity.actions');
  const tableColumns = useMemo(() => [
    RowActions && (
      <DataTable.Col key="_actions" label={actionsLabel} disableSort className={ACTIONS_CLASS}>
        {/* Clicks in row buttons and their dialogs (React bubbles through portals) must not open the row. */}
        {/* A plain element with a shared style: a Box's sx is resolved again in every row. */}
        {/* Its buttons are the light ones (./RowButton.tsx): 100 rows of react-admin Buttons are a fifth of the list's render. */}
        <div onClick={stopPropagation} style={ROW_ACTIONS_STYLE}>
          <RowCellContext.Provider value>
            <UnlessReadOnly><RowActions entity={entity} /></UnlessReadOnly>
          </RowCellContext.Provider>
        </div>
      </DataTable.Col>
    ),
    ...columns,
  ], [columns, RowActions, actionsLabel, entity]);
  // Columns the screen hides, and those the declaration lets a narrow window drop (listPriority):
  // DataTable's default until the user chooses in the Columns chooser.
  const below1600 = useMediaQuery('(max-width:1599.95px)');
  const below1300 = useMediaQuery('(max-width:1299.95px)');
  const hiddenColumns = useMemo(() => {
    const hidden = [...(options.hiddenColumns ?? []), ...narrowHiddenColumns(entity, { below1600, below1300 })];
    return hidden.length > 0 ? hidden : undefined;
  }, [options.hiddenColumns, entity, below1600, below1300]);
  const Header = options.listHeader;
  const Top = options.listTop;
  const exporter = useEntityExporter(entity);
  // A phone gets cards instead of a table squeezed to its width (ARCHITECTURE section 5).
  const isMobile = useIsMobile();

  return (
    // The rows' switches and buttons share one permission answer and one style sheet (bench/render.ts).
    <RowAccessProvider entity={entity}>
      <RowSwitchStyles />
      {Header && <Header entity={entity} pinned={pinned} />}
      <List
        resource={entity.name}
        // The list's column may shrink below its table's width: the table scrolls in its own box.
        sx={LIST_SX}
        // The shell grants this screen by route (menus) before rendering it; react-admin's own
        // check would ask about the entity name, which is not a route.
        disableAuthentication
        filter={pinned}
        filters={filters}
        exporter={exporter}
        sort={entity.defaultSort ?? { field: 'id', order: 'DESC' }}
        perPage={PAGE_SIZE.choices[0]}
        // Page, sort and filters live in the URL (react-admin's location sync), so a list can be
        // bookmarked and shared; a pin of the route (`?parentId=`) stays beside them. The store
        // key per pin remembers the state when the user comes back without one.
        storeKey={`${entity.name}.list${JSON.stringify(pinned)}`}
        actions={(
          <ListActions
            entity={entity}
            createTo={createTo}
            onCreate={onCreate}
            hasHiddenFilters={hasOptionalFilters(entity, new Set(Object.keys(pinned)), canList)}
            chooser={(options.hiddenColumns ?? []).length > 0 || Object.values(entity.fields).some((f) => f.list && f.listPriority)
              ? { columns: tableColumns, hiddenColumns }
              : null}
          />
        )}
        pagination={<EntityPagination rowsPerPageOptions={[...PAGE_SIZE.choices]} />}
        empty={<EmptyList entity={entity} createTo={createTo} onCreate={onCreate} />}
      >
        {Top && <Top entity={entity} />}
        {isMobile ? <MobileList entity={entity} cells={options.cells} rowClick={rowClick} rowActions={RowActions} /> : (
        <DataTable
          rowClick={rowClick}
          isRowSelectable={selectable}
          bulkActionButtons={hasBulkActions(entity) || options.bulkActions ? <EntityBulkActions entity={entity} extra={options.bulkActions} actionInputs={options.actionInputs} /> : false}
          hiddenColumns={hiddenColumns}
          body={ListBody}
          sx={TABLE_SX}
        >
          {tableColumns}
        </DataTable>
        )}
      </List>
      {dialog && <EntityFormDialog entity={entity} options={options} state={dialog} pinned={pinned} onClose={() => setDialog(null)} />}
    </RowAccessProvider>
  );
};

export const EntityList = ({ entity, options }: ScreenProps) => {
  const [search] = useSearchParams();
  const pinned = pinnedValues(options, search);
  // A new pin (another parent) is another list: remount so paging and selection start over.
  const pinKey = JSON.stringify(pinned);
  const stablePinned = useMemo<Pinned | null>(() => (pinKey === 'null' ? null : JSON.parse(pinKey) as Pinned), [pinKey]);
  return (
    <>
      <ScreenHeading route={entity.menu.route} />
      {stablePinned
        ? <EntityListView key={pinKey} entity={entity} options={options} pinned={stablePinned} />
        : <NotAvailable message="entity.missing_context" />}
    </>
  );
};
