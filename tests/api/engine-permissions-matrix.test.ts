// Protects: every registered route x every kind of caller answers its declared class (401 / 403 / allowed); an undeclared route fails.
/**
 * The permission matrix: every route the app registers (collected with an onRoute hook) × every
 * kind of caller (super admin, product, order and marketing admins, seller, a second seller, anonymous)
 * has an expected answer class, declared per area in ./routes/ independently of the seeded resources; every cell
 * is requested and checked (401 / 403 / neither). A route no area's table declares fails the test:
 * whoever adds a route must say who may call it. If this fails, a route is open to someone it
 * should not be, closed to someone who needs it, or undeclared.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import { buildApp } from '../../server/app';
import { endpointsOf } from '../../src/schema/engine/endpoints';
import { SECTIONS } from '../../src/schema/routes';
import type { Credentials } from '../helpers/accounts';
import { DEMO, freshIp } from '../helpers/accounts';
import type { Answer } from '../helpers/api';
import { call, login } from '../helpers/api';
import { auditCount, containsHash, permissionVersion } from '../helpers/permissions';
import type { TestApp } from '../helpers/test-db';
import type { Access, Staff } from './routes/index';
import { ENTITY_ACCESS, HAND_ROUTES, ROUTE_FILES, SECTION_ACCESS } from './routes/index';
import { createTestApp, testDialects } from '../helpers/test-db';

const sectionOf = (route: string): string | undefined => SECTIONS.find((s) => s.children.some((c) => c.name === route))?.name;

const fastifyPath = (url: string): string => url.replace(/\{(\w+)\}/g, ':$1');

/** The declared access of a route, or undefined when nobody declared it. */
const accessOf = (key: string): Access | undefined => {
  if (HAND_ROUTES[key]) return HAND_ROUTES[key].access;
  const served = entityList.map((entity) => [entity, endpointsOf(entity)] as const);
  for (const [entity, endpoints] of served) {
    for (const route of endpoints) {
      if (`${route.method} ${fastifyPath(route.url)}` !== key) continue;
      const section = SECTION_ACCESS[sectionOf(entity.menu.route) ?? ''];
      const declared = ENTITY_ACCESS[entity.name] ?? (section ? { all: section } : undefined);
      if (!declared) return undefined;
      return declared.except?.[route.operation] ?? declared.except?.[route.operation.split(':')[0]!] ?? declared.all;
    }
  }
  return undefined;
};

type Caller = 'super' | Staff | 'seller2' | 'anonymous';
const CALLERS: readonly Caller[] = ['super', 'product', 'order', 'marketing', 'seller', 'seller2', 'anonymous'];

/** What the caller must get: `open` = neither 401 nor 403 (nor a 5xx), `forbidden` = 403, `unauthorized` = 401. */
const expected = (access: Access, caller: Caller): 'open' | 'forbidden' | 'unauthorized' => {
  if (access === 'public') return 'open';
  if (access === 'anonymousOrSuper') return caller === 'anonymous' || caller === 'super' ? 'open' : 'forbidden';
  if (caller === 'anonymous') return 'unauthorized';
  if (access === 'session' || caller === 'super') return 'open';
  const staff: Staff = caller === 'seller2' ? 'seller' : caller;
  return access.includes(staff) ? 'open' : 'forbidden';
};

/** Harmless: no record has this id, and the body carries a key no endpoint accepts. */
const PROBE_ID = '2000000000';
const PROBE_BODY = { matrixProbe: 1 };

