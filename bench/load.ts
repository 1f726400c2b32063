/**
 * The load generator of the benches: autocannon in a child process, so the server under test
 * keeps its own thread (and its CPU time can be read apart). `loadInChild(spec)` runs this file
 * with `--load` and writes the spec to its stdin (a long list of paths is over what a command
 * line may hold); it prints one JSON line that the parent parses.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export type LoadSpec = {
  /** Full URL of the request (path and query included). */
  url: string;
  authorization: string;
  connections: number;
  duration: number;
  /** When set, every request asks for `pageNum` drawn from 1..pages, so no page stays hot. */
  pages?: number;
  /** When set, every request asks for one of these paths (with query), drawn at random: filters that vary. */
  paths?: string[];
  /** Seconds a request may take before it counts as a timeout (autocannon's default: 10). */
  timeout?: number;
};

export type LoadResult = {
  requestsPerSecond: number; p50: number; p99: number; total: number; errors: number; timeouts: number; non2xx: number;
};

type AutocannonRequest = { method?: string; path?: string };
type AutocannonResult = {
  requests: { average: number; total: number }; latency: { p50: number; p99: number };
  errors: number; timeouts: number; non2xx: number;
};
// autocannon ships no types; a narrow local type for the part used here.
type Autocannon = (options: {
  url: string; connections: number; duration: number; headers: Record<string, string>; timeout?: number;
  requests?: { method: string; setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;

const runLoad = async (spec: LoadSpec): Promise<void> => {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const target = new URL(spec.url);
  const paged = (page: number) => {
    const query = new URLSearchParams(target.search);
    query.set('pageNum', String(page));
    return `${target.pathname}?${query.toString()}`;
  };
  const result = await autocannon({
    url: spec.pages || spec.paths ? target.origin : spec.url, connections: spec.connections, duration: spec.duration,
    headers: { authorization: spec.authorization }, ...(spec.timeout ? { timeout: spec.timeout } : {}),
    ...(spec.paths ? {
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: spec.paths![Math.floor(Math.random() * spec.paths!.length)] }) }],
    } : spec.pages ? {
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paged(1 + Math.floor(Math.random() * spec.pages!)) }) }],
    } : {}),
  });
  const out: LoadResult = {
    requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    total: result.requests.total, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
};

/**
 * Runs `script` again in a child process with `flag`, hands it `spec` on stdin and answers the JSON
 * of its last output line: a measuring client that does not share the server's process and core time.
 */
export const jsonChild = <T>(script: string, flag: string, spec: unknown, what: string): Promise<T> => new Promise((ok, fail) => {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const child = spawn(tsx, [fileURLToPath(script), flag], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(spec));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.once('error', fail);
  child.once('exit', (code) => {
    const line = output.trim().split('\n').pop() ?? '';
    if (code !== 0 || !line.startsWith('{')) fail(new Error(`${what} exited with ${code}: ${output}`));
    else ok(JSON.parse(line) as T);
  });
});

export const loadInChild = (spec: LoadSpec): Promise<LoadResult> => jsonChild<LoadResult>(import.meta.url, '--load', spec, 'load generator');

const loadIndex = process.argv.indexOf('--load');
if (loadIndex >= 0 && fileURLToPath(import.meta.url) === process.argv[1]) {
  const chunks: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
  process.stdin.once('end', () => runLoad(JSON.parse(Buffer.concat(chunks).toString()) as LoadSpec).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  }));
}

/** Seconds of unmeasured load before a bench's first measured one (BENCH_WARM_UP; 0 skips it). */
export const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 5);

/**
 * Load that is not measured, before the first load that is: a freshly started server compiles
 * its hot paths (V8's JIT) and opens its pool's connections under the first load, which the
 * first measured figure of a bench otherwise paid alone (the catalog's keyword row, measured
 * first, showed 1.5× the CPU of the same kind of list measured later).
 */
export const warmUp = async (spec: Omit<LoadSpec, 'duration'>): Promise<void> => {
  if (WARM_UP_S > 0) await loadInChild({ ...spec, duration: WARM_UP_S });
};


/**
 * CPU seconds used so far by the machine's PostgreSQL processes (their backends answer this
 * server's pool), from /proc; null where there is no /proc or no PostgreSQL (SQLite runs inside
 * the server's own process, whose CPU is already counted). A backend that exits during a load
 * takes its time with it: the pool keeps its connections open, so under load none does.
 */
const databaseCpuSeconds = (): number | null => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      // After the command: state, then fields 4..; utime and stime are fields 14 and 15.
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? ticks / CLOCK_TICKS : null;
};
// USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK).
const CLOCK_TICKS = 100;

export type MeasuredLoad = { load: LoadResult; cpuUs: number; dbCpuUs: number | null };

/**
 * A load with the CPU it cost per request: this process's (the server under test runs in it), or
 * the server process's (`serverCpuUs`: its CPU used so far, µs), and, on PostgreSQL, the
 * database's (`dialect` says whether to read it; 10 ms resolution).
 */
export const measuredLoad = async (spec: LoadSpec, dialect: 'sqlite' | 'postgres', serverCpuUs?: () => Promise<number>): Promise<MeasuredLoad> => {
  const ownCpu = async () => {
    const cpu = process.cpuUsage();
    return cpu.user + cpu.system;
  };
  const cpuOf = serverCpuUs ?? ownCpu;
  const dbBefore = dialect === 'postgres' ? databaseCpuSeconds() : null;
  const before = await cpuOf();
  const load = await loadInChild(spec);
  const cpu = (await cpuOf()) - before;
  const dbAfter = dbBefore === null ? null : databaseCpuSeconds();
  const requests = Math.max(load.total, 1);
  return {
    load,
    cpuUs: cpu / requests,
    dbCpuUs: dbBefore === null || dbAfter === null ? null : ((dbAfter - dbBefore) * 1e6) / requests,
  };
};

/** The database CPU column of a bench table: empty on SQLite, and when a backend ended mid-load (its time left with it). */
export const dbCpu = (measured: MeasuredLoad): string => (measured.dbCpuUs === null || measured.dbCpuUs < 0 ? '' : measured.dbCpuUs.toFixed(0));
