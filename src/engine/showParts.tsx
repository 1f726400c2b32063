/**
 * Parts of the show view (./EntityShow.tsx) its history table (./HistoryTable.tsx, a chunk of
 * its own) shares with it: a titled panel, and which entity holds a record's history.
 */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Entity, HistoryDecl } from '../schema/engine/entity';
import { filterOf } from '../schema/engine/entity';
import { findEntity } from '../schema/entities';

/** A titled block of the page. */
export const ShowPanel = ({ title, children, label }: { readonly title: string; readonly children: ReactNode; readonly label?: string }) => (
  <Paper variant="outlined" component="section" aria-label={label ?? title} sx={{ p: 2, mb: 2 }}>
    <Typography variant="h6" component="h2" gutterBottom>{title}</Typography>
    {children}
  </Paper>
);

/** The history entity and its record field's filter; null when there is none to read. */
export const historyOf = (entity: Entity): { decl: HistoryDecl; entity: Entity } | null => {
  const decl = entity.states?.history;
  if (!decl) return null;
  const history = findEntity(decl.entity);
  if (!history) throw new Error(`${entity.name}: the history entity "${decl.entity}" is not declared`);
  const recordField = history.fields[decl.record];
  // Without a filter on the record's id the list would show every record's history.
  if (!recordField || !filterOf(decl.record, recordField)) throw new Error(`${entity.name}: the history entity needs a filter on "${decl.record}"`);
  return { decl, entity: history };
};
