import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;
type OutputAsset = Rollup.OutputAsset;
import { precompress } from './scripts/precompress.js';
import { languageFiles, splitLanguages } from './scripts/splitLanguages.js';
import { UI_MOCKING_OUR_MODULES } from './tests/ui/isolated-files.js';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/** The npm package a bundled module comes from (`@scope/name` or `name`), or null for our own code. */
const packageOf = (id: string): string | null => {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first = '', second = ''] = id.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
};

/** MUI's core and what it draws with: one long-cached chunk for every admin screen. */
const MUI_PACKAGE = /^(@mui\/(material|system|utils|styled-engine|private-theming|icons-material|types|core-downloads-tracker)|@emotion\/.+|@popperjs\/core|react-transition-group|stylis|clsx|hoist-non-react-statics|react-is|@babel\/runtime|prop-types|dom-helpers)$/;
/**
 * Packages only some forms load (the rich text editor, the date pickers, the invite QR code), or
 * one language (react-admin's Chinese, in the Chinese texts' chunk): they stay with those.
 */
const LAZY_PACKAGE = /^(@tiptap\/.+|prosemirror-.+|@mui\/x-.+|dayjs|qrcode|dijkstrajs|pngjs|encode-utf8|linkifyjs|orderedmap|rope-sequence|w3c-keyname|fast-equals|use-sync-external-store|@zxcvbn-ts\/.+|ra-language-chinese)$/;

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const ENTRY = fileURLToPath(new URL('src/main.tsx', import.meta.url));
/** The page's first script (src/boot.ts): an entry of its own, so it runs before the entry has downloaded. */
const BOOT = fileURLToPath(new URL('src/boot.ts', import.meta.url));
/** The sign-in form's first draw (src/pages/public/loginFirstDraw.ts): an async entry with no imports, run as soon as it is in. */
const LOGIN_DRAW = fileURLToPath(new URL('src/pages/public/loginFirstDraw.ts', import.meta.url));

/** A chunk's code as the body of an inline script: no source-map comment, and no `</script` that would end it early. */
const inlineCode = (code: string): string => code.replace(/\n\/\/# sourceMappingURL=.*$/m, '').replace(/<\/script/gi, '<\\/script').trimEnd();

/**
 * Puts the boot script's tag before the entry's in index.html (a second `<script type="module">`
 * in index.html itself would be bundled into the same entry): built, its hashed file; served by
 * the dev server, its source. Built, the sign-in form's draw and the page's stylesheet go into
 * index.html itself: the form is there as the page is parsed, with no request of its own
 * (server/http/security.ts allows the inline script by its hash).
 */
const bootScript = (): Plugin => ({
  name: 'boot-script',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => {
      const assets = Object.values(ctx.bundle ?? {});
      const chunkOf = (entry: string) => assets.find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry && c.facadeModuleId === entry);
      const boot = chunkOf(BOOT);
      const loginDraw = chunkOf(LOGIN_DRAW);
      if (!ctx.server && (!boot || !loginDraw)) throw new Error('the build has no boot or loginDraw chunk');
      if (loginDraw && loginDraw.imports.length > 0) throw new Error(`loginFirstDraw.ts must import nothing (it imports ${loginDraw.imports.join(', ')})`);
      const tags: HtmlTagDescriptor[] = [
        { tag: 'script', attrs: { type: 'module', crossorigin: true, src: boot ? `/${boot.fileName}` : '/src/boot.ts' }, injectTo: 'head-prepend' },
        loginDraw
          ? { tag: 'script', attrs: { type: 'module', async: true }, children: inlineCode(loginDraw.code), injectTo: 'body' }
          : { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: '/src/pages/public/loginFirstDraw.ts' }, injectTo: 'body' },
      ];
      // The page's one stylesheet (public.css and the few global rules, ~5 KB): a request the first
      // paint would otherwise wait for. The admin's own styles are emotion's.
      let page = html;
      for (const sheet of assets.filter((a): a is OutputAsset => a.type === 'asset' && a.fileName.endsWith('.css'))) {
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${sheet.fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
        page = page.replace(link, () => `<style>${String(sheet.source).trim()}</style>`);
      }
      return { html: page, tags };
    },
  },
});
/**
 * Where every admin screen starts: the shell, the entity engine with the areas' screen options,
 * the home page. What they import statically (and the entry does not) is the admin's own chunk.
 */
const ADMIN_ROOT = /\/src\/(admin\/AdminApp\.tsx|engine\/screens\.tsx|resources\/[^/]+\/screenOptions\.tsx?|pages\/home\/HomePage\.tsx)$/;

/**
 * The first draws (a list's, home's): drawn before the admin's code arrives, so what they import is
 * never in the admin's chunks (the draw would then load and run them first), even what the admin
 * imports too (home's number formats): that goes in a small chunk both load.
 */
const FIRST_DRAWS = ['src/admin/firstDraw.ts', 'src/admin/homeFirstDraw.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url)));

type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; importers: readonly string[] } | null;

/** The modules reached from `roots` by static imports (and dynamic ones too when `dynamic`). */
const reached = (info: ModuleInfoOf, roots: readonly string[], dynamic: boolean): Set<string> => {
  const seen = new Set<string>();
  const next = [...roots];
  while (next.length > 0) {
    const id = next.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = info(id);
    if (module) next.push(...module.importedIds, ...(dynamic ? module.dynamicallyImportedIds : []));
  }
  return seen;
};

type Parts = { entry: Set<string>; admin: Set<string> };
/** Per chunking pass (keyed by the entry's module info, which the pass reuses). */
const partsByPass = new WeakMap<object, Parts>();
/**
 * `entry`: what the login page's entry imports statically (never grouped: the entry would then load
 * the group). `admin`: our code the admin's start imports statically, and our helpers that two or
 * more lazy screens share (else each is a chunk of a few hundred bytes), less what a first draw imports.
 */
