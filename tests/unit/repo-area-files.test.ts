// Protects: docs/guide/areas.md names every file a new area touches, and a new area edits at most three shared ones.
/**
 * A throwaway fixture area (a folder on each half and in src/schema, with its declarations,
 * messages, menu, resources, a migration and a demo seed in its server folder, and its route
 * table under tests/api/routes; none of them registered) is checked against every table of the
 * tree that lists each area: a module importing the parts of several areas (a registry), or keyed
 * by most routes or most entity names (menu titles, translations, a permission table). The fixture
 * is in none of them, so it would need each; the test fails when the guide does not name one as a
 * shared edit, or names more than three. A new table of areas therefore fails here until it is
 * either derived from the list of areas or named (and counted) in the guide.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/schema/entities';
import { ALL_ROUTES } from '../../src/schema/routes';

const root = join(import.meta.dirname, '..', '..');

/** Most shared files a new area may have to edit. */
const MAX_SHARED_EDITS = 3;

const dirsOf = (dir: string): string[] => readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());
const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The throwaway fixture area: the names a new area brings, registered nowhere. */
const FIXTURE = {
  folder: 'fxkite', entity: 'fxKite', route: 'fxKite',
  own: [
    'server/areas/fxkite/index.ts', 'server/areas/fxkite/500_fxkite.ts', 'server/areas/fxkite/demo-kites.ts',
    'src/resources/fxkite/index.ts', 'src/resources/fxkite/strings.ts',
    'src/schema/fxkite/index.ts', 'src/schema/fxkite/entities.ts', 'src/schema/fxkite/messages.ts',
    'src/schema/fxkite/menu.ts', 'src/schema/fxkite/resources.ts',
    'tests/api/routes/fxkite.ts',
  ],
} as const;

const SERVER_AREAS = dirsOf('server/areas');
const BROWSER_AREAS = dirsOf('src/resources');
const SCHEMA_AREAS = dirsOf('src/schema').filter((name) => name !== 'engine');

/** Which area's part a resolved module path is (its server, browser or declaration folder), or null. */
const areaPartOf = (path: string): string | null => {
  for (const [prefix, areas] of [['server/areas', SERVER_AREAS], ['src/resources', BROWSER_AREAS], ['src/schema', SCHEMA_AREAS]] as const) {
    const match = path.match(new RegExp(`^${prefix}/([\\w-]+)(/|$)`));
    if (match && areas.includes(match[1]!)) return `${prefix}/${match[1]}`;
  }
  return null;
};

/** An area's own file: in its folder on either half, its declarations, or its route table. */
const isAreaOwn = (file: string): boolean => areaPartOf(file) !== null && /\/[\w-]+\//.test(file.replace(/^(server\/areas|src\/resources|src\/schema)/, ''))
  || /^tests\/api\/routes\/(?!index|access)[\w-]+\.ts$/.test(file);

/** A module that imports the parts of this many areas is a registry every area joins. */
const REGISTRY_IMPORTS = 3;
/** A module keyed by this share of the routes (or entities) is a table every area's names join. */
const KEYED_SHARE = 0.6;

const keyedShare = (text: string, names: readonly string[]): number =>
  names.filter((name) => new RegExp(`(^|[\\s{,(])['"]?${name}['"]?\\s*:`, 'm').test(text)).length / names.length;

/** Every table of areas in the tree, with why it is one; read once while the file is collected. */
const TABLES = ((): Map<string, string> => {
  const routes = ALL_ROUTES.map((route) => route.name);
  const entities = Object.keys(ENTITIES);
  const tables = new Map<string, string>();
  for (const file of ['src', 'server', 'scripts', 'tests'].flatMap(sourceFiles)) {
    const text = readFileSync(join(root, file), 'utf8');
    if (isAreaOwn(file)) continue;
    if (!file.startsWith('tests/')) {
      const parts = new Set([...text.matchAll(/from '(\.[^']+)'/g)]
        .map((m) => areaPartOf(relative(root, resolve(root, dirname(file), m[1]!))))
        .filter((part): part is string => part !== null));
      if (parts.size >= REGISTRY_IMPORTS) tables.set(file, `imports ${parts.size} areas' parts`);
    }
    if (keyedShare(text, routes) >= KEYED_SHARE) tables.set(file, 'keyed by most routes');
    else if (keyedShare(text, entities) >= KEYED_SHARE) tables.set(file, 'keyed by most entities');
  }
  return tables;
})();

