import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // Maps are written for bench/size.ts (it attributes the login bundle to packages) but not linked
    // from the JS, and not served unless SERVE_SOURCE_MAPS asks (server/http/static.ts).
    sourcemap: 'hidden',
  },
  server: { proxy: { '/api': apiTarget } },
  test: {
    // Two files at a time on the 2-core CI machine (vitest's default there is one): an API file
    // spends much of its time waiting on PostgreSQL, so two keep both cores busy. Browser files
    // still run one by one after the rest (fileParallelism below): two at once pushed the load
    // average past 12 and a home-page check over its wait.
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
});
