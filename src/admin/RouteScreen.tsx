/**
 * One route of the layout. Guarded before anything of the screen renders: the user's menus must
 * grant the route and their API resources must cover what its screen needs (both folded into the
 * session's menu model, src/providers/menus.ts). A denied route shows the access-denied page at its
 * own URL, as does a screen whose call the server refuses later. Screens not built yet say so.
 * `data-route-state` tells browser tests which of the three a route shows.
 */
import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { useLocation } from 'react-router';
import { AccessDenied } from '../ui/AccessDenied';
import { NotAvailable } from '../ui/NotAvailable';
import { setCurrentLocationKey, useForbidden } from '../providers/forbiddenSignal';
import { SCREENS } from './screens';
import { useAdminSession } from '../providers/useAdminSession';

type RouteState = 'open' | 'denied' | 'unavailable';

const Marked = ({ name, state, children }: { name: string; state: RouteState; children: ReactNode }) => (
  <div data-route-screen={name} data-route-state={state} style={{ display: 'contents' }}>{children}</div>
);

export const RouteScreen = ({ name }: { name: string }) => {
  const { session, isPending, error } = useAdminSession();
  const { key } = useLocation();
  setCurrentLocationKey(key);
  const forbidden = useForbidden(key);
  if (isPending) return <Loading />;
  // A failed session read is explained by the layout's session gate; nothing to add here.
  if (error || !session) return null;
  if (forbidden || !session.model.allowed.has(name)) return <Marked name={name} state="denied"><AccessDenied /></Marked>;
  const Screen = SCREENS[name];
  return Screen
    ? <Marked name={name} state="open"><Screen /></Marked>
    : <Marked name={name} state="unavailable"><NotAvailable routeName={name} /></Marked>;
};
