// Protects: tests take demo passwords and client addresses from tests/helpers/accounts.ts, so none restates a password or hand-picks an address.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/accounts';

const root = join(import.meta.dirname, '..', '..');

const sourceFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return sourceFiles(path);
  return /\.tsx?$/.test(entry.name) ? [path] : [];
});

const files = sourceFiles(join(root, 'tests')).map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('test fixtures come from one helper', () => {
  it('no test file spells a demo password', () => {
    const passwords = [...new Set(Object.values(DEMO).map((account) => account.password))];
    const quoted = new RegExp(passwords.map((p) => `['"\`]${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`).join('|'));
    expect(files.filter((f) => quoted.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  // The loopback address is where the test server listens; the UI tests' audit rows and the config
  // tests' TRUST_PROXY values are data on screen or settings, not clients that sign in.
  it('no api or browser test picks a client address by hand (freshIp gives one)', () => {
    const address = /\b(?!127\.0\.0\.1\b)\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/;
    const picked = files.filter((f) => /^tests[\\/](api|e2e|helpers)[\\/]/.test(f.name) && address.test(f.text)).map((f) => f.name);
    expect(picked).toEqual([]);
  });
});
