/**
 * The set-up most API test files share: one app per dialect for a describe block (created before
 * its tests on a seeded copy, closed after), a signed-in demo role's token, record fixtures, and
 * GET/POST as that role. Read the fields inside tests and hooks, not at the describe's top level.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../../server/app';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/schema';
import type { SeedOptions } from '../../server/seed/index';
import type { DemoRole } from './accounts';
import { DEMO } from './accounts';
import type { Answer } from './api';
import { call, login } from './api';
import type { Fixtures } from './entity-bodies';
import { createFixtures } from './entity-bodies';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/migrate';
import type { TestApp, TestDatabase, TestDialect } from './test-db';
import { createTestApp, createTestDatabase } from './test-db';

export type ApiSuiteOptions = {
  /** The demo role signed in (default: the super admin). */
  as?: DemoRole;
  overrides?: Partial<Config>;
  seed?: SeedOptions;
  build?: Omit<BuildOptions, 'db'>;
  /** The fixtures make the records bodies point at once per variant (FixtureDeps `shareTargets`). */
  shareTargets?: boolean;
};

export type ApiSuite = {
  readonly t: TestApp;
  readonly app: FastifyInstance;
  readonly db: Kysely<Database>;
  readonly token: string;
  readonly fx: Fixtures;
  get: <T = unknown>(url: string, headers?: Record<string, string>) => Promise<Answer<T>>;
  post: <T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer<T>>;
};

export const apiSuite = (dialect: TestDialect, options: ApiSuiteOptions = {}): ApiSuite => {
  let state: { t: TestApp; token: string; fx: Fixtures } | undefined;
  const ready = () => {
    if (!state) throw new Error('apiSuite: read inside a test or hook, after beforeAll');
    return state;
  };
  beforeAll(async () => {
    const t = await createTestApp(dialect, options.overrides, options.seed, options.build);
    const token = await login(t.app, DEMO[options.as ?? 'admin']);
    state = { t, token, fx: createFixtures({ app: t.app, db: t.db, token, shareTargets: options.shareTargets }) };
  }, 60_000);
  afterAll(async () => { await state?.t.close(); });
  return {
    get t() { return ready().t; },
    get app() { return ready().t.app; },
    get db() { return ready().t.db; },
    get token() { return ready().token; },
    get fx() { return ready().fx; },
    get: (url, headers) => call(ready().t.app, 'GET', url, { token: ready().token, headers }),
    post: (url, body, headers) => call(ready().t.app, 'POST', url, { token: ready().token, body, headers }),
  };
};

/**
 * A migrated, empty database of the dialect for a describe block: made before its tests, dropped
 * after. Read `db` and `database` inside tests and hooks.
 */
export const migratedDatabase = (dialect: TestDialect): { readonly db: Kysely<Database>; readonly database: TestDatabase } => {
  let state: { db: Kysely<Database>; database: TestDatabase } | undefined;
  const ready = () => {
    if (!state) throw new Error('migratedDatabase: read inside a test or hook, after beforeAll');
    return state;
  };
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    const db = createDb({ database: database.target });
    state = { db, database };
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await state?.db.destroy();
    await state?.database.drop();
  });
  return { get db() { return ready().db; }, get database() { return ready().database; } };
};
