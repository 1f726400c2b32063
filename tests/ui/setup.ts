/**
 * Shared setup of the `ui` test project (jsdom): jest-dom matchers, a longer wait for async
 * queries (lazy chunks and msw answers take a few ticks), the msw server, and a clean slate
 * after each test. Kept generic: the public pages and the admin shell both use it.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// Lazy chunks (the admin shell, the date pickers, the rich text editor) are transformed on first
// import: a few hundred ms on an idle machine, well over 5 s on a loaded 2-core CI runner. A query
// waits up to 15 s, which only a failing test ever spends; tests keep 30 s in all.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  // The project runs without vitest globals, so RTL cannot register its own cleanup.
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});

afterAll(() => server.close());
