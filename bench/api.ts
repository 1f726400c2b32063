/**
 * `npm run bench:api`: a real server (child process, temp data dir, SQLite, production mode),
 * signed in as the admin, then autocannon on `GET /api/admin/info` with the token for 10 s over
 * 10 connections. Every request does the full authenticated path: JWT check, session row,
 * roles and menus queries. Prints requests/s and p50/p99 latency, then stops everything.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;

// autocannon ships no types; a narrow local type for the part used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench-password-1';

const freePort = (): Promise<number> => new Promise((res, rej) => {
  const server = createServer();
  server.once('error', rej);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server.close(() => res(port));
  });
});

const waitForHealth = async (base: string, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
};

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-bench-'));
  const staticDir = join(dir, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  const server = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts', '--no-build'], {
    cwd: root,
    detached: true, // own process group: stopping it stops tsx's node child too
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), STATIC_DIR: staticDir,
      DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD,
    },
  });
  const stop = async () => {
    if (server.exitCode !== null || server.pid === undefined) return;
    const exited = new Promise((r) => server.once('exit', r));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) {
      try { process.kill(-server.pid, 'SIGKILL'); } catch { /* gone */ }
    }
  };

  try {
    await waitForHealth(base, 60_000);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const envelope = (await login.json()) as { code: number; data: { token: string; tokenHead: string } };
    if (envelope.code !== 200) throw new Error(`login failed: ${JSON.stringify(envelope)}`);
    const authorization = `${envelope.data.tokenHead}${envelope.data.token}`;

    process.stdout.write(`autocannon GET /api/admin/info: ${CONNECTIONS} connections, ${DURATION_S} s (SQLite, NODE_ENV=production)\n`);
    const result = await autocannon({ url: `${base}/api/admin/info`, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization } });
    process.stdout.write([
      `requests/s (average): ${result.requests.average.toFixed(0)}`,
      `latency p50: ${result.latency.p50} ms`,
      `latency p99: ${result.latency.p99} ms`,
      `requests total: ${result.requests.total}; non-2xx: ${result.non2xx}; errors: ${result.errors}; timeouts: ${result.timeouts}`,
    ].join('\n') + '\n');
    if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
