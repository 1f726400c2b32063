/**
 * `npm run bench:list`: the generated list endpoint under load, per dialect. For SQLite, and for
 * PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server: a fresh database, migrated
 * and seeded, 100,000 advertisements inserted (one transaction, multi-row inserts), a real server
 * (buildApp + listen on 127.0.0.1:0) in this process, a sign-in, then autocannon in a child
 * process (so the load generator does not steal this event loop) on
 *   GET /api/home/advertise/list?pageNum=<varying>&pageSize=10&type=0&status=1&sort=sort&order=desc
 * for BENCH_DURATION s (10) over BENCH_CONNECTIONS (10). pageNum is drawn per request from every
 * page the filter has (BENCH_MAX_PAGE caps it; BENCH_DIALECTS=sqlite or postgres runs one). Then, in the same run and on the same data, the
 * floor (./floor.ts: token, session row, ten rows by primary key) under the same load. Prints per
 * dialect requests/s, p50, p99, errors, the server CPU per request of the list and of the floor,
 * their ratio, the server's RSS and what its bounded caches hold (lists kept, their MB, tokens
 * remembered). BENCH_ROWS=1000000 BENCH_MAX_PAGE=500 is the million-row case (pages 1 to 500). Targets (issue "lists at scale"): SQLite CPU ratio <= 1.3,
 * PostgreSQL p99 < 30 ms; --check exits 1 when one is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import type { Config, DatabaseTarget } from '../server/config';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrations/index';
import type { Database } from '../server/db/schema';
import { seed } from '../server/db/seed/index';
import type { LoadResult } from './load';
import { loadInChild } from './load';
import { startFloor } from './floor';
import { listCacheStats } from '../server/crud/list-cache';
import { verifiedTokenCount } from '../server/auth/tokens';
import type { AnyKysely } from '../server/db/index';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MAX_PAGE = process.env.BENCH_MAX_PAGE ? Number(process.env.BENCH_MAX_PAGE) : null;
const PAGE_SIZE = 10;
const BATCH = 1000;
const TARGET = { sqliteCpuRatio: 1.3, postgresP99Ms: 30 };
const LIST_QUERY = `pageSize=${PAGE_SIZE}&type=0&status=1&sort=sort&order=desc`;

/**
 * BENCH_PROFILE=<dir>: a V8 CPU profile of this process (the server) during the load only, for
 * Chrome DevTools or any .cpuprofile viewer (setup and migration stay out of it).
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;
const startProfile = async () => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async (label: string): Promise<string> => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(PROFILE_DIR!, { recursive: true });
      const file = join(PROFILE_DIR!, `list-${label}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
};

/** A fresh, empty database of the dialect and a way to remove it. */
const freshDatabase = async (dialect: 'sqlite' | 'postgres', dir: string, serverUrl: string | undefined): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> => {
  if (dialect === 'sqlite') return { target: { dialect: 'sqlite', filename: join(dir, 'bench.sqlite') }, drop: async () => {} };
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return { target: { dialect: 'postgres', connectionString: url.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};

/** ROWS advertisements in one transaction, BATCH rows per INSERT; returns how many the bench filter matches. */
const insertAdvertisements = async (db: Kysely<Database>): Promise<number> => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- declared tables are not in the static Database type
  const anyDb = db as unknown as Kysely<any>;
  let matching = 0;
  await anyDb.transaction().execute(async (trx) => {
    for (let start = 0; start < ROWS; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(start + BATCH, ROWS); i += 1) {
        const type = i % 2;
        const status = i % 4 < 2 ? 1 : 0;
        if (type === 0 && status === 1) matching += 1;
        const startTime = new Date(Date.UTC(2024, 0, 1) + (i % 365) * 86_400_000);
        rows.push({
          name: `Advertisement ${i}`, type, pic: `/uploads/ad-${i}.png`,
          start_time: startTime.toISOString(), end_time: new Date(startTime.getTime() + 30 * 86_400_000).toISOString(),
          status, click_count: i % 97, order_count: i % 13, url: `https://example.com/ad/${i}`, note: null, sort: (i * 7919) % 1000,
        });
      }
      await trx.insertInto('sms_home_advertise').values(rows).execute();
    }
  });
  return matching;
};

type DialectResult = LoadResult & {
  dialect: string; setupSeconds: number; pages: number; serverCpuUs: number; floorCpuUs: number; floorP99: number; rssMb: number;
  cacheEntries: number; cacheMb: number; tokens: number;
};

