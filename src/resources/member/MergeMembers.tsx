/**
 * Merging two members of one shop (one buyer signed up twice): pick two rows,
 * see them side by side, choose the one that survives; the server moves the other's orders to it
 * and removes it (`POST /member/merge?keepId=&mergeId=`, src/schema/member/entities.ts). The button shows
 * only to callers who may merge; the server refuses the rest anyway.
 */
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import MergeIcon from '@mui/icons-material/MergeType';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import {
  Button, useCanAccess, useGetList, useListContext, useNotify, useRecordContext, useTranslate,
} from 'react-admin';
import { actionOperation } from '../../schema/access';
import type { Entity } from '../../schema/engine/entity';
import { lazyNow } from '../../engine/lazyNow';

/** The side-by-side dialog loads when a merge starts (it is no part of the member list's first draw). */
const MergeDialog = lazyNow(() => import('./MergeDialog').then((m) => m.MergeDialog));

/** Bulk action of the member list: merge the two selected members. */
export const MergeMembersButton = ({ entity }: { readonly entity: Entity }) => {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: entity.name, action: actionOperation('merge') });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  const start = () => {
    if (selectedIds.length !== 2) {
      notify('member.merge.choose_two', { type: 'warning' });
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <Button label="member.merge.button" onClick={start}><MergeIcon /></Button>
      {open && <MergeDialog entity={entity} ids={selectedIds} onClose={() => setOpen(false)} />}
    </>
  );
};

/**
 * A member row's own "Merge": pick the other member of the same shop by name, phone or company
 * (the list's keyword search), then the same side-by-side choice as the bulk bar's.
 */
export const MergeMemberRowButton = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: entity.name, action: actionOperation('merge') });
  const [picking, setPicking] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [other, setOther] = useState<RaRecord | null>(null);
  const candidates = useGetList<RaRecord>(entity.name, {
    pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' },
    filter: { shopId: record?.shopId, keyword: keyword.trim() },
  }, { enabled: picking && record !== undefined });
  if (!canAccess || !record) return null;
  const name = String(record.username ?? record.id);
  const close = () => { setPicking(false); setOther(null); setKeyword(''); };
  return (
    <>
      <Button label="member.merge.row_button" onClick={() => setPicking(true)} aria-label={`${translate('member.merge.row_button')} · ${name}`}><MergeIcon /></Button>
      {picking && !other && (
        <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="merge-pick-title">
          <DialogTitle id="merge-pick-title">{translate('member.merge.pick_title', { name })}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>{translate('member.merge.pick_explain')}</Typography>
            <Autocomplete
              options={(candidates.data ?? []).filter((m) => m.id !== record.id)}
              getOptionLabel={(m) => [m.username, m.nickname, m.mobile].filter(Boolean).join(' · ')}
              filterOptions={(options) => options}
              loading={candidates.isPending}
              onInputChange={(_, value) => setKeyword(value)}
              onChange={(_, value) => setOther(value)}
              renderInput={(params) => <MuiTextField {...params} autoFocus label={translate('member.merge.pick_label')} />}
            />
          </DialogContent>
          <DialogActions><Button label="ra.action.cancel" onClick={close} /></DialogActions>
        </Dialog>
      )}
      {other && <MergeDialog entity={entity} ids={[record.id, other.id]} onClose={close} />}
    </>
  );
};
