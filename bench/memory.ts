/**
 * `npm run bench:memory`: the server's memory under long mixed list load (the target:
 * RSS under 300 MB after 10 minutes on 1,000,000 rows, the caches bounded in count and
 * bytes). Per dialect (SQLite; PostgreSQL too when DATABASE_URL or TEST_DATABASE_URL names a
 * server; BENCH_DIALECTS=sqlite|postgres keeps one): BENCH_ROWS (1,000,000) advertisements filled
 * in this process, then the server as a process of its own (./serve.ts) on that database, and for
 * BENCH_MIXED_SECONDS (600) autocannon (BENCH_CONNECTIONS, 10) on advertisement lists drawn per
 * request from several hundred distinct lists (type, status, month of the start time, name
 * keyword; three sorts, both directions; page sizes 10/20/50; pages 1-200; an eighth of the lists
 * as often as all others) — more lists and more ids than the list cache may keep — while this
 * process writes every BENCH_WRITE_SECONDS (30): an
 * advertisement switched on or off, and every third time one created. Every BENCH_REPORT_SECONDS
 * (60) it prints the server process's RSS (VmRSS), its V8 heap, what its bounded caches hold (lists
 * kept and their bytes, remembered tokens, prepared statements, database connections) and the
 * load's req/s and latency. Verdicts: the largest RSS sampled < BENCH_RSS_LIMIT_MB (300) and the
 * list cache within its limits; `--check` exits 1 when one is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { LIST_CACHE_LIMITS } from '../server/crud/list-cache';
import { mb, prepareAdvertisements } from './advertisements';
import { loadInChild } from './load';
import type { ServerProcess, ServerStats } from './serve';
import { startServerProcess } from './serve';
import type { Dialect } from './setup';
import { benchDialects, freshDatabase, loadAverage, serverUrl } from './setup';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 600);
const REPORT_SECONDS = Number(process.env.BENCH_REPORT_SECONDS ?? 60);
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RSS_LIMIT_MB = Number(process.env.BENCH_RSS_LIMIT_MB ?? 300);
/** BENCH_SNAPSHOT=<dir>: a V8 heap snapshot of the server at the end of each dialect's run. */
const SNAPSHOT_DIR = process.env.BENCH_SNAPSHOT;

const LIST = '/api/home/advertise/list';
const MONTHS = Array.from({ length: 12 }, (_, m) => `2024-${String(m + 1).padStart(2, '0')}`);
const SORTS = ['sort', 'startTime', 'endTime'];

/**
 * The distinct lists of the mix. Every one is filtered (the unfiltered 1,000,000 ids are over what
 * a list may keep, so they would only measure COUNT + OFFSET): by type (about 500,000 ids, 2 MB
 * kept), type and status (250,000), a month of the start time (about 40,000), or a name keyword
 * (about 100). With three sorts in two directions that is several hundred lists against the
 * cache's 256 entries and 32 MB.
 */
const mixedPaths = (): string[] => {
  const hot: string[] = [];
  const filters: string[] = [];
  for (const type of ['0', '1']) {
    for (const status of ['', '0', '1']) {
      for (const month of ['', ...MONTHS]) {
        filters.push([`type=${type}`, status && `status=${status}`, month && `startTime=${month}`].filter(Boolean).join('&'));
      }
    }
  }
  for (let k = 0; k < 30; k += 1) filters.push(`name=${encodeURIComponent(`Advertisement ${1000 + k * 997}`)}`);
  const paths: string[] = [];
  let n = 0;
  for (const filter of filters) {
    for (const sort of SORTS) {
      for (const order of ['asc', 'desc']) {
        // Page and size vary with the list, so one path per list keeps the mix's size in check.
        const pageSize = [10, 20, 50][n % 3]!;
        for (const page of [1, 2 + (n % 20), 20 + ((n * 7) % 181)]) {
          const path = `${LIST}?pageNum=${page}&pageSize=${pageSize}&${filter}&sort=${sort}&order=${order}`;
          paths.push(path);
          if (n % 8 === 0) hot.push(path);
        }
        n += 1;
      }
    }
  }
  // As in a real back-office a few lists are most of the views: an eighth of them (about 80)
  // drawn as often as all the others together, the rest a long tail that keeps the cache evicting.
  const weight = Math.max(1, Math.round(paths.length / hot.length));
  return [...paths, ...Array.from({ length: weight }, () => hot).flat()];
};

