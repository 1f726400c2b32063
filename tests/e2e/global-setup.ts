// Browser tests run against the built admin served by the real server: build it once here
// unless a build newer than every source file already exists.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = join(import.meta.dirname, '..', '..');

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
};

export default async function setup(): Promise<void> {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing: apt-get install -y chromium (see .ci/run)');
  }
  const index = join(root, 'dist', 'index.html');
  const stale = !existsSync(index)
    || statSync(index).mtimeMs < Math.max(newestMtime(join(root, 'src')), statSync(join(root, 'index.html')).mtimeMs);
  if (stale) await build({ root, logLevel: 'warn' });
}
