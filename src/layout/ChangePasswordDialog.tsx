/**
 * "Change password" of the user menu: the old password and the new one twice, checked here
 * against the shared limits before sending `POST /admin/updatePassword`, where the server decides
 * (old password, strength). The server ends every other session and answers a fresh token for
 * this one, which replaces the stored token so the user stays signed in here.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, setToken } from '../providers/api';
import { httpClient } from '../providers/httpClient';
import type { LoginResult } from '../schema/api';
import { PASSWORD_LENGTH } from '../schema/auth-rules';

type Fields = { oldPassword: string; newPassword: string; confirm: string };
type Problems = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { oldPassword: '', newPassword: '', confirm: '' };

export const ChangePasswordDialog = ({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState(false);

  const check = (): Problems => {
    const found: Problems = {};
    if (!fields.oldPassword) found.oldPassword = translate('errors.required');
    if (fields.newPassword.length < PASSWORD_LENGTH.min || fields.newPassword.length > PASSWORD_LENGTH.max) {
      found.newPassword = translate('errors.length_between', PASSWORD_LENGTH);
    }
    if (fields.confirm !== fields.newPassword) found.confirm = translate('app.password.mismatch');
    return found;
  };

  const close = () => {
    setFields(EMPTY);
    setProblems({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const { data } = await httpClient<LoginResult>('/admin/updatePassword', {
        method: 'POST', body: { oldPassword: fields.oldPassword, newPassword: fields.newPassword },
      });
      setToken(`${data.tokenHead}${data.token}`);
      notify('app.password.changed', { type: 'success' });
      close();
    } catch (error) {
      // The toast already says it; the field it concerns says it too.
      if (error instanceof ApiError) {
        const byField: Problems = {};
        for (const problem of error.errors) {
          if (problem.field in EMPTY) byField[problem.field as keyof Fields] = translate(`errors.${problem.messageKey}`, { ...problem.params, _: problem.message });
        }
        setProblems(byField);
      }
    } finally {
      setPending(false);
    }
  };

  const input = (name: keyof Fields, label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={translate(label)}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      error={Boolean(problems[name])}
      helperText={problems[name] ?? ' '}
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="change-password-title">{translate('app.password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {input('oldPassword', 'app.password.old', 'current-password')}
            {input('newPassword', 'app.password.new', 'new-password')}
            {input('confirm', 'app.password.confirm', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>{translate('app.password.submit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
