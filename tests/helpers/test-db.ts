/**
 * A fresh, migrated and seeded database per test file, on SQLite always and on PostgreSQL when
 * TEST_DATABASE_URL names a server (each file gets its own `test_<random>` database, dropped at
 * the end), plus the app built on it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { BuildOptions } from '../../server/app';
import { buildApp } from '../../server/app';
import type { Config, DatabaseTarget } from '../../server/config';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrations/index';
import type { Database } from '../../server/db/schema';
import type { SeedOptions, SeedResult } from '../../server/db/seed/index';
import { seed } from '../../server/db/seed/index';

export type TestDialect = 'sqlite' | 'postgres';

export const testDialects = (): TestDialect[] => (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);

export type TestDatabase = { target: DatabaseTarget; dir: string; drop: () => Promise<void> };

/** An empty database of the dialect (nothing migrated yet) and a temp directory beside it. */
export const createTestDatabase = async (dialect: TestDialect): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-test-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { target: { dialect: 'sqlite', filename: join(dir, 'test.sqlite') }, dir, drop: async () => removeDir() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const runAsAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await runAsAdmin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { dialect: 'postgres', connectionString: url.toString() },
    dir,
    drop: async () => {
      await runAsAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      removeDir();
    },
  };
};

/** Settings for tests: quiet, fixed secret, everything under the temp directory. */
export const testConfig = (dir: string, target: DatabaseTarget, overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    DATA_DIR: join(dir, 'data'),
    STATIC_DIR: join(dir, 'no-static'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    JOBS_ENABLED: 'false',
  }, dir),
  database: target,
  ...overrides,
});

export type TestApp = {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  seeded: SeedResult;
  dialect: TestDialect;
  close: () => Promise<void>;
};

/**
 * The app on a fresh database of the dialect, migrated and seeded (demo seed by default: the
 * accounts of DEMO in ./accounts.ts). Call `close` in afterAll.
 */
export const createTestApp = async (
  dialect: TestDialect,
  overrides: Partial<Config> = {},
  seedOptions: SeedOptions = { demo: true },
  buildOptions: Omit<BuildOptions, 'db'> = {},
  /** Settings that name seeded rows (DEFAULT_SHOP_ID: the demo's outlet shop), worked out after the seed. */
  afterSeed?: (db: Kysely<Database>) => Promise<Partial<Config>>,
): Promise<TestApp> => {
  const database = await createTestDatabase(dialect);
  const seedConfig = testConfig(database.dir, database.target, overrides);
  const db = createDb(seedConfig);
  try {
    await migrateToLatest(db);
    const seeded = await seed(db, seedConfig, seedOptions);
    const config = afterSeed ? { ...seedConfig, ...await afterSeed(db) } : seedConfig;
    const app = buildApp(config, { ...buildOptions, db });
    await app.ready();
    return {
      app, db, config, seeded, dialect,
      close: async () => {
        await app.close();
        await db.destroy();
        await database.drop();
      },
    };
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
};
