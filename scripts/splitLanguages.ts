/**
 * A Vite build step: each language's texts in chunks of their own, so a reader downloads only
 * the language the page is in (src/i18n/languageParts.ts says how the page waits for them).
 *
 * A pair module is a module of src/ whose runtime exports are all written
 * `export const name = languagePair(en, zh)` (or an area's `defineStrings(en, zh)`). In the build:
 *   - the module itself becomes `export const name = builtPair('<module>#name')`: no text, and no
 *     import of the dictionaries its halves came from;
 *   - for each language, a copy of the module keeps that language's argument only, without the
 *     top-level constants only the other used (TypeScript's import elision then drops the imports
 *     only the other language used), with copies of the modules of its own folder it imports;
 *     the language's file of src/i18n/languages/ imports the copies and registers their exports.
 * A pair module under src/i18n/public/legal/ belongs to the legal pages (loaded when one opens),
 * under src/i18n/public/ to the public pages (the login page loads it alone), any other to the admin. The dev server and the tests keep the source as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const PAIR_CALLS = new Set(['languagePair', 'defineStrings']);
type Lang = 'en' | 'zh';
type Level = 'public' | 'legal' | 'admin';

/** The language files the page imports (src/i18n/languageParts.ts), by level and language. */
export const languageFiles = (root: string): Record<`${Level}-${Lang}`, string> => ({
  'public-en': join(root, 'src/i18n/languages/public-en.ts'),
  'public-zh': join(root, 'src/i18n/languages/public-zh.ts'),
  'legal-en': join(root, 'src/i18n/languages/legal-en.ts'),
  'legal-zh': join(root, 'src/i18n/languages/legal-zh.ts'),
  'admin-en': join(root, 'src/i18n/languages/admin-en.ts'),
  'admin-zh': join(root, 'src/i18n/languages/admin-zh.ts'),
});

type PairModule = { readonly file: string; readonly key: string; readonly level: Level; readonly exports: readonly string[] };

/** A language's copy of a pair module: a `\0` id, so no other plugin reads it as a file. */
const PREFIX = '\0split-languages:';
const copyId = (lang: Lang, file: string): string => `${PREFIX}${lang}:${file}`;
const parseCopyId = (id: string): { lang: Lang; file: string } | null => {
  if (!id.startsWith(PREFIX)) return null;
  const rest = id.slice(PREFIX.length);
  return { lang: rest.slice(0, 2) as Lang, file: rest.slice(3) };
};

const sourceFiles = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

const pairCallsOf = (source: ts.SourceFile): ts.CallExpression[] => {
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && PAIR_CALLS.has(node.expression.text)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
};

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);

/** The module's pair exports, or null when it holds no pair call; throws when it holds one another way. */
export const readPairModule = (root: string, file: string, text: string): PairModule | null => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const calls = pairCallsOf(source);
  if (calls.length === 0) return null;
  const key = relative(root, file).split('\\').join('/');
  const fail = (why: string): never => {
    throw new Error(`${key}: ${why} (scripts/splitLanguages.ts: a pair module exports pairs only, each \`export const name = languagePair(en, zh)\`)`);
  };
  const exports: string[] = [];
  const pairs = new Set<ts.Node>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
      if (!(ts.isExportDeclaration(statement) && statement.isTypeOnly)) fail('it re-exports');
      continue;
    }
    if (!isExported(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    if (!ts.isVariableStatement(statement)) fail('it exports something other than a pair');
    for (const declaration of (statement as ts.VariableStatement).declarationList.declarations) {
      const init = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !init || !calls.includes(init as ts.CallExpression)) fail('it exports something other than a pair');
      if ((init as ts.CallExpression).arguments.length !== 2) fail('a pair call has not two arguments');
      exports.push((declaration.name as ts.Identifier).text);
      pairs.add(init!);
    }
  }
  if (calls.some((call) => !pairs.has(call))) fail('a pair call is not the value of an export');
  const level = key.startsWith('src/i18n/public/legal/') ? 'legal' : key.startsWith('src/i18n/public/') ? 'public' : 'admin';
  return { file, key, level, exports };
};

/** The names a statement declares at the top level (a non-exported `const a = …, b = …`). */
const localNames = (statement: ts.Statement): string[] | null =>
  ts.isVariableStatement(statement) && !isExported(statement)
    && statement.declarationList.declarations.every((d) => ts.isIdentifier(d.name))
    ? statement.declarationList.declarations.map((d) => (d.name as ts.Identifier).text)
    : null;