const benchDialect = async (dialect: 'sqlite' | 'postgres'): Promise<DialectResult> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-bench-list-'));
  const database = await freshDatabase(dialect, dir, process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
  const config: Config = {
    ...loadConfig({ DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'no-static'), LOG_LEVEL: 'warn', NODE_ENV: 'development', JWT_SECRET: randomBytes(48).toString('base64url') }, dir),
    database: database.target,
  };
  const db = createDb(config);
  const app = buildApp(config, { db });
  try {
    const setupStart = performance.now();
    await migrateToLatest(db);
    await seed(db, config, { demo: true });
    const matching = await insertAdvertisements(db);
    // A production table has planner statistics and a visibility map (autovacuum keeps them);
    // a table filled a second ago has neither, and PostgreSQL would plan and scan it blind.
    if (dialect === 'postgres') await sql`vacuum analyze sms_home_advertise`.execute(db);
    const setupSeconds = (performance.now() - setupStart) / 1000;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const login = await fetch(`${address}/api/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const envelope = (await login.json()) as { code: number; data: { token: string; tokenHead: string } };
    if (envelope.code !== 200) throw new Error(`login failed: ${JSON.stringify(envelope)}`);
    const authorization = `${envelope.data.tokenHead}${envelope.data.token}`;

    // One checked request first: the filter, the total and the order are right before we time it.
    const url = `${address}/api/home/advertise/list`;
    const first = (await (await fetch(`${url}?pageNum=1&${LIST_QUERY}`, { headers: { authorization } })).json()) as
      { code: number; data: { total: number; list: { sort: number; type: number; status: number }[] } };
    if (first.code !== 200 || first.data.total !== matching) throw new Error(`unexpected first page: ${JSON.stringify(first).slice(0, 300)}`);
    const sorts = first.data.list.map((r) => r.sort);
    if (first.data.list.some((r) => r.type !== 0 || r.status !== 1) || sorts.some((s, i) => i > 0 && s > sorts[i - 1]!)) {
      throw new Error('first page is not filtered and sorted');
    }

    const pages = Math.min(Math.ceil(matching / PAGE_SIZE), MAX_PAGE ?? Number.POSITIVE_INFINITY);
    // CPU this process (the server alone: the load runs in a child) spent per answered request:
    // unlike req/s, it hardly depends on what else the machine is running.
    const profiler = PROFILE_DIR ? await startProfile() : null;
    const cpuBefore = process.cpuUsage();
    const result = await loadInChild({ url: `${url}?pageNum=1&${LIST_QUERY}`, authorization, pages, connections: CONNECTIONS, duration: DURATION_S });
    const cpu = process.cpuUsage(cpuBefore);
    if (profiler) process.stdout.write(`CPU profile of the server under load: ${await profiler.stop(dialect)}\n`);
    const rssMb = process.memoryUsage().rss / 1e6;
    // What the bounded caches hold after the load (server/crud/list-cache.ts, server/auth/tokens.ts).
    const cache = listCacheStats(db as unknown as AnyKysely);

    const floor = await startFloor(db, config.jwtSecret, 'sms_home_advertise');
    try {
      const floorCpuBefore = process.cpuUsage();
      const floorResult = await loadInChild({ url: `${floor.url}?pageNum=1`, authorization, pages, connections: CONNECTIONS, duration: DURATION_S });
      const floorCpu = process.cpuUsage(floorCpuBefore);
      if (floorResult.errors || floorResult.non2xx) throw new Error(`the floor answered errors: ${JSON.stringify(floorResult)}`);
      return {
        dialect, setupSeconds, pages, serverCpuUs: (cpu.user + cpu.system) / Math.max(result.total, 1), ...result,
        floorCpuUs: (floorCpu.user + floorCpu.system) / Math.max(floorResult.total, 1), floorP99: floorResult.p99, rssMb,
        cacheEntries: cache.entries, cacheMb: cache.bytes / 1e6, tokens: verifiedTokenCount(),
      };
    } finally {
      await floor.close();
    }
  } finally {
    await app.close();
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async (): Promise<void> => {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_DIALECTS?.split(',');
  const dialects = (['sqlite', ...(serverUrl && /^postgres(ql)?:\/\//i.test(serverUrl) ? ['postgres' as const] : [])] as ('sqlite' | 'postgres')[])
    .filter((d) => !only || only.includes(d));
  process.stdout.write(`GET /api/home/advertise/list?pageNum=<1..pages>&${LIST_QUERY}\n`
    + `${ROWS} advertisements, ${CONNECTIONS} connections, ${DURATION_S} s per dialect, LOG_LEVEL=warn; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n`);
  const results = [];
  for (const dialect of dialects) results.push(await benchDialect(dialect));
  const header = ['dialect', 'setup s', 'pages', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx', 'timeouts', 'CPU µs/req', 'floor µs/req', 'ratio', 'floor p99', 'RSS MB', 'lists kept', 'list MB', 'tokens kept'];
  const rows = results.map((r) => [r.dialect, r.setupSeconds.toFixed(1), String(r.pages), r.requestsPerSecond.toFixed(0), String(r.p50), String(r.p99),
    String(r.total), String(r.errors), String(r.non2xx), String(r.timeouts), r.serverCpuUs.toFixed(0), r.floorCpuUs.toFixed(0),
    (r.serverCpuUs / r.floorCpuUs).toFixed(2), String(r.floorP99), r.rssMb.toFixed(0),
    String(r.cacheEntries), r.cacheMb.toFixed(2), String(r.tokens)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) process.stdout.write(`${row.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}\n`);
  process.stdout.write(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n`);
  const verdicts = results.map((r) => r.dialect === 'sqlite'
    ? { what: `SQLite server CPU <= ${TARGET.sqliteCpuRatio}x the floor`, met: r.serverCpuUs / r.floorCpuUs <= TARGET.sqliteCpuRatio }
    : { what: `PostgreSQL p99 < ${TARGET.postgresP99Ms} ms`, met: r.p99 < TARGET.postgresP99Ms });
  for (const v of verdicts) process.stdout.write(`${v.what}: ${v.met ? 'met' : 'MISSED'}\n`);
  if (results.some((r) => r.errors > 0 || r.non2xx > 0) || (process.argv.includes('--check') && verdicts.some((v) => !v.met))) process.exitCode = 1;
};

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exit(1);
  });
