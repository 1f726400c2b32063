/**
 * What the browser downloads, from the built `dist/`:
 *   - the login page: the entry script of dist/index.html, its modulepreload links and its CSS;
 *   - the whole admin: every JS and CSS file in dist/assets.
 * Sizes are gzip level 6 (what `gzip -c` does, so a check by hand gives the same
 * figures), 1 KB = 1000 B. The login JS is also split by package through the hidden
 * source maps the build writes (vite.config.ts `sourcemap: 'hidden'`).
 *
 * "On the wire" is what the server sends: the `.br` / `.gz` files the build writes beside each file
 * (scripts/precompress.ts: brotli 11, gzip 9), served by content negotiation; raw when none exists.
 *
 *   - a cold list screen: the login page's JS and the admin's start (Vite's manifest, dist/.vite).
 * Each language's texts are chunks of their own (scripts/splitLanguages.ts), loaded for a reader of
 * that language only: the login page counts the public pages' texts of the reader's language, a
 * cold list the admin's too, and each budget holds for a reader of either language (the larger).
 * `--check` (run by `npm run build`) exits 1 when the login page's JS passes its budget (LIMITS), its
 * CSS passes 5,000 B gzip, a cold list's JS passes its budget, or its JS maps any MUI, emotion or react-admin source: those belong
 * in the lazy admin chunk, and one stray static import would put them all on the login page.
 *
 * Usage: npx tsx bench/size.ts [--check] [--dist <dir>]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RawSourceMap } from './sourcemap';
import { decodeSegment, packageOf } from './sourcemap';
import { inlineBodies } from '../server/http/inline-code';

const GZIP_LEVEL = 6;
/**
 * Budgets only ever go down: lower one when a change makes room, never raise it to let a change in.
 * loginJs: the login page's JS (was 120,000 until the login page measured 113,808).
 * coldListJs: the JS a cold list screen needs before its rows paint (the login page's JS and the
 * admin's start: the chunk `loadAdmin()` imports with every chunk it imports statically); a list of
 * the entity engine loads nothing more (bench:open counts the files a load fetched). Set at 524,706
 * measured (2026-12-07, after the day's merges) with 1 % of room.
 */
const LIMITS = { loginJs: 115_000, loginCss: 5_000, coldListJs: 530_000 } as const;
/** The module `loadAdmin()` imports (src/pages/public/adminChunk.ts): the admin's start. */
const ADMIN_START = 'src/admin/AdminApp.tsx';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };

/** Vite's manifest of the build, or null when it wrote none. */
const readManifest = (dist: string): Record<string, ManifestChunk> | null => {
  const path = join(dist, '.vite', 'manifest.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk> : null;
};

/** The JS files of the manifest's `keys` and of everything they import, statically, each once. */
const importClosure = (manifest: Record<string, ManifestChunk>, keys: readonly string[]): string[] => {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
};

/** The JS files a cold list needs: the static closure of index.html's entry and of the admin's start, from Vite's manifest. */
const coldListFiles = (dist: string): string[] | null => {
  const manifest = readManifest(dist);
  if (!manifest) return null;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.src === 'index.html')?.[0] ?? 'index.html';
  // The admin's start is grouped into a chunk with the shell (vite.config.ts): the chunk whose map holds it.
  const start = Object.entries(manifest).find(([, chunk]) => chunk.file.endsWith('.js')
    && (readMap(dist, chunk.file)?.sources.some((source) => source.endsWith(ADMIN_START)) ?? false))?.[0];
  if (!manifest[entry] || !start) return null;
  // Every entry the page runs (index.html's, and the boot script before it), then the admin's start.
  return importClosure(manifest, [...Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).map(([key]) => key), start]);
};
/** The texts of each language the page loads (src/i18n/languageParts.ts): the public pages', and the admin's with them. */
const LANGS = ['en', 'zh'] as const;
type Lang = (typeof LANGS)[number];
type LanguageFiles = Record<Lang, { public: string[]; admin: string[] }>;

/** Each language's text chunks with what they import, from Vite's manifest (null: a build without split languages). */
const languageFiles = (dist: string): LanguageFiles | null => {
  const manifest = readManifest(dist);
  if (!manifest) return null;
  const closure = (keys: string[]): string[] => importClosure(manifest, keys);
  const key = (name: string) => `src/i18n/languages/${name}.ts`;
  if (!LANGS.every((lang) => manifest[key(`public-${lang}`)] && manifest[key(`admin-${lang}`)])) return null;
  return Object.fromEntries(LANGS.map((lang) => [lang, {
    public: closure([key(`public-${lang}`)]),
    admin: closure([key(`public-${lang}`), key(`admin-${lang}`)]),
  }])) as LanguageFiles;
};