const partsOf = (info: ModuleInfoOf): Parts => {
  const entryInfo = info(ENTRY);
  if (!entryInfo) return { entry: new Set(), admin: new Set() };
  let parts = partsByPass.get(entryInfo);
  if (!parts) {
    const entry = reached(info, [ENTRY], false);
    const all = [...reached(info, [ENTRY], true)].filter((id) => !entry.has(id) && packageOf(id) === null && !id.includes('\0'));
    const start = reached(info, all.filter((id) => ADMIN_ROOT.test(id)), false);
    // A language's texts stay in its own chunks (scripts/splitLanguages.ts), even the modules both
    // the public pages' and the admin's texts of a language share; and what the public pages'
    // texts import is never the admin's (the login page would then load the admin's chunk).
    const files = languageFiles(ROOT);
    const texts = reached(info, Object.values(files), false);
    const publicTexts = reached(info, [files['public-en'], files['public-zh'], files['legal-en'], files['legal-zh']], false);
    const shared = (id: string) => (info(id)?.importers.length ?? 0) > 1 && !texts.has(id);
    const drawn = reached(info, FIRST_DRAWS, false);
    parts = { entry, admin: new Set(all.filter((id) => (start.has(id) || shared(id)) && !publicTexts.has(id) && !drawn.has(id))) };
    partsByPass.set(entryInfo, parts);
  }
  return parts;
};

/**
 * The admin in three long-cached chunks of about the same size that load in one wave:
 * MUI, react-admin with the rest of the shell's packages, and our own code every screen starts from
 * (the shell, the entity engine, the declarations with zod, the areas' screen options, the home
 * page). The login page's entry and the lazy parts (rich text, date pickers, an area's own screens)
 * stay where the build puts them.
 */
const chunkOf = (id: string, ctx: { getModuleInfo: ModuleInfoOf }): string | null => {
  const { entry, admin } = partsOf((m) => ctx.getModuleInfo(m));
  if (entry.has(id)) return null;
  const name = packageOf(id);
  if (name === null) return admin.has(id) ? 'admin' : null;
  if (LAZY_PACKAGE.test(name)) return null;
  if (name === 'zod') return 'admin';
  return MUI_PACKAGE.test(name) ? 'mui' : 'react-admin';
};

/**
 * The jsdom (UI) test files' settings. Their waits are for conditions (testing-library's queries and
 * waitFor, expect.poll), bounded only so that a failing one says what it waited for (60 s: the
 * queries' in tests/ui/setup.ts, expect.poll's here). A case's own limit is longer still: a case
 * drawing a whole admin screen takes a few seconds of CPU on an idle machine, and several times that
 * on the 2-core CI machine running the API and browser files beside it (30 s was missed there).
 */
const UI_TEST = {
  include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom' as const, setupFiles: ['tests/ui/setup.ts'],
  testTimeout: 120_000, expect: { poll: { timeout: 60_000 } },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress(), bootScript(), splitLanguages()],
  // react-router's package exports only its development build (extra checks and warnings); the
  // production build it ships beside it is the one a production bundle should carry.
  resolve: mode === 'production' ? {
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
    ],
  } : {},
  build: {
    outDir: 'dist',
    // Maps are written for bench/size.ts (it attributes the login bundle to packages) but not linked
    // from the JS, and not served unless SERVE_SOURCE_MAPS asks (server/http/static.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each chunk imports, for bench/size.ts's cold-list budget
    // (never served: the static server denies dotfiles).
    manifest: true,
    // Not the groups' dependencies: react and react-router stay in the login page's entry.
    rolldownOptions: { input: { index: fileURLToPath(new URL('index.html', import.meta.url)), boot: BOOT, loginDraw: LOGIN_DRAW }, output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkOf, debugName: 'admin chunks' }] } } },
  },
  server: { proxy: { '/api': apiTarget } },
  test: {
    // Two files at a time on the 2-core CI machine (vitest's default there is one): an API file
    // spends much of its time waiting on PostgreSQL, so two keep both cores busy. Browser files
    // run one by one (fileParallelism below: two at once pushed the load average past 12 and a
    // home-page check over its wait); `npm test` (scripts/test.ts) runs them in a second vitest
    // beside the rest, since one vitest runs a one-at-a-time project only after all the others.
    maxWorkers: 2,
    projects: [
      // unit and api share a worker's modules between files (isolate: false): an API file then
      // skips re-importing the whole server, which was most of its CPU. Their files hold no
      // module-level state of their own (each builds its app and database in beforeAll) and use
      // no vi.mock. The ui project keeps isolation: react-admin's stores leak between files.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: {
          name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 120_000,
          isolate: false,
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
      // The jsdom files share a worker's modules too (about half the project's CPU was each file
      // importing react-admin, MUI and the screens anew), so module state our code keeps for a page's
      // life must end with the session (renderAdmin ends one per render). The files that replace one
      // of our modules with vi.mock keep modules of their own: a mock cannot take back a module other
      // files already hold.
      { extends: true, test: { ...UI_TEST, name: 'ui', exclude: [...UI_MOCKING_OUR_MODULES], isolate: false } },
      { extends: true, test: { ...UI_TEST, name: 'ui-isolated', include: [...UI_MOCKING_OUR_MODULES] } },
      {
        extends: true,
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'], testTimeout: 90_000, hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs the files in turn and keeps its modules (as unit and api do): each file
          // no longer re-imports the harness, the route tables and the translations (~4 s of a
          // loaded core each). Each file still starts its own server and browser in beforeAll.
          isolate: false,
        },
      },
    ],
  },
}));