const guide = readFileSync(join(root, 'docs/guide/areas.md'), 'utf8');
const block = guide.match(/<!-- area-files -->([\s\S]*?)<!-- \/area-files -->/)?.[1] ?? '';
/** The part of the list between two of its headings. */
const section = (from: string, to: string | null): string => {
  const start = block.indexOf(from);
  const end = to === null ? block.length : block.indexOf(to, start);
  return start < 0 || end < 0 ? '' : block.slice(start, end);
};
const pathsIn = (text: string): string[] => [...text.matchAll(/`([^`\s]+\/[^`\s]+\.tsx?)`/g)].map((m) => m[1]!);
const SHARED_EVERY = pathsIn(section('Shared files every new area edits', 'Shared files only some areas edit'));
const SHARED_SOME = pathsIn(section('Shared files only some areas edit', null));
const NAMED = pathsIn(block);
/** An entry as a pattern: `<area>` (any placeholder) stands for a name. */
const patternOf = (entry: string): RegExp =>
  new RegExp(`^${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[\w-]+>/g, '[\\w-]+')}$`);
const namedAs = (file: string): boolean => NAMED.some((entry) => entry === file || (entry.includes('<') && patternOf(entry).test(file)));
const TREE = ['src', 'server', 'scripts', 'tests'].flatMap(sourceFiles);

describe('the files a new area touches (docs/guide/areas.md)', () => {
  it('the guide has its list, with the shared files every area edits apart', () => {
    expect(NAMED.length).toBeGreaterThan(10);
    expect(SHARED_EVERY.length).toBeGreaterThan(0);
  });

  it(`a new area edits at most ${MAX_SHARED_EDITS} shared files`, () => {
    expect(SHARED_EVERY.length, SHARED_EVERY.join(', ')).toBeLessThanOrEqual(MAX_SHARED_EDITS);
  });

  it('the fixture area would join every table of areas, and the guide names each as a shared edit', () => {
    // The detection finds the registries it must: a blind scan would pass anything.
    for (const known of ['server/areas/index.ts', 'src/resources/index.ts', 'src/schema/areas.ts']) {
      expect(TABLES.has(known), `${known} should be found as a table of areas`).toBe(true);
    }
    for (const [file] of TABLES) {
      const text = readFileSync(join(root, file), 'utf8');
      // The fixture is registered nowhere: each table lacks it, so the new area needs that file.
      expect(text.includes(FIXTURE.entity) || text.includes(FIXTURE.folder)).toBe(false);
    }
    const unnamed = [...TABLES].filter(([file]) => !SHARED_EVERY.includes(file)).map(([file, why]) => `${file} (${why})`);
    expect(unnamed, 'files every new area must edit that the guide does not list as such').toEqual([]);
  });

  it('the fixture area\'s own files are covered by the guide\'s patterns', () => {
    for (const own of FIXTURE.own) expect(namedAs(own), own).toBe(true);
  });

  it('every file the guide names exists (a pattern: at least one area has it)', () => {
    const missing = NAMED.filter((entry) => (entry.includes('<') ? !TREE.some((file) => patternOf(entry).test(file)) : !existsSync(join(root, entry))));
    expect(missing).toEqual([]);
  });

  it('the optional shared edits are not tables every area joins', () => {
    expect(SHARED_SOME.filter((file) => TABLES.has(file) && !SHARED_EVERY.includes(file))).toEqual([]);
  });
});
