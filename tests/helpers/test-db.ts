/**
 * A fresh, migrated and seeded database per test file, on SQLite always and on PostgreSQL when
 * TEST_DATABASE_URL names a server (each file gets its own `test_<random>` database, dropped at
 * the end, copied from a template the run migrates and seeds once: ./db-templates.ts), plus the
 * app built on it.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { BuildOptions } from '../../server/app';
import { buildApp } from '../../server/app';
import type { Config, DatabaseTarget } from '../../server/config';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/migrate';
import type { Database } from '../../server/db/schema';
import type { SeedOptions, SeedResult } from '../../server/seed/index';
import { seed } from '../../server/seed/index';
import { adminQuery, copyDataDir, template, templateDatabaseName } from './db-templates';

export type TestDialect = 'sqlite' | 'postgres';

export const testDialects = (): TestDialect[] => (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);

export type TestDatabase = { target: DatabaseTarget; dir: string; drop: () => Promise<void> };

const databaseUrl = (name: string): string => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A database of the dialect and a temp directory beside it: empty, or a copy of a template (a SQLite
 * file, or a PostgreSQL database's name; see ./db-templates.ts).
 */
export const createTestDatabase = async (dialect: TestDialect, from?: string): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-test-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    const filename = join(dir, 'test.sqlite');
    if (from) copyFileSync(from, filename);
    return { target: { dialect: 'sqlite', filename }, dir, drop: async () => removeDir() };
  }
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(from ? `CREATE DATABASE "${name}" TEMPLATE "${from}"` : `CREATE DATABASE "${name}"`);
  return {
    target: { dialect: 'postgres', connectionString: databaseUrl(name) },
    dir,
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      removeDir();
    },
  };
};

/**
 * This run's migrated and seeded template for the options (made on first use): the copy source of
 * createTestApp's database and data folder.
 */
const seededTemplate = (dialect: TestDialect, overrides: Partial<Config>, seedOptions: SeedOptions) =>
  template(dialect, seedOptions, overrides, async (dir, watch) => {
    let database = join(dir, 'template.sqlite');
    let target: DatabaseTarget = { dialect: 'sqlite', filename: database };
    if (dialect === 'postgres') {
      database = templateDatabaseName();
      await adminQuery(`CREATE DATABASE "${database}"`);
      target = { dialect: 'postgres', connectionString: databaseUrl(database) };
    }
    const config = testConfig(dir, target, overrides);
    const db = createDb(config);
    try {
      await migrateToLatest(db);
      const seeded = await seed(db, watch(config), seedOptions);
      return { database, dataDir: config.dataDir, seeded };
    } finally {
      await db.destroy();
    }
  });

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
  // A test that names its own data folder seeds into it, as it asked.
  const fromTemplate = overrides.dataDir === undefined;
  const source = fromTemplate ? await seededTemplate(dialect, overrides, seedOptions) : undefined;
  const database = await createTestDatabase(dialect, source?.database);
  const seedConfig = testConfig(database.dir, database.target, overrides);
  if (source) copyDataDir(source.dataDir, seedConfig.dataDir);
  const db = createDb(seedConfig);
  try {
    if (!source) await migrateToLatest(db);
    const seeded = source ? source.seeded as SeedResult : await seed(db, seedConfig, seedOptions);
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
