// Protects: docs/guide/areas.md's list of the files a new area touches stays true. A throwaway
// fixture area (a folder on each half, a declaration module with one entity, its messages, menu
// titles and permission resources, a route, a migration and a demo seed in its server folder, none
// of them registered) is checked against every table of the tree that lists each area: a module
// importing the parts of several areas (a registry), or keyed by every route or by every entity
// name (menu titles, translations, the permission matrix). The fixture is in
// none of them, so it would need each; the test fails when the guide does not name one. A new
// table of areas therefore fails here until the guide names it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/schema/entities';
import { ALL_ROUTES } from '../../src/schema/routes';

const root = join(import.meta.dirname, '..', '..');

const dirsOf = (dir: string): string[] => readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());
const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The throwaway fixture area: the names a new area brings, registered nowhere. */
const FIXTURE = {
  folder: 'fxkite', declaration: 'src/schema/fxkite.ts', entity: 'fxKite', route: 'fxKite',
  migration: 'server/db/migrations/999_fxkite.ts', demo: 'server/areas/fxkite/demo-kites.ts',
  texts: ['src/schema/fxkiteMessages.ts', 'src/schema/fxkiteMenu.ts', 'src/schema/fxkiteResources.ts'],
} as const;

/** An area's tables of texts beside its declarations: messages, menu titles, permission resources. */
const TEXT_TABLE = /^src\/schema\/[a-z]\w*(Messages|Menu|Resources)(\.ts)?$/;

const SERVER_AREAS = dirsOf('server/areas');
const BROWSER_AREAS = dirsOf('src/resources');
/** The declaration modules of the areas' entities. */
const DECLARATIONS = readdirSync(join(root, 'src/schema'))
  .filter((name) => name !== 'entity.ts' && /\.ts$/.test(name) && readFileSync(join(root, 'src/schema', name), 'utf8').includes('defineEntity('))
  .map((name) => `src/schema/${name}`);

/** Which area part a resolved module path is (server or browser folder, declaration, table of texts, migration, demo seed), or null. */
const areaPartOf = (path: string): string | null => {
  const server = path.match(/^server\/areas\/(\w+)(\/|$)/);
  if (server && SERVER_AREAS.includes(server[1]!)) return `server:${server[1]}`;
  const browser = path.match(/^src\/resources\/(\w+)(\/|$)/);
  if (browser && BROWSER_AREAS.includes(browser[1]!)) return `browser:${browser[1]}`;
  if (DECLARATIONS.includes(`${path}.ts`)) return `declaration:${path}`;
  if (TEXT_TABLE.test(path)) return `texts:${path}`;
  if (/^server\/db\/migrations\/\d+_\w+$/.test(path)) return `migration:${path}`;
  if (/^server\/db\/seed\/demo-[\w-]+$/.test(path)) return `demo:${path}`;
  return null;
};

/** The files outside every area's own folders, where a table of areas would live. */
const isAreaOwn = (file: string): boolean =>
  /^server\/areas\/\w+\//.test(file) || /^src\/resources\/\w+\//.test(file) || DECLARATIONS.includes(file)
  || /^server\/db\/migrations\/\d+_/.test(file) || /^server\/db\/seed\/demo-/.test(file);

/** A module that imports the parts of this many areas is a registry every area joins. */
const REGISTRY_IMPORTS = 3;
/** A module keyed by this share of the routes (or entities) is a table every area's names join. */
const KEYED_SHARE = 0.6;

const keyedShare = (text: string, names: readonly string[]): number =>
  names.filter((name) => new RegExp(`(^|[\\s{,(])['"]?${name}['"]?\\s*:`, 'm').test(text)).length / names.length;

/** Every table of areas in the tree, with why it is one. */
const tablesOfAreas = (): Map<string, string> => {
  const routes = ALL_ROUTES.map((route) => route.name);
  const entities = Object.keys(ENTITIES);
  const tables = new Map<string, string>();
  for (const file of ['src', 'server', 'scripts', 'tests'].flatMap(sourceFiles)) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!file.startsWith('tests/') && !isAreaOwn(file)) {
      const parts = new Set([...text.matchAll(/from '(\.[^']+)'/g)]
        .map((m) => areaPartOf(relative(root, resolve(root, dirname(file), m[1]!))))
        .filter((part): part is string => part !== null));
      if (parts.size >= REGISTRY_IMPORTS) tables.set(file, `imports ${parts.size} area parts`);
    }
    if (keyedShare(text, routes) >= KEYED_SHARE) tables.set(file, 'keyed by every route');
    else if (keyedShare(text, entities) >= KEYED_SHARE) tables.set(file, 'keyed by every entity');
  }
  return tables;
};

const guide = readFileSync(join(root, 'docs/guide/areas.md'), 'utf8');
const block = guide.match(/<!-- area-files -->([\s\S]*?)<!-- \/area-files -->/)?.[1] ?? '';
/** The files the guide's list names, placeholders (`<area>`) as written. */
const named = [...block.matchAll(/`([^`\s]+\/[^`\s]+)`/g)].map((m) => m[1]!);
/** An entry as a pattern: `<area>` (any placeholder) stands for a name. */
const patternOf = (entry: string): RegExp =>
  new RegExp(`^${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[\w-]+>/g, '[\\w-]+')}$`);
const namedAs = (file: string): boolean => named.some((entry) => entry === file || patternOf(entry).test(file));

describe('the files a new area touches (docs/guide/areas.md)', () => {
  it('the guide has its list', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it('the fixture area would join every table of areas, and the guide names each', () => {
    const tables = tablesOfAreas();
    // The detection finds the registries it must: a blind scan would pass anything.
    for (const known of ['server/areas/index.ts', 'src/resources/index.ts', 'src/schema/entities.ts', 'src/schema/messages.ts', 'src/schema/resources.ts', 'server/db/migrations/index.ts']) {
      expect(tables.has(known), `${known} should be found as a table of areas`).toBe(true);
    }
    for (const [file] of tables) {
      const text = readFileSync(join(root, file), 'utf8');
      // The fixture is registered nowhere: each table lacks it, so the new area needs that file.
      expect(text.includes(FIXTURE.entity) || text.includes(FIXTURE.folder)).toBe(false);
    }
    // Named as itself: a pattern (`src/schema/<area>.ts`) stands for an area's own files, not for a table of areas.
    const unnamed = [...tables].filter(([file]) => !named.includes(file)).map(([file, why]) => `${file} (${why})`);
    expect(unnamed, 'files a new area must edit that the guide does not name').toEqual([]);
  });

  it('the fixture area\'s own files are covered by the guide\'s patterns', () => {
    for (const own of [`server/areas/${FIXTURE.folder}/index.ts`, `src/resources/${FIXTURE.folder}/index.ts`, `src/resources/${FIXTURE.folder}/strings.ts`,
      FIXTURE.declaration, ...FIXTURE.texts, FIXTURE.migration, FIXTURE.demo]) {
      expect(namedAs(own), own).toBe(true);
    }
  });

  it('every file the guide names exists (a pattern: at least one area has it)', () => {
    const files = ['src', 'server', 'scripts', 'tests'].flatMap(sourceFiles);
    const missing = named.filter((entry) => (entry.includes('<') ? !files.some((file) => patternOf(entry).test(file)) : !existsSync(join(root, entry))));
    expect(missing).toEqual([]);
  });
});
