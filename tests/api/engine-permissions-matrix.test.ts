// Protects: every registered route x every kind of caller answers its declared class (401 / 403 / allowed); an undeclared route fails.
/**
 * The permission matrix: every route the app registers (collected with an onRoute hook) × every
 * kind of caller (super admin, product, order and marketing admins, seller, a second seller, anonymous)
 * has an expected answer class, declared below independently of the seeded resources; every cell
 * is requested and checked (401 / 403 / neither). A route missing from the table fails the test:
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
import { createTestApp, testDialects } from '../helpers/test-db';

/** Callers besides the super admin (who may call everything) and anonymous. `seller` means both sellers. */
type Staff = 'product' | 'order' | 'marketing' | 'seller';
/**
 * `public`: anyone, signed in or not. `session`: anyone signed in (their own session and profile).
 * `anonymousOrSuper`: anyone not signed in (self-registration); signed in, only who may create
 * accounts (here the super admin alone). A list of staff: those callers and the super admin;
 * `[]` is the super admin alone.
 */
type Access = 'public' | 'session' | 'anonymousOrSuper' | readonly Staff[];

const SUPER: Access = [];
const PRODUCTS: Access = ['product'];
const PRODUCTS_AND_SELLERS: Access = ['product', 'seller'];
const ORDERS: Access = ['order'];
const SELLERS: Access = ['seller'];
const ORDERS_AND_SELLERS: Access = ['order', 'seller'];
const MARKETING: Access = ['marketing'];
/** Look-ups the marketing pickers make (brands, products, categories) beside their owners'. */
const PRODUCTS_SELLERS_MARKETING: Access = ['product', 'seller', 'marketing'];

/**
 * Engine routes, per entity: the default for its routes and per-operation exceptions (the
 * operation names of src/schema/engine/endpoints.ts endpointsOf, `action:<name>` for a declared action;
 * a variant's is its kind: alias, nested, view). Sellers look brands, categories, attributes and
 * member levels up for their products; everything else follows the area.
 */
const ENTITY_ACCESS: Record<string, { all: Access; except?: Record<string, Access> }> = {
  brand: { all: PRODUCTS, except: { list: PRODUCTS_SELLERS_MARKETING } },
  // `nested` is mall's category cascader (GET /productCategory/list/withChildren), a look-up like the list.
  productCategory: { all: PRODUCTS, except: { list: PRODUCTS_SELLERS_MARKETING, nested: PRODUCTS_SELLERS_MARKETING } },
  productAttributeCategory: { all: PRODUCTS, except: { list: PRODUCTS_AND_SELLERS } },
  productAttribute: { all: PRODUCTS, except: { list: PRODUCTS_AND_SELLERS } },
  // Sellers' own catalog (their shops' products and SKUs); the product admin's too.
  product: { all: PRODUCTS_AND_SELLERS, except: { list: PRODUCTS_SELLERS_MARKETING } },
  // Platform content: staff holding /subject/** (marketing: its screens are under Marketing) or
  // /prefrenceArea/** write it; the product form's pickers read listAll.
  subject: { all: MARKETING, except: { listAll: PRODUCTS_SELLERS_MARKETING } },
  prefrenceArea: { all: SUPER, except: { listAll: PRODUCTS_AND_SELLERS } },
  returnReason: { all: ORDERS },
  orderSetting: { all: ORDERS },
  // Orders and their history (under /order/**): the order admin, and sellers for their own shops.
  order: { all: ORDERS_AND_SELLERS },
  orderOperateHistory: { all: ORDERS_AND_SELLERS },
  orderMessage: { all: ORDERS_AND_SELLERS },
  // Returns and each shop's return addresses: the order admin, and sellers for their own shops.
  returnApply: { all: ORDERS_AND_SELLERS },
  companyAddress: { all: ORDERS_AND_SELLERS },
  // Cashier balances and their bindings (under /balance/**): the order admin, and sellers for their own shops.
  balance: { all: ORDERS_AND_SELLERS },
  balanceOrder: { all: ORDERS_AND_SELLERS },
  memberLevel: { all: SUPER, except: { list: ['seller', 'marketing'] } },
  // Sellers' own shops' members (the list at mall's /admin/listMember, the rest under /member/**).
  member: { all: SELLERS },
  // A shop's status is set by administrators only (sellers edit, not approve or close, their shops).
  shop: { all: SELLERS, except: { listAll: ['seller', 'product'], 'batchSet:status': SUPER } },
  mold: { all: SELLERS },
  // Sellers apply and read their own pay records; confirming and refunding are staff's.
  payRecord: { all: SELLERS, except: { 'action:confirm': SUPER, 'action:refund': SUPER } },
  // Referral clicks and relations: a seller's own (owner-bound), all for the super admin.
  referralClick: { all: SELLERS },
  referralRelation: { all: SELLERS },
  // Distribution records and reward payments: a seller reads its own (list and one record, 404 for others'); ratios and recording payments are staff's.
  distributionRecord: { all: SELLERS, except: { 'action:ratio': SUPER, 'action:setRatio': SUPER } },
  referralReward: { all: SELLERS, except: { 'action:create': SUPER } },
  userGroup: { all: SUPER },
  auditLog: { all: SUPER },
  role: { all: SUPER },
  menu: { all: SUPER },
  resourceCategory: { all: SUPER },
  resource: { all: SUPER },
  admin: { all: SUPER },
};