/** Every identifier `node` reads at run time (types are erased: `typeof en` keeps no `en`). */
const identifiersOf = (node: ts.Node, into: string[] = []): string[] => {
  if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return into;
  if (ts.isIdentifier(node)) into.push(node.text);
  ts.forEachChild(node, (child) => { identifiersOf(child, into); });
  return into;
};

/**
 * The module with each pair call replaced by its argument for `lang`, and the top-level constants
 * only the other language used removed (its texts, and what they were computed from), as JavaScript.
 */
export const languageCopy = (file: string, lang: Lang): string => {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = pairCallsOf(source).map((call) => ({ start: call.getStart(source), end: call.getEnd(), with: `(${call.arguments[lang === 'en' ? 0 : 1]!.getText(source)})` }))
    .sort((a, b) => b.start - a.start);
  let copy = text;
  for (const edit of edits) copy = copy.slice(0, edit.start) + edit.with + copy.slice(edit.end);
  // Drop unused top-level constants until none is left (one may have been the last user of another).
  for (;;) {
    const parsed = ts.createSourceFile(file, copy, ts.ScriptTarget.Latest, true);
    const unused = parsed.statements.find((statement) => {
      const names = localNames(statement);
      if (!names) return false;
      const elsewhere = parsed.statements.filter((other) => other !== statement && !ts.isImportDeclaration(other)).flatMap((other) => identifiersOf(other));
      return names.every((name) => !elsewhere.includes(name));
    });
    if (!unused) break;
    copy = copy.slice(0, unused.getFullStart()) + copy.slice(unused.getEnd());
  }
  // Without verbatimModuleSyntax, TypeScript drops the imports the copy no longer uses.
  return ts.transpileModule(copy, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, verbatimModuleSyntax: false, isolatedModules: true },
  }).outputText;
};

export const splitLanguages = (): Plugin => {
  let root = process.cwd();
  let modules = new Map<string, PairModule>();
  let files: Record<string, string> = {};
  const partsFile = (): string => join(root, 'src/i18n/languageParts.ts');
  return {
    name: 'split-languages',
    apply: 'build',
    enforce: 'pre',
    configResolved: (config) => { root = config.root; },
    buildStart() {
      modules = new Map();
      files = languageFiles(root);
      for (const file of sourceFiles(join(root, 'src'))) {
        const text = readFileSync(file, 'utf8');
        if (![...PAIR_CALLS].some((name) => text.includes(`${name}(`))) continue;
        const pair = readPairModule(root, file, text);
        if (pair) modules.set(file, pair);
        if (pair) this.addWatchFile(file);
      }
    },
    async resolveId(source, importer) {
      if (source.startsWith(PREFIX)) return source;
      const copy = importer ? parseCopyId(importer) : null;
      if (!copy) return null;
      // A copy's imports resolve as its module's would; in an area's folder, a module of the same
      // folder (the area's texts kept in two files, read by its strings only) is copied too, so
      // the other language's half of it goes as well. (The shell's dictionaries are a module per
      // language already, and read elsewhere too: a copy would duplicate them.)
      const resolved = await this.resolve(source, copy.file, { skipSelf: true });
      const target = resolved?.id.split('?')[0];
      const inArea = relative(root, copy.file).split('\\').join('/').startsWith('src/resources/');
      if (resolved && target && inArea && !resolved.external && !target.includes('\0') && dirname(target) === dirname(copy.file) && !modules.has(target)) {
        return copyId(copy.lang, target);
      }
      return resolved;
    },
    load(id) {
      const copy = parseCopyId(id);
      if (copy) return { code: languageCopy(copy.file, copy.lang), moduleSideEffects: false };
      const file = id.split('?')[0]!;
      const pair = modules.get(file);
      if (pair) {
        const lines = pair.exports.map((name) => `export const ${name} = /* @__PURE__ */ builtPair(${JSON.stringify(`${pair.key}#${name}`)});`);
        return { code: [`import { builtPair } from ${JSON.stringify(partsFile())};`, ...lines].join('\n'), moduleSideEffects: false };
      }
      const language = Object.entries(files).find(([, path]) => path === file)?.[0];
      if (!language) return null;
      const [level, lang] = language.split('-') as [Level, Lang];
      const mine = [...modules.values()].filter((m) => m.level === level);
      const imports = mine.map((m, i) => `import * as m${i} from ${JSON.stringify(copyId(lang, m.file))};`);
      const entries = mine.flatMap((m, i) => m.exports.map((name) => `${JSON.stringify(`${m.key}#${name}`)}: m${i}.${name}`));
      return [
        `import { registerLanguage } from ${JSON.stringify(partsFile())};`,
        ...imports,
        `registerLanguage(${JSON.stringify(lang)}, { ${entries.join(', ')} });`,
        'export {};',
      ].join('\n');
    },
  };
};
