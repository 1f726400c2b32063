// Protects: area code uses the typed contract without holes: no hooks without their entity (`EntityHooks` alone), no
// untyped database handle (`AnyDb`) and no double cast (`as unknown as`) anywhere under server/areas; the matcher is
// shown to catch each on a bad snippet and to pass imports, comments and typed uses.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const AREAS_DIR = join(ROOT, 'server', 'areas');

/** The code of a module without its comments and import lines (a type may be imported, then used typed). */
const codeOf = (source: string): string => source
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
  .replace(/^\s*import\s[\s\S]*?from\s+'[^']+';/gm, '');

const RULES = [
  { name: 'EntityHooks without its entity (EntityHooks<typeof entity>)', pattern: /\bEntityHooks\b(?!\s*<)/ },
  { name: 'AnyDb (area code takes the typed Db)', pattern: /\bAnyDb\b/ },
  { name: 'a double cast (as unknown as)', pattern: /\bas\s+unknown\s+as\b/ },
] as const;

/** The rules a module's code breaks, each with the code around its first hole. */
const contractHoles = (source: string): string[] => {
  const code = codeOf(source);
  return RULES.flatMap((rule) => {
    const found = rule.pattern.exec(code);
    if (!found) return [];
    const end = code.indexOf('\n', found.index);
    return [`${rule.name}: ${code.slice(code.lastIndexOf('\n', found.index) + 1, end === -1 ? undefined : end).trim()}`];
  });
};

const modules = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);

describe('the area contract', () => {
  it('has no hole in any module under server/areas', () => {
    const files = modules(AREAS_DIR);
    expect(files.length).toBeGreaterThan(20);
    const holes = files.flatMap((file) => contractHoles(readFileSync(file, 'utf8')).map((hole) => `${relative(ROOT, file)}: ${hole}`));
    expect(holes).toEqual([]);
  });

  it('catches each hole in a bad snippet', () => {
    expect(contractHoles('const hooks: EntityHooks = { validate: () => [] };')).toEqual([
      'EntityHooks without its entity (EntityHooks<typeof entity>): const hooks: EntityHooks = { validate: () => [] };',
    ]);
    expect(contractHoles('const read = async (db: AnyDb) => db;')).toHaveLength(1);
    expect(contractHoles('const db = handle as unknown as AnyKysely;')).toHaveLength(1);
    expect(contractHoles('const entity = (ENTITIES.order as\n  unknown as Entity);')).toHaveLength(1);
  });

  it('passes typed uses, imports and comments', () => {
    const good = [
      "import type { AnyDb, EntityHooks } from '../../crud/hooks';",
      '/** Hooks are `EntityHooks<typeof order>`, never AnyDb; no `as unknown as` either. */',
      'const hooks: EntityHooks<typeof coupon> = {}; // not EntityHooks alone',
      'const all: Record<string, EntityHooks<Entity>> = {};',
      "const url = 'http://example.com/'; // a URL's slashes do not open a comment",
    ].join('\n');
    expect(contractHoles(good)).toEqual([]);
  });
});
