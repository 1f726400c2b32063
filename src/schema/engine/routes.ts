/**
 * How an area declares its menu: sections of routes (the admin's paths, their icons and order).
 * ../routes.ts joins every area's sections into the route table: the server seeds its menu tree
 * from it (`ums_menu.name` equals a route `name`) and the admin builds its routes from it.
 */

/** Icon names the admin knows how to draw (mapped to MUI icons in `src/layout/icons.tsx`). */
export type IconName =
  | 'home' | 'store' | 'inventory' | 'cart' | 'campaign' | 'people' | 'payment' | 'mold'
  | 'share' | 'security' | 'list' | 'add' | 'edit' | 'category' | 'label' | 'brand'
  | 'receipt' | 'wallet' | 'settings' | 'undo' | 'help' | 'flash' | 'coupon' | 'star'
  | 'fiber_new' | 'whatshot' | 'topic' | 'image' | 'vip' | 'history' | 'link' | 'click'
  | 'money' | 'admin' | 'role' | 'menu' | 'resource' | 'group' | 'storage';

export type RouteDecl = {
  /** Unique route name; equals `ums_menu.name` and the i18n key `menu.<name>`. */
  readonly name: string;
  /** Absolute admin path, e.g. `/oms/order`. */
  readonly path: string;
  readonly icon: IconName;
  /** Hidden routes never show in the menu; they stay reachable by link when their section is allowed. */
  readonly hidden?: boolean;
  /** Siblings are shown highest first. */
  readonly sort: number;
  /**
   * What the screen must call to open, for screens that are not an entity's: API paths (`{id}`
   * for path parameters), or an entity's declared action, whose path its declaration says. An
   * entity's screens need what its declaration's endpoints say (src/schema/routeNeeds.ts).
   */
  readonly needs?: readonly RouteNeed[];
  /**
   * The seller role gets this menu on first start: a route marked by `seller()`, or a section's
   * `'all'` (every child, hidden ones included).
   */
  readonly seller?: true | 'all';
};

/**
 * An API path, or an action of an entity: one it declares (`{ entity: 'role', action: 'listMenu' }`)
 * or one of its generated endpoints (`list`, `create`, `show`, `edit`), whose path its declaration says.
 */
export type RouteNeed = string | { readonly entity: string; readonly action: string };

/** A menu section and its routes (`seller: 'all'` or its children marked `seller()`). */
export type SectionDecl = RouteDecl & { readonly children: readonly RouteDecl[] };

/** A route; its name stays a literal type, so the route table's `RouteName` lists every route. */
export const r = <N extends string>(name: N, path: string, icon: IconName, sort: number, hidden = false, needs?: readonly RouteNeed[]): Omit<RouteDecl, 'seller'> & { readonly name: N } =>
  ({ name, path, icon, sort, hidden, ...(needs ? { needs } : {}) });

/** The same route, its menu granted to the seller role on first start. */
export const seller = <R extends Omit<RouteDecl, 'seller'>>(route: R): R & { readonly seller: true } => ({ ...route, seller: true });
