/**
 * Opens the database named by the config: better-sqlite3 (embedded default) or a pg Pool.
 * The rest of the server sees only Kysely<Database>.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import type { ExpressionBuilder, LogEvent, SqliteDatabase } from 'kysely';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { withNamedStatements } from './named-statements';
import { checkpointInBackground } from './sqlite-checkpoints';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/**
 * `onStatement`: told the SQL of every statement run through Kysely and its milliseconds (tests count a
 * request's statements; bench/portal-steps.ts sums their time).
 * `connections`: the PostgreSQL pool's size (10); a test that reads one connection's state uses 1.
 */
type DbOptions = {
  onStatement?: (sql: string, ms: number) => void; connections?: number;
  /** SQLite: WAL checkpoints on a thread of their own (./sqlite-checkpoints.ts), for the server; tests leave them to SQLite. */
  backgroundCheckpoints?: boolean;
};

export const createDb = (config: Pick<Config, 'database'>, options: DbOptions = {}): Kysely<Database> => {
  const target = config.database;
  const { onStatement } = options;
  const log = onStatement ? (event: LogEvent) => onStatement(event.query.sql, event.queryDurationMillis) : undefined;
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString, max: options.connections ?? 10,
      // No parallel workers for the app's statements: its reads are short and many run at once, so
      // a parallel plan only adds two worker processes' start to each (a seller's 657 orders of a
      // status, misjudged as 46,000 rows: 15 ms with workers, 1.5 ms without, bench:live). An
      // exact total over a million rows (`exactTotal=1`) takes one core instead of three.
      options: '-c max_parallel_workers_per_gather=0',
    });
    // An idle client losing its connection (database restart) must not crash the process;
    // the next query simply gets a new client.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, { limit: STATEMENT_CACHE_SIZE }) }), log });
    cacheStats.set(db, () => ({ statements: 0, connections: pool.totalCount, idleConnections: pool.idleCount }));
    return db;
  }
  // 0700: the directory holds password hashes and, by default, the JWT secret.
  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(target.filename);
  if (target.filename !== ':memory:') {
    // WAL lets readers run while a write is in progress; NORMAL is safe under WAL.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
  }
  sqlite.pragma('foreign_keys = ON');
  // A second process (or a CLI) holding the write lock makes us wait instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  const stopCheckpoints = options.backgroundCheckpoints && target.filename !== ':memory:' ? checkpointInBackground(sqlite, target.filename) : null;
  const statements = new Map<string, SQLite.Statement>();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, statements, stopCheckpoints) }), log });
  sqliteHandles.set(db, sqlite);
  cacheStats.set(db, () => ({ statements: statements.size, connections: 1, idleConnections: 0 }));
  return db;
};

const sqliteHandles = new WeakMap<object, SQLite.Database>();

/**
 * The better-sqlite3 handle behind a Kysely opened here, for the few reads that want plain values
 * instead of one object per row (a list order's ids: ./crud/list-cache.ts). Undefined for
 * PostgreSQL, transactions and Kyselys opened elsewhere; the caller then takes Kysely's path.
 */
export const sqliteHandleOf = (db: AnyKysely): SQLite.Database | undefined => sqliteHandles.get(db);

/** What a database handle keeps besides the rows it returns (the benches print it). */
type DbCacheStats = { statements: number; connections: number; idleConnections: number };
const cacheStats = new WeakMap<object, () => DbCacheStats>();
export const dbCacheStats = (db: Kysely<Database>): DbCacheStats | null => cacheStats.get(db)?.() ?? null;

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; with SQLite, preparing costs about as much as running a
 * small query. The app issues a fixed set of SQL strings, so prepared statements are reused
 * (bounded, least recently used out). A statement still busy with a streaming iterate() is
 * never handed out twice: a fresh one is prepared instead.
 */
const withStatementCache = (sqlite: SQLite.Database, cache: Map<string, SQLite.Statement>, beforeClose: (() => void) | null): SqliteDatabase => {
  return {
    close: () => {
      beforeClose?.();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement && !statement.busy) {
        cache.delete(sql); // re-insert: Map order is the recency order
      } else {
        statement = sqlite.prepare(sql);
      }
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
};

/**
 * A Kysely over tables the static Database type does not list: migrations (which must not depend
 * on the evolving type) and the generic engine (declared tables). The one `any` of the server.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyKysely = Kysely<any>;

/** The expression builder of such a Kysely, for conditions on declared tables. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyEb = ExpressionBuilder<any, any>;

export const dialectOf = (db: AnyKysely): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** pg returns COUNT(*) (int8) as a string, SQLite as a number: every count goes through here. */
export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
