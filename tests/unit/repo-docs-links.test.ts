// Protects: the README and docs/ stay true to the tree: every relative link resolves, every code path they name exists, and the README stays a newcomer's five minutes (≤ 250 lines).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });

// Read once while the file is collected (no test's time limit applies there), not once per case:
// each case below only looks its document up.
const docs = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const textOf = new Map(docs.map((file) => [file, readFileSync(file, 'utf8')]));
const readme = textOf.get(join(root, 'README.md'))!;

/** Text outside fenced code blocks, where links and code spans are prose. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** `[text](target)` links that stay inside the repository (no scheme, no bare anchor). */
const relativeLinks = (text: string) =>
  [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));

// A code span naming a file or folder of the tree: it starts with one of the tree's top folders and
// holds no placeholder (`<area>`), glob or brace.
const TOP = /^(?:src|server|tests|bench|scripts|docs|\.ci)\/[\w.@/-]*$/;
const codePaths = (text: string) =>
  [...prose(text).matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!.trim().replace(/[.,:;]$/, ''))
    .filter((span) => TOP.test(span))
    // `path/file.ts:42` and `file.ts` with a symbol are cut to the path.
    .map((span) => span.replace(/:\d+$/, ''));

describe('README and docs', () => {
  it('README is at most 250 lines', () => {
    const lines = readme.split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });

  it.each(docs.map((file) => [relative(root, file), file]))('%s: every relative link resolves', (_name, file) => {
    const text = textOf.get(file)!;
    const broken = relativeLinks(text).filter((target) => !existsSync(join(dirname(file), decodeURI(target))));
    expect(broken).toEqual([]);
  });

  it.each(docs.map((file) => [relative(root, file), file]))('%s: every code path it names exists', (_name, file) => {
    const text = textOf.get(file)!;
    const missing = codePaths(text).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('the checks see links and code paths at all', () => {
    expect(relativeLinks(readme).length).toBeGreaterThan(3);
    expect(codePaths(readme).length).toBeGreaterThan(3);
    expect(codePaths('see `src/nowhere.ts` and `server/areas/<area>/index.ts`')).toEqual(['src/nowhere.ts']);
  });
});
