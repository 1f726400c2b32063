/** What a route shows until its screen is built (every route of the route table exists from the start). */
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { PageFrame } from './PageFrame';

export const NotAvailable = ({ routeName }: { routeName: string }) => {
  const translate = useTranslate();
  return (
    <PageFrame title={translate(`menu.${routeName}`, { _: routeName })}>
      <Alert severity="info">{translate('app.not_available')}</Alert>
    </PageFrame>
  );
};
