/**
 * What the data benches (orders.ts, catalog.ts) share: a database of their own per dialect (a
 * fixed name on PostgreSQL, dropped first and after, so a crashed run leaves nothing behind for
 * long), a real server on 127.0.0.1, a sign-in, timing of single requests, and the printed table.
 */
import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import type { Config, DatabaseTarget } from '../server/config';
import { loadConfig, secretsKeyOf } from '../server/config';
import { ensureDeclaredIndexes } from '../server/crud/indexes';
import { createDb } from '../server/db/index';
import type { AnyKysely } from '../server/db/index';
import { entityList } from '../src/schema/entities';
import { migrateToLatest } from '../server/migrate';
import type { Database } from '../server/db/schema';
import { seed } from '../server/seed/index';

export type Dialect = 'sqlite' | 'postgres';

export const serverUrl = (): string | undefined => process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

/** SQLite, and PostgreSQL when a server is named; BENCH_DIALECTS=sqlite or postgres keeps one. */
export const benchDialects = (): Dialect[] => {
  const url = serverUrl();
  const only = process.env.BENCH_DIALECTS?.split(',');
  return (['sqlite', ...(url && /^postgres(ql)?:\/\//i.test(url) ? ['postgres' as const] : [])] as Dialect[])
    .filter((d) => !only || only.includes(d));
};

export const loadAverage = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');

const adminQuery = async (url: string, statement: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
};

/**
 * A fresh, empty database of the dialect under `dir` (SQLite) or on the PostgreSQL server at
 * `url` (a random name), and a way to remove it: bench:list, bench:memory and bench:auth fill
 * and serve it themselves.
 */
export const freshDatabase = async (dialect: Dialect, dir: string, url: string | undefined): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> => {
  if (dialect === 'sqlite') return { target: { dialect: 'sqlite', filename: join(dir, 'bench.sqlite') }, drop: async () => {} };
  if (!url) throw new Error('freshDatabase: PostgreSQL needs a server URL');
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { target: { dialect: 'postgres', connectionString: own.toString() }, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};

export type BenchServer = {
  dialect: Dialect; db: Kysely<Database>; config: Config; app: FastifyInstance; address: string; authorization: string;
  /** Stops the server and drops its database. */
  close: () => Promise<void>;
};

/** A bench's database, migrated, seeded and filled, with the settings a server on it reads. */
export type BenchDatabase = {
  dialect: Dialect; dir: string; target: DatabaseTarget; config: Config;
  /** The settings as the environment a server process reads them from (bench/serve.ts). */
  env: Record<string, string>;
  /** This process's handle on it. */
  db: Kysely<Database>;
  setupSeconds: number;
  /** Closes the handle and drops the database (BENCH_KEEP_DB=1 keeps a PostgreSQL one, for EXPLAIN ANALYZE by hand). */
  cleanup: () => Promise<void>;
};

/** Where filled SQLite databases are kept between runs (`prepareBenchDatabase`'s `cache`): BENCH_CACHE_DIR, else the temp folder. */
const cacheDir = (): string => process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'admin-bench-cache');

/** A cache key: `parts` and the contents of `files` (the fill's code), hashed. */
export const benchCacheKey = (parts: readonly (string | number)[], files: readonly URL[]): string => {
  const hash = createHash('sha256').update(parts.join('|'));
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
};

const databaseExists = async (url: string, name: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1; } finally { await client.end(); }
};

/**
 * A fresh database (migrated, demo seed; `content`: the demo catalog's categories and brands too), filled by `fill`, its declared indexes made.
 *
 * `cache` (a key, `benchCacheKey`): the filled database is kept under it and later runs start from a
 * copy instead of filling again (SQLite: a file in BENCH_CACHE_DIR, by default the temp folder;
 * PostgreSQL: a database `<name>_c_<key>` copied with CREATE DATABASE … TEMPLATE), with the data
 * folder (its secrets key); migrations added since are run on the copy and missing declared indexes
 * made. BENCH_FRESH=1 fills anew (and keeps that). `fromCache` says which happened.
 */
export const prepareBenchDatabase = async (
  dialect: Dialect, name: string, fill: (db: Kysely<Database>) => Promise<void>, options: { content?: boolean; cache?: string } = {},
): Promise<BenchDatabase & { fromCache: boolean }> => {
  const dir = mkdtempSync(join(tmpdir(), `admin-${name}-`));
  let target: DatabaseTarget;
  let drop = async () => {};
  if (dialect === 'sqlite') {
    target = { dialect: 'sqlite', filename: join(dir, `${name}.sqlite`) };
  } else {
    const url = serverUrl()!;
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    target = { dialect: 'postgres', connectionString: own.toString() };
    if (!process.env.BENCH_KEEP_DB) drop = () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const cacheName = options.cache ? `${name}_c_${options.cache}` : null;
  const cacheFile = cacheName ? join(cacheDir(), `${cacheName}.sqlite`) : null;
  const cacheData = cacheName ? join(cacheDir(), `${cacheName}.data`) : null;
  const cached = cacheName !== null && !process.env.BENCH_FRESH && existsSync(cacheData!)
    && (dialect === 'sqlite' ? existsSync(cacheFile!) : await databaseExists(serverUrl()!, cacheName));
  if (cached) {
    // The copy: the SQLite file, or a PostgreSQL database made from the kept one as its template.
    if (dialect === 'sqlite') cpSync(cacheFile!, (target as { filename: string }).filename);
    else {
      await adminQuery(serverUrl()!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminQuery(serverUrl()!, `CREATE DATABASE "${name}" TEMPLATE "${cacheName}"`);
    }
    cpSync(cacheData!, join(dir, 'data'), { recursive: true });
  }
  const env = {
    DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'no-static'), LOG_LEVEL: 'warn', NODE_ENV: 'development',
    // The scheduled jobs stay off: on generated data they would spend the run closing the backlog of overdue unpaid orders.
    JOBS_ENABLED: 'false', JWT_SECRET: randomBytes(48).toString('base64url'),
  };
  const config: Config = { ...loadConfig(env, dir), database: target };
  let db = createDb(config);
  const cleanup = async () => {
    await db.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const setupStart = performance.now();
    await migrateToLatest(db);
    if (!cached) {
      await seed(db, config, { demo: true, content: options.content ?? false });
      await fill(db);
    }
    // As server/main.ts does: the declared indexes before the app, whose ready hook would time out
    // making them on a million rows (it did on a loaded machine).
    await ensureDeclaredIndexes(db as unknown as AnyKysely, entityList);
    if (cacheName && !cached) {
      mkdirSync(cacheDir(), { recursive: true });
      // The secrets key made by the seed goes with the copy (secret fields were encrypted with it).
      secretsKeyOf(config);
      rmSync(cacheData!, { recursive: true, force: true });
      if (dialect === 'sqlite') {
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
        cpSync((target as { filename: string }).filename, `${cacheFile}.part`);
        renameSync(`${cacheFile}.part`, cacheFile!);
      } else {
        // A template has no other connection: this handle closes for the copy, then opens again.
        await db.destroy();
        await adminQuery(serverUrl()!, `DROP DATABASE IF EXISTS "${cacheName}" WITH (FORCE)`);
        await adminQuery(serverUrl()!, `CREATE DATABASE "${cacheName}" TEMPLATE "${name}"`);
        db = createDb(config);
      }
      cpSync(join(dir, 'data'), cacheData!, { recursive: true });
    }
    return { dialect, dir, target, config, env, db, setupSeconds: (performance.now() - setupStart) / 1000, cleanup, fromCache: cached };
  } catch (error) {
    await cleanup();
    throw error;
  }
};

/** The super admin's Authorization header, signed in through the login route. */
export const signInAdmin = async (address: string): Promise<string> => {
  const login = await fetch(`${address}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const envelope = (await login.json()) as { code: number; data: { token: string; tokenHead: string } };
  if (envelope.code !== 200) throw new Error(`login failed: ${JSON.stringify(envelope)}`);
  return `${envelope.data.tokenHead}${envelope.data.token}`;
};

/** `prepareBenchDatabase`, then a server in this process on it, signed in as the super admin. */
export const startBenchServer = async (
  dialect: Dialect, name: string, fill: (db: Kysely<Database>) => Promise<void>, options: { content?: boolean } = {},
): Promise<BenchServer & { setupSeconds: number }> => {
  const prepared = await prepareBenchDatabase(dialect, name, fill, options);
  try {
    const app = buildApp(prepared.config, { db: prepared.db });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      dialect, db: prepared.db, config: prepared.config, app, address, setupSeconds: prepared.setupSeconds, authorization: await signInAdmin(address),
      close: async () => { await app.close(); await prepared.cleanup(); },
    };
  } catch (error) {
    await prepared.cleanup();
    throw error;
  }
};

type Envelope<T> = { code: number; message: string; data: T };

/** One request, checked (code 200), with its wall time in ms. */
/** The Authorization header of a signed-in account, through the login route as a client signs in. */
export const loginAs = async (server: Pick<BenchServer, 'address'>, username: string, password: string): Promise<string> => {
  const response = await fetch(`${server.address}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  });
  const envelope = (await response.json()) as { code: number; data: { token: string; tokenHead: string } };
  if (envelope.code !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(envelope)}`);
  return `${envelope.data.tokenHead}${envelope.data.token}`;
};

export const timed = async <T>(server: BenchServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ms: number; data: T }> => {
  const start = performance.now();
  const answer = await fetch(`${server.address}/api${path}`, {
    method, headers: { authorization: server.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await answer.json()) as Envelope<T>;
  const ms = performance.now() - start;
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(envelope).slice(0, 400)}`);
  return { ms, data: envelope.data };
};

/** p50 and the largest of a few sequential timings (with so few, the largest is the honest tail). */
export const summary = (values: number[]): { p50: number; max: number } => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted[sorted.length - 1]! };
};

export const printTable = (header: string[], rows: string[][]): void => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) process.stdout.write(`${row.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join('  ')}\n`);
};

export const ms = (value: number): string => value.toFixed(1);

/** `from` of `first..last` generated rows named `g(i)`, and what precedes the INSERT (SQLite's CTE). */
export const series = (dialect: Dialect, first: number, last: number) => (dialect === 'postgres'
  ? { with: sql``, from: sql.raw(`generate_series(${first}::bigint, ${last}::bigint) as g(i)`) }
  : { with: sql.raw(`with recursive g(i) as (select ${first} union all select i + 1 from g where i < ${last}) `), from: sql.raw('g') });
