/**
 * Shared setup of the `ui` test project (jsdom): jest-dom matchers, a longer wait for async
 * queries (lazy chunks and msw answers take a few ticks), the msw server, and a clean slate
 * after each test. Kept generic: the public pages and the admin shell both use it.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  // The project runs without vitest globals, so RTL cannot register its own cleanup.
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});

afterAll(() => server.close());
