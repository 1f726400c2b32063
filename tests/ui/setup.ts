/**
 * Shared setup of the `ui` test project (jsdom): jest-dom matchers, a longer wait for async
 * queries (lazy chunks and msw answers take a few ticks), the msw server, and a clean slate
 * after each test. Kept generic: the public pages and the admin shell both use it.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw-server';

// One react-router for everyone: react-admin (loaded by Node) reaches it through react-router-dom,
// while Vitest would give our modules a second copy whose <Route> react-admin does not recognise.
// Here, once for every file, rather than repeated in each file that renders the admin.
vi.mock('react-router', () => import('react-router-dom'));

// A query or waitFor waits for its condition, not for a time: lazy chunks (the admin shell, the
// date pickers, the rich text editor) are transformed on first import, a few hundred ms on an idle
// machine and well over 5 s on a loaded 2-core CI runner, and a screen's renders slow down as much.
// The 60 s bound is only ever reached by a failing test (and lets it print what it looked for before
// the case's own limit, 120 s in vite.config.ts, ends it); no test passes a shorter one of its own.
configure({ asyncUtilTimeout: 60_000 });

// A findBy or waitFor retries its query on every DOM change and every 50 ms, and each miss built
// the error it throws with a print of the whole page (pretty-format over the document: a tenth of a
// screen file's CPU), thrown away unless the wait runs out. While it retries (testing-library marks
// that time as "expensive error diagnostics disabled") a miss now says only what it looked for; a
// wait that runs out prints the page then, once (waitFor's timeout adds the print to the last miss),
// and a getBy outside a wait prints it as before.
const printPage = getConfig().getElementError;
configure({
  getElementError: (message, container) => {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) return printPage(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// jsdom lays nothing out and gives a Range no geometry; the rich text editor (ProseMirror) asks a
// Range for its rectangles when it scrolls an inserted image into view, and would throw outside
// the test (an unhandled error fails the run). An empty layout is what jsdom answers elsewhere.
if (typeof Range !== 'undefined' && typeof Range.prototype.getClientRects !== 'function') {
  const none = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => none;
}

// jsdom answers a <label for>'s `control` by walking the whole document for the id, and an input's
// `labels` asks every node of the document for its control: a role query by name over a form reads
// each candidate field's labels, so it cost (nodes x labels x nodes) — a fifth of a form file's CPU.
// The document's id index answers the same (getElementById: the first element in tree order with
// that id), so a label in the document looks its control up there; any other label as jsdom does.
const jsdomRequire = createRequire(import.meta.url);
const { isLabelable } = jsdomRequire('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable: (node: unknown) => boolean };
type LabelImpl = {
  hasAttributeNS(ns: null, name: string): boolean;
  getAttributeNS(ns: null, name: string): string | null;
  getRootNode(options: object): { _byIdCache?: unknown; getElementById?: (id: string) => unknown };
};
const aLabel = document.createElement('label');
const implKey = Object.getOwnPropertySymbols(aLabel).find((symbol) => symbol.description === 'impl');
const labelImpl = implKey ? Object.getPrototypeOf((aLabel as unknown as Record<symbol, object>)[implKey]) as object : null;
const control = labelImpl ? Object.getOwnPropertyDescriptor(labelImpl, 'control') : undefined;
if (labelImpl && control?.get && !(control.get as { byIdIndex?: true }).byIdIndex) {
  const walk = control.get;
  const byIdIndex = Object.assign(function (this: LabelImpl) {
    if (!this.hasAttributeNS(null, 'for')) return walk.call(this) as unknown;
    const root = this.getRootNode({});
    if (!root._byIdCache || !root.getElementById) return walk.call(this) as unknown;
    const id = this.getAttributeNS(null, 'for') ?? '';
    if (id === '') return null;
    const found = root.getElementById(id);
    return found && isLabelable(found) ? found : null;
  }, { byIdIndex: true as const });
  Object.defineProperty(labelImpl, 'control', { ...control, get: byIdIndex });
}

// jsdom's getComputedStyle checks each style rule that might apply to an element with its
// selector engine, which parses the selector anew whenever it is one it cannot parse (MUI's styles
// carry some: '::-moz-placeholder', '::-moz-focus-inner', '...$disabled'), building and throwing a
// SyntaxError with its stack each time: a twentieth of a screen file's CPU. A selector that does
// not parse matches no element, so a selector found unparsable (Element.matches throws a
// SyntaxError for it, once) is answered "no match" from then on; every other as before.
type DomSelector = { check: (selector: string, node: object, options?: object) => { match: boolean; ast: unknown; pseudoElement: unknown } };
const documentKey = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
const documentImpl = documentKey ? (document as unknown as Record<symbol, { _getDOMSelector?: () => DomSelector }>)[documentKey] : undefined;
const domSelector = documentImpl?._getDOMSelector?.();
if (domSelector && typeof domSelector.check === 'function' && !(domSelector.check as { unparsableKnown?: true }).unparsableKnown) {
  const check = domSelector.check;
  const unparsable = new Map<string, boolean>();
  const isUnparsable = (selector: string): boolean => {
    let known = unparsable.get(selector);
    if (known === undefined) {
      try {
        document.documentElement.matches(selector);
        known = false;
      } catch (error) {
        known = error instanceof DOMException && error.name === 'SyntaxError';
      }
      unparsable.set(selector, known);
    }
    return known;
  };
  domSelector.check = Object.assign(
    (selector: string, node: object, options?: object) => (isUnparsable(selector) ? { match: false, ast: null, pseudoElement: null } : check(selector, node, options)),
    { unparsableKnown: true as const },
  );
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