describe.each(testDialects())('permission matrix (%s)', (dialect) => {
  let t: TestApp;
  let probe: FastifyInstance;
  let routes: string[];
  const tokens = new Map<Caller, string | undefined>();
  const bodies: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A second app on the same database whose root onRoute hook sees every route as registered.
    probe = buildApp(t.config, { db: t.db });
    const seen: string[] = [];
    probe.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) seen.push(`${method} ${route.url}`);
    });
    await probe.ready();
    const prefix = t.config.apiPrefix;
    routes = [...new Set(seen
      .map((r) => r.split(' ') as [string, string])
      .filter(([method, url]) => method !== 'HEAD' && url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}/docs`))
      .map(([method, url]) => `${method} ${url.slice(prefix.length)}`))];

    // A seller of another shop: self-registered, so it holds exactly the seller role.
    const registered = await call(t.app, 'POST', '/api/admin/register', { body: { ...OTHER_SELLER, email: 'other@example.com' }, ip: freshIp() });
    expect(registered.status, registered.raw).toBe(200);
    tokens.set('super', await login(t.app, DEMO.admin));
    tokens.set('product', await login(t.app, DEMO.productAdmin));
    tokens.set('order', await login(t.app, DEMO.orderAdmin));
    tokens.set('marketing', await login(t.app, DEMO.marketingAdmin));
    tokens.set('seller', await login(t.app, DEMO.seller));
    tokens.set('seller2', await login(t.app, OTHER_SELLER));
    tokens.set('anonymous', undefined);
  });
  afterAll(async () => {
    await probe?.close();
    await t?.close();
  });

  it('collects the registered routes', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContain('GET /brand/list');
    expect(routes).toContain('POST /role/allocResource');
  });

  it('every registered route has a declared answer class', () => {
    const undeclared = routes.filter((key) => accessOf(key) === undefined);
    expect(ROUTE_FILES.length, 'the route tables of tests/api/routes/').toBeGreaterThan(10);
    expect(undeclared, 'declare these in their area\'s file under tests/api/routes/').toEqual([]);
  });

  it('every route × every caller answers as declared, and the requests change nothing', async () => {
    const version = await permissionVersion(t.db);
    const audits = await auditCount(t.db);
    const failures: string[] = [];
    let cells = 0;
    for (const key of routes) {
      const access = accessOf(key);
      if (access === undefined) continue;
      const [method, path] = key.split(' ') as ['GET' | 'POST', string];
      const url = `/api${path.replace(/:\w+/g, PROBE_ID)}`;
      for (const caller of CALLERS) {
        // Logging out ends the session it is sent with: use a session of its own.
        const token = key === 'POST /admin/logout' && caller !== 'anonymous'
          ? await login(t.app, credentialsOf(caller))
          : tokens.get(caller);
        const answer: Answer = await call(t.app, method, url, { token, ...(method === 'POST' ? { body: PROBE_BODY } : {}) });
        bodies.push(answer.raw);
        cells += 1;
        const want = expected(access, caller);
        const ok = want === 'unauthorized' ? answer.status === 401
          : want === 'forbidden' ? answer.status === 403 && answer.body?.messageKey === 'forbidden'
            : answer.status !== 401 && answer.status !== 403 && answer.status < 500;
        if (!ok) failures.push(`${key} as ${caller}: expected ${want}, got ${answer.status} ${answer.raw.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(routes.length * CALLERS.length);
    // Every request was harmless: no audited change, no permission change.
    expect(await auditCount(t.db)).toBe(audits);
    expect(await permissionVersion(t.db)).toBe(version);
    // One request per route and caller: minutes on a loaded CI machine, not a time limit of the code.
  }, 180_000);

  it('no answer in the matrix carried a password hash', () => {
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter(containsHash)).toEqual([]);
  });
});

/** A seller of another shop, self-registered, so it holds exactly the seller role. */
const OTHER_SELLER = { username: 'otherSeller', password: 'other-seller-pass' } as const;

const credentialsOf = (caller: Exclude<Caller, 'anonymous'>): Credentials =>
  ({ super: DEMO.admin, product: DEMO.productAdmin, order: DEMO.orderAdmin, marketing: DEMO.marketingAdmin, seller: DEMO.seller, seller2: OTHER_SELLER })[caller];
