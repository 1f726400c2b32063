// Protects: every test file starts with a one-line `// Protects: <what>` header, so a failing test says what broke.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

const testFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return testFiles(path);
  return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
});

/** Says what the file protects in words: at least a few of them after the colon. */
const HEADER = /^\/\/ Protects: \S.{20,}$/;

// Read once while the file is collected (no test's time limit applies there): the first line of each.
const files = testFiles(join(root, 'tests'));
const firstLines = new Map(files.map((file) => [file, readFileSync(file, 'utf8').split('\n', 1)[0] ?? '']));

describe('test file headers', () => {
  it('finds the test files of every project', () => {
    const tiers = new Set(files.map((f) => relative(join(root, 'tests'), f).split(/[\\/]/)[0]));
    expect([...tiers].sort()).toEqual(['api', 'e2e', 'ui', 'unit']);
  });

  it('each begins with a `// Protects:` line', () => {
    const missing = files
      .filter((file) => !HEADER.test(firstLines.get(file)!))
      .map((file) => relative(root, file));
    expect(missing).toEqual([]);
  });
});
