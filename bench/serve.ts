/**
 * The server under test, as its own process: the benches fill a database in their own process
 * (migrations, seed, generated rows), close it, then fork this file, so the memory and CPU they
 * read are those of a process that only serves — not the fill's garbage, the seed or the load
 * generator. Like `npm start` it runs under tsx (the parent forks it with `--import tsx`).
 *
 * `startServerProcess(spec)` forks it; over the IPC channel the parent asks for `stats` (memory,
 * CPU used so far, what the bounded caches hold) and for a `floor` (./floor.ts on the same
 * database, in this same process, so its CPU is read the same way).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { buildApp } from '../server/app';
import { createReadGate } from '../server/http/read-gate';
import { verifiedTokenCount } from '../server/auth/tokens';
import type { DatabaseTarget } from '../server/config';
import { loadConfig } from '../server/config';
import { ensureDeclaredIndexes } from '../server/crud/indexes';
import { listCacheStats } from '../server/crud/list-cache';
import type { AnyKysely } from '../server/db/index';
import { createDb, dbCacheStats } from '../server/db/index';
import { entityList } from '../src/schema/entities';
import { startFloor } from './floor';

export type ServeSpec = {
  /** Settings as the server reads them from the environment (DATA_DIR, JWT_SECRET, LOG_LEVEL, ...). */
  env: Record<string, string>;
  cwd: string;
  database: DatabaseTarget;
};

export type ServerStats = {
  /** process.memoryUsage() of the server, bytes. */
  memory: NodeJS.MemoryUsage;
  /** VmRSS, VmHWM (peak RSS), RssAnon (the process's own memory) and RssFile (mapped files: the node binary, libraries) from /proc/self/status, bytes (0 where /proc is missing). */
  rss: number; peakRss: number; rssAnon: number; rssFile: number;
  /** process.cpuUsage() of the server since it started, µs. */
  cpu: NodeJS.CpuUsage;
  /**
   * Garbage collections so far and the milliseconds they took (PerformanceObserver 'gc'); `major`:
   * the full (mark-compact) ones; `longestMs`: the longest pause since the last stats.
   */
  gc: { count: number; ms: number; major: number; longestMs: number };
  /** The event loop's delay since the last stats (perf_hooks' histogram, ms): what every request waited beyond its own work at worst. */
  loopDelay: { p99: number; max: number };
  /** V8's heap spaces (new, old, code, large objects...): bytes reserved and used. */
  heapSpaces: { name: string; size: number; used: number }[];
  listCache: { entries: number; bytes: number };
  tokens: number;
  db: ReturnType<typeof dbCacheStats>;
};

/**
 * `call`: runs `name`, exported by the module at `module` (a file URL), with the server's database
 * and `args`, inside the server process: what a storefront module of the same app would write
 * (bench:live's new orders and payments, which mall's admin has no route for).
 */
type Question = { type: 'stats' } | { type: 'floor'; table: string } | { type: 'gc' } | { type: 'snapshot'; dir: string }
  | { type: 'call'; module: string; name: string; args: unknown[] };
type Request = Question & { id: number };
type Reply = { id: number; value?: unknown; error?: string };

const procStatus = (): { rss: number; peakRss: number; rssAnon: number; rssFile: number } => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile') };
  } catch {
    return { rss: 0, peakRss: 0, rssAnon: 0, rssFile: 0 };
  }
};

