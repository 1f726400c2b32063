/**
 * `npm run dev`: the API server with reload (`tsx watch server/main.ts --demo`) on API_PORT
 * (default 8080) plus Vite's dev server, which proxies /api to it (vite.config.ts). Both run in
 * their own process groups and are stopped together: Ctrl-C, or either one exiting, ends both.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8080';
const env = { ...process.env, API_PORT: apiPort, PORT: apiPort };

const children: ChildProcess[] = [];
const start = (label: string, command: string, args: string[]): ChildProcess => {
  // detached: its own process group, so stopping it also stops what it started (tsx watch's node).
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: true });
  child.on('exit', (code, signal) => {
    process.stdout.write(`[dev] ${label} exited (${signal ?? code}); stopping everything\n`);
    stopAll(code ?? 1);
  });
  children.push(child);
  return child;
};

let stopping = false;
const stopAll = (exitCode: number): void => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  // Give the server its graceful shutdown, then make sure nothing is left behind.
  setTimeout(() => {
    for (const child of children) {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    process.exit(exitCode);
  }, 3000).unref();
};

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('exit', () => {
  for (const child of children) if (child.pid !== undefined && child.exitCode === null) {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
});

process.stdout.write(`[dev] API on http://localhost:${apiPort}/api, admin with hot reload from Vite (proxying /api)\n`);
start('server', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts', '--demo', '--no-build']);
start('vite', bin('vite'), []);
