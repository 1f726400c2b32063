/**
 * The first draw of a list opened cold: its first page, written from the early answer (./earlyStart.ts)
 * before the admin's code (React's render of react-admin, MUI and the declarations, most of a cold
 * open's time) has arrived. The page's boot script (src/boot.ts) loads this small chunk beside the
 * data request; it draws the admin's frame (app bar, sidebar's place, the screen's title) and the
 * list's table with the declared columns and their labels in the user's language, then the rows when
 * the answer is there. The admin mounts beneath it meanwhile; the first draw is removed in the same
 * turn the admin's own rows appear (a hand-over like a hydration's: the two are never seen together),
 * or when the admin shows the list empty, leaves the route, or has drawn its screen and no rows come.
 *
 * Kept apart from the admin on purpose (./firstDrawHost.ts: the host, its frame and the hand-over):
 * - a closed shadow root; assistive technology reads the table with its caption and column headers;
 * - no React, no MUI: a few hundred lines of DOM calls over the generated table (./firstDrawTable.ts);
 * - phones are not drawn (the admin shows cards there, src/theme/useIsMobile.ts).
 */
import type { Envelope } from '../schema/api';
import { getLang } from '../i18n/lang';
import { colors } from '../theme/tokens';
import { element, isMobileViewport, openFirstDraw } from './firstDrawHost';
import { FIRST_DRAW_ACTIONS, FIRST_DRAW_FLAG, FIRST_DRAW_TABLE } from './firstDrawTable';
import type { FirstDrawColumn, FirstDrawList, Texts } from './firstDrawTypes';

/** Performance mark: the rows drawn. */
export const FIRST_DRAW_ROWS_MARK = 'first-draw-rows';

/** The admin's rows (src/engine/ListBody.tsx) and its empty list (src/engine/EntityList.tsx). */
const ADMIN_ROWS = '#main-content tbody tr.RaDataTable-row';
const ADMIN_EMPTY = '#main-content [data-list-state="empty"]';

/** The list's look at the sizes the admin draws it (measured on the product list at 1280 px): the table's card below the list's toolbar, MUI's small cells. */
const LIST_CSS = `
.card { margin-top: 79px; background: ${colors.surface}; border-radius: 12px; overflow: hidden;
  box-shadow: 0 2px 1px -1px rgba(0,0,0,.2), 0 1px 1px 0 rgba(0,0,0,.14), 0 1px 3px 0 rgba(0,0,0,.12); }
table { width: 100%; border-collapse: collapse; }
caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
th, td { padding: 6px 16px; text-align: left; border-bottom: 1px solid #f3f5f7; vertical-align: middle; }
th { font-weight: 500; line-height: 24px; white-space: nowrap; word-break: keep-all; }
td.right, th.right { text-align: right; }
td.one-line { white-space: nowrap; }
th.box, td.box { width: 24px; padding: 0 8px; }
.box input { width: 18px; height: 18px; margin: 3px; vertical-align: middle; }
th.actions, td.actions { box-shadow: inset -1px 0 0 ${colors.border}; }
img { height: 40px; max-width: 120px; object-fit: contain; vertical-align: middle; }
.chip { display: inline-block; min-height: 24px; padding: 2px 8px; box-sizing: border-box; border-radius: 16px;
  background: rgba(0,0,0,.08); font-size: 13px; line-height: 20px; }
.switch { appearance: none; position: relative; display: inline-block; width: 32px; height: 18px; margin: 6px;
  vertical-align: middle; border-radius: 9px; background: rgba(0,0,0,.38); }
.switch::before { content: ""; position: absolute; top: 2px; left: 2px; width: 14px; height: 14px; border-radius: 50%;
  background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.3); }
.switch:checked { background: ${colors.primary}; }
.switch:checked::before { transform: translateX(14px); }
`;

type Lang = 0 | 1;
type Row = Readonly<Record<string, unknown>>;

const textOf = (texts: Texts, lang: Lang): string => texts[lang];

/** Number and date formats of the chosen language (src/engine/locale.ts `intlLocale`, src/engine/fields.tsx cells). */
const formatters = (lang: Lang) => {
  const locale = lang === 1 ? 'zh-CN' : 'en-US';
  const dateOptions = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
  return {
    number: new Intl.NumberFormat(locale),
    money: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ratio: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
    date: new Intl.DateTimeFormat(locale, dateOptions),
    day: new Intl.DateTimeFormat(locale, { ...dateOptions, timeZone: 'UTC' }),
    dateTime: new Intl.DateTimeFormat(locale, { ...dateOptions, hour: 'numeric', minute: 'numeric', second: 'numeric' }),
  };
};
type Formats = ReturnType<typeof formatters>;

const empty = (value: unknown): boolean => value === null || value === undefined || value === '';

const formatNumber = (format: Intl.NumberFormat, value: unknown): string => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? String(value) : format.format(number);
};

const formatDate = (formats: Formats, value: unknown, time: boolean): string => {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return String(value);
  // A bare day (`2024-05-01`) is read in UTC, as the admin's date cells read it.
  if (time) return formats.dateTime.format(date);
  return (typeof value === 'string' && value.length <= 10 ? formats.day : formats.date).format(date);
};

