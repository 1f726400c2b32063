/**
 * The route table of the public entry. Public pages are imported statically (they are the
 * light part); every other path goes to the lazily loaded admin shell, which renders
 * `<Admin basename="">` inside this router and decides about `/`, `/home`, unknown paths and
 * anonymous visitors. Exported apart from `main.tsx` so tests render it in a MemoryRouter.
 */
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { getToken } from '../../providers/api';
import { ANONYMOUS_PATHS, PUBLIC_PATHS } from '../../schema/publicPaths';
import { lazyNow } from '../../engine/lazyNow';
import { loadAdmin } from './adminChunk';
import { Homer } from './Homer';
import { t } from './i18n';
import { Login } from './Login';
import { NotFound } from './NotFound';
import { Privacy } from './Privacy';
import { Register } from './Register';
import { Term } from './Term';

/** Keyed by the shared declaration, so adding a public path without its page fails to compile. */
const PAGES: Record<(typeof PUBLIC_PATHS)[number], ComponentType> = {
  '/login': Login,
  '/register': Register,
  '/privacy': Privacy,
  '/term': Term,
  '/homer': Homer,
  '/404': NotFound,
};

/** Shown while the admin chunk downloads: plain, because MUI is in the chunk being waited for. */
const Loading = () => (
  <div className="pub-loading" role="status">
    <span className="pub-spinner" aria-hidden="true" />
    {t('loading')}
  </div>
);

/** The admin shell: drawn as soon as its chunk is there (lazyNow, not `lazy`: no 300 ms hold-back). */
const AdminShell = lazyNow(() => loadAdmin().then((admin) => admin.AdminApp), () => <Loading />);

const anonymousPaths: readonly string[] = ANONYMOUS_PATHS;

/** A public page outside the anonymous set (`/404`) needs a token, as every admin path does. */
const PublicPage = ({ path }: { path: (typeof PUBLIC_PATHS)[number] }) => {
  const Page = PAGES[path];
  if (!anonymousPaths.includes(path) && getToken() === null) return <Navigate to="/login" replace />;
  return <Page />;
};

export const PublicRoutes = () => (
  <Routes>
    {PUBLIC_PATHS.map((path) => <Route key={path} path={path} element={<PublicPage path={path} />} />)}
    <Route path="*" element={<AdminShell />} />
  </Routes>
);