type Sample = {
  at: number; stats: ServerStats; requestsPerSecond: number; p50: number; p99: number; total: number; errors: number; timeouts: number; writes: number; failedWrites: number;
};

const login = async (address: string): Promise<string> => {
  const answer = await fetch(`${address}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const envelope = (await answer.json()) as { code: number; data: { token: string; tokenHead: string } };
  if (envelope.code !== 200) throw new Error(`login failed: ${JSON.stringify(envelope)}`);
  return `${envelope.data.tokenHead}${envelope.data.token}`;
};

/** A checked request of the server's API. */
const call = async <T>(address: string, authorization: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const answer = await fetch(`${address}${path}`, {
    method, headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await answer.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(envelope).slice(0, 300)}`);
  return envelope.data;
};

/** Writes every WRITE_SECONDS until stopped: a status switched, every third time an advertisement created. */
const startWriter = (address: string, authorization: string) => {
  let writes = 0;
  let failed = 0;
  const write = async () => {
    const id = 1 + Math.floor(Math.random() * ROWS);
    if (writes % 3 === 2) {
      await call(address, authorization, 'POST', '/api/home/advertise/create', {
        name: `Bench advertisement ${writes}`, type: writes % 2, pic: '/uploads/bench.png', startTime: '2024-06-01T00:00:00.000Z',
        endTime: '2024-07-01T00:00:00.000Z', status: 1, url: 'https://example.com/bench', sort: writes % 1000,
      });
    } else {
      await call(address, authorization, 'POST', `/api/home/advertise/update/status/${id}?status=${writes % 2}`);
    }
    writes += 1;
  };
  // A write the loaded server does not answer in time is counted, not fatal: the run measures memory.
  const timer = setInterval(() => {
    write().catch((error: unknown) => {
      failed += 1;
      process.stderr.write(`write failed: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}\n`);
    });
  }, WRITE_SECONDS * 1000);
  return { count: () => writes, failed: () => failed, stop: () => clearInterval(timer) };
};

const line = (label: string, s: Sample | null, stats: ServerStats): string => {
  const m = stats.memory;
  return [
    label.padStart(6),
    `${mb(stats.rss).padStart(4)} MB RSS (peak ${mb(stats.peakRss)}; own ${mb(stats.rssAnon)}, files ${mb(stats.rssFile)})`,
    `heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB`,
    `lists kept ${stats.listCache.entries} (${(stats.listCache.bytes / 1e6).toFixed(1)} MB)`,
    `GC ${stats.gc.count} times, ${(stats.gc.ms / 1000).toFixed(1)} s`,
    `tokens ${stats.tokens}, statements ${stats.db?.statements ?? 0}, connections ${stats.db?.connections ?? 0}`,
    s ? `${s.requestsPerSecond.toFixed(0)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, ${s.total} requests, ${s.errors} errors (${s.timeouts} timeouts), ${s.writes} writes (${s.failedWrites} failed)` : '',
  ].join(' | ');
};