/** One cell, as the admin's list cell of the column's kind shows it. */
const fillCell = (cell: HTMLTableCellElement, column: FirstDrawColumn, row: Row, lang: Lang, formats: Formats): void => {
  const value = row[column.source];
  switch (column.kind) {
    case 'later': return;
    case 'switch': {
      if (empty(value)) return;
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.className = 'switch';
      box.setAttribute('role', 'switch');
      box.setAttribute('aria-label', column.label[lang]);
      box.checked = Number(value) === 1;
      box.disabled = true;
      cell.append(box);
      return;
    }
    case 'image': {
      const url = Array.isArray(value) ? value[0] as unknown : value;
      if (typeof url !== 'string' || url === '') return;
      const image = document.createElement('img');
      // Decoded off the paint, fetched after the admin's code: the rows paint without waiting for a picture.
      image.decoding = 'async';
      image.fetchPriority = 'low';
      image.src = url;
      image.alt = '';
      cell.append(image);
      return;
    }
    case 'enum': {
      const label = column.options?.[String(value)];
      if (!label) return;
      const chip = document.createElement('span');
      chip.className = 'chip';
      chip.textContent = textOf(label, lang);
      cell.append(chip);
      return;
    }
    default:
  }
  if (empty(value)) return;
  switch (column.kind) {
    case 'number': cell.textContent = formatNumber(formats.number, value); return;
    case 'money': cell.textContent = formatNumber(formats.money, value); return;
    case 'ratio': cell.textContent = formatNumber(formats.ratio, value); return;
    case 'date': cell.textContent = formatDate(formats, value, false); return;
    case 'dateTime': cell.textContent = formatDate(formats, value, true); return;
    case 'flag': cell.textContent = textOf(Number(value) === 1 ? FIRST_DRAW_FLAG.on : FIRST_DRAW_FLAG.off, lang); return;
    case 'reference': {
      // Ids start at 1: 0 names nothing. The name the server joined in, else the id (src/engine/fields.tsx ReferenceNameField).
      if (value === 0) return;
      const name = column.nameField ? row[column.nameField] : undefined;
      cell.textContent = empty(name) ? `#${String(value as string | number)}` : String(name as string | number);
      return;
    }
    default: cell.textContent = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  }
};

const RIGHT = new Set<FirstDrawColumn['kind']>(['number', 'money', 'ratio']);
const ONE_LINE = new Set<FirstDrawColumn['kind']>(['number', 'money', 'ratio', 'flag', 'switch', 'enum', 'date', 'dateTime', 'reference']);

const cellClass = (column: FirstDrawColumn): string =>
  [RIGHT.has(column.kind) ? 'right' : '', ONE_LINE.has(column.kind) ? 'one-line' : ''].filter(Boolean).join(' ');

/** The columns a window this wide starts with (`listPriority`, src/engine/columns.tsx `narrowHiddenColumns`). */
const shownColumns = (list: FirstDrawList): FirstDrawColumn[] =>
  list.columns.filter((column) => !column.hiddenBelow || window.innerWidth >= column.hiddenBelow);

const drawRows = (body: HTMLTableSectionElement, columns: readonly FirstDrawColumn[], rows: readonly Row[], lang: Lang): void => {
  const formats = formatters(lang);
  const drawn = rows.map((row) => {
    const tr = element('tr');
    const box = element('td', 'box');
    const check = element('input');
    check.type = 'checkbox';
    check.disabled = true;
    box.append(check);
    tr.append(box, element('td', 'actions'));
    for (const column of columns) {
      const cell = element('td', cellClass(column));
      fillCell(cell, column, row, lang, formats);
      tr.append(cell);
    }
    return tr;
  });
  body.replaceChildren(...drawn);
};

/** The rows of a list answer (`{ list: [...] }`), or null when it is not one. */
const rowsOf = (envelope: Envelope<unknown>): Row[] | null => {
  const data = envelope.data as { list?: unknown } | null;
  return data && Array.isArray(data.list) ? data.list as Row[] : null;
};

/**
 * Draws the list of `pathname` from `answer` (its first page's early answer) and hands over to the
 * admin. Nothing is drawn for a route the table does not know, on a phone, or when the admin is
 * already there.
 */
export const drawFirstRows = (pathname: string, answer: Promise<Envelope<unknown>>): void => {
  const list = FIRST_DRAW_TABLE[pathname];
  if (!list || isMobileViewport() || document.querySelector(ADMIN_ROWS)) return;
  const lang: Lang = getLang() === 'zh' ? 1 : 0;
  const columns = shownColumns(list);

  const host = openFirstDraw([pathname], LIST_CSS, { selector: ADMIN_ROWS, also: { empty: ADMIN_EMPTY } });
  const title = element('h1');
  title.textContent = textOf(list.title, lang);
  const card = element('div', 'card');
  const table = element('table');
  const caption = element('caption');
  caption.textContent = textOf(list.title, lang);
  const head = element('thead');
  const headRow = element('tr');
  const boxHead = element('th', 'box');
  boxHead.append(Object.assign(element('input'), { type: 'checkbox', disabled: true }));
  const actionsHead = element('th', 'actions');
  actionsHead.textContent = textOf(FIRST_DRAW_ACTIONS, lang);
  headRow.append(boxHead, actionsHead, ...columns.map((column) => {
    const th = element('th', RIGHT.has(column.kind) ? 'right' : '');
    th.scope = 'col';
    th.textContent = textOf(column.label, lang);
    return th;
  }));
  head.append(headRow);
  const body = element('tbody');
  table.append(caption, head, body);
  card.append(table);
  host.main.append(title, card);

  answer.then((envelope) => {
    const rows = rowsOf(envelope);
    if (host.done()) return;
    if (!rows || rows.length === 0) {
      // The admin says what an empty list or a strange answer means.
      host.handOver('no rows');
      return;
    }
    drawRows(body, columns, rows, lang);
    host.drawn('rows');
    performance.mark(FIRST_DRAW_ROWS_MARK);
  }, () => host.handOver('refused'));
};
