/**
 * The generated show view of a record, at its list's URL with `#show=<id>` (a deep link; Back
 * returns to the list as it was): the declared fields grouped by `section`, child rows as
 * read-only tables, references by name, the state's history when the entity declares one
 * (newest first, with who and when), and the record's buttons: the declared row actions its
 * state allows, edit, and the screen's own row buttons. Every piece is exported (./blocks.ts)
 * so an area's show view is built from them.
 */
import { recordName } from './recordName';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Identifier, RaRecord } from 'react-admin';
import {
  Labeled, Loading, RecordContextProvider, useCanAccess, useGetOne, useGetResourceLabel, useRecordContext, useTranslate,
} from 'react-admin';
import { builtinText } from '../i18n/builtins';
import type { Entity } from '../schema/engine/entity';
import { secretSetName } from '../schema/engine/entity';
import { KINDS } from '../schema/engine/kinds';
import { RowActionButtons } from './ActionButton';
import { ChildRowsField, fieldDisplay } from './kinds';
import { fieldLabelKey, sectionLabelKey } from './labels';
import { LinkButton } from './LinkButton';
import { RecordPageContext } from './recordPage';
import type { RecordPage } from './recordPage';
import { dialogHash, editPath } from './routing';
import type { EntityScreenOptions, ShowViewProps } from './screenOptions';
import { PageTitle } from '../theme/PageTitle';
import { isReadOnlyRow } from '../schema/engine/readOnlyRows';
import { lazyNow } from './lazyNow';
import { ShowPanel } from './showParts';

export { historyOf, ShowPanel } from './showParts';

/** Its buttons, or for a record the user may only read (src/schema/engine/readOnlyRows.ts) the mark saying so instead. */
export const UnlessReadOnly = ({ children }: { readonly children: ReactNode }) => {
  const translate = useTranslate();
  return isReadOnlyRow(useRecordContext()) ? <Chip size="small" variant="outlined" label={translate('entity.read_only')} data-read-only /> : children;
};

type Cells = EntityScreenOptions['cells'];

/** `#show=<id>` after the current list URL (its page, sort, filters and pins kept for the way back). */
export const useShowHref = (): ((id: Identifier) => string) => {
  const { pathname, search } = useLocation();
  return (id) => `${pathname}${search}${dialogHash({ mode: 'show', id })}`;
};

/** A list row's "View" button: the record's show view. */
export const ShowButton = () => {
  const record = useRecordContext();
  const href = useShowHref();
  if (!record) return null;
  return <LinkButton label="entity.show.open" to={href(record.id)}><Visibility /></LinkButton>;
};

/** Back to the list the show view was opened from (the same URL without the `#show=` link). */
const useBackToList = (): (() => void) => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return () => navigate({ pathname, search });
};

export const BackToListButton = () => {
  const { pathname, search } = useLocation();
  return <LinkButton label="entity.show.back" to={`${pathname}${search}`}><ArrowBack /></LinkButton>;
};

/** The record's display name: a built-in record's in the chosen language. */
const useRecordName = (entity: Entity, record: RaRecord | undefined): string => {
  const translate = useTranslate();
  if (!record) return '';
  // Entities named by several fields (a return: its order number and product) say them all.
  if (entity.naming) return recordName(translate, entity, record);
  const shown: unknown = record[entity.display];
  return shown === null || shown === undefined || shown === '' ? `#${String(record.id)}` : builtinText(translate, entity.name, record, entity.display);
};

/** The page's one `h1`: "<Entity>: <record>" ("Gadget: Alpha", "小工具：Alpha"). */
export const ShowHeading = ({ entity, title }: { readonly entity: Entity; readonly title?: string }) => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const record = useRecordContext();
  const name = useRecordName(entity, record);
  const label = getResourceLabel(entity.name, 1);
  const text = title ?? (record ? translate('entity.show.title', { name: label, record: name }) : label);
  return <Box sx={{ pt: 2, px: { xs: 1, sm: 2 } }}><PageTitle>{text}</PageTitle></Box>;
};

/**
 * Loads the record and puts it in context for the blocks inside; a record that does not exist
 * (or was deleted) says so with the way back. Delete buttons inside return to the list.
 */
export const ShowRecord = ({ entity, id, children }: { readonly entity: Entity; readonly id: Identifier; readonly children: ReactNode }) => {
  const { data, isPending, error } = useGetOne(entity.name, { id }, { retry: false });
  const back = useBackToList();
  const page = useMemo<RecordPage>(() => ({ onDeleted: back }), [back]);
  if (isPending) return <Loading />;
  if (error || !data) {
    return (
      <Box sx={{ p: 2 }}>
        <ShowHeading entity={entity} />
        <Alert severity="info" sx={{ my: 2 }}><NotFoundText /></Alert>
        <BackToListButton />
      </Box>
    );
  }
  return (
    <RecordPageContext.Provider value={page}>
      <RecordContextProvider value={data}>{children}</RecordContextProvider>
    </RecordPageContext.Provider>
  );
};

const NotFoundText = () => <>{useTranslate()('entity.show.not_found')}</>;

