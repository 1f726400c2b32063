/**
 * Home's first draw: the home page's frame and its first figures (today at a glance, the pending
 * work) written from the summary's early answer before the admin's code has arrived, as a list's
 * first page is (./firstDraw.ts; the host, frame and hand-over: ./firstDrawHost.ts). Two ways in:
 * - a cold open of `/` or `/home` signed in: the boot script (src/boot.ts) loads this small chunk
 *   beside the summary request;
 * - signing in to home: the sign-in form (src/pages/public/Login.tsx) loads it with the credentials'
 *   request, draws once the roles check has passed, and starts the admin's code only after the draw
 *   has painted (evaluating the admin's chunks is the longest task of a sign-in; run first, it kept
 *   the figures back).
 * The admin's dashboard (src/resources/home/HomeDashboard.tsx) takes its place the moment it shows its
 * own figures. A new seller's checklist and the overviews and charts are the admin's to draw.
 */
import type { Envelope } from '../schema/api';
import type { HomeSummary } from '../schema/home/summary';
import { getLang } from '../i18n/lang';
import { fillMessage } from '../schema/engine/texts';
import { changePercent, dayText, formatCount, formatMoney, formatPercent, startsWithChecklist } from '../resources/home/format';
import { colors } from '../theme/tokens';
import { element, isMobileViewport, openFirstDraw } from './firstDrawHost';
import { HOME_PATHS } from './homePaths';
import { HOME_DRAW_TEXTS } from './homeFirstDrawTexts';

/** Performance mark: the figures drawn. */
export const HOME_FIGURES_MARK = 'first-draw-figures';

/** The admin's dashboard once it has its figures. */
const ADMIN_HOME = '[data-testid="home-dashboard"]';
/** Waiting for a paint gives up after this long (a hidden tab paints nothing; the admin must still load). */
const PAINT_WAIT_MS = 200;

/** The page at the admin's sizes: PageFrame's padding, h5 title, outlined cards, subtitle1 headings, h6 figures, dense list rows. */
const HOME_CSS = `
.page { padding: 16px; }
.page h1 { margin: 0 0 8px; }
.card { background: ${colors.surface}; border: 1px solid rgba(0,0,0,.12); border-radius: 12px; box-sizing: border-box; }
.welcome { height: 90px; margin-bottom: 24px; }
.muted { color: ${colors.textMuted}; }
.zone { margin: 0 0 16px; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; align-items: stretch; }
@media (max-width: 899px) { .grid { grid-template-columns: 1fr; } }
.panel { padding: 16px; }
h2 { margin: 0 0 6px; font-size: 16px; font-weight: 400; line-height: 1.75; }
.row { display: flex; flex-wrap: wrap; gap: 24px; }
.figure { margin: 0; font-size: 20px; font-weight: 500; line-height: 1.6; }
.sales { margin-bottom: 8px; }
.note { margin: 8px 0 0; }
ul { list-style: none; margin: 0; padding: 0; }
li { display: flex; align-items: center; justify-content: space-between; gap: 16px; min-height: 40px; padding: 4px 16px; box-sizing: border-box; }
li .figure { color: ${colors.textMuted}; }
li .figure.some { color: ${colors.primary}; }
`;

type Lang = 0 | 1;
type Say = (key: string, params?: Record<string, string>) => string;

const paragraph = (className: string, text: string): HTMLParagraphElement => {
  const p = element('p', className);
  p.textContent = text;
  return p;
};

const panel = (title: string): HTMLDivElement => {
  const card = element('div', 'card panel');
  const heading = element('h2');
  heading.textContent = title;
  card.append(heading);
  return card;
};

