/**
 * The browser entry. It holds only React, react-router and the public pages; the react-admin
 * shell (MUI, emotion, react-admin) is a separate chunk loaded for non-public paths, which
 * keeps /login under its JS budget (bench/size.ts --check enforces it).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { getLang } from './i18n/lang';
import { loadPublicLanguage } from './i18n/languageParts';
import { loadAdmin } from './pages/public/adminChunk';
import { PublicRoutes } from './pages/public/PublicRoutes';
import { getToken } from './providers/api';
import { PUBLIC_PATHS } from './schema/publicPaths';
import { cssVariables } from './theme/tokens';
import './pages/public/public.css';

const root = document.documentElement;
// `zh-CN` rather than `zh`: browsers then pick Simplified Chinese glyphs and fonts.
root.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
// The brand values live in TS for the admin's MUI theme; the public CSS reads the same values from here.
for (const [name, value] of Object.entries(cssVariables)) root.style.setProperty(name, value);

// An admin page opened signed in: the session and the screen's first data request already left
// (./boot.ts, the page's first script), now the admin's code, in one wave of a few chunks.
const publicPaths: readonly string[] = PUBLIC_PATHS;
if (getToken() && !publicPaths.includes(window.location.pathname)) {
  // An area's own screen is a lazy chunk of its own: it starts as soon as the shell is there, not after a render.
  loadAdmin().then((admin) => admin.preloadScreen(window.location.pathname)).catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A data router (not <BrowserRouter>): forms block navigation with it, so leaving a changed form
// asks first (react-admin's warnWhenUnsavedChanges). The routes themselves stay in PublicRoutes.
const router = createBrowserRouter([{ path: '*', element: <PublicRoutes /> }]);

// The first render waits for the reader's language's texts (a chunk of their own in the build).
// Asked for here rather than by ./boot.ts: that would put the loader in the first draw's JS.
void loadPublicLanguage(getLang()).then(() => createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
));
