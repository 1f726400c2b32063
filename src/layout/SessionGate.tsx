/**
 * Shows the pages only once `/admin/info` has answered with a usable session; otherwise says why
 * (e.g. "roles must be a non-null array", spec section 6) and offers a way on.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useAdminSession } from '../admin/useAdminSession';
import { getToken } from '../providers/api';
import { endSession, LOGIN_PATH } from '../providers/authProvider';
import { apiErrorText } from './apiErrorText';

export const SessionGate = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { session, isPending, error, refetch } = useAdminSession();

  if (isPending) return <Loading />;
  if (session) return <>{children}</>;

  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert severity="error" role="alert">
        <AlertTitle>{translate('app.session_error.title')}</AlertTitle>
        {apiErrorText(error, translate)}
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
