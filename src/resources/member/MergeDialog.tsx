/**
 * The side-by-side choice of a member merge (./MergeMembers.tsx opens it): the two members' fields,
 * the one that survives picked, then `POST /member/merge`. Its own chunk: it loads when a merge starts.
 */
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import {
  Button, Loading, RecordContextProvider, useDataProvider, useGetMany, useListContext, useNotify, useRefresh, useTranslate,
} from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import type { EntityDataProvider } from '../../providers/entityDataProvider';
import { fieldDisplay, fieldLabelKey } from '../../engine/blocks';

/** What the two columns compare: every field a person reads (names rather than ids of references). */
const comparedFields = (entity: Entity): string[] =>
  Object.entries(entity.fields).filter(([, decl]) => decl.kind !== 'reference').map(([name]) => name);

export const MergeDialog = ({ entity, ids, onClose }: { readonly entity: Entity; readonly ids: readonly Identifier[]; readonly onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<EntityDataProvider>();
  // In a list's selection (the bulk bar) the merged pair is unselected; a row's own button has none.
  const { onUnselectItems } = useListContext() as Partial<ReturnType<typeof useListContext>>;
  const { data, isPending } = useGetMany<RaRecord>(entity.name, { ids: [...ids] });
  const [keepId, setKeepId] = useState<Identifier | null>(null);
  const [saving, setSaving] = useState(false);
  const pair = data ?? [];

  const merge = async () => {
    const mergeId = pair.find((m) => m.id !== keepId)?.id;
    if (keepId === null || mergeId === undefined) return;
    setSaving(true);
    try {
      const { data: result } = await dataProvider.action<{ movedOrders: number }>(entity.name, { name: 'merge', params: { keepId, mergeId } });
      notify('member.merge.done', { type: 'success', messageArgs: { smart_count: result.movedOrders } });
      onUnselectItems?.();
      refresh();
      onClose();
    } catch {
      // The http client has shown the server's refusal (another shop, a member merged meanwhile).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="merge-members-title">
      <DialogTitle id="merge-members-title">{translate('member.merge.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>{translate('member.merge.explain')}</Typography>
        {isPending ? <Loading /> : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell />
                {pair.map((m) => (
                  <TableCell key={m.id}>
                    <FormControlLabel
                      control={<Radio checked={keepId === m.id} onChange={() => setKeepId(m.id)} />}
                      label={translate('member.merge.keep', { name: String(m.username) })}
                    />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {comparedFields(entity).map((name) => (
                <TableRow key={name}>
                  <TableCell component="th" scope="row">{translate(fieldLabelKey(entity, name))}</TableCell>
                  {pair.map((m) => (
                    <TableCell key={m.id}>
                      <RecordContextProvider value={m}>{fieldDisplay(entity, name, entity.fields[name]!)}</RecordContextProvider>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="member.merge.confirm" onClick={() => void merge()} disabled={keepId === null || saving || pair.length !== 2} variant="contained" />
      </DialogActions>
    </Dialog>
  );
};

