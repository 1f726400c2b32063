/**
 * The history table of a show view (./EntityShow.tsx `HistoryTable`), in its own chunk: a cold
 * list never draws it.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import type { RaRecord } from 'react-admin';
import { Loading, RecordContextProvider, useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { historyOf, ShowPanel } from './showParts';
import { fieldDisplay } from './kinds';
import { fieldLabelKey } from './labels';

/** How many history rows the page shows (newest first). */
const HISTORY_ROWS = 50;

const timeOf = (row: RaRecord, field: string | undefined): string => (field ? String(row[field] ?? '') : '');

/**
 * The transitions of the record in context, newest first: time, operator, from, to, note (the
 * ones the history declares), the states by their labels.
 */
export const HistoryTable = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const history = historyOf(entity);
  const { canAccess } = useCanAccess({ resource: history?.entity.name ?? entity.name, action: 'list' });
  const { data = [], isPending } = useGetList(history?.entity.name ?? entity.name, {
    filter: history && record ? { [history.decl.record]: record.id } : {},
    pagination: { page: 1, perPage: HISTORY_ROWS },
    sort: { field: history?.decl.time ?? 'id', order: 'DESC' },
  }, { enabled: Boolean(history && record && canAccess) });
  if (!history || !record || !canAccess) return null;
  const { decl, entity: historyEntity } = history;
  const stateField = entity.states!.field;
  const stateDecl = entity.fields[stateField] as FieldDecl;
  // Newest first whatever order the list answers in (by time, then by id).
  const rows = [...data].sort((a, b) => timeOf(b, decl.time).localeCompare(timeOf(a, decl.time)) || Number(b.id) - Number(a.id));
  const columns = ([decl.time, decl.operator, decl.from, decl.to, decl.note] as (string | undefined)[])
    .filter((field): field is string => field !== undefined && field in historyEntity.fields);
  // A state value shows as the record's state field shows it (an enum's label).
  // A row without an operator was written by the server itself (a scheduled job): "System".
  // A note the server wrote as a message key (HistoryDecl noteKey) reads in the reader's language.
  const noteKey = (row: RaRecord): unknown => (decl.noteKey ? row[decl.noteKey] : undefined);
  const cell = (row: RaRecord, field: string): ReactElement => (field === decl.operator && (row[field] === null || row[field] === undefined)
    ? <>{translate('entity.show.system_operator')}</>
    : field === decl.note && typeof noteKey(row) === 'string'
    ? <>{translate(`resources.${historyEntity.name}.notes.${String(noteKey(row))}`, { ...(decl.noteParams ? row[decl.noteParams] as object : {}), _: row[field] })}</>
    : field === decl.from || field === decl.to
    ? <RecordContextProvider value={{ id: row.id, [stateField]: row[field] }}>{fieldDisplay(entity, stateField, stateDecl)}</RecordContextProvider>
    : <RecordContextProvider value={row}>{fieldDisplay(historyEntity, field, historyEntity.fields[field]!)}</RecordContextProvider>);
  return (
    <ShowPanel title={translate('entity.show.history')}>
      {isPending ? <Loading /> : rows.length === 0
        ? <Typography variant="body2" color="text.secondary">{translate('entity.show.no_history')}</Typography>
        : (
          <Box sx={{ width: '100%', overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>{columns.map((field) => <TableCell key={field}>{translate(fieldLabelKey(historyEntity, field))}</TableCell>)}</TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => <TableRow key={String(row.id)}>{columns.map((field) => <TableCell key={field}>{cell(row, field)}</TableCell>)}</TableRow>)}
              </TableBody>
            </Table>
          </Box>
        )}
    </ShowPanel>
  );
};

