/**
 * The browser entry. It holds only React, react-router and the public pages; the react-admin
 * shell (MUI, emotion, react-admin) is a separate chunk loaded for non-public paths, which
 * keeps /login under its JS budget (bench/size.ts --check enforces it).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { getLang } from './i18n/lang';
import { loadAdmin, startAdminRequests } from './pages/public/adminChunk';
import { PublicRoutes } from './pages/public/PublicRoutes';
import { getToken, startEarlyGet } from './providers/api';
import { HOME_API } from './schema/homeApi';
import { PUBLIC_PATHS } from './schema/routes';
import { cssVariables } from './theme/tokens';
import './pages/public/public.css';

const root = document.documentElement;
// `zh-CN` rather than `zh`: browsers then pick Simplified Chinese glyphs and fonts.
root.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
// The brand values live in TS for the admin's MUI theme; the public CSS reads the same values from here.
for (const [name, value] of Object.entries(cssVariables)) root.style.setProperty(name, value);

// An admin page opened signed in: the session, the admin's code and the screen's first data
// request all leave now, side by side, instead of one after another as the chunks arrive.
const publicPaths: readonly string[] = PUBLIC_PATHS;
if (getToken() && !publicPaths.includes(window.location.pathname)) {
  void startEarlyGet('/admin/info');
  // The screen's own chunks as soon as the shell's are there, not after the session and a render.
  const shell = () => loadAdmin().then((admin) => admin.preloadScreen(window.location.pathname)).catch(() => undefined);
  if (['/', '/home'].includes(window.location.pathname)) {
    void startEarlyGet(HOME_API.summary);
    void shell();
  } else {
    // The shell's ~40 modulepreloads take the browser's six connections to the server: started
    // after the small chunk that sends the screen's request (and that request), not before them.
    void startAdminRequests(window.location).then(shell);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A data router (not <BrowserRouter>): forms block navigation with it, so leaving a changed form
// asks first (react-admin's warnWhenUnsavedChanges). The routes themselves stay in PublicRoutes.
const router = createBrowserRouter([{ path: '*', element: <PublicRoutes /> }]);

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
