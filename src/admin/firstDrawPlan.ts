/**
 * Builds the route -> first-draw table from the declarations and their texts in both languages, so a
 * list's first page can be drawn from the early answer (src/admin/firstDraw.ts) before the admin's
 * code has arrived. The page reads the generated copy (src/admin/firstDrawTable.ts, written by
 * `npm run gen:screen-requests`); tests/unit/shell-first-draw-table.test.ts checks that copy equals
 * what this gives. Only lists whose first request the entry starts (./screenRequestTable.ts) are in it.
 */
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { entityOfRoute } from '../schema/entities';
import { PENDING_WORK } from '../schema/home/summary';
import { ALL_ROUTES } from '../schema/routes';
import type { CellKind, FirstDrawColumn, FirstDrawList, FirstDrawTable, Texts } from './firstDrawTypes';
import { fieldLabelKey, enumLabelKey } from '../engine/labels';
import { nameFieldOf } from '../schema/engine/entity';
import { buildScreenRequestTable } from './screenRequestPlan';

type Messages = Readonly<Record<string, unknown>>;
/** The merged messages of each language (src/admin/i18n.ts `ADMIN_MESSAGES`). */
export type BothMessages = { readonly en: Messages; readonly zh: Messages };
/** Columns a screen's options hide at first (`hiddenColumns`), by entity name. */
export type HiddenByEntity = Readonly<Record<string, readonly string[]>>;

const lookup = (messages: Messages, key: string): string | undefined => {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Messages)[part] : undefined), messages);
  return typeof value === 'string' ? value : undefined;
};

const texts = (messages: BothMessages, key: string, fallback: string): Texts =>
  [lookup(messages.en, key) ?? fallback, lookup(messages.zh, key) ?? lookup(messages.en, key) ?? fallback];

/** The list cell of each kind (src/engine/kinds.tsx `display`), as the first draw writes it; null: not drawn. */
const CELL_KIND: Partial<Record<FieldDecl['kind'], CellKind>> = {
  text: 'text', longText: 'text', int: 'number', money: 'money', ratio: 'ratio', flag: 'flag', enum: 'enum',
  date: 'date', dateTime: 'dateTime', time: 'text', image: 'image', images: 'image', reference: 'reference',
  // Chips of names the admin looks up, a JSON value its screen draws itself: an empty cell, filled at the hand-over.
  references: 'later', json: 'later',
};

const columnOf = (entity: Entity, name: string, decl: FieldDecl, messages: BothMessages): FirstDrawColumn | null => {
  const found = CELL_KIND[decl.kind];
  if (!found) return null;
  const kind = found === 'flag' && decl.toggle ? 'switch' : found;
  const nameField = kind === 'reference' ? nameFieldOf(entity, name) : undefined;
  return {
    source: name,
    label: texts(messages, fieldLabelKey(entity, name), name),
    kind,
    ...(kind === 'enum' ? {
      options: Object.fromEntries((decl.options ?? []).map((option) => [String(option.value), texts(messages, enumLabelKey(entity, name, option), option.label)])),
    } : {}),
    ...(nameField ? { nameField } : {}),
    ...(decl.listPriority ? { hiddenBelow: decl.listPriority === 'low' ? 1600 : 1300 } : {}),
  };
};

export const buildFirstDrawTable = (messages: BothMessages, hidden: HiddenByEntity): FirstDrawTable => {
  const requests = buildScreenRequestTable();
  const table: Record<string, FirstDrawList> = {};
  for (const route of ALL_ROUTES) {
    const entry = requests[route.path];
    if (!entry?.list || entry.kind !== 'list' || table[route.path]) continue;
    const entity = entityOfRoute(route.name);
    if (!entity) continue;
    const shown = Object.entries(entity.fields).filter(([name, decl]) => decl.list && !(hidden[entity.name] ?? []).includes(name));
    const columns = shown.map(([name, decl]) => columnOf(entity, name, decl, messages));
    // A column the first draw cannot place (a child list, a secret) would move the columns at the hand-over: no first draw.
    if (columns.some((column) => column === null)) continue;
    table[route.path] = { title: texts(messages, `menu.${route.name}`, route.name), columns: columns as FirstDrawColumn[] };
  }
  return table;
};

/** The shell's texts the first draw writes: the row actions' column title, a flag's two values. */
export type FirstDrawShellTexts = { readonly actions: Texts; readonly on: Texts; readonly off: Texts };

export const firstDrawShellTexts = (messages: BothMessages): FirstDrawShellTexts => ({
  actions: texts(messages, 'entity.actions', 'Actions'),
  on: texts(messages, 'entity.flag.on', 'Yes'),
  off: texts(messages, 'entity.flag.off', 'No'),
});

/** The keys of the texts home's first draw writes (./homeFirstDraw.ts): the title, today at a glance and the pending work. */
export const HOME_DRAW_KEYS = [
  'menu.home', 'homeDashboard.time_zone',
  ...['title', 'orders', 'sales', 'yesterday', 'last_week', 'change', 'no_change_base', 'no_shops'].map((key) => `homeDashboard.today.${key}`),
  ...['title', 'none', ...PENDING_WORK.map((item) => item.key)].map((key) => `homeDashboard.pending.${key}`),
] as const;

/** Home's first-draw texts in both languages, by key. */
export type HomeDrawTexts = Readonly<Record<string, Texts>>;

export const homeDrawTexts = (messages: BothMessages): HomeDrawTexts => Object.fromEntries(HOME_DRAW_KEYS.map((key) => [key, texts(messages, key, key)]));

/** The generated module of home's first-draw texts (scripts/gen-screen-requests.ts writes it; the unit test compares). */
export const homeDrawTextsSource = (home: HomeDrawTexts): string => [
  '// Generated by `npm run gen:screen-requests` (src/admin/firstDrawPlan.ts) from the admin\'s texts:',
  '// do not edit. tests/unit/shell-first-draw-table.test.ts fails when it no longer matches them.',
  "import type { Texts } from './firstDrawTypes';",
  '',
  `export const HOME_DRAW_TEXTS: Readonly<Record<string, Texts>> = {\n${Object.entries(home).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`).join('\n')}\n};`,
  '',
].join('\n');

/** The generated module's text (scripts/gen-screen-requests.ts writes it; the unit test compares). */
export const firstDrawTableSource = (table: FirstDrawTable, shell: FirstDrawShellTexts): string => [
  '// Generated by `npm run gen:screen-requests` (src/admin/firstDrawPlan.ts) from the declarations and their texts:',
  '// do not edit. tests/unit/shell-first-draw-table.test.ts fails when it no longer matches them.',
  "import type { FirstDrawTable, Texts } from './firstDrawTypes';",
  '',
  `export const FIRST_DRAW_ACTIONS: Texts = ${JSON.stringify(shell.actions)};`,
  `export const FIRST_DRAW_FLAG: { readonly on: Texts; readonly off: Texts } = ${JSON.stringify({ on: shell.on, off: shell.off })};`,
  '',
  // One route a line.
  `export const FIRST_DRAW_TABLE: FirstDrawTable = {\n${Object.entries(table).map(([path, entry]) => `  ${JSON.stringify(path)}: ${JSON.stringify(entry)},`).join('\n')}\n};`,
  '',
].join('\n');
