/**
 * Shared setup of the `ui` test project (jsdom): jest-dom matchers, a longer wait for async
 * queries (lazy chunks and msw answers take a few ticks), the msw server, and a clean slate
 * after each test. Kept generic: the public pages and the admin shell both use it.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw-server';

// One react-router for everyone: react-admin (loaded by Node) reaches it through react-router-dom,
// while Vitest would give our modules a second copy whose <Route> react-admin does not recognise.
// Here, once for every file, rather than repeated in each file that renders the admin.
vi.mock('react-router', () => import('react-router-dom'));

// Lazy chunks (the admin shell, the date pickers, the rich text editor) are transformed on first
// import: a few hundred ms on an idle machine, well over 5 s on a loaded 2-core CI runner. A query
// waits up to 15 s, which only a failing test ever spends; tests keep 30 s in all.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lays nothing out and gives a Range no geometry; the rich text editor (ProseMirror) asks a
// Range for its rectangles when it scrolls an inserted image into view, and would throw outside
// the test (an unhandled error fails the run). An empty layout is what jsdom answers elsewhere.
if (typeof Range !== 'undefined' && typeof Range.prototype.getClientRects !== 'function') {
  const none = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => none;
}

// A request no handler answers fails (msw's 'error' print: logged, and the fetch rejects instead
// of reaching the network), and so does the test that made it: the app would only show an error
// toast, which most tests never look at, so a missing or unexpected call would otherwise pass.
const unhandled: string[] = [];
beforeAll(() => server.listen({
  onUnhandledRequest: (request, print) => {
    unhandled.push(`${request.method} ${request.url}`);
    print.error();
  },
}));

/** Fails with the requests no handler answered since the last check, and forgets them. */
const failOnUnhandled = (when: string) => {
  if (unhandled.length === 0) return;
  const list = unhandled.splice(0).map((line) => `  ${line}`).join('\n');
  throw new Error(`${when} made requests no msw handler answers (declare them with server.use):\n${list}`);
};

afterEach(async () => {
  // The project runs without vitest globals, so RTL cannot register its own cleanup.
  cleanup();
  // Unmounting a reference input schedules a zero-delay state update (ra-core's
  // useReferenceParams); let it run while jsdom's window still exists, or the last test of a
  // file leaves it to fire after the environment is gone ("window is not defined").
  await new Promise((resolve) => setTimeout(resolve, 0));
  server.resetHandlers();
  localStorage.clear();
  failOnUnhandled('This test');
});

afterAll(() => {
  server.close();
  // A request sent after the last test's check (a late refetch) still fails the file.
  failOnUnhandled('The file, after its last test,');
});
