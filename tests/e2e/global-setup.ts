// Browser tests run against the built admin served by the real server: build it once here
// unless a build newer than every source file already exists.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { removeSeededDataDirs } from './harness';

const root = join(import.meta.dirname, '..', '..');

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
};

/**
 * Builds the admin when stale; under vitest, the returned teardown removes the seeded data folders
 * the run's servers were copied from (./harness.ts), and setup those of runs that died.
 */
export default async function setup(): Promise<() => void> {
  removeSeededDataDirs(String(process.pid));
  await buildWhenStale();
  return () => removeSeededDataDirs(String(process.pid));
}

const buildWhenStale = async (): Promise<void> => {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing: apt-get install -y chromium (see .ci/run)');
  }
  const index = join(root, 'dist', 'index.html');
  const stale = !existsSync(index)
    || statSync(index).mtimeMs < Math.max(newestMtime(join(root, 'src')), statSync(join(root, 'index.html')).mtimeMs);
  if (!stale) return;
  // The production build `npm run build` makes: vitest sets NODE_ENV=test, and Vite then bundles
  // React's development build (3x slower to render a 100-row list, so bench:render measured it).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
};
