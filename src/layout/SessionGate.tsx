/**
 * Shows the pages only once `/admin/info` has answered with a usable session; otherwise says why
 * in a sentence a person reads naturally (a disabled account, a session that ended, an account
 * without roles, which could open nothing) and offers a way on.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { TranslateFunction } from 'react-admin';
import { Loading, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useAdminSession } from '../providers/useAdminSession';
import { ApiError, getToken } from '../providers/api';
import { endSession, LOGIN_PATH } from '../providers/authProvider';
import { apiErrorText } from './apiErrorText';

type Reason = { readonly title: string; readonly detail: string | null; readonly hint: string | null };

/** The heading, the server's own words (when they add something) and what to do next. */
const reasonOf = (error: unknown, translate: TranslateFunction): Reason => {
  const detail = apiErrorText(error, translate);
  switch (error instanceof ApiError ? error.messageKey : undefined) {
    case 'account_disabled':
      return { title: detail, detail: null, hint: translate('app.session_error.disabled_hint') };
    case 'unauthorized':
      return { title: translate('app.session_error.signed_out'), detail, hint: null };
    case 'roles_required':
      return { title: translate('app.session_error.no_roles'), detail, hint: translate('app.session_error.no_roles_hint') };
    default:
      return { title: translate('app.session_error.title'), detail, hint: null };
  }
};

export const SessionGate = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { session, isPending, error, refetch } = useAdminSession();

  if (isPending) return <Loading />;
  if (session) return <>{children}</>;

  const reason = reasonOf(error, translate);
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert severity="error" role="alert">
        <AlertTitle>{reason.title}</AlertTitle>
        {reason.detail && <Box>{reason.detail}</Box>}
        {reason.hint && <Box>{reason.hint}</Box>}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          onClick={() => {
            endSession();
            navigate(LOGIN_PATH);
          }}
        >
          {translate('app.session_error.login')}
        </Button>
        {/* Without a token a retry cannot succeed (the roles check clears it). */}
        {getToken() && <Button onClick={() => void refetch()}>{translate('app.session_error.retry')}</Button>}
      </Stack>
    </Box>
  );
};