const benchDialect = async (dialect: Dialect): Promise<{ dialect: string; samples: Sample[]; start: ServerStats }> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-bench-memory-'));
  const database = await freshDatabase(dialect, dir, serverUrl());
  const env = { DATA_DIR: join(dir, 'data'), STATIC_DIR: join(dir, 'no-static'), LOG_LEVEL: 'warn', NODE_ENV: 'development', JOBS_ENABLED: 'false', JWT_SECRET: randomBytes(48).toString('base64url') };
  let server: ServerProcess | null = null;
  try {
    const setupStart = performance.now();
    const config = { ...loadConfig(env, dir), database: database.target };
    await prepareAdvertisements(config, ROWS);
    process.stdout.write(`${dialect}: ${ROWS} advertisements ready in ${((performance.now() - setupStart) / 1000).toFixed(0)} s; load average ${loadAverage()}\n`);
    server = await startServerProcess({ env, cwd: dir, database: database.target });
    const start = await server.stats();
    process.stdout.write(`${line('start', null, start)}\n`);
    const authorization = await login(server.address);
    const paths = mixedPaths();
    // The mix is what it says: the filters answer what they should before the clock starts.
    const january = await call<{ total: number }>(server.address, authorization, 'GET', `${LIST}?pageNum=1&pageSize=10&type=0&startTime=2024-01&sort=sort&order=desc`);
    if (january.total < ROWS / 40 || january.total > ROWS / 20) throw new Error(`type 0 in January: ${january.total} of ${ROWS}`);
    const writer = startWriter(server.address, authorization);
    const samples: Sample[] = [];
    try {
      for (let at = REPORT_SECONDS; at <= SECONDS; at += REPORT_SECONDS) {
        // A cold list of 500,000 ids takes SQLite seconds to sort while ten connections wait: a minute's grace, not autocannon's 10 s.
        const load = await loadInChild({ url: `${server.address}${LIST}`, authorization, paths, connections: CONNECTIONS, duration: REPORT_SECONDS, timeout: 60 });
        const sample: Sample = { at, stats: await server.stats(), ...load, writes: writer.count(), failedWrites: writer.failed() };
        samples.push(sample);
        process.stdout.write(`${line(at % 60 ? `${at} s` : `${at / 60} min`, sample, sample.stats)}\n`);
      }
    } finally {
      writer.stop();
    }
    if (SNAPSHOT_DIR) process.stdout.write(`heap snapshot of the server: ${await server.snapshot(SNAPSHOT_DIR)}\n`);
    return { dialect, samples, start };
  } finally {
    await server?.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async (): Promise<void> => {
  process.stdout.write(`Mixed list load: ${ROWS} advertisements, ${CONNECTIONS} connections, ${SECONDS} s per dialect, `
    + `a write every ${WRITE_SECONDS} s, ${new Set(mixedPaths()).size} distinct requests; load average ${loadAverage()}\n`);
  const verdicts: { what: string; met: boolean }[] = [];
  let failed = false;
  for (const dialect of benchDialects()) {
    const { samples } = await benchDialect(dialect);
    const largest = Math.max(...samples.map((s) => s.stats.rss));
    const last = samples[samples.length - 1]!.stats;
    failed ||= samples.some((s) => s.errors > 0);
    process.stdout.write(`${dialect}: largest RSS sampled ${mb(largest)} MB, after the run ${mb(last.rss)} MB, peak (VmHWM) ${mb(last.peakRss)} MB; load average ${loadAverage()}\n\n`);
    verdicts.push({ what: `${dialect}: RSS < ${RSS_LIMIT_MB} MB`, met: largest < RSS_LIMIT_MB * 1e6 });
    verdicts.push({
      what: `${dialect}: list cache within ${LIST_CACHE_LIMITS.entries} lists and ${LIST_CACHE_LIMITS.bytes / 1024 / 1024} MB`,
      met: samples.every((s) => s.stats.listCache.entries <= LIST_CACHE_LIMITS.entries && s.stats.listCache.bytes <= LIST_CACHE_LIMITS.bytes),
    });
  }
  for (const v of verdicts) process.stdout.write(`${v.what}: ${v.met ? 'met' : 'MISSED'}\n`);
  if (failed || (process.argv.includes('--check') && verdicts.some((v) => !v.met))) process.exitCode = 1;
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
