/**
 * A page the user's menus do not grant. Shown inside the layout, as an answer rather than an
 * error: the user keeps the menu and goes on from there.
 */
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { PageFrame } from './PageFrame';

export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <PageFrame title={translate('app.access_denied.title')}>
      <Alert severity="warning" icon={<LockOutlined />}>{translate('app.access_denied.text')}</Alert>
      <Button component={Link} to="/home" variant="contained" sx={{ mt: 2 }}>
        {translate('app.access_denied.home')}
      </Button>
    </PageFrame>
  );
};
