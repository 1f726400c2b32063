/**
 * Migrated and seeded databases made once per test run and copied for each test file, instead of
 * every file migrating and seeding its own (about 1.2 s of CPU each, ~190 times a run).
 *
 * A template is keyed by the server's sources (a change to a migration, the seed or an entity makes
 * a new one), the dialect, the seed options and the overrides of the settings the seed read (`template`). It holds the database
 * (a SQLite file, or a PostgreSQL database copied with `CREATE DATABASE … TEMPLATE`), the data
 * folder the seed wrote (its secrets key, which encrypted the demo secrets, and any uploads) and the
 * seed's result. Templates live as long as the vitest run that made them (named after its process,
 * the parent of every test worker): timestamps in a seeded database are then minutes old at most,
 * as they would be seeded per file. `tests/api/global-setup.ts` removes them after the run, and
 * those of runs that died.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..', '..');
const TEMPLATES = join(tmpdir(), 'admin-test-templates');
const PG_PREFIX = 'tpl_';

/** The vitest run a template belongs to: the main process, parent of the workers. */
export const runTag = (): string => String(process.env.VITEST ? process.ppid : process.pid);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });

let fingerprint: string | undefined;
/** What a seeded database depends on: the server's code and the declarations. */
export const sourceFingerprint = (): string => {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  for (const file of [...files(join(root, 'server')), ...files(join(root, 'src', 'schema'))].sort()) {
    hash.update(file).update(readFileSync(file));
  }
  return (fingerprint = hash.digest('hex'));
};

export const adminQuery = async (statement: string): Promise<pg.QueryResult> => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
};

export type Template = {
  /** The SQLite file, or the PostgreSQL database's name. */
  database: string;
  /** The data folder as the seed left it. */
  dataDir: string;
  seeded: unknown;
};

export type Built = { database: string; dataDir: string; seeded: unknown };

/** The settings a build read: each key, and whether and how the caller had set it. */
type Reads = Record<string, { set: boolean; value?: string }>;

const asJson = (value: unknown): string | undefined => (value === undefined ? undefined : JSON.stringify(value));

/** Whether `settings` agree with a template's on every key its build read. */
const agrees = (reads: Reads, settings: Record<string, unknown>): boolean => Object.entries(reads)
  .every(([name, read]) => (settings[name] !== undefined) === read.set && asJson(settings[name]) === read.value);

/**
 * The template for `key` and the caller's `settings`, made by `build` (into the folder it is given)
 * when this run has none that fits. A template is kept with the settings its build read (`watch`
 * wraps the config the build hands on, and records each key read), and fits any later call whose
 * settings agree on those keys: tests that only change a rate limit or a payment gateway share the
 * template of the plain seed instead of migrating and seeding one each. Workers racing for the same
 * template each build one; the first to rename its folder into place wins and the others drop theirs.
 */
export const template = async (
  dialect: string, key: unknown, settings: Record<string, unknown>,
  build: (dir: string, watch: <T extends object>(config: T) => T) => Promise<Built>,
): Promise<Template> => {
  const name = createHash('sha256').update(sourceFingerprint()).update(dialect).update(JSON.stringify(key)).digest('hex').slice(0, 16);
  const run = join(TEMPLATES, runTag());
  const prefix = `${dialect}-${name}-`;
  // Paths inside the folder are kept relative to it: the folder is renamed into place once built.
  const read = (home: string): Template => {
    const stored = JSON.parse(readFileSync(join(home, 'template.json'), 'utf8')) as Omit<Template, 'dataDir'> & { inFolder: boolean };
    return { database: stored.inFolder ? join(home, stored.database) : stored.database, seeded: stored.seeded, dataDir: join(home, 'data') };
  };
  const fitting = existsSync(run) ? readdirSync(run).find((folder) => folder.startsWith(prefix) && !folder.includes('.')
    && agrees(JSON.parse(readFileSync(join(run, folder, 'reads.json'), 'utf8')) as Reads, settings)) : undefined;
  if (fitting) return read(join(run, fitting));
  const work = join(run, `${prefix}.${randomBytes(4).toString('hex')}`);
  mkdirSync(work, { recursive: true });
  const readKeys = new Set<string>();
  const watch = <T extends object>(config: T): T => new Proxy(config, {
    get: (target, property, receiver) => {
      if (typeof property === 'string') readKeys.add(property);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  const built = await build(work, watch);
  const reads: Reads = Object.fromEntries([...readKeys].sort().map((k) => [k, { set: settings[k] !== undefined, value: asJson(settings[k]) }]));
  const home = join(run, `${prefix}${createHash('sha256').update(JSON.stringify(reads)).digest('hex').slice(0, 16)}`);
  const inFolder = built.database.startsWith(`${work}/`);
  const database = inFolder ? relative(work, built.database) : built.database;
  writeFileSync(join(work, 'template.json'), JSON.stringify({ database, inFolder, seeded: built.seeded }));
  writeFileSync(join(work, 'reads.json'), JSON.stringify(reads));
  try {
    renameSync(work, home);
  } catch {
    // Another worker's template won the race: use it and drop this one.
    if (dialect === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS "${built.database}" WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  }
  return read(home);
};

/** A PostgreSQL database name for a template of this run. */
export const templateDatabaseName = (): string => `${PG_PREFIX}${runTag()}_${randomBytes(6).toString('hex')}`;

/** Copies the template's data folder to `dataDir`. */
export const copyDataDir = (from: string, dataDir: string): void => {
  if (existsSync(from)) cpSync(from, dataDir, { recursive: true });
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes the templates of `tag`'s run, and those of runs whose process is gone (a run that was
 * killed); the templates of runs still going are left alone.
 */
const gone = (tag: string) => (run: string) => run === tag || !alive(Number(run));

/** Removes the folders under `home` named after `tag`'s run or after a run whose process is gone. */
export const removeRunFolders = (home: string, tag: string): void => {
  if (!existsSync(home)) return;
  for (const run of readdirSync(home)) {
    if (gone(tag)(run) && statSync(join(home, run)).isDirectory()) rmSync(join(home, run), { recursive: true, force: true });
  }
};

export const removeTemplates = async (tag: string): Promise<void> => {
  removeRunFolders(TEMPLATES, tag);
  if (!process.env.TEST_DATABASE_URL) return;
  const { rows } = await adminQuery(`SELECT datname FROM pg_database WHERE datname LIKE '${PG_PREFIX}%'`);
  for (const { datname } of rows as { datname: string }[]) {
    const run = datname.slice(PG_PREFIX.length).split('_')[0]!;
    if (gone(tag)(run)) await adminQuery(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
};