/**
 * Entities not named above, by the menu section their screens live in: every Marketing entity
 * (advertisements, recommendations, flash sales, coupons…) is the marketing admin's, so a new one
 * is covered when it is declared.
 */
const SECTION_ACCESS: Record<string, Access> = { sms: MARKETING };
const sectionOf = (route: string): string | undefined => SECTIONS.find((s) => s.children.some((c) => c.name === route))?.name;

/** Hand-written routes, by `METHOD /path` as registered (Fastify `:params`, no API prefix). */
const ROUTE_ACCESS: Record<string, Access> = {
  'GET /health': 'public',
  'POST /admin/login': 'public',
  'POST /admin/register': 'anonymousOrSuper',
  'GET /admin/info': 'session',
  'POST /admin/logout': 'session',
  'GET /admin/refreshToken': 'session',
  'POST /admin/updatePassword': 'session',
  'POST /admin/updateProfile': 'session',
  'POST /admin/uploadAvatar': 'session',
  'POST /minio/upload': ['product', 'marketing', 'seller'],
  'GET /vip/plans': SELLERS,
  // Online PayPal: a seller pays its own application; PayPal's webhook carries no token (each event is verified with PayPal).
  'POST /vip/paypal/order/:id': SELLERS,
  'POST /vip/paypal/capture': SELLERS,
  'POST /vip/paypal/webhook': 'public',
  // Alipay (and WeChat Pay): a seller starts its own application's payment; the provider's notify is checked by its signature.
  'POST /vip/online/:channel/:id': SELLERS,
  'POST /vip/alipay/notify': 'public',
  'POST /vip/wechat/notify': 'public',
  'GET /rms/link': SELLERS,
  'POST /rms/click': 'public',
  // Every signed-in account: the answer holds only the figures of the lists the caller may call (tests/api/home-summary.test.ts).
  'GET /home/summary': 'session',
  'GET /price/check': MARKETING,
};

const fastifyPath = (url: string): string => url.replace(/\{(\w+)\}/g, ':$1');

/** The declared access of a route, or undefined when nobody declared it. */
const accessOf = (key: string): Access | undefined => {
  if (ROUTE_ACCESS[key]) return ROUTE_ACCESS[key];
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
    expect(undeclared, 'add these to ROUTE_ACCESS or ENTITY_ACCESS in tests/api/engine-permissions-matrix.test.ts').toEqual([]);
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