const serve = async (spec: ServeSpec): Promise<void> => {
  const gc = { count: 0, ms: 0, major: 0, longestMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.ms += entry.duration;
      gc.longestMs = Math.max(gc.longestMs, entry.duration);
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const config = { ...loadConfig(spec.env, spec.cwd), database: spec.database };
  const db = createDb(config, { backgroundCheckpoints: true });
  // As server/main.ts: the declared indexes before listening (on a million rows, past Fastify's ready timeout).
  const started = performance.now();
  const indexes = await ensureDeclaredIndexes(db as unknown as AnyKysely, entityList);
  if (indexes.created.length) process.stderr.write(`bench server: ${indexes.created.length} declared indexes made in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  // One read gate for the server and the floor beside it (./floor.ts): a bare read waits at the same door.
  const readGate = createReadGate(config.readConcurrency);
  const app = buildApp(config, { db, readGate });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const floors: { close: () => Promise<void> }[] = [];
  const modules = new Map<string, Promise<Record<string, unknown>>>();
  const answer = async (request: Request): Promise<unknown> => {
    if (request.type === 'floor') {
      const floor = await startFloor(db, config.jwtSecret, request.table, readGate);
      floors.push(floor);
      return floor.url;
    }
    if (request.type === 'snapshot') return writeHeapSnapshot(join(request.dir, `server-${process.pid}-${Date.now()}.heapsnapshot`));
    if (request.type === 'call') {
      // Imported once: each import() went through tsx's loader hooks, a thread hop per call, which
      // a storefront module of the app (imported statically) would not pay on each write.
      let loaded = modules.get(request.module);
      if (!loaded) {
        loaded = import(request.module) as Promise<Record<string, unknown>>;
        modules.set(request.module, loaded);
      }
      const run = (await loaded)[request.name];
      if (typeof run !== 'function') throw new Error(`${request.module} exports no function ${request.name}`);
      return (run as (db: AnyKysely, ...args: unknown[]) => Promise<unknown>)(db as unknown as AnyKysely, ...request.args);
    }
    if (request.type === 'gc') {
      (globalThis as { gc?: () => void }).gc?.();
      return null;
    }
    const since = { gc: { ...gc }, loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } };
    gc.longestMs = 0;
    loop.reset();
    return {
      memory: process.memoryUsage(), ...procStatus(), cpu: process.cpuUsage(), ...since,
      heapSpaces: getHeapSpaceStatistics().map((space) => ({ name: space.space_name, size: space.space_size, used: space.space_used_size })),
      listCache: listCacheStats(db as unknown as AnyKysely), tokens: verifiedTokenCount(), db: dbCacheStats(db),
    } satisfies ServerStats;
  };
  process.on('message', (request: Request) => {
    answer(request).then(
      (value) => process.send!({ id: request.id, value } satisfies Reply),
      (error: unknown) => process.send!({ id: request.id, error: String(error) } satisfies Reply),
    );
  });
  // The parent going away (or asking us to stop) ends the server cleanly.
  process.once('disconnect', () => {
    Promise.all(floors.map((f) => f.close())).then(() => app.close()).then(() => db.destroy()).finally(() => process.exit(0));
  });
  process.send!({ id: 0, value: address } satisfies Reply);
};

export type ServerProcess = {
  address: string; pid: number;
  stats: () => Promise<ServerStats>;
  /** Starts ./floor.ts on the server's database inside the server process; its URL. */
  floor: (table: string) => Promise<string>;
  /** A full garbage collection in the server (when it runs with --expose-gc), to read what it keeps rather than what it has not collected yet. */
  gc: () => Promise<void>;
  /** A V8 heap snapshot of the server written into `dir` (for Chrome DevTools' Memory tab); its path. */
  snapshot: (dir: string) => Promise<string>;
  /** `name` of the module at `module` (a file URL) run in the server with its database and `args`; its answer. */
  call: <T>(module: string, name: string, ...args: unknown[]) => Promise<T>;
  close: () => Promise<void>;
};

/**
 * The node flags `npm start` gives the server (package.json's `start`: its heap limit), so the
 * server the benches measure is the one a shop runs.
 */
export const startFlags = (): string[] => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => /^--max-(old|semi)-space-size=\d+$/.test(word));
};

/** Server settings a bench run takes from its own environment, to compare one setting's values on the same data (`READ_CONCURRENCY=0`: no read gate). */
const PASSED_SETTINGS = ['READ_CONCURRENCY'] as const;

/** `nodeOptions`: node flags for the server; by default those of `npm start` (`startFlags`). */
export const startServerProcess = (spec: ServeSpec, nodeOptions: string[] = startFlags()): Promise<ServerProcess> => new Promise((ok, fail) => {
  const passed = Object.fromEntries(PASSED_SETTINGS.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify({ ...spec, env: { ...spec.env, ...passed } })], {
    execArgv: ['--import', 'tsx', ...nodeOptions], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, { ok: (value: unknown) => void; fail: (error: Error) => void }>();
  const ask = <T>(request: Question): Promise<T> => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { ok: resolve as (value: unknown) => void, fail: reject });
    child.send({ ...request, id });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', fail);
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.fail(new Error(`server process exited with ${code}`));
    fail(new Error(`server process exited with ${code} before listening`));
  });
  child.on('message', (reply: Reply) => {
    if (reply.id === 0) {
      ok({
        address: reply.value as string, pid: child.pid!,
        stats: () => ask<ServerStats>({ type: 'stats' }),
        floor: (table) => ask<string>({ type: 'floor', table }),
        gc: () => ask<void>({ type: 'gc' }),
        snapshot: (dir) => ask<string>({ type: 'snapshot', dir }),
        call: <T>(module: string, name: string, ...args: unknown[]) => ask<T>({ type: 'call', module, name, args }),
        close: async () => {
          if (child.connected) child.disconnect();
          await exited;
        },
      });
      return;
    }
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) w?.fail(new Error(reply.error));
    else w?.ok(reply.value);
  });
});

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0 && fileURLToPath(import.meta.url) === process.argv[1]) {
  serve(JSON.parse(process.argv[serveIndex + 1]!) as ServeSpec).catch((error: unknown) => {
    process.stderr.write(`bench server failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exit(1);
  });
}
