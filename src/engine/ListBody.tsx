/**
 * The table body of the engine's lists (react-admin's `DataTable` `body`): the same rows, cells,
 * classes and behaviour as react-admin's `DataTableBody`/`DataTableRow`/`DataTableCell`, drawn
 * with plain `<tr>`/`<td>` elements under one styled `<tbody>`.
 *
 * Why: a 100-row product list spent most of its render in react-admin's per-row and per-cell
 * components (a styled MUI `TableRow` and, per cell, a styled `TableCell` with its theme props and
 * a `useStore` read of the hidden columns; per row a MUI `Checkbox` with its ripple), and every
 * re-render of the list re-rendered all rows. Here the hidden columns are read once for the body,
 * the cells' look is one style sheet on the body (MUI's small body cell and hover row, the
 * theme's checkbox cell), the selection box is a native checkbox, and rows are memoised: a row
 * renders again only when its record, its selection, its parity or the columns change.
 * Measured with bench/render.ts (docs/design.md, "The engine draws list rows itself").
 *
 * Kept: row click (the list's `rowClick`: a path, `false`, `'toggleSelection'`, or a function),
 * selection with shift-click ranges (react-admin's `handleToggleItem`), `isRowSelectable`, column
 * order and hidden columns (ColumnsButton), `align`, and the `RaDataTable-*`, `MuiTableCell-*`
 * and `column-<source>` classes tests and styles select by. A column with its own `sx` or
 * `cellSx` is left to react-admin's cell. Expand panels are not supported: the engine's lists
 * have none (DataTable's `expand` must not be combined with this body).
 */
import { alpha, lighten, styled } from '@mui/material/styles';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { Children, createElement, isValidElement, memo, useMemo } from 'react';
import type { DataTableColumnProps, Identifier, RaRecord } from 'react-admin';
import {
  RecordContextProvider, useDataTableCallbacksContext, useDataTableConfigContext, useDataTableDataContext,
  useDataTableSelectedIdsContext, useDataTableStoreContext, useEvent, useGetPathForRecordCallback, useNavigate,
  useResourceContext, useResourceDefinition, useStore, useTranslate,
} from 'react-admin';

