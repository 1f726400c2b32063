/**
 * What every first draw shares (the lists' ./firstDraw.ts, home's ./homeFirstDraw.ts): the host that
 * holds a screen drawn before the admin's code has arrived, and its hand-over to the admin.
 *
 * - The host is a fixed layer over the page with a closed shadow root: its styles and the admin's do
 *   not reach each other, and the page's scripts (tests, automation) find one copy of the screen, the
 *   admin's. Assistive technology reads it while it is shown (`aria-busy` until its data is in).
 * - It draws the admin's frame: the 48 px app bar and the sidebar's place (240 px, or 56 px of icons
 *   when the stored sidebar state is closed); the screen goes in `main`.
 * - The hand-over is like a hydration's: the host is removed in the microtask after the page change
 *   that shows the admin's own screen (`ready`), before the page paints, so the two are never seen
 *   together. It also gives way when the admin leaves the route, when the admin has drawn its screen
 *   and the awaited part still has not come (an error, a filter), and after 30 s whatever happens (the
 *   admin's code failed to load).
 */
import { colors, fontFamily } from '../theme/tokens';

/** The host element's attribute: `frame` while the data is awaited, then the drawn state (`rows`, `figures`). */
export const FIRST_DRAW_ATTRIBUTE = 'data-first-draw';
/** Performance mark of the hand-over (`detail`: why). */
export const FIRST_DRAW_DONE_MARK = 'first-draw-handed-over';

/** Once the admin has drawn its screen, how long the awaited part may still take before the first draw gives way anyway. */
const AFTER_SCREEN_MS = 8_000;
/** The longest a first draw stays, whatever happens. */
const AT_MOST_MS = 30_000;

/** The mobile rule of src/theme/useIsMobile.ts: phones are not drawn (the admin shows other layouts there). */
export const isMobileViewport = (): boolean => window.innerWidth < 768 || window.innerHeight / window.innerWidth > 1.5;

/** react-admin's stored sidebar state (src/admin/adminStore.ts): closed, it is 56 px of icons. */
const sidebarWidth = (): number => (localStorage.getItem('RaStoremarketplace-admin.sidebar.open') === 'false' ? 56 : 240);

/** The frame at the admin's sizes: a 48 px app bar, the screen beside the sidebar, its title 24 px. */
const frameCss = (sidebar: number): string => `
:host { all: initial; position: fixed; inset: 0; z-index: 1290; display: block; overflow: hidden;
  background: ${colors.background}; color: ${colors.text}; font-family: ${fontFamily}; font-size: 14px; line-height: 1.43; }
.bar { height: 48px; background: #1d2433; }
.main { position: absolute; top: 48px; left: ${sidebar}px; right: 0; bottom: 0; padding: 0 8px; }
h1 { margin: 16px 16px 0; font-size: 24px; font-weight: 400; line-height: 1.334; letter-spacing: 0; }
`;

export const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className = ''): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag);
  if (className) made.className = className;
  return made;
};

export type FirstDrawHost = {
  /** The screen's place beside the sidebar, below the app bar. */
  readonly main: HTMLDivElement;
  /** Marks the awaited part drawn (the host's attribute becomes `state`, `aria-busy` goes). */
  readonly drawn: (state: string) => void;
  /** Removes the host now (the awaited part will not come); the same as the admin's hand-over. */
  readonly handOver: (why: string) => void;
  /** True once the host is gone. */
  readonly done: () => boolean;
};

/**
 * Puts a first draw on the page with the screen's own `css`, and watches for the admin's `ready`
 * screen (a selector; `also` names more selectors that end it: the admin's empty list). `paths`: where
 * it stays (the screen's route; the sign-in page too when it is drawn there for the admin to come).
 * The caller fills `main`.
 */
export const openFirstDraw = (paths: readonly string[], css: string, ready: { readonly selector: string; readonly also?: Readonly<Record<string, string>> }): FirstDrawHost => {
  const host = element('div');
  host.setAttribute(FIRST_DRAW_ATTRIBUTE, 'frame');
  host.setAttribute('aria-busy', 'true');
  const shadow = host.attachShadow({ mode: 'closed' });
  const style = element('style');
  style.textContent = frameCss(sidebarWidth()) + css;
  const main = element('div', 'main');
  shadow.append(style, element('div', 'bar'), main);
  document.body.append(host);

  let done = false;
  let screenTimer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => check());
  const handOver = (why: string) => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(screenTimer);
    clearTimeout(lastTimer);
    window.removeEventListener('popstate', check);
    host.remove();
    performance.mark(FIRST_DRAW_DONE_MARK, { detail: why });
  };
  // Runs in the microtask after each change of the page (MutationObserver), before the page paints or any other task runs.
  const check = () => {
    if (!paths.includes(window.location.pathname)) { handOver('route'); return; }
    if (document.querySelector(ready.selector)) { handOver('ready'); return; }
    const other = Object.entries(ready.also ?? {}).find(([, selector]) => document.querySelector(selector));
    if (other) handOver(other[0]);
    else if (screenTimer === undefined && document.getElementById('main-content')) {
      screenTimer = setTimeout(() => handOver('screen without data'), AFTER_SCREEN_MS);
    }
  };
  const lastTimer = setTimeout(() => handOver('time'), AT_MOST_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('popstate', check);

  return {
    main,
    drawn: (state) => {
      host.setAttribute(FIRST_DRAW_ATTRIBUTE, state);
      host.removeAttribute('aria-busy');
    },
    handOver,
    done: () => done,
  };
};
