/**
 * One route of the layout: its screen when the user's menus grant it (authProvider.canAccess),
 * else the access-denied page. Screens not built yet say so.
 */
import { Loading, useCanAccess } from 'react-admin';
import { AccessDenied } from '../pages/shared/AccessDenied';
import { NotAvailable } from '../pages/shared/NotAvailable';
import { SCREENS } from './screens';

export const RouteScreen = ({ name }: { name: string }) => {
  const { canAccess, isPending, error } = useCanAccess({ resource: name, action: 'list' });
  if (isPending) return <Loading />;
  // A failed session read is explained by the layout's session gate; nothing to add here.
  if (error) return null;
  if (!canAccess) return <AccessDenied />;
  const Screen = SCREENS[name];
  return Screen ? <Screen /> : <NotAvailable routeName={name} />;
};
