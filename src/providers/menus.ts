/**
 * Turns the flat `menus` list of `GET /admin/info` into what the layout shows and what the
 * user may open (highest `sort` first; hidden entries and routes without a menu row left out). Pure functions:
 * no React, no I/O, so the rules are unit-testable on their own.
 */
import type { MenuItem } from '../schema/api';
import type { IconName, RouteDecl, SectionDecl } from '../schema/routes';
import { missingNeeds } from '../schema/routeNeeds';
import { FIXED_ROUTES, SECTIONS } from '../schema/routes';

/** One page link of the sidebar. */
export type MenuEntry = {
  readonly name: string;
  readonly path: string;
  /** Icon named by the server's menu row; drawn only when the admin knows it (see `iconFallback`). */
  readonly icon: string;
  /** Icon of the route declaration, used when the server's icon is unknown. */
  readonly iconFallback: IconName;
  /** The server's title, shown only when the i18n files lack `menu.<name>`. */
  readonly serverTitle: string;
  readonly sort: number;
};

/** One section of the sidebar with its visible pages, highest `sort` first. */
export type MenuSection = MenuEntry & { readonly children: readonly MenuEntry[] };

export type MenuModel = {
  /** Sections to draw, highest `sort` first; only those with at least one visible page. */
  readonly sections: readonly MenuSection[];
  /** Route and section names the user may open (hidden helpers and the fixed routes included). */
  readonly allowed: ReadonlySet<string>;
};

const sectionByName = new Map<string, SectionDecl>(SECTIONS.map((s) => [s.name, s]));

/** Highest `sort` first; equal sorts keep the declaration order (a stable, predictable menu). */
const bySortDesc = <T extends { sort: number; order: number }>(a: T, b: T): number =>
  b.sort - a.sort || a.order - b.order;

const toEntry = (decl: RouteDecl, row: MenuItem): MenuEntry => ({
  name: decl.name,
  path: decl.path,
  // The server answers '' for none (as `mall` does); the declaration allows null.
  icon: row.icon ?? '',
  iconFallback: decl.icon,
  serverTitle: row.title,
  sort: row.sort,
});

/**
 * Builds the sidebar and the allowed set from the server's menu rows.
 * - A section is a top-level row (`parentId` 0) named like a declared section; other top rows are dropped.
 * - A page is a row whose parent is a present section row and whose name is a route of that section.
 * - A page or section is shown unless its row is hidden or its route is declared hidden.
 * - Allowed: every present section and page (hidden ones too), every hidden helper route of a
 *   present section (edit and detail pages are reached by link, not from the menu), and the fixed routes.
 * - Only while the API allows it: a route whose needs (src/schema/routeNeeds.ts) `canCall` does not
 *   cover is neither allowed nor shown, so no menu entry opens a screen that would be refused.
 */
export const buildMenuModel = (menus: readonly MenuItem[], canCall: (path: string) => boolean = () => true): MenuModel => {
  const granted = new Set<string>(FIXED_ROUTES);
  const usable = (name: string) => missingNeeds(name, canCall).length === 0;
  const allowed = { add: (name: string) => { if (usable(name)) granted.add(name); }, has: (name: string) => granted.has(name) };
  const sectionRows = new Map<number, { decl: SectionDecl; row: MenuItem }>();
  for (const row of menus) {
    const decl = row.parentId === 0 ? sectionByName.get(row.name) : undefined;
    if (decl) sectionRows.set(row.id, { decl, row });
  }

  const pagesBySection = new Map<string, Map<string, MenuItem>>();
  for (const row of menus) {
    const parent = sectionRows.get(row.parentId);
    if (!parent || !parent.decl.children.some((c) => c.name === row.name)) continue;
    const pages = pagesBySection.get(parent.decl.name) ?? new Map<string, MenuItem>();
    // The same page granted through two rows: the visible one wins, so a duplicate never hides it.
    const known = pages.get(row.name);
    if (!known || (known.hidden && !row.hidden)) pages.set(row.name, row);
    pagesBySection.set(parent.decl.name, pages);
  }

  const sections: (MenuSection & { order: number })[] = [];
  const seen = new Set<string>();
  for (const { decl, row } of sectionRows.values()) {
    allowed.add(decl.name);
    for (const child of decl.children) if (child.hidden) allowed.add(child.name);
    const pages = pagesBySection.get(decl.name) ?? new Map<string, MenuItem>();
    for (const name of pages.keys()) allowed.add(name);
    if (row.hidden || decl.hidden || seen.has(decl.name)) continue;
    seen.add(decl.name);

    const children = decl.children
      .map((child, order) => ({ child, row: pages.get(child.name), order }))
      .filter((c): c is { child: RouteDecl; row: MenuItem; order: number } =>
        c.row !== undefined && !c.row.hidden && !c.child.hidden && allowed.has(c.child.name))
      .map(({ child, row: pageRow, order }) => ({ ...toEntry(child, pageRow), order }))
      .sort(bySortDesc)
      .map(({ order: _order, ...entry }) => entry);
    if (children.length === 0) continue;
    sections.push({ ...toEntry(decl, row), children, order: SECTIONS.indexOf(decl) });
  }

  return {
    sections: sections.sort(bySortDesc).map(({ order: _order, ...section }) => section),
    allowed: granted,
  };
};

/**
 * Where a section path (`/oms`) leads: its first visible page, else its first allowed hidden page,
 * else nowhere (the user lacks the section).
 */
export const firstPageOfSection = (model: MenuModel, sectionName: string): string | undefined => {
  const visible = model.sections.find((s) => s.name === sectionName)?.children[0];
  if (visible) return visible.path;
  return sectionByName.get(sectionName)?.children.find((c) => model.allowed.has(c.name))?.path;
};