/** MUI's small body cell, its right alignment and hover row, and react-admin's checkbox cell: once for all rows. */
const Body = styled('tbody')(({ theme }) => ({
  '& > tr': {
    color: 'inherit',
    display: 'table-row',
    verticalAlign: 'middle',
    outline: 0,
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  '& > tr > td': {
    ...theme.typography.body2,
    display: 'table-cell',
    verticalAlign: 'inherit',
    // MUI's cell border: the divider made opaque and lightened.
    borderBottom: `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
    textAlign: 'left',
    padding: '6px 16px',
    color: theme.palette.text.primary,
  },
  '& > tr > td.MuiTableCell-alignRight': { textAlign: 'right', flexDirection: 'row-reverse' },
  '& > tr > td.MuiTableCell-alignCenter': { textAlign: 'center' },
  // react-admin's theme pads the checkbox cell 0 8px; MUI's small checkbox cell is 24px wide.
  '& > tr > td.MuiTableCell-paddingCheckbox': { width: 24, padding: '0 8px' },
  '& .RaDataTable-checkbox': {
    width: 18,
    height: 18,
    margin: 3,
    verticalAlign: 'middle',
    accentColor: theme.palette.primary.main,
    cursor: 'pointer',
    '&:disabled': { cursor: 'default' },
  },
}));

type Column = {
  readonly key: string;
  readonly source: string | undefined;
  readonly className: string;
  /** The element to render as it is (react-admin's own cell), for columns styled per cell. */
  readonly element: ReactElement | null;
  readonly content: DataTableColumnProps['children'];
  readonly render: DataTableColumnProps['render'];
  readonly field: DataTableColumnProps['field'];
};

const CELL = 'MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall RaDataTable-rowCell';
const ALIGN: Partial<Record<NonNullable<DataTableColumnProps['align']>, string>> = {
  right: 'MuiTableCell-alignRight',
  center: 'MuiTableCell-alignCenter',
};

/** The shown columns, in the order DataTable gives them (the ColumnsButton's ranks), without the hidden ones. */
const shownColumns = (children: ReactNode, hidden: readonly string[]): Column[] =>
  Children.toArray(children).flatMap((child, index): Column[] => {
    if (!isValidElement<DataTableColumnProps>(child)) return [];
    const { source, label, align, className, cellClassName, sx, cellSx, children: content, render, field } = child.props;
    // react-admin's rule: a column is hidden by its source, else by its label.
    if (hidden.includes(source ?? (label as string))) return [];
    return [{
      key: String(child.key ?? index),
      source,
      className: [CELL, align ? ALIGN[align] : undefined, className, cellClassName, `column-${String(source)}`].filter(Boolean).join(' '),
      element: sx || cellSx ? child : null,
      content,
      render,
      field,
    }];
  });

const valueAt = (record: RaRecord, source: string): unknown =>
  source.split('.').reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), record);

/** What react-admin's DataTableCell shows: the column's children, else its render, field, or the raw value. */
const cellContent = (column: Column, record: RaRecord): ReactNode => {
  if (column.content !== undefined) return column.content;
  if (column.render) return column.render(record);
  if (column.field) return createElement(column.field, { source: column.source });
  const value = column.source === undefined ? undefined : valueAt(record, column.source);
  return value == null ? null : String(value as string | number);
};

type RowProps = {
  readonly record: RaRecord;
  readonly even: boolean;
  readonly columns: readonly Column[];
  readonly checkbox: boolean;
  readonly selected: boolean;
  readonly selectable: boolean;
  readonly clickable: boolean;
  readonly selectLabel: string;
  readonly onClick: (record: RaRecord, event: MouseEvent) => void;
  readonly onToggle: (record: RaRecord, event: MouseEvent) => void;
};

const Row = memo(({ record, even, columns, checkbox, selected, selectable, clickable, selectLabel, onClick, onToggle }: RowProps) => (
  <RecordContextProvider value={record}>
    <tr
      className={`MuiTableRow-root MuiTableRow-hover RaDataTable-row ${even ? 'RaDataTable-rowEven' : 'RaDataTable-rowOdd'}${selectable ? ' RaDataTable-selectable' : ''}${clickable ? ' RaDataTable-clickableRow' : ''}`}
      onClick={(event) => onClick(record, event)}
    >
      {checkbox && (
        <td className="MuiTableCell-root MuiTableCell-body MuiTableCell-paddingCheckbox MuiTableCell-sizeSmall">
          <input
            type="checkbox"
            className="select-item RaDataTable-checkbox"
            aria-label={selectLabel}
            checked={selectable && selected}
            disabled={!selectable}
            // The row click must not run too; react-admin's checkbox stops it the same way.
            onClick={(event) => onToggle(record, event)}
            onChange={noChange}
          />
        </td>
      )}
      {columns.map((column) => column.element
        ? <CellElement key={column.key} element={column.element} />
        : <td key={column.key} className={column.className}>{cellContent(column, record)}</td>)}
    </tr>
  </RecordContextProvider>
));
Row.displayName = 'EngineListRow';

// The checkbox is controlled by the selection; its click (not change) toggles it, as react-admin's does.
const noChange = () => undefined;

/** A column rendered by react-admin's own cell (DataTable's "data" render context is the default). */
const CellElement = ({ element }: { readonly element: ReactElement }) => element;

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | null)?.then === 'function';

const EMPTY: readonly Identifier[] = [];

export const ListBody = ({ children }: { readonly children?: ReactNode }) => {
  const data = useDataTableDataContext();
  const selectedIds = useDataTableSelectedIdsContext() ?? EMPTY;
  const callbacks = useDataTableCallbacksContext();
  const { hasBulkActions = false } = useDataTableConfigContext();
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  // One read of the hidden columns for the body (react-admin's cells read it once each).
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const resource = useResourceContext();
  if (!resource) throw new Error('ListBody needs a resource context (it is the body of a DataTable in a list)');
  const { hasEdit, hasShow } = useResourceDefinition();
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();
  const translate = useTranslate();
  const columns = useMemo(() => shownColumns(children, hidden), [children, hidden]);
  const { handleToggleItem, isRowSelectable, rowClick } = callbacks;

  // Stable for the memoised rows; they call whatever the list holds at the time of the click.
  const onToggle = useEvent((record: RaRecord, event: MouseEvent) => {
    if ((isRowSelectable && !isRowSelectable(record)) || !handleToggleItem) return;
    handleToggleItem(record.id, event);
    event.stopPropagation();
  });
  const onClick = useEvent(async (record: RaRecord, event: MouseEvent) => {
    const chosen = typeof rowClick === 'function' ? rowClick(record.id, resource, record) : rowClick;
    const link = isPromise(chosen) ? await chosen : chosen;
    if (link === 'toggleSelection') {
      onToggle(record, event);
      return;
    }
    // The same path resolution as react-admin's row (a link name, a path, or none).
    const path = await getPathForRecord({ record, resource, link: link as Parameters<typeof getPathForRecord>[0]['link'] });
    if (path === false || path == null) return;
    navigate(path, { state: { _scrollToTop: true } });
  });

  const selectLabel = translate('ra.action.select_row');
  const checkbox = hasBulkActions && Boolean(handleToggleItem);
  // react-admin's rule: a row is clickable with a rowClick, else when the resource has a detail view.
  const clickable = Boolean(rowClick ?? (hasEdit || hasShow));
  return (
    <Body className="MuiTableBody-root datatable-body RaDataTable-tbody">
      {data?.map((record, index) => (
        <Row
          key={record.id ?? `row${index}`}
          record={record}
          even={index % 2 === 0}
          columns={columns}
          checkbox={checkbox}
          selected={selectedIds.includes(record.id)}
          selectable={!isRowSelectable || isRowSelectable(record)}
          clickable={clickable}
          selectLabel={selectLabel}
          onClick={onClick}
          onToggle={onToggle}
        />
      ))}
    </Body>
  );
};
