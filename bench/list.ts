/**
 * `npm run bench:list`: the generated list endpoint under load, per dialect. For SQLite, and for
 * PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server: a fresh database, migrated
 * and seeded, 100,000 advertisements inserted (one transaction, multi-row inserts) in this process,
 * then a real server (buildApp + listen on 127.0.0.1:0) as a process of its own on that database
 * (./serve.ts: its RSS and CPU are a serving process's, not the fill's), a sign-in, then autocannon
 * in another process (so the load generator does not steal the server's CPU) on
 *   GET /api/home/advertise/list?pageNum=<varying>&pageSize=10&type=0&status=1&sort=sort&order=desc
 * for BENCH_DURATION s (10) over BENCH_CONNECTIONS (10). pageNum is drawn per request from every
 * page the filter has (BENCH_MAX_PAGE caps it; BENCH_DIALECTS=sqlite or postgres runs one). Then, in the same run and on the same data, the
 * floor (./floor.ts: token, session row, ten rows by primary key; in the server process) under the same load. Prints per
 * dialect requests/s, p50, p99, errors, the server CPU per request of the list and of the floor,
 * their ratio, the server's RSS and what its bounded caches hold (lists kept, their MB, tokens
 * remembered), and the server's memory by kind (V8 heap, external, array buffers). BENCH_ROWS=1000000 BENCH_MAX_PAGE=500 is the million-row case (pages 1 to 500). Targets: SQLite CPU ratio <= 1.3,
 * PostgreSQL p99 < 30 ms; --check exits 1 when one is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../server/config';
import { loadConfig } from '../server/config';
import { mb, prepareAdvertisements } from './advertisements';
import type { LoadResult } from './load';
import { loadInChild } from './load';
import type { ServerProcess, ServerStats } from './serve';
import { startFlags, startServerProcess } from './serve';
import { freshDatabase } from './setup';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MAX_PAGE = process.env.BENCH_MAX_PAGE ? Number(process.env.BENCH_MAX_PAGE) : null;
const PAGE_SIZE = 10;
const TARGET = { sqliteCpuRatio: 1.3, postgresP99Ms: 30 };
const LIST_QUERY = `pageSize=${PAGE_SIZE}&type=0&status=1&sort=sort&order=desc`;

/** BENCH_PROFILE=<dir>: V8 CPU profiles of the server process (node --cpu-prof), for Chrome DevTools or any .cpuprofile viewer. */
const PROFILE_DIR = process.env.BENCH_PROFILE;

type DialectResult = LoadResult & {
  dialect: string; setupSeconds: number; pages: number; serverCpuUs: number; floorCpuUs: number; floorP99: number; rssMb: number;
  cacheEntries: number; cacheMb: number; tokens: number; memory: ServerStats;
};

const benchDialect = async (dialect: 'sqlite' | 'postgres'): Promise<DialectResult> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-bench-list-'));
  const database = await freshDatabase(dialect, dir, process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
  const env = { DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'no-static'), LOG_LEVEL: 'warn', NODE_ENV: 'development', JWT_SECRET: randomBytes(48).toString('base64url') };
  const config: Config = { ...loadConfig(env, dir), database: database.target };
  let server: ServerProcess | null = null;
  try {
    // The fill runs here; the server is a process of its own started on the filled database,
    // so what it reports (RSS, CPU) is that of a server, not of the fill.
    const setupStart = performance.now();
    const matching = await prepareAdvertisements(config, ROWS);
    const setupSeconds = (performance.now() - setupStart) / 1000;
    server = await startServerProcess({ env, cwd: dir, database: database.target }, [...startFlags(), ...(PROFILE_DIR ? [`--cpu-prof`, `--cpu-prof-dir=${PROFILE_DIR}`] : [])]);
    const address = server.address;

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
    // CPU the server process spent per answered request (the load runs in a process of its own):
    // unlike req/s, it hardly depends on what else the machine is running.
    const before = await server.stats();
    const result = await loadInChild({ url: `${url}?pageNum=1&${LIST_QUERY}`, authorization, pages, connections: CONNECTIONS, duration: DURATION_S });
    const after = await server.stats();
    const cpu = cpuSpent(before, after);

    const floorUrl = await server.floor('sms_home_advertise');
    const floorBefore = await server.stats();
    const floorResult = await loadInChild({ url: `${floorUrl}?pageNum=1`, authorization, pages, connections: CONNECTIONS, duration: DURATION_S });
    const floorCpu = cpuSpent(floorBefore, await server.stats());
    if (floorResult.errors || floorResult.non2xx) throw new Error(`the floor answered errors: ${JSON.stringify(floorResult)}`);
    return {
      dialect, setupSeconds, pages, serverCpuUs: cpu / Math.max(result.total, 1), ...result,
      floorCpuUs: floorCpu / Math.max(floorResult.total, 1), floorP99: floorResult.p99, rssMb: after.rss / 1e6,
      cacheEntries: after.listCache.entries, cacheMb: after.listCache.bytes / 1e6, tokens: after.tokens, memory: after,
    };
  } finally {
    await server?.close();
    if (PROFILE_DIR) process.stdout.write(`CPU profile of the server process (list and floor loads): ${PROFILE_DIR}\n`);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** µs of CPU the server process spent between two of its stats. */
const cpuSpent = (before: ServerStats, after: ServerStats): number =>
  after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system;

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
  for (const r of results) {
    const m = r.memory.memory;
    process.stdout.write(`${r.dialect} server process after the list load: RSS ${mb(r.memory.rss)} MB (peak ${mb(r.memory.peakRss)}), `
      + `V8 heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)}), `
      + `${r.memory.db?.statements ?? 0} prepared statements, ${r.memory.db?.connections ?? 0} database connections\n`);
  }
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
