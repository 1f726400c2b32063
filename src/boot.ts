/**
 * The page's first script, a few KB ahead of the entry (vite.config.ts `bootScript` puts it before
 * the entry's tag): on an admin page opened signed in, the session and the screen's first data
 * request leave as soon as this small file has run, not after the entry (React, react-router, the
 * public pages) has downloaded, compiled and run. The entry's admin then takes their answers
 * (src/providers/api.ts early answers: the same module instance, shared by both scripts).
 */
import { startScreenRequestsEarly } from './admin/earlyStart';
import { HOME_PATHS } from './admin/homePaths';
import { getToken, startEarlyGet } from './providers/api';
import { HOME_API } from './schema/home/api';
import { PUBLIC_PATHS } from './schema/publicPaths';

const publicPaths: readonly string[] = PUBLIC_PATHS;
if (getToken() && !publicPaths.includes(window.location.pathname)) {
  void startEarlyGet('/admin/info');
  if (HOME_PATHS.includes(window.location.pathname)) {
    // Home's figures are drawn from the summary's answer the same way (./admin/homeFirstDraw.ts).
    const summary = startEarlyGet(HOME_API.summary);
    summary.catch(() => undefined);
    void import('./admin/homeFirstDraw').then((draw) => draw.drawHomeFigures(summary)).catch(() => undefined);
  } else {
    const firstPage = startScreenRequestsEarly(window.location);
    // A list's first page is drawn from its answer before the admin's code is there (a small chunk of its own).
    const { pathname } = window.location;
    if (firstPage) void import('./admin/firstDraw').then((draw) => draw.drawFirstRows(pathname, firstPage)).catch(() => undefined);
  }
}
