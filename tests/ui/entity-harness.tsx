/**
 * Renders the entity screens the way the shell mounts them (route table paths, react-admin
 * context, the real data provider over `fetch`), with English messages, plus helpers to record
 * what reaches the msw server.
 */
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { AuthProvider } from 'react-admin';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { en } from '../../src/i18n/en';
import type { Lang } from '../../src/i18n/lang';
import { HttpFeedback } from '../../src/layout/HttpFeedback';
import { ADMIN_MESSAGES, createAdminI18nProvider as createI18nProvider } from '../../src/admin/i18n';
import { muiTheme } from '../../src/theme/muiTheme';
import { createEntityDataProvider } from '../../src/providers/entityDataProvider';
import { createQueryClient } from '../../src/admin/queryClient';
import { routePath } from '../../src/engine/routing';
import { entityScreens } from '../../src/engine/screens';
import { AREA_SCREENS, loadScreenOptions } from '../../src/resources';
import { MESSAGES } from '../../src/schema/api';
import { server } from './msw-server';

/** `errors.<key>` as the shell's dictionary has them (MESSAGES with polyglot placeholders). */
const errors = Object.fromEntries(Object.entries(MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '%{$1}')]));

const messages = { ...englishMessages, resources: ADMIN_MESSAGES.en.resources, entity: ADMIN_MESSAGES.en.entity, menu: en.menu, errors };

export const testI18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

// Loaded up front (the shell loads them lazily), so a render is synchronous as before.
const screens = {
  ...entityScreens(await loadScreenOptions()),
  ...Object.fromEntries(await Promise.all(Object.entries(AREA_SCREENS).map(async ([name, load]) => [name, (await load()).default] as const))),
};

const LocationProbe = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
};

export type RenderOptions = {
  readonly authProvider?: AuthProvider;
  /** The admin's real dictionaries in this language (default: the English test dictionary). */
  readonly lang?: Lang;
  /** Mount the shell's feedback of failed calls (error toast, 401 dialog), as the layout does. */
  readonly feedback?: boolean;
};

/**
 * Renders the app's entity routes and permission screens at `path` (e.g. `/pms/brand`,
 * `/pms/updateBrand?id=3`, `/ums/allocMenu?roleId=1`). Without `authProvider` every action is allowed.
 */
export const renderAt = (path: string, { authProvider, lang, feedback = false }: RenderOptions = {}) => {
  const i18nProvider = lang ? createI18nProvider(lang) : testI18nProvider;
  return render(
    <MemoryRouter initialEntries={[path]}>
      {/* The app's query settings (no retries: react-query's default three, backing off 1 + 2 + 4 s,
          kept a failed load from showing for 7 s); no session is put in its cache: the test's
          authProvider answers every access question. */}
      <AdminContext dataProvider={createEntityDataProvider()} queryClient={createQueryClient(null, () => null)} i18nProvider={i18nProvider} store={memoryStore()} authProvider={authProvider} theme={muiTheme}>
        <Routes>
          {Object.entries(screens).map(([name, Screen]) => <Route key={name} path={routePath(name)} element={<Screen />} />)}
        </Routes>
        <Notification />
        {feedback && <HttpFeedback />}
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
};

export const envelope = (data: unknown) => HttpResponse.json({ code: 200, message: 'Operation succeeded', data });

export const page = <T,>(list: T[], total = list.length) => ({ pageNum: 1, pageSize: 10, totalPage: Math.ceil(total / 10), total, list });

export type Recorded = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * Serves `path` (under `/api`) with `answer` and records each request; the newest call is last.
 * `answer` gets the request's query and body.
 */
export const serve = (method: 'get' | 'post', path: string, answer: (call: Recorded) => Response | Promise<Response>) => {
  const calls: Recorded[] = [];
  server.use(http[method](`*/api${path}`, async ({ request }) => {
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await request.json() : type.includes('multipart') ? await request.formData() : undefined;
    const call = { method: request.method, path: url.pathname.replace(/^\/api/, ''), query: url.searchParams, body };
    calls.push(call);
    return answer(call);
  }));
  return calls;
};
