// Protects: every hand-written route refuses NUL and lone surrogates in its text parameters with a 400 field error and never answers 5xx on null.
/**
 * Every hand-written route (the ones the engine does not generate) refuses NUL and lone UTF-16
 * surrogates in each of its text parameters with a field error, 400, changing nothing; and an
 * explicit null never makes one answer 5xx. If this fails, a NUL in a sign-in name answers 500
 * on PostgreSQL and is stored on SQLite, or a surrogate is stored changed.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import { buildApp } from '../../server/app';
import { endpointsOf } from '../../src/schema/engine/endpoints';
import { DEMO, freshIp } from '../helpers/accounts';
import { call, login, snapshotCounts } from '../helpers/api';
import type { TestApp } from '../helpers/test-db';
import { HAND_ROUTES } from './routes/index';
import { createTestApp, testDialects } from '../helpers/test-db';

const NUL = 'ab\u0000cd';
const SURROGATE = 'ab\ud800cd';

describe.each(testDialects())('hand-written routes refuse NUL and lone surrogates (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let routes: string[];
  let existingId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const probe = buildApp(t.config, { db: t.db });
    const seen: string[] = [];
    probe.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) seen.push(`${method} ${route.url}`);
    });
    await probe.ready();
    await probe.close();
    const prefix = t.config.apiPrefix;
    // Generated: every entity's endpoints (the admin accounts' among them).
    const generated = new Set([...entityList.flatMap(endpointsOf)]
      .map((r) => `${r.method} ${r.url.replace(/\{(\w+)\}/g, ':$1')}`));
    routes = [...new Set(seen
      .filter((r) => !r.startsWith('HEAD ') && r.includes(` ${prefix}/`) && !r.includes(`${prefix}/docs`))
      .map((r) => r.replace(` ${prefix}/`, ' /')))]
      .filter((key) => !generated.has(key));
    token = await login(t.app, DEMO.admin);
    existingId = (await t.db.selectFrom('ums_admin').select('id').where('username', '=', 'seller2').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('every hand-written route declares its text parameters here', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((key) => !HAND_ROUTES[key]), 'declare these in their area\'s file under tests/api/routes/').toEqual([]);
  });

  const send = (key: string, path: Record<string, string>, queryString: string, json: Record<string, unknown> | undefined) => {
    const [method, pattern] = key.split(' ') as ['GET' | 'POST', string];
    const url = `/api${pattern.replace(/:(\w+)/g, (_m, name: string) => path[name] ?? String(existingId))}${queryString}`;
    const route = HAND_ROUTES[key]!;
    return call(t.app, method, url, { token: route.anonymous ? undefined : token, ...(json ? { body: json } : {}), ip: freshIp() });
  };

  /** What a refused request must leave exactly as it was. */
  const state = async () => ({
    counts: await snapshotCounts(t.db),
    admins: await t.db.selectFrom('ums_admin').selectAll().orderBy('id').execute(),
    throttle: await t.db.selectFrom('ums_login_throttle').select(['key', 'failures']).orderBy('key').execute(),
  });

  it('each text parameter: NUL and a lone surrogate are a field error (400), nothing changes', async () => {
    const failures: string[] = [];
    for (const key of routes) {
      const route = HAND_ROUTES[key]!;
      const pathParams = [...key.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const cases: { label: string; field: string; path: Record<string, string>; qs: string; json?: Record<string, unknown> }[] = [];
      for (const name of pathParams) {
        cases.push({ label: `${name} (path) NUL`, field: name, path: { [name]: '%00' }, qs: '' });
      }
      for (const param of route.params) {
        if (param.in === 'query') {
          // A URL cannot carry a lone surrogate (UTF-8 has no bytes for one): NUL only.
          cases.push({ label: `${param.name} (query) NUL`, field: param.name, path: {}, qs: `?${param.name}=ab%00cd` });
          continue;
        }
        for (const [label, value] of [['NUL', NUL], ['surrogate', SURROGATE]] as const) {
          cases.push({ label: `${param.name} ${label}`, field: param.name, path: {}, qs: '', json: { [param.name]: value } });
        }
      }
      for (const c of cases) {
        const before = await state();
        const answer = await send(key, c.path, c.qs, c.json ?? (key.startsWith('POST') ? {} : undefined));
        const refused = answer.status === 400
          && (answer.body?.errors ?? []).some((e) => e.field === c.field && e.messageKey === 'invalid_format');
        if (!refused) failures.push(`${key} ${c.label}: ${answer.status} ${answer.raw.slice(0, 160)}`);
        if (JSON.stringify(await state()) !== JSON.stringify(before)) failures.push(`${key} ${c.label}: changed something`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('each text parameter: an explicit null never answers 5xx', async () => {
    const failures: string[] = [];
    for (const key of routes) {
      for (const param of HAND_ROUTES[key]!.params) {
        const answer = param.in === 'body'
          ? await send(key, {}, '', { [param.name]: null })
          : await send(key, {}, `?${param.name}=`, key.startsWith('POST') ? { [param.name]: null } : undefined);
        if (answer.status >= 500) failures.push(`${key} ${param.name}=null: ${answer.status} ${answer.raw.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
