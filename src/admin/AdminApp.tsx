/**
 * The react-admin shell, loaded lazily by the public entry for every non-public path and
 * rendered inside its router (`basename=""`, the route table's real paths: `/oms/order`, ...).
 * - anonymous -> /login, remembering the target in router state `{from}`;
 * - `/` -> `/home`; a section path -> its first allowed page; unknown paths -> the public /404;
 * - every declared route exists inside the layout; the user's menus decide what it shows.
 */
import { useMemo } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Resource, ResourceDefinitionContextProvider, type ResourceDefinitions } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router';
import { AdminLayout } from '../layout/AdminLayout';
import { AccessDenied } from '../ui/AccessDenied';
import { getToken } from '../providers/api';
import { authProvider, loadedAdminSession, LOGIN_PATH } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { createAdminI18nProvider } from './i18n';
import { entityList } from '../schema/entities';
import { ALL_ROUTES, SECTIONS } from '../schema/routes';
import { muiTheme } from '../theme/muiTheme';
import { createAdminStore } from './adminStore';
import { createQueryClient } from './queryClient';
import { RouteScreen } from './RouteScreen';
import { adminRouterProvider } from './routerProvider';
import { SectionRedirect } from './SectionRedirect';

export { preloadScreen } from './screens';

const NOT_FOUND_PATH = '/404';

/**
 * Every entity as react-admin knows it (labels, references' record representation; no views: the
 * screens stay at the route table's paths), given to react-admin up front. As `<Resource>`
 * children they were registered after the first draw and again once react-admin had read its
 * children, and each registration drew the whole admin again, delaying the first paint. Built from the
 * declarations, so the entity engine itself still loads with the first entity screen.
 */
const RESOURCE_DEFINITIONS: ResourceDefinitions = Object.fromEntries(
  entityList.map((entity) => [entity.name, Resource.registerResource({ name: entity.name, recordRepresentation: entity.display })]),
);

const ToHome = () => <Navigate to="/home" replace />;
const ToNotFound = () => <Navigate to={NOT_FOUND_PATH} replace />;

/**
 * What react-admin draws, made once: AdminApp draws again at every navigation (it reads the
 * location), and a new element here would draw react-admin's routes and the layout again with it.
 */
const ADMIN_UI = (
  <ResourceDefinitionContextProvider definitions={RESOURCE_DEFINITIONS}>
    <AdminUI
      layout={AdminLayout}
      dashboard={ToHome}
      catchAll={ToNotFound}
      accessDenied={AccessDenied}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes>
        {ALL_ROUTES.map((route) => (
          <Route key={route.name} path={route.path} element={<RouteScreen name={route.name} />} />
        ))}
        {SECTIONS.map((section) => (
          <Route key={section.name} path={section.path} element={<SectionRedirect section={section.name} />} />
        ))}
      </CustomRoutes>
    </AdminUI>
  </ResourceDefinitionContextProvider>
);

export const AdminApp = () => {
  const location = useLocation();
  // Made once per mount: the language is fixed per page load, and tests mount fresh apps.
  const i18nProvider = useMemo(() => createAdminI18nProvider(), []);
  const store = useMemo(() => createAdminStore(), []);
  const queryClient = useMemo(() => createQueryClient(loadedAdminSession()), []);

  // Checked before react-admin starts, so an anonymous visit costs no loading screen and keeps
  // its target (react-admin's own guard, `requireAuth`, stays as the second line).
  if (!getToken()) {
    return <Navigate to={LOGIN_PATH} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }

  // <Admin> is AdminContext + AdminUI; the definitions' provider goes between them.
  return (
    <AdminContext
      basename=""
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={muiTheme}
      routerProvider={adminRouterProvider}
    >
      {ADMIN_UI}
    </AdminContext>
  );
};