/** One field of the record in context, labelled: the screen's cell if it has one, else the engine's display. */
export const FieldValue = ({ entity, name, cells }: { readonly entity: Entity; readonly name: string; readonly cells?: Cells }) => {
  const decl = entity.fields[name];
  if (!decl) return null;
  const Cell = cells?.[name];
  return (
    <Labeled source={name} label={fieldLabelKey(entity, name)}>
      {Cell ? <Cell entity={entity} name={name} /> : fieldDisplay(entity, name, decl)}
    </Labeled>
  );
};

/** Whether the record's answer carries the field (a secret: whether one is set). */
const carries = (entity: Entity, record: RaRecord | undefined, name: string): boolean =>
  record !== undefined && (entity.fields[name] && KINDS[entity.fields[name].kind].writeOnly
    // A required secret (a password) is always set: its record says nothing about it.
    ? Boolean(entity.fields[name].required) || secretSetName(name) in record : name in record);

const MAIN_SECTION = '';

/**
 * The fields shown, by section in declaration order (fields without one first); child lists
 * apart (they are tables), a reference's name with its reference.
 */
const showSections = (entity: Entity): { section: string; fields: string[]; lists: string[] }[] => {
  const groups = new Map<string, { fields: string[]; lists: string[] }>([[MAIN_SECTION, { fields: [], lists: [] }]]);
  for (const [name, decl] of Object.entries(entity.fields)) {
    if (decl.nameOf) continue;
    const section = decl.section ?? MAIN_SECTION;
    const group = groups.get(section) ?? { fields: [], lists: [] };
    (decl.kind === 'children' ? group.lists : group.fields).push(name);
    groups.set(section, group);
  }
  return [...groups].map(([section, group]) => ({ section, ...group })).filter((g) => g.fields.length + g.lists.length > 0);
};

/** A child list of the record in context as a read-only table under its label. */
const ChildRowsPanel = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const rows: unknown = record?.[name];
  return (
    <Box sx={{ mt: 1, mb: 2 }} role="group" aria-label={translate(fieldLabelKey(entity, name))}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">{translate(fieldLabelKey(entity, name))}</Typography>
      {Array.isArray(rows) && rows.length > 0
        ? <ChildRowsField entity={entity} name={name} />
        : <Typography variant="body2" color="text.secondary">{translate('entity.show.no_rows')}</Typography>}
    </Box>
  );
};

/**
 * The record's fields by section, each section a panel; child lists as tables. Fields the
 * record's answer does not carry are left out; a secret shows whether one is set, never a value.
 */
const ShowFields = ({ entity, cells }: { readonly entity: Entity; readonly cells?: Cells }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const carried = (name: string) => carries(entity, record, name);
  return (
    <>
      {showSections(entity).map(({ section, fields, lists }) => ({ section, fields: fields.filter(carried), lists: lists.filter(carried) }))
        .filter(({ fields, lists }) => fields.length + lists.length > 0)
        .map(({ section, fields, lists }) => (
          <ShowPanel key={section || 'main'} title={translate(section ? sectionLabelKey(entity, section) : 'entity.main_section')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 3 }}>
              {fields.map((name) => <FieldValue key={name} entity={entity} name={name} cells={cells} />)}
            </Box>
            {lists.map((name) => <ChildRowsPanel key={name} entity={entity} name={name} />)}
          </ShowPanel>
        ))}
    </>
  );
};

/**
 * The transitions of the record in context, newest first (./HistoryTable.tsx): its own chunk,
 * loaded with the first show view that has a history, not with a cold list.
 */
export const HistoryTable = lazyNow(() => import('./HistoryTable').then((m) => m.HistoryTable));

/** Edit the record in context: its edit route, or its list's edit dialog; hidden when it may not be edited. */
const EditRecordButton = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  const { pathname, search } = useLocation();
  const { canAccess } = useCanAccess({ resource: entity.name, action: 'edit', record });
  if (!record || !canAccess || entity.routes?.update === false) return null;
  // Entities edited in dialogs: the list's dialog link (the show view sits at the list's URL).
  const to = editPath(entity, record.id) ?? `${pathname}${search}${dialogHash({ mode: 'edit', id: record.id })}`;
  return <LinkButton label="entity.show.edit" to={to}><EditIcon /></LinkButton>;
};

/**
 * The record's buttons: back to the list, the declared row actions its state allows (the list
 * row's own), edit, and the screen's row buttons.
 */
const ShowActions = ({ entity, options }: { readonly entity: Entity; readonly options: EntityScreenOptions }) => {
  const RowActions = options.rowActions;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }} role="toolbar">
      <BackToListButton />
      <UnlessReadOnly>
        <RowActionButtons entity={entity} />
        <EditRecordButton entity={entity} />
        {RowActions && <RowActions entity={entity} />}
      </UnlessReadOnly>
    </Box>
  );
};

/** The page around a show view's blocks (the heading above the panels). */
export const ShowLayout = ({ children }: { readonly children: ReactNode }) => (
  <Box sx={{ px: { xs: 1, sm: 2 }, pb: 2, maxWidth: 1120 }}>{children}</Box>
);

/** The generated show view. */
export const EntityShow = ({ entity, options, id }: ShowViewProps) => (
  <ShowRecord entity={entity} id={id}>
    <ShowHeading entity={entity} />
    <ShowLayout>
      <ShowActions entity={entity} options={options} />
      <ShowFields entity={entity} cells={options.cells} />
      <HistoryTable entity={entity} />
    </ShowLayout>
  </ShowRecord>
);
