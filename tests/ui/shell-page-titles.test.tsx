// Protects: every page has its title. Every hidden route of the route table
// (forms, record pages, pages reached from a list) shows its name from the route table as the
// page's heading, in English and in Chinese, inside the real shell. The menu routes are checked the
// same way in the browser, where the route walk opens each anyway (tests/e2e/route-walk.ts).
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/i18n/lang';
import { createAdminI18nProvider as createI18nProvider } from '../../src/admin/i18n';
import { ALL_ROUTES } from '../../src/schema/routes';
import { answerInfo, PRELOAD_TIMEOUT_MS, preloadScreens, renderAdmin, superAdmin } from './admin-harness';
import { server } from './msw-server';

beforeAll(() => preloadScreens({ entities: true }), PRELOAD_TIMEOUT_MS);

/** Look-ups answer arrays, the order settings one record, every other read an empty page. */
const ARRAY_ANSWERS = [/\/listAll$/, /\/treeList$/, /\/list\/with\w+$/, /\/role\/list(Menu|Resource)\/\d+$/, /\/userGroup\/members\/\d+$/];

const answerEverything = () => server.use(http.get('*/api/*', ({ request }) => {
  const path = new URL(request.url).pathname;
  const data = ARRAY_ANSWERS.some((p) => p.test(path)) ? []
    : /\/orderSetting\/\d+$/.test(path) ? { id: 1, flashOrderOvertime: 60, normalOrderOvertime: 120, confirmOvertime: 15, finishOvertime: 7, commentOvertime: 7 }
      : { pageNum: 1, pageSize: 10, totalPage: 0, total: 0, list: [] };
  return HttpResponse.json({ code: 200, message: 'Operation succeeded', data });
}));

const ROUTES = ALL_ROUTES.filter((route) => route.hidden);

describe.each<Lang>(['en', 'zh'])('page titles (%s)', (lang) => {
  const { translate } = createI18nProvider(lang);

  it.each(ROUTES.map((route) => [route.path, route] as const))('%s shows its title', async (_path, route) => {
    localStorage.setItem('lang', lang);
    answerEverything();
    answerInfo(superAdmin());
    renderAdmin(route.path);
    const title = translate(`menu.${route.name}`);
    expect(title).not.toBe(`menu.${route.name}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
