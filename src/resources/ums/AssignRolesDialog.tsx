/**
 * "Assign roles" on an admin row: every role (`/role/listAll`) as a checkbox, pre-checked from
 * the account's roles (the admin's `roles` action); saving replaces them (`updateRoles`). Hidden
 * for users who may not call that action.
 */
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { Button, Loading, useCanAccess, useGetList, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { builtinText } from '../../i18n/builtins';
import { role } from '../../schema/ums/entities';
import { adminAccount } from '../../schema/ums/admin';
import { actionOperation } from '../../schema/access';
import { actionQueryKey, useActionMutation, useActionQuery } from '../../engine/actionQueries';
import { allRowsOf } from './lookups';

type Props = { readonly admin: RaRecord; readonly onClose: () => void };

const AssignRolesDialog = ({ admin, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The list shows each account's roles: read it again once they changed.
  const refresh = useRefresh();
  const { data: roles = [], isPending: rolesPending } = useGetList(role.name, allRowsOf(role));
  const held = useActionQuery<RaRecord[] | null>(adminAccount, { name: 'roles', id: admin.id });
  // Null until the user changes something: until then the checks mirror what the server holds.
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const checked = picked ?? new Set((held.data ?? []).map((r) => String(r.id)));
  const save = useActionMutation(adminAccount, 'updateRoles', {
    onSuccess: async () => {
      notify('entity.ums.roles_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: actionQueryKey(adminAccount, 'roles', admin.id) });
      refresh();
      onClose();
    },
  });
  const saveRoles = () => save.mutate({ id: admin.id, params: { roleIds: roles.filter((r) => checked.has(String(r.id))).map((r) => Number(r.id)) } });
  const toggle = (id: Identifier) => {
    const next = new Set(checked);
    if (!next.delete(String(id))) next.add(String(id));
    setPicked(next);
  };
  const name = String(admin[adminAccount.display] ?? admin.id);
  const titleId = `assign-roles-${String(admin.id)}`;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('entity.ums.assign_roles_title', { name })}</DialogTitle>
      <DialogContent>
        {rolesPending || held.isPending ? <Loading /> : (
          roles.length === 0
            ? <Typography color="text.secondary">{translate('entity.ums.no_roles')}</Typography>
            : (
              <FormGroup aria-describedby={checked.size === 0 ? `${titleId}-none` : undefined}>
                {roles.map((r) => (
                  <FormControlLabel
                    key={r.id}
                    control={<Checkbox checked={checked.has(String(r.id))} onChange={() => toggle(r.id)} />}
                    label={(
                      <>
                        {builtinText(translate, role.name, r, role.display) || String(r.id)}
                        {Number(r.status) !== 1 && <Chip size="small" sx={{ ml: 1 }} label={translate('entity.ums.role_disabled')} />}
                      </>
                    )}
                  />
                ))}
              </FormGroup>
            )
        )}
        {/* An account always keeps a role (the server refuses an empty list): say so, and do not offer to save none. */}
        {checked.size === 0 && !rolesPending && !held.isPending && roles.length > 0 && (
          <Typography id={`${titleId}-none`} color="error" variant="body2" sx={{ mt: 1 }}>{translate('entity.ums.pick_a_role')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="entity.action.cancel" onClick={onClose} />
        <Button label="entity.action.save" variant="contained" onClick={saveRoles} disabled={save.isPending || held.isPending || rolesPending || checked.size === 0} />
      </DialogActions>
    </Dialog>
  );
};

export const AssignRolesButton = () => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: adminAccount.name, action: actionOperation('updateRoles') });
  if (!record || !canAccess) return null;
  return (
    <>
      <Button label="entity.ums.assign_roles" onClick={() => setOpen(true)}><ManageAccounts /></Button>
      {open && <AssignRolesDialog admin={record} onClose={() => setOpen(false)} />}
    </>
  );
};
