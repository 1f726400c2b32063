import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/** The npm package a bundled module comes from (`@scope/name` or `name`), or null for our own code. */
const packageOf = (id: string): string | null => {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first = '', second = ''] = id.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
};

/**
 * Left where the build puts them: the login page's own packages (the entry, so /login loads nothing
 * else), and zod, which the declarations need: the screen's early request (src/admin/earlyRequests.ts)
 * must not wait for react-admin's chunk.
 */
const OWN_PLACE_PACKAGES = new Set(['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser', 'zod']);
/** MUI's core and what it draws with: one long-cached chunk for every admin screen. */
const MUI_PACKAGE = /^(@mui\/(material|system|utils|styled-engine|private-theming|icons-material|types|core-downloads-tracker)|@emotion\/.+|@popperjs\/core|react-transition-group|stylis|clsx|hoist-non-react-statics|react-is|@babel\/runtime|prop-types|dom-helpers)$/;
/** Packages only some forms load (the rich text editor, the date pickers, the invite QR code): they stay with those forms. */
const LAZY_PACKAGE = /^(@tiptap\/.+|prosemirror-.+|@mui\/x-.+|dayjs|qrcode|dijkstrajs|pngjs|encode-utf8|linkifyjs|orderedmap|rope-sequence|w3c-keyname|fast-equals|use-sync-external-store|@zxcvbn-ts\/.+)$/;

/**
 * The admin's code in a few long-cached chunks (issue 23): MUI, and react-admin with the rest of
 * the shell's packages, each one file instead of some forty small shared chunks that loaded in
 * waves. Our own code is split by the build (the entry, the shell, each screen).
 */
const vendorChunk = (id: string): string | null => {
  const name = packageOf(id);
  if (name === null || OWN_PLACE_PACKAGES.has(name) || LAZY_PACKAGE.test(name)) return null;
  return MUI_PACKAGE.test(name) ? 'mui' : 'react-admin';
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress()],
  // react-router's package exports only its development build (extra checks and warnings); the
  // production build it ships beside it is the one a production bundle should carry (issue 23).
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
    // Not the groups' dependencies: react and react-router stay in the login page's entry.
    rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: vendorChunk, debugName: 'vendor' }] } } },
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
      {
        extends: true,
        test: {
          name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'], testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'], testTimeout: 90_000, hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
