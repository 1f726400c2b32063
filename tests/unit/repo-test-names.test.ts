// Protects: every test file is named `<prefix>-<topic>.test.ts(x)` in kebab-case, the prefix an area (a folder under server/areas or src/resources) or one of engine, shell, repo, demo, so a file's name says what it tests.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

const foldersOf = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * What a test file may start with: an area's name (both halves' folders, so a new area needs no edit
 * here), `engine` (the engines and shared plumbing: server/crud, http, db, auth, jobs, openapi,
 * src/engine, providers, i18n), `shell` (the admin shell: src/admin, layout, pages, the public pages),
 * `repo` (checks of the repository itself) and `demo` (the demo seed).
 */
const PREFIXES = [...new Set([...foldersOf('server/areas'), ...foldersOf('src/resources'), 'engine', 'shell', 'repo', 'demo'])];

const namePattern = (prefixes: readonly string[]): RegExp =>
  new RegExp(`^(?:${prefixes.join('|')})-[a-z0-9]+(?:-[a-z0-9]+)*\\.test\\.tsx?$`);

const testFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return testFiles(path);
  return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path).split(/[\\/]/).join('/')] : [];
});

/** The test files under `tests/` whose name breaks the rule. */
const misnamed = (files: readonly string[], prefixes: readonly string[]): string[] => {
  const pattern = namePattern(prefixes);
  return files.filter((file) => !pattern.test(file.slice(file.lastIndexOf('/') + 1)));
};

// Walked once while the file is collected (no test's time limit applies there).
const files = testFiles(join(root, 'tests'));

describe('test file names', () => {
  it('reads the areas from both halves', () => {
    expect(PREFIXES).toEqual(expect.arrayContaining(['oms', 'pms', 'ums', 'account', 'uploads', 'engine', 'shell', 'repo', 'demo']));
  });

  it('each names its area or mechanism in kebab-case', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(misnamed(files, PREFIXES)).toEqual([]);
  });

  it('refuses a name that breaks the rule', () => {
    const bad = [
      'tests/api/orders.test.ts', // no prefix
      'tests/ui/adminLayout.test.tsx', // camelCase, no prefix
      'tests/ui/shell-adminLayout.test.tsx', // camelCase topic
      'tests/api/marketing-flash.test.ts', // not an area's folder name
      'tests/unit/engine.test.ts', // a prefix without a topic
      'tests/unit/engine--lists.test.ts', // an empty word
      'tests/unit/engine_lists.test.ts', // snake_case
    ];
    const good = ['tests/api/oms-orders.test.ts', 'tests/ui/shell-layout.test.tsx', 'tests/unit/engine-i18n.test.ts', 'tests/unit/repo-area-files.test.ts'];
    expect(misnamed([...bad, ...good], PREFIXES)).toEqual(bad);
  });
});