/** The files of `base` and `extra`, each once. */
const union = (base: readonly string[], extra: readonly string[]): string[] => [...new Set([...base, ...extra])];

/** Package folders the login page must never contain (matched on path segments of map sources). */
const FORBIDDEN_SOURCE = /(?:^|\/)(?:@mui\/|@emotion\/|react-admin\/|ra-[\w.-]+\/)/;

type Asset = { file: string; raw: number; gzip: number; wireBr: number; wireGz: number };

const gzipSize = (content: Buffer): number => gzipSync(content, { level: GZIP_LEVEL }).length;

/** Size of the precompressed variant the server would send, or the raw size when the build wrote none. */
const wireSize = (dist: string, file: string, ext: '.br' | '.gz', raw: number): number => {
  const path = join(dist, `${file}${ext}`);
  return existsSync(path) ? statSync(path).size : raw;
};

const measure = (dist: string, file: string): Asset => {
  const content = readFileSync(join(dist, file));
  return {
    file, raw: content.length, gzip: gzipSize(content),
    wireBr: wireSize(dist, file, '.br', content.length), wireGz: wireSize(dist, file, '.gz', content.length),
  };
};

/**
 * The scripts and stylesheets written into index.html itself (the sign-in form's draw, the page's
 * stylesheet): counted in the login page's JS and CSS as if they were files, so moving code into
 * the page never takes it off the budget. Their wire size is index.html's (precompressed whole).
 */
const inlineAssets = (dist: string): { js: Asset[]; css: Asset[] } => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const of = (tag: 'script' | 'style'): Asset[] => inlineBodies(html, tag)
    .map((body, i) => {
      const content = Buffer.from(body, 'utf8');
      return { file: `index.html <${tag}> ${i + 1}`, raw: content.length, gzip: gzipSize(content), wireBr: 0, wireGz: 0 };
    });
  return { js: of('script'), css: of('style') };
};

/** Tags of index.html with their attributes; enough for the few tags Vite writes. */
const tagsOf = (html: string): { name: string; attrs: Record<string, string> }[] =>
  [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, name, rest]) => ({
    name: name.toLowerCase(),
    attrs: Object.fromEntries(
      [...rest.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)]
        .map(([, key, a, b, c]) => [key.toLowerCase(), a ?? b ?? c ?? '']),
    ),
  }));