/** Today at a glance, as the admin's TodayPanel shows it. */
const todayPanel = (orders: NonNullable<HomeSummary['orders']>, say: Say, locale: string): HTMLDivElement => {
  const card = panel(say('homeDashboard.today.title'));
  const row = element('div', 'row');
  const count = element('div');
  count.append(paragraph('muted', say('homeDashboard.today.orders')), paragraph('figure', formatCount(orders.today.orders, locale)));
  const sales = element('div');
  sales.append(paragraph('muted', say('homeDashboard.today.sales')));
  if (orders.currencies.length === 0) sales.append(paragraph('muted', say('homeDashboard.today.no_shops')));
  for (const currency of orders.currencies) {
    const change = changePercent(orders.today.sales[currency] ?? 0, orders.lastWeek.sales[currency] ?? 0);
    const one = element('div', 'sales');
    one.append(
      paragraph('figure', formatMoney(orders.today.sales[currency] ?? 0, currency, locale)),
      paragraph('muted', change === null ? say('homeDashboard.today.no_change_base') : say('homeDashboard.today.change', { change: formatPercent(change, locale) })),
    );
    sales.append(one);
  }
  row.append(count, sales);
  card.append(row);
  if (orders.currencies.length > 0) {
    const day = (d: typeof orders.today) => dayText(d, orders.currencies, locale);
    card.append(paragraph('muted note', `${say('homeDashboard.today.yesterday', { value: day(orders.yesterday) })} — ${say('homeDashboard.today.last_week', { value: day(orders.lastWeek) })}`));
  }
  return card;
};

/** The pending work, as the admin's PendingPanel shows it (its rows become links at the hand-over). */
const pendingPanel = (items: HomeSummary['pending'], say: Say, locale: string): HTMLDivElement => {
  const card = panel(say('homeDashboard.pending.title'));
  const list = element('ul');
  list.append(...items.map((item) => {
    const li = element('li');
    const name = element('span');
    name.textContent = say(`homeDashboard.pending.${item.key}`);
    li.append(name, paragraph(item.count > 0 ? 'figure some' : 'figure', formatCount(item.count, locale)));
    return li;
  }));
  card.append(list);
  return card;
};

/** Resolves once what was drawn has been painted (a frame, then a task after it), or after PAINT_WAIT_MS. */
const afterPaint = (): Promise<void> => new Promise((resolve) => {
  setTimeout(resolve, PAINT_WAIT_MS);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
});

const isSummary = (data: unknown): data is HomeSummary =>
  typeof data === 'object' && data !== null && Array.isArray((data as HomeSummary).pending) && typeof (data as HomeSummary).today === 'string';

export type HomeDraw = {
  /** Resolves once the figures are painted, or at once when nothing is drawn (never rejects). */
  readonly painted: Promise<void>;
  /** Takes the draw away (the sign-in failed after it was drawn). */
  readonly remove: () => void;
};

/**
 * Draws home from `answer` (the summary's early answer) and hands over to the admin. `stay`: where the
 * draw may stay until then besides home's routes (the sign-in page). Nothing is drawn on a phone or
 * when the admin's dashboard is already there.
 */
export const drawHomeFigures = (answer: Promise<Envelope<unknown>>, stay: readonly string[] = []): HomeDraw => {
  if (isMobileViewport() || document.querySelector(ADMIN_HOME)) return { painted: Promise.resolve(), remove: () => undefined };
  const lang: Lang = getLang() === 'zh' ? 1 : 0;
  const locale = lang === 1 ? 'zh-CN' : 'en-US';
  const say: Say = (key, params) => fillMessage(HOME_DRAW_TEXTS[key]?.[lang] ?? key, params);

  const host = openFirstDraw([...HOME_PATHS, ...stay], HOME_CSS, { selector: ADMIN_HOME });
  const page = element('div', 'page');
  const title = element('h1');
  title.textContent = say('menu.home');
  const dashboard = element('div');
  page.append(title, element('div', 'card welcome'), dashboard);
  host.main.append(page);

  const painted = answer.then((envelope) => {
    const data = envelope.data;
    if (host.done()) return undefined;
    if (!isSummary(data)) {
      host.handOver('no figures');
      return undefined;
    }
    // A new seller is shown the next steps first (the admin's checklist): the frame waits for the admin.
    if (startsWithChecklist(data.gettingStarted)) return undefined;
    const dateLabel = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${data.today}T00:00:00Z`));
    const grid = element('div', 'grid');
    if (data.orders) grid.append(todayPanel(data.orders, say, locale));
    if (data.pending.length > 0) grid.append(pendingPanel(data.pending, say, locale));
    dashboard.append(paragraph('muted zone', say('homeDashboard.time_zone', { zone: data.timeZone, date: dateLabel })), grid);
    host.drawn('figures');
    performance.mark(HOME_FIGURES_MARK);
    return afterPaint();
  }, () => host.handOver('refused'));
  return { painted: painted.then(() => undefined, () => undefined), remove: () => host.handOver('removed') };
};