/** Turns an URL of index.html (`/assets/x.js`, or with a configured base) into a path inside dist. */
const localPath = (dist: string, url: string): string | null => {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) return null;
  const parts = url.split(/[?#]/)[0].split('/').filter(Boolean);
  // Drop a leading base segment if the file is not found with it (e.g. base '/admin/').
  while (parts.length > 0 && !existsSync(join(dist, ...parts))) parts.shift();
  return parts.length > 0 ? parts.join('/') : null;
};

const loginFiles = (dist: string): { js: string[]; css: string[] } => {
  const tags = tagsOf(readFileSync(join(dist, 'index.html'), 'utf8'));
  const js: string[] = [];
  const css: string[] = [];
  for (const { name, attrs } of tags) {
    const url = name === 'script' && attrs.type === 'module' ? attrs.src
      : name === 'link' && attrs.rel === 'modulepreload' ? attrs.href
      : undefined;
    const cssUrl = name === 'link' && attrs.rel === 'stylesheet' ? attrs.href : undefined;
    const jsPath = url ? localPath(dist, url) : null;
    const cssPath = cssUrl ? localPath(dist, cssUrl) : null;
    if (jsPath && !js.includes(jsPath)) js.push(jsPath);
    if (cssPath && !css.includes(cssPath)) css.push(cssPath);
  }
  return { js, css };
};

/** Generated characters per package: each mapped segment owns the code up to the next segment. */
const attribute = (code: string, map: RawSourceMap): Map<string, number> => {
  const owned = new Map<string, number>();
  const add = (name: string, chars: number) => owned.set(name, (owned.get(name) ?? 0) + chars);
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  let source = 0;
  lines.forEach((line, index) => {
    let column = 0;
    let owner = '(unmapped)';
    let start = 0;
    for (const segment of (mapLines[index] ?? '').split(',')) {
      if (segment === '') continue;
      const values = decodeSegment(segment);
      column += values[0];
      add(owner, column - start);
      start = column;
      if (values.length >= 4) {
        source += values[1];
        owner = packageOf(map.sources[source] ?? '');
      } else {
        owner = '(unmapped)';
      }
    }
    add(owner, line.length - start + 1);
  });
  return owned;
};

const readMap = (dist: string, file: string): RawSourceMap | null => {
  const path = join(dist, `${file}.map`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap) : null;
};

const listAssets = (dist: string): string[] => {
  const dir = join(dist, 'assets');
  const walk = (folder: string): string[] => readdirSync(join(dir, folder)).flatMap((name) => {
    const rel = folder ? `${folder}/${name}` : name;
    return statSync(join(dir, rel)).isDirectory() ? walk(rel) : [rel];
  });
  return existsSync(dir) ? walk('').filter((name) => /\.(js|css)$/.test(name)).map((name) => `assets/${name}`) : [];
};

const n = (value: number): string => value.toLocaleString('en-US');
const kb = (value: number): string => (value / 1000).toFixed(1);

const table = (rows: string[][], right: number[]): string => {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows
    .map((row) => row.map((cell, col) => (right.includes(col) ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join('  ').trimEnd())
    .join('\n');
};

const assetTable = (assets: Asset[]): string =>
  table([['file', 'raw B', 'gzip B', 'gzip KB'], ...assets.map((a) => [a.file, n(a.raw), n(a.gzip), kb(a.gzip)])], [1, 2, 3]);

const sum = (assets: Asset[], key: 'raw' | 'gzip' | 'wireBr' | 'wireGz'): number => assets.reduce((total, asset) => total + asset[key], 0);

/** The login page as the server sends it: index.html, its scripts and stylesheets. */
const wireTable = (assets: Asset[]): string => {
  const row = (a: Pick<Asset, 'file' | 'raw' | 'gzip' | 'wireBr' | 'wireGz'>) => [a.file, n(a.raw), n(a.wireBr), n(a.wireGz), n(a.gzip)];
  const total = { file: 'total', raw: sum(assets, 'raw'), gzip: sum(assets, 'gzip'), wireBr: sum(assets, 'wireBr'), wireGz: sum(assets, 'wireGz') };
  return table([['file', 'raw B', 'wire brotli B', 'wire gzip B', 'gzip-6 B'], ...assets.map(row), row(total)], [1, 2, 3, 4]);
};

const main = (): void => {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const distArg = args.indexOf('--dist');
  const dist = resolve(distArg >= 0 ? args[distArg + 1] : join(import.meta.dirname, '..', 'dist'));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No ${join(dist, 'index.html')}: run \`npx vite build\` first.`);
    process.exit(1);
  }

  const problems: string[] = [];
  const login = loginFiles(dist);
  const inline = inlineAssets(dist);
  const languages = languageFiles(dist);
  // The reader whose login page is the larger is the one the budget holds for.
  const loginOf = (lang: Lang): Asset[] => [...inline.js, ...union(login.js, languages?.[lang].public ?? []).map((file) => measure(dist, file))];
  const loginByLang = LANGS.map((lang) => ({ lang, js: loginOf(lang) })).sort((a, b) => sum(b.js, 'gzip') - sum(a.js, 'gzip'));
  const loginJs = loginByLang[0]!.js;
  const loginCss = [...inline.css, ...login.css.map((file) => measure(dist, file))];
  const loginJsGzip = sum(loginJs, 'gzip');
  const loginCssGzip = sum(loginCss, 'gzip');

  console.log(`gzip level ${GZIP_LEVEL}, 1 KB = 1000 B, dist: ${dist}\n`);
  console.log(`Login page (/login): entry script + modulepreloads + stylesheets of index.html, and the public texts of the reader's language (${loginByLang[0]!.lang}, the larger)`);
  console.log(assetTable([...loginJs, ...loginCss]));
  if (!languages) problems.push('no language chunks in dist/.vite/manifest.json (scripts/splitLanguages.ts): cannot count the reader\'s texts');
  const verdict = (value: number, limit: number) => (value <= limit ? 'ok' : 'OVER');
  console.log(table([
    ['', 'gzip B', 'limit B', ''],
    ...loginByLang.map(({ lang, js }) => [`login JS, ${lang} reader`, n(sum(js, 'gzip')), n(LIMITS.loginJs), verdict(sum(js, 'gzip'), LIMITS.loginJs)]),
    ['login CSS', n(loginCssGzip), n(LIMITS.loginCss), verdict(loginCssGzip, LIMITS.loginCss)],
  ], [1, 2]));
  if (loginJs.length === 0) problems.push('index.html has no module entry script');
  if (loginJsGzip > LIMITS.loginJs) problems.push(`login JS is ${n(loginJsGzip)} B gzip, over ${n(LIMITS.loginJs)}`);
  if (loginCssGzip > LIMITS.loginCss) problems.push(`login CSS is ${n(loginCssGzip)} B gzip, over ${n(LIMITS.loginCss)}`);

  const coldList = coldListFiles(dist);
  if (coldList) {
    const coldOf = (lang: Lang): Asset[] => union(coldList, languages?.[lang].admin ?? []).map((file) => measure(dist, file)).sort((a, b) => b.gzip - a.gzip);
    const coldByLang = LANGS.map((lang) => ({ lang, js: coldOf(lang) })).sort((a, b) => sum(b.js, 'gzip') - sum(a.js, 'gzip'));
    const coldJs = coldByLang[0]!.js;
    const coldGzip = sum(coldJs, 'gzip');
    console.log(`\nA cold list screen (/pms/product, /oms/order, …): the JS it needs before its rows paint, with the texts of the reader's language (${coldByLang[0]!.lang}, the larger)`);
    console.log(assetTable(coldJs));
    console.log(table([
      ['', 'gzip B', 'wire brotli B', 'limit B', ''],
      ...coldByLang.map(({ lang, js }) => [`cold list JS, ${lang} reader`, n(sum(js, 'gzip')), n(sum(js, 'wireBr')), n(LIMITS.coldListJs), verdict(sum(js, 'gzip'), LIMITS.coldListJs)]),
    ], [1, 2, 3]));
    if (coldGzip > LIMITS.coldListJs) problems.push(`a cold list's JS is ${n(coldGzip)} B gzip, over ${n(LIMITS.coldListJs)}`);
  } else {
    problems.push(`no dist/.vite/manifest.json naming ${ADMIN_START}: cannot measure a cold list's JS (build with manifest: true)`);
  }

  // What is inline travels inside index.html: its size is in index.html's row.
  const wire = [measure(dist, 'index.html'), ...[...loginJs, ...loginCss].filter((a) => !a.file.startsWith('index.html '))];
  console.log('\nLogin page on the wire (precompressed files the server sends; raw where the build wrote none)');
  console.log(wireTable(wire));
  if (wire.every((a) => a.wireBr === a.raw)) console.log('(no .br/.gz files: this dist was not built with the precompress step)');

  // Package split of the login JS, and the guard against admin-only packages in it (either reader's).
  const owned = new Map<string, number>();
  const otherReader = loginByLang.slice(1).flatMap(({ js }) => js).filter((asset) => !loginJs.some((mine) => mine.file === asset.file));
  for (const asset of [...loginJs, ...otherReader]) {
    // An inline script is the sign-in form's draw, which imports nothing (vite.config.ts refuses a build where it does).
    if (asset.file.startsWith('index.html ')) continue;
    const map = readMap(dist, asset.file);
    // The bundler's own module runtime (a few hundred bytes of interop helpers) holds no source module, so it has no map.
    if (!map && /(^|\/)rolldown-runtime-[\w-]+\.js$/.test(asset.file)) continue;
    if (!map) {
      problems.push(`${asset.file}.map is missing: cannot prove the login page holds no MUI/react-admin (build with sourcemap: 'hidden')`);
      continue;
    }
    const forbidden = map.sources.filter((source) => FORBIDDEN_SOURCE.test(source));
    if (forbidden.length > 0) {
      problems.push(`${asset.file} maps ${forbidden.length} admin-only sources, e.g. ${forbidden.slice(0, 3).join(', ')}`);
    }
    if (otherReader.includes(asset)) continue;
    for (const [name, chars] of attribute(readFileSync(join(dist, asset.file), 'utf8'), map)) {
      owned.set(name, (owned.get(name) ?? 0) + chars);
    }
  }
  const ownedTotal = [...owned.values()].reduce((a, b) => a + b, 0);
  if (ownedTotal > 0) {
    console.log('\nLogin JS by package (minified chars from the source maps; gzip shared out in proportion)');
    const rows = [...owned.entries()].sort((a, b) => b[1] - a[1]).map(([name, chars]) => [
      name, n(chars), kb((loginJsGzip * chars) / ownedTotal), `${((100 * chars) / ownedTotal).toFixed(1)} %`,
    ]);
    console.log(table([['package', 'raw chars', '≈ gzip KB', 'share'], ...rows], [1, 2, 3]));
  }

  const all = listAssets(dist).map((file) => measure(dist, file)).sort((a, b) => b.gzip - a.gzip);
  const allJs = all.filter((a) => a.file.endsWith('.js'));
  const allCss = all.filter((a) => a.file.endsWith('.css'));
  console.log('\nWhole admin: every JS and CSS file in dist/assets');
  console.log(assetTable(all));
  console.log(table([
    ['', 'files', 'raw B', 'gzip B', 'gzip KB'],
    ['all JS', String(allJs.length), n(sum(allJs, 'raw')), n(sum(allJs, 'gzip')), kb(sum(allJs, 'gzip'))],
    ['all CSS', String(allCss.length), n(sum(allCss, 'raw')), n(sum(allCss, 'gzip')), kb(sum(allCss, 'gzip'))],
  ], [1, 2, 3, 4]));

  if (problems.length > 0) {
    console.log(`\n${check ? 'FAILED' : 'Warning'}:`);
    for (const problem of problems) console.log(`  - ${problem}`);
    if (check) process.exit(1);
  } else if (check) {
    console.log('\nSize check passed.');
  }
};

main();
